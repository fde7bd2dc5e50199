import { useState } from 'react';
import { App, Form, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TaskRow } from '@breedwise/contracts/bpm';
import { queryClient } from '../../../../lib/query';
import { api } from '../../api';
import { UserPicker } from '../../components/Pickers';
import { todoCountKey } from '../../paths';

/** Hands an open task over to another user of the organisation (it leaves the caller's to-do list). */
export function HandOverModal({ task, onClose }: { task: TaskRow | null; onClose(): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [userId, setUserId] = useState<number | undefined>();
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    setBusy(true);
    try {
      const done = await api.bpm.task.updateAssignee({ id: task!.id, assigneeUserId: userId! });
      void message.success(t('bpm.task.handedOver', { name: done.assigneeName ?? '' }));
      await Promise.all([api.bpm.task.$key, api.bpm.instance.$key, todoCountKey].map((k) => queryClient.invalidateQueries({ queryKey: k })));
      setUserId(undefined);
      onClose();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={!!task}
      title={t('bpm.task.handOverTitle', { name: task?.name ?? '', process: task?.instanceName ?? '' })}
      okText={t('bpm.task.handOver')}
      okButtonProps={{ disabled: !userId, loading: busy, ...{ 'data-testid': 'hand-over-ok' } }}
      onOk={() => void submit()}
      onCancel={() => {
        setUserId(undefined);
        onClose();
      }}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('bpm.task.handOverHelp')}</Typography.Paragraph>
      <Form layout="vertical">
        <Form.Item label={t('bpm.task.handOverTo')} required>
          <UserPicker value={userId} onChange={(v) => setUserId(v as number)} style={{ width: '100%' }} data-testid="hand-over-user" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
