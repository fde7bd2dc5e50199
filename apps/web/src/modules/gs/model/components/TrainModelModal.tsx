import { useEffect } from 'react';
import { App, Form, Input, InputNumber, Modal, Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { BAYES_ALGORITHMS, GS_ALGORITHMS, GS_LIMITS, type ModelCreate } from '@breedwise/contracts/gs';
import { api } from '../../api';

/** Trains a model (spec: GBLUP, RR-BLUP, RKHS, BayesB, BayesC, BRR on a dataset and trait with k-fold CV) as a queued job. */
export function TrainModelModal({ open, datasetId, onClose, onCreated }: { open: boolean; datasetId?: number; onClose(): void; onCreated(id: number): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<ModelCreate>();
  const chosen = Form.useWatch('datasetId', form);
  const algorithm = Form.useWatch('algorithm', form);
  const datasets = useQuery({ queryKey: [...api.gs.dataset.$key, 'options'], queryFn: () => api.gs.dataset.page({ pageSize: 200 }), enabled: open });
  const traits = useQuery({
    queryKey: [...api.gs.dataset.$key, 'traits', chosen],
    queryFn: () => api.gs.dataset.traitList({ id: chosen! }),
    enabled: open && !!chosen,
  });
  useEffect(() => {
    if (open) form.setFieldsValue({ datasetId, folds: 5, seed: 1, algorithm: 'gblup', iter: 6000, burnin: 1000 });
  }, [open, datasetId, form]);

  const submit = async () => {
    const v = await form.validateFields();
    const created = await api.gs.model.create({ ...v, name: v.name.trim() });
    message.success(t('gs.model.queued'));
    form.resetFields();
    onClose();
    onCreated(created.id);
  };

  return (
    <Modal open={open} title={t('gs.model.add')} onCancel={onClose} onOk={() => void submit()} okText={t('gs.model.train')} destroyOnHidden width={560}>
      <Form form={form} layout="vertical" data-testid="model-form">
        <Form.Item name="name" label={t('gs.model.name')} rules={[{ required: true, whitespace: true }, { max: GS_LIMITS.modelName }]}>
          <Input maxLength={GS_LIMITS.modelName} showCount />
        </Form.Item>
        <Form.Item name="datasetId" label={t('gs.model.dataset')} rules={[{ required: true }]}>
          <Select
            showSearch
            optionFilterProp="label"
            loading={datasets.isLoading}
            options={(datasets.data?.rows ?? []).map((d) => ({ value: d.id, label: d.name }))}
            onChange={() => form.setFieldValue('traitCode', undefined)}
            data-testid="model-dataset"
          />
        </Form.Item>
        <Form.Item name="traitCode" label={t('gs.model.trait')} rules={[{ required: true }]}>
          <Select options={(traits.data ?? []).map((x) => ({ value: x.code, label: `${x.code} (n = ${x.n})` }))} data-testid="model-trait" />
        </Form.Item>
        <Form.Item name="algorithm" label={t('gs.model.algorithm')} rules={[{ required: true }]}>
          <Select options={GS_ALGORITHMS.map((a) => ({ value: a, label: t(`gs.algorithm.${a}`) }))} data-testid="model-algorithm" />
        </Form.Item>
        <Form.Item name="folds" label={t('gs.model.folds')} rules={[{ required: true }]}>
          <InputNumber min={2} max={20} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="seed" label={t('gs.model.seed')} rules={[{ required: true }]}>
          <InputNumber min={1} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        {algorithm && BAYES_ALGORITHMS.includes(algorithm) && (
          <>
            <Form.Item name="iter" label={t('gs.model.iter')} rules={[{ required: true }]}>
              <InputNumber min={100} max={50000} step={500} precision={0} style={{ width: '100%' }} />
            </Form.Item>
            <Form.Item name="burnin" label={t('gs.model.burnin')} rules={[{ required: true }]}>
              <InputNumber min={0} max={20000} step={100} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </>
        )}
      </Form>
    </Modal>
  );
}
