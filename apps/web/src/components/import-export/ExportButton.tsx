import { useState } from 'react';
import { App, Button, Modal } from 'antd';
import { ExportOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { downloadBlob } from '../../lib/download';
import { TaskProgress, isFinished, useTask } from '../task';

export interface ExportButtonProps {
  /** The export endpoint (e.g. '/doe/api/location/export'). */
  url: string;
  /** The list's current filter, so the export shows what the table shows. */
  params?: Record<string, unknown>;
  fileName: string;
  disabled?: boolean;
}

/** Export following the current filter: small ones download at once, large ones run as a task first. */
export function ExportButton({ url, params, fileName, disabled }: ExportButtonProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const [taskId, setTaskId] = useState<number | null>(null);
  const task = useTask(taskId);
  const done = isFinished(task.data) && task.data?.status === 'succeeded';

  const run = async () => {
    setBusy(true);
    try {
      const outcome = await downloadBlob(url, params, fileName);
      if (outcome.kind === 'task') setTaskId(outcome.taskId);
      else void message.success(t('io.downloadSuccess'));
    } catch (err) {
      void message.error((err as Error).message || t('io.downloadFail'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button icon={<ExportOutlined />} loading={busy} onClick={run} disabled={disabled} data-testid="export-button">{t('io.export')}</Button>
      <Modal
        open={taskId !== null}
        title={t('io.exporting')}
        onCancel={() => setTaskId(null)}
        maskClosable={false}
        destroyOnHidden
        footer={
          <Button type="primary" disabled={!done} onClick={() => downloadBlob('/common/fileExport', { taskId }, fileName).then(() => { void message.success(t('io.downloadSuccess')); setTaskId(null); }, (e: Error) => message.error(e.message))}>
            {t('io.export')}
          </Button>
        }
      >
        {taskId !== null && <TaskProgress taskId={taskId} compact />}
      </Modal>
    </>
  );
}
