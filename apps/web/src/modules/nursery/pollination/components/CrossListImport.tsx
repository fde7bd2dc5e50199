import { useState } from 'react';
import { Alert, App, Button, Descriptions, Modal, Table, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { CrossListReport } from '@breedwise/contracts/nursery';
import { uploadFile } from '../../../../lib/upload';
import { api } from '../../api';

/**
 * A cross list from a file (xlsx or CSV: columns female and male with material numbers): planned with the
 * rules of a cross plan, all or nothing; the row report shows every refused row with its reason.
 */
export function CrossListImport({ activityId, onPlanned }: { activityId: number; onPlanned(count: number): void | Promise<void> }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const [report, setReport] = useState<CrossListReport | null>(null);
  const endpoint = api.nursery.pollination.importCrosses;
  const send = async (file: File) => {
    setBusy(true);
    try {
      const result = await uploadFile({ url: () => `${endpoint.url()}?activityId=${activityId}` }, file, {}).promise;
      const r = result as CrossListReport;
      if (r.refused) setReport(r);
      else await onPlanned(r.planned);
    } catch (err) {
      void message.error((err as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Upload
        accept=".xlsx,.csv"
        showUploadList={false}
        beforeUpload={(file) => {
          void send(file);
          return false;
        }}
      >
        <Button icon={<UploadOutlined />} loading={busy} data-testid="cross-list-import">
          {t('nursery.pollination.crossList')}
        </Button>
      </Upload>
      <Modal
        open={!!report}
        title={t('nursery.pollination.crossListReport')}
        onCancel={() => setReport(null)}
        footer={
          <Button type="primary" onClick={() => setReport(null)}>
            {t('common.close')}
          </Button>
        }
        width={720}
      >
        {report && (
          <div data-testid="cross-list-report">
            <Alert type="error" showIcon style={{ marginBottom: 12 }} title={t('nursery.pollination.crossListRefused', { count: report.invalid })} />
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
                {
                  title: t('nursery.pollination.crossListField'),
                  dataIndex: 'field',
                  width: 100,
                  render: (v: string) => t(v === 'female' ? 'nursery.pollination.female' : 'nursery.pollination.male'),
                },
                { title: t('nursery.pollination.crossListReason'), dataIndex: 'message' },
              ]}
            />
          </div>
        )}
      </Modal>
    </>
  );
}
