import { useState } from 'react';
import { Alert, App, Button, Descriptions, Modal, Table, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { EntryImportReport } from '@breedwise/contracts/nursery';
import { uploadFile } from '../../../../lib/upload';
import { api } from '../../api';

/**
 * Entries from an xlsx file (name or accession number, generation, pedigree, parents; the entries export
 * is a valid file): all or nothing; the row report shows every refused row with its reason.
 */
export function EntryImport({ activityId, onImported }: { activityId: number; onImported(count: number): void | Promise<void> }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const [report, setReport] = useState<EntryImportReport | null>(null);
  const endpoint = api.nursery.entry.import;
  const send = async (file: File) => {
    setBusy(true);
    try {
      const r = (await uploadFile({ url: () => `${endpoint.url()}?activityId=${activityId}` }, file, {}).promise) as EntryImportReport;
      if (r.refused) setReport(r);
      else await onImported(r.imported);
    } catch (err) {
      void message.error((err as Error).message);
    } finally {
      setBusy(false);
    }
  };
  const fieldName = (f: string) => t(`nursery.entry.${f === 'name' ? 'name' : f === 'generation' ? 'generation' : 'materialNo'}`);
  return (
    <>
      <Upload
        accept=".xlsx"
        showUploadList={false}
        beforeUpload={(file) => {
          void send(file);
          return false;
        }}
      >
        <Button icon={<UploadOutlined />} loading={busy} data-testid="entry-import" title={t('nursery.entry.importHelp')}>
          {t('nursery.entry.import')}
        </Button>
      </Upload>
      <Modal
        open={!!report}
        title={t('nursery.entry.importReport')}
        onCancel={() => setReport(null)}
        footer={
          <Button type="primary" onClick={() => setReport(null)}>
            {t('common.close')}
          </Button>
        }
        width={720}
      >
        {report && (
          <div data-testid="entry-import-report">
            <Alert type="error" showIcon style={{ marginBottom: 12 }} title={t('nursery.entry.importRefused', { count: report.invalid })} />
            <Descriptions size="small" column={3} style={{ marginBottom: 12 }}>
              <Descriptions.Item label={t('nursery.pollination.crossListTotal')}>{report.total}</Descriptions.Item>
              <Descriptions.Item label={t('nursery.pollination.crossListValid')}>{report.valid}</Descriptions.Item>
              <Descriptions.Item label={t('nursery.pollination.crossListInvalid')}>{report.invalid}</Descriptions.Item>
            </Descriptions>
            <Table
              size="small"
              rowKey={(r) => `${r.row}-${r.field}`}
              dataSource={report.errors}
              pagination={{ pageSize: 10, hideOnSinglePage: true }}
              columns={[
                { title: t('nursery.pollination.crossListRow'), dataIndex: 'row', width: 80 },
                { title: t('nursery.pollination.crossListField'), dataIndex: 'field', width: 110, render: fieldName },
                { title: t('nursery.pollination.crossListReason'), dataIndex: 'message' },
              ]}
            />
          </div>
        )}
      </Modal>
    </>
  );
}
