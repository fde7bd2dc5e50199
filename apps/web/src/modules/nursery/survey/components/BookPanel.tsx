import { useState } from 'react';
import { Alert, App, Button, Card, Space, Switch, Table, Tag, Typography, Upload } from 'antd';
import { DownloadOutlined, FilePdfOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { SurveyImportResult, SurveyReportRow } from '@breedwise/contracts/nursery';
import { api } from '../../api';

const STATUS_COLOURS: Record<SurveyReportRow['status'], string> = { inserted: 'green', updated: 'blue', unchanged: 'default', refused: 'red' };

/**
 * The feedback book of a nursery: the printable record book (xlsx, also the import template, or PDF) with
 * a blank column per survey trait, and the import of a filled book with its row report.
 */
export function BookPanel({ activityId, editable, onImported }: { activityId: number; editable: boolean; onImported(): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [report, setReport] = useState<SurveyImportResult | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [onlyRefused, setOnlyRefused] = useState(false);
  const download = async (format: 'xlsx' | 'pdf') => {
    try {
      await api.nursery.book.download({ id: activityId, format });
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
      const r = await api.nursery.survey.import({ id: activityId, form }, { errorMode: 'silent' });
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
      <Card size="small" title={t('nursery.book.title')}>
        <Typography.Paragraph type="secondary">{t('nursery.book.help')}</Typography.Paragraph>
        <Space wrap>
          <Button icon={<DownloadOutlined />} onClick={() => download('xlsx')} data-testid="book-xlsx">
            {t('nursery.book.xlsx')}
          </Button>
          <Button icon={<FilePdfOutlined />} onClick={() => download('pdf')} data-testid="book-pdf">
            {t('nursery.book.pdf')}
          </Button>
          {editable && (
            <Upload
              accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              showUploadList={false}
              beforeUpload={(file) => {
                void upload(file);
                return false;
              }}
            >
              <Button type="primary" icon={<UploadOutlined />} loading={busy} data-testid="book-import">
                {t('nursery.book.import')}
              </Button>
            </Upload>
          )}
        </Space>
        {error && <Alert style={{ marginTop: 12 }} type="error" showIcon message={error} data-testid="book-error" />}
      </Card>
      {report && (
        <Card
          size="small"
          title={t('nursery.book.report')}
          data-testid="book-report"
          extra={
            <Space>
              <Typography.Text>{t('nursery.book.onlyRefused')}</Typography.Text>
              <Switch size="small" checked={onlyRefused} onChange={setOnlyRefused} />
            </Space>
          }
        >
          <Space wrap style={{ marginBottom: 12 }}>
            {(['inserted', 'updated', 'unchanged', 'refused'] as const).map((k) => (
              <Tag key={k} color={STATUS_COLOURS[k]} data-testid={`book-count-${k}`}>
                {t(`nursery.book.statuses.${k}`)} {report[k]}
              </Tag>
            ))}
          </Space>
          <Table<SurveyReportRow>
            size="small"
            rowKey={(r) => `${r.row}:${r.trait}`}
            dataSource={rows}
            pagination={{ pageSize: 20, showSizeChanger: false }}
            scroll={{ x: 800 }}
            columns={[
              { title: t('nursery.book.row'), dataIndex: 'row', width: 70 },
              { title: t('nursery.entry.materialNo'), dataIndex: 'materialNo', width: 140 },
              { title: t('nursery.book.trait'), dataIndex: 'trait', width: 100 },
              { title: t('nursery.book.value'), dataIndex: 'value', width: 100 },
              {
                title: t('nursery.book.status'),
                dataIndex: 'status',
                width: 100,
                render: (s: SurveyReportRow['status']) => <Tag color={STATUS_COLOURS[s]}>{t(`nursery.book.statuses.${s}`)}</Tag>,
              },
              { title: t('nursery.book.message'), dataIndex: 'message' },
            ]}
          />
        </Card>
      )}
    </Space>
  );
}
