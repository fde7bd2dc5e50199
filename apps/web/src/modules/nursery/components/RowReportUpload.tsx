import { useState, type ReactNode } from 'react';
import { Alert, App, Button, Descriptions, Modal, Table, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { uploadFile } from '../../../lib/upload';

/** What the nursery's all-or-nothing file imports answer: counts, whether the file was refused, the refused rows. */
export interface RowReport {
  total: number;
  valid: number;
  invalid: number;
  refused: boolean;
  errors: { row: number; field: string; message: string }[];
}

/**
 * An upload button for a nursery file import that is all or nothing (entries, cross lists): a file that
 * passes calls `onDone`; a refused one opens the row report with every refused row and its reason.
 */
export function RowReportUpload<R extends RowReport>({
  url,
  accept,
  label,
  title,
  testId,
  reportTestId,
  reportTitle,
  refusedText,
  fieldName,
  onDone,
}: {
  /** The endpoint's address with its query (e.g. `?activityId=`). */
  url(): string;
  accept: string;
  label: ReactNode;
  title?: string;
  testId: string;
  reportTestId: string;
  reportTitle: ReactNode;
  refusedText(count: number): ReactNode;
  fieldName(field: string): ReactNode;
  onDone(report: R): void | Promise<void>;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const [report, setReport] = useState<R | null>(null);
  const send = async (file: File) => {
    setBusy(true);
    try {
      const r = (await uploadFile({ url }, file, {}).promise) as R;
      if (r.refused) setReport(r);
      else await onDone(r);
    } catch (err) {
      void message.error((err as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Upload
        accept={accept}
        showUploadList={false}
        beforeUpload={(file) => {
          void send(file);
          return false;
        }}
      >
        <Button icon={<UploadOutlined />} loading={busy} data-testid={testId} title={title}>
          {label}
        </Button>
      </Upload>
      <Modal
        open={!!report}
        title={reportTitle}
        onCancel={() => setReport(null)}
        footer={
          <Button type="primary" onClick={() => setReport(null)}>
            {t('common.close')}
          </Button>
        }
        width={720}
      >
        {report && (
          <div data-testid={reportTestId}>
            <Alert type="error" showIcon style={{ marginBottom: 12 }} title={refusedText(report.invalid)} />
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
