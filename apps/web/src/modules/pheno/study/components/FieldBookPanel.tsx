import { useState } from 'react';
import { Alert, App, Button, Card, Space, Switch, Table, Tag, Typography, Upload } from 'antd';
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { FieldBookImportResult, ImportReportRow } from '@breedwise/contracts/pheno';
import { api } from '../../api';

const STATUS_COLOURS: Record<ImportReportRow['status'], string> = {
  inserted: 'green',
  updated: 'blue',
  unchanged: 'default',
  cleared: 'orange',
  refused: 'red',
};

/** The Field Book round trip: the field and trait files to load into the app, and the import of its export with a row report. */
export function FieldBookPanel({ experimentId, editable, onImported }: { experimentId: number; editable: boolean; onImported(): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [report, setReport] = useState<FieldBookImportResult | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [onlyRefused, setOnlyRefused] = useState(false);
  const download = async (file: Promise<unknown>) => {
    try {
      await file;
    } catch (err) {
      void message.error((err as Error).message);
    }
  };
  const upload = async (file: File) => {
    setBusy(true);
    setError(null);
    try {
      const form = new FormData();
      form.append('file', file);
      const r = await api.pheno.study.fieldBookImport({ id: experimentId, form });
      setReport(r);
      setOnlyRefused(r.refused > 0);
      onImported();
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };
  const rows = report ? (onlyRefused ? report.rows.filter((r) => r.status === 'refused') : report.rows) : [];
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Card size="small" title={t('pheno.study.fb.exportTitle')}>
        <Typography.Paragraph type="secondary">{t('pheno.study.fb.exportHelp')}</Typography.Paragraph>
        <Space wrap>
          <Button icon={<DownloadOutlined />} onClick={() => download(api.pheno.study.fieldFile({ id: experimentId }))} data-testid="fb-field">
            {t('pheno.study.fb.fieldFile')}
          </Button>
          <Button icon={<DownloadOutlined />} onClick={() => download(api.pheno.study.traitFile({ id: experimentId }))} data-testid="fb-trait">
            {t('pheno.study.fb.traitFile')}
          </Button>
        </Space>
      </Card>
      {editable && (
        <Card size="small" title={t('pheno.study.fb.importTitle')}>
          <Typography.Paragraph type="secondary">{t('pheno.study.fb.importHelp')}</Typography.Paragraph>
          <Upload
            accept=".csv,text/csv"
            showUploadList={false}
            beforeUpload={(file) => {
              void upload(file);
              return false;
            }}
          >
            <Button type="primary" icon={<UploadOutlined />} loading={busy} data-testid="fb-import">
              {t('pheno.study.fb.choose')}
            </Button>
          </Upload>
          {error && <Alert style={{ marginTop: 12 }} type="error" showIcon message={error} data-testid="fb-error" />}
        </Card>
      )}
      {report && (
        <Card
          size="small"
          title={t('pheno.study.fb.report')}
          data-testid="fb-report"
          extra={
            <Space>
              <Typography.Text>{t('pheno.study.fb.onlyRefused')}</Typography.Text>
              <Switch size="small" checked={onlyRefused} onChange={setOnlyRefused} />
            </Space>
          }
        >
          <Space wrap style={{ marginBottom: 12 }}>
            <Tag>{t('pheno.study.fb.format', { format: report.format })}</Tag>
            {(['inserted', 'updated', 'unchanged', 'cleared', 'refused'] as const).map((k) => (
              <Tag key={k} color={STATUS_COLOURS[k]} data-testid={`fb-count-${k}`}>
                {t(`pheno.study.fb.${k}`)} {report[k]}
              </Tag>
            ))}
            {report.runId !== null && (
              <Typography.Text type="secondary" data-testid="fb-run">
                {t('pheno.study.fb.recorded', { id: report.runId })}
              </Typography.Text>
            )}
          </Space>
          <Table<ImportReportRow>
            size="small"
            rowKey={(r) => `${r.line}:${r.trait}`}
            dataSource={rows}
            pagination={{ pageSize: 20, showSizeChanger: false }}
            scroll={{ x: 800 }}
            columns={[
              { title: t('pheno.study.fb.line'), dataIndex: 'line', width: 70 },
              { title: t('pheno.study.fb.plotId'), dataIndex: 'plotId', width: 140 },
              { title: t('pheno.study.fb.trait'), dataIndex: 'trait', width: 100 },
              { title: t('pheno.study.fb.value'), dataIndex: 'value', width: 90 },
              {
                title: t('pheno.study.fb.status'),
                dataIndex: 'status',
                width: 100,
                render: (s: ImportReportRow['status']) => <Tag color={STATUS_COLOURS[s]}>{t(`pheno.study.fb.${s}`)}</Tag>,
              },
              { title: t('pheno.study.fb.message'), dataIndex: 'message' },
            ]}
          />
        </Card>
      )}
    </Space>
  );
}
