import { useState } from 'react';
import { App, Button, Modal } from 'antd';
import { ExportOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { downloadBlob } from '../../lib/download';
import { platformApi } from '../../lib/platform-api';
import { TaskProgress, isFinished, useTask } from '../task';

export interface ExportButtonProps {
  /** The export endpoint of a typed client (`api.doe.location.export`), or its path for a module not yet on the client. */
  url: string | { url(): string };
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
      const outcome = await downloadBlob(typeof url === 'string' ? url : url.url().replace(/^\/api/, ''), params, fileName);
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
      <Button icon={<ExportOutlined />} loading={busy} onClick={run} disabled={disabled} data-testid="export-button">
        {t('io.export')}
      </Button>
      <Modal
        open={taskId !== null}
        title={t('io.exporting')}
        onCancel={() => setTaskId(null)}
        maskClosable={false}
        destroyOnHidden
        footer={
          <Button
            type="primary"
            disabled={!done}
            onClick={() =>
              platformApi.common.task.fileExport({ taskId: taskId! }, { fileName }).then(
                () => {
                  void message.success(t('io.downloadSuccess'));
                  setTaskId(null);
                },
                (e: Error) => message.error(e.message),
              )
            }
          >
            {t('io.export')}
          </Button>
        }
      >
        {taskId !== null && <TaskProgress taskId={taskId} compact />}
      </Modal>
    </>
  );
}
