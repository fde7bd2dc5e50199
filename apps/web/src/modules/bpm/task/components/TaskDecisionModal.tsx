import { useState } from 'react';
import { App, Form, Input, Modal, Segmented, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TaskRow } from '@breedwise/contracts/bpm';
import { queryClient } from '../../../../lib/query';
import { DynamicForm, dynamicFormValues } from '../../../../components/dynamic-form';
import { api } from '../../api';
import { todoCountKey } from '../../paths';

/**
 * Approve or reject one task with a comment (a reject needs one). A task with a form shows it when
 * approving: its values are checked (here and on the server) and become process variables.
 */
export function TaskDecisionModal({
  task,
  initial = 'approve',
  onClose,
}: {
  task: TaskRow | null;
  initial?: 'approve' | 'reject';
  onClose(done: boolean): void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ outcome: 'approve' | 'reject'; comment?: string }>();
  const [taskForm] = Form.useForm();
  const [busy, setBusy] = useState(false);
  const outcome = Form.useWatch('outcome', form) ?? initial;
  const submit = async () => {
    const v = await form.validateFields();
    const schema = v.outcome === 'approve' ? task?.form?.schema : undefined;
    const raw = schema ? await taskForm.validateFields() : {};
    setBusy(true);
    try {
      const body = { id: task!.id, comment: v.comment ?? null, variables: schema ? dynamicFormValues(schema, raw) : {} };
      if (v.outcome === 'approve') await api.bpm.task.approve(body);
      else await api.bpm.task.reject(body);
      void message.success(t(`bpm.task.done.${v.outcome}`));
      await Promise.all(
        [api.bpm.task.$key, api.bpm.instance.$key, todoCountKey, ['dashboard', 'todo'], ['germ']].map((k) => queryClient.invalidateQueries({ queryKey: k })),
      );
      onClose(true);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={!!task}
      title={t('bpm.task.decideTitle', { name: task?.name ?? '', process: task?.instanceName ?? '' })}
      okText={t(`bpm.task.${outcome}`)}
      okButtonProps={{ danger: outcome === 'reject', loading: busy, ...{ 'data-testid': 'task-decide-ok' } }}
      onOk={() => void submit()}
      onCancel={() => onClose(false)}
      destroyOnHidden
      width={task?.form && outcome === 'approve' ? 720 : 520}
    >
      <Form form={form} layout="vertical" initialValues={{ outcome: initial }} data-testid="task-decide-form" preserve={false}>
        <Form.Item name="outcome" label={t('bpm.task.outcome')}>
          <Segmented
            options={[
              { value: 'approve', label: t('bpm.task.approve') },
              { value: 'reject', label: t('bpm.task.reject') },
            ]}
          />
        </Form.Item>
        <Form.Item
          name="comment"
          label={t('bpm.task.comment')}
          rules={[{ required: outcome === 'reject', whitespace: true, message: t('bpm.task.commentRequired') }, { max: 500 }]}
        >
          <Input.TextArea rows={4} maxLength={500} showCount data-testid="task-comment" />
        </Form.Item>
      </Form>
      {task?.form && outcome === 'approve' && (
        <div data-testid="task-form">
          <Typography.Text strong>{task.form.name}</Typography.Text>
          <div style={{ marginTop: 8 }}>
            <DynamicForm name={`bpm-task-${task.id}`} schema={task.form.schema} form={taskForm} />
          </div>
        </div>
      )}
    </Modal>
  );
}
