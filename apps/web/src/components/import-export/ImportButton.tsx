import { useEffect, useState } from 'react';
import { Alert, App, Button, Modal, Radio, Space, Table, Typography, Upload } from 'antd';
import { DownloadOutlined, ImportOutlined, InboxOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ImportReport, ImportStarted, type ImportMode } from '@breedwise/contracts';
import { downloadBlob } from '../../lib/download';
import { platformApi } from '../../lib/platform-api';
import { uploadFile, type UploadTarget } from '../../lib/upload';
import { TaskProgress, useTask } from '../task';
import { isXlsx, withinSize } from '../upload/upload-rules';

/** The template and import endpoints of a resource's typed client (`api.doe.location`). */
export interface ImportEndpoints {
  template: { url(): string };
  import: UploadTarget;
}

export interface ImportButtonProps {
  /** The resource's client (`api.doe.location`), or its path (`/doe/api/location`) for a module not yet on the client. */
  resource: string | ImportEndpoints;
  title: string;
  /** Called when rows were imported. */
  onImported?(report: ImportReport): void;
  disabled?: boolean;
}

/**
 * Import from xlsx (spec section 5: at most 30 MB): the template, the mode (all or nothing, or the
 * valid rows only), progress, then the row report with a downloadable error list.
 */
export function ImportButton({ resource, title, onImported, disabled }: ImportButtonProps) {
  const importTarget: UploadTarget = typeof resource === 'string' ? { url: () => `/api${resource}/import` } : resource.import;
  // A path below /api, as downloadBlob takes it.
  const templatePath = typeof resource === 'string' ? `${resource}/template` : resource.template.url().replace(/^\/api/, '');
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [mode, setMode] = useState<ImportMode>('valid');
  const [taskId, setTaskId] = useState<number | null>(null);
  const [sending, setSending] = useState(false);
  const task = useTask(taskId);
  const parsed = ImportReport.safeParse(task.data?.result);
  const report = parsed.success ? parsed.data : null;

  useEffect(() => {
    if (report && report.imported > 0) onImported?.(report);
  }, [report?.imported, task.data?.id]); // eslint-disable-line react-hooks/exhaustive-deps

  const reset = () => {
    setFile(null);
    setTaskId(null);
    setMode('valid');
  };
  const start = async () => {
    if (!file) return;
    setSending(true);
    try {
      const { taskId: id } = ImportStarted.parse(await uploadFile(importTarget, file, { mode }).promise);
      setTaskId(id);
    } catch (err) {
      void message.error((err as Error).message);
    } finally {
      setSending(false);
    }
  };

  return (
    <>
      <Button
        icon={<ImportOutlined />}
        onClick={() => {
          reset();
          setOpen(true);
        }}
        disabled={disabled}
        data-testid="import-button"
      >
        {t('io.import')}
      </Button>
      <Modal
        open={open}
        title={t('io.importTitle', { title })}
        width={720}
        onCancel={() => setOpen(false)}
        maskClosable={false}
        destroyOnHidden
        footer={
          taskId === null ? (
            <Space>
              <Button onClick={() => setOpen(false)}>{t('common.cancel')}</Button>
              <Button type="primary" disabled={!file} loading={sending} onClick={start} data-testid="import-start">
                {t('io.start')}
              </Button>
            </Space>
          ) : (
            <Button onClick={() => setOpen(false)}>{t('io.close')}</Button>
          )
        }
      >
        {taskId === null ? (
          <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
            <Button
              icon={<DownloadOutlined />}
              onClick={() => downloadBlob(templatePath, {}, `${title}.xlsx`).catch((e: Error) => message.error(e.message))}
              data-testid="import-template"
            >
              {t('io.template')}
            </Button>
            <Upload.Dragger
              accept=".xlsx"
              maxCount={1}
              fileList={file ? [{ uid: '1', name: file.name, status: 'done' }] : []}
              beforeUpload={(f) => {
                if (!isXlsx(f)) void message.error(t('io.onlyXlsx'));
                else if (!withinSize(f, 30)) void message.error(t('io.fileTooLarge'));
                else setFile(f);
                return false;
              }}
              onRemove={() => setFile(null)}
            >
              <p className="ant-upload-drag-icon">
                <InboxOutlined />
              </p>
              <p>{t('io.chooseFile')}</p>
            </Upload.Dragger>
            <div>
              <Typography.Text>{t('io.mode')}</Typography.Text>
              <Radio.Group
                value={mode}
                onChange={(e) => setMode(e.target.value)}
                style={{ marginLeft: 12 }}
                options={[
                  { value: 'valid', label: t('io.modeValid') },
                  { value: 'all', label: t('io.modeAll') },
                ]}
              />
            </div>
          </Space>
        ) : (
          <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="import-result">
            <TaskProgress taskId={taskId} compact />
            {report && (
              <>
                <Alert
                  type={report.invalid ? (report.refused ? 'error' : 'warning') : 'success'}
                  showIcon
                  title={t('io.result', { total: report.total, valid: report.valid, invalid: report.invalid, imported: report.imported })}
                  description={report.refused ? t('io.refused') : undefined}
                />
                {report.errors.length > 0 && (
                  <>
                    <Space style={{ justifyContent: 'space-between', width: '100%' }}>
                      <Typography.Text strong>{t('io.errors')}</Typography.Text>
                      <Button
                        size="small"
                        icon={<DownloadOutlined />}
                        onClick={() => platformApi.common.task.report({ id: taskId! }, { fileName: 'errors.xlsx' })}
                      >
                        {t('io.downloadErrors')}
                      </Button>
                    </Space>
                    <Table
                      size="small"
                      rowKey={(e) => `${e.row}-${e.field}-${e.message}`}
                      dataSource={report.errors}
                      pagination={{ pageSize: 8, size: 'small' }}
                      columns={[
                        { title: t('io.row'), dataIndex: 'row', width: 70 },
                        { title: t('io.field'), dataIndex: 'field', width: 120 },
                        { title: t('io.problem'), dataIndex: 'message' },
                      ]}
                    />
                  </>
                )}
              </>
            )}
          </Space>
        )}
      </Modal>
    </>
  );
}
