import { useEffect, useState } from 'react';
import { Alert, App, Checkbox, Form, Input, Modal, Select } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { HARVEST_TYPES, type ExperimentDetail } from '@breedwise/contracts/doe';
import { DateInput } from '../../../../components/form/DateInput';
import { TaskProgress, useTask } from '../../../../components/task';
import { api } from '../../api';

/** Generates a harvest list as a task; while it runs the user is asked not to close the page (spec section 8). */
export function HarvestModal({ experiment, open, onClose }: { experiment: ExperimentDetail; open: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm();
  const [taskId, setTaskId] = useState<number | null>(null);
  const task = useTask(taskId);
  const running = taskId !== null && task.data?.status !== 'succeeded' && task.data?.status !== 'failed';

  useEffect(() => {
    if (!running) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [running]);
  useEffect(() => {
    if (task.data?.status === 'succeeded') {
      void message.success(t('doe.harvest.generated'));
      void queryClient.invalidateQueries({ queryKey: api.doe.harvest.$key });
      void queryClient.invalidateQueries({ queryKey: api.doe.experiment.$key });
    }
  }, [task.data?.status, message, t, queryClient]);

  const start = async () => {
    const v = await form.validateFields();
    // Spec section 8: a refusal of the harvest shows in a modal.
    const { taskId: id } = await api.doe.harvest.generate({ ...v, experimentId: experiment.id }, { errorMode: 'modal' });
    setTaskId(id);
  };
  const close = () => {
    setTaskId(null);
    onClose();
  };
  return (
    <Modal
      open={open}
      title={t('doe.harvest.generateTitle')}
      onCancel={running ? undefined : close}
      closable={!running}
      maskClosable={false}
      okText={taskId ? t('common.close') : t('doe.harvest.generate')}
      cancelText={t('common.cancel')}
      okButtonProps={{ disabled: running, 'data-testid': 'harvest-start' } as never}
      cancelButtonProps={{ disabled: running }}
      onOk={taskId ? close : start}
      afterClose={() => form.resetFields()}
      destroyOnHidden
    >
      {taskId === null ? (
        <Form
          form={form}
          layout="vertical"
          initialValues={{ name: `${experiment.name} ${t('doe.harvest.defaultName')}`, harvestType: 'bulk', advanceGeneration: true, includeChecks: false }}
        >
          <Form.Item name="name" label={t('doe.harvest.name')} rules={[{ required: true, message: t('doe.harvest.nameRequired') }]}>
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item name="harvestType" label={t('doe.harvest.type')}>
            <Select options={HARVEST_TYPES.map((v) => ({ value: v, label: t(`doe.harvest.types.${v}`) }))} />
          </Form.Item>
          <Form.Item name="harvestDate" label={t('doe.harvest.date')}>
            <DateInput />
          </Form.Item>
          <Form.Item name="prefix" label={t('doe.harvest.prefix')} extra={t('doe.harvest.prefixHelp', { code: experiment.code })}>
            <Input maxLength={30} />
          </Form.Item>
          <Form.Item name="advanceGeneration" valuePropName="checked">
            <Checkbox>{t('doe.harvest.advance')}</Checkbox>
          </Form.Item>
          <Form.Item name="includeChecks" valuePropName="checked">
            <Checkbox>{t('doe.harvest.includeChecks')}</Checkbox>
          </Form.Item>
        </Form>
      ) : (
        <>
          {running && <Alert type="warning" showIcon style={{ marginBottom: 12 }} title={t('doe.harvest.running')} data-testid="harvest-running" />}
          <TaskProgress taskId={taskId} />
        </>
      )}
    </Modal>
  );
}
