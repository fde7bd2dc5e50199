import { App, Form, Input, Modal, Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { GS_LIMITS } from '@breedwise/contracts/gs';
import { api } from '../../api';

interface Values {
  name: string;
  datasetId: number;
  modelIds: number[];
  sampleCodes?: string;
}

/**
 * A prediction of a test group (spec 5: one model per trait, all of the same dataset so that every trait
 * is predicted for the same test group). Sample codes are pasted; left empty, the dataset's genotyped
 * samples without phenotypes are predicted.
 */
export function PredictModal({ open, onClose, onCreated }: { open: boolean; onClose(): void; onCreated(id: number): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const datasetId = Form.useWatch('datasetId', form);
  const datasets = useQuery({ queryKey: [...api.gs.dataset.$key, 'options'], queryFn: () => api.gs.dataset.page({ pageSize: 200 }), enabled: open });
  const models = useQuery({
    queryKey: [...api.gs.model.$key, 'finished', datasetId],
    queryFn: () => api.gs.model.page({ datasetId: datasetId!, status: 'finished', pageSize: 200 }),
    enabled: open && !!datasetId,
  });

  const submit = async () => {
    const v = await form.validateFields();
    const chosen = (models.data?.rows ?? []).filter((m) => v.modelIds.includes(m.id));
    const traits = chosen.map((m) => m.traitCode);
    const repeated = traits.find((x, i) => traits.indexOf(x) !== i);
    if (repeated) {
      form.setFields([{ name: 'modelIds', errors: [t('gs.predict.oneModelPerTrait', { trait: repeated })] }]);
      return;
    }
    const sampleCodes = (v.sampleCodes ?? '')
      .split(/[\s,;]+/)
      .map((s) => s.trim())
      .filter(Boolean);
    const created = await api.gs.predict.create({ name: v.name.trim(), modelIds: v.modelIds, sampleCodes });
    message.success(t('gs.model.queued'));
    form.resetFields();
    onClose();
    onCreated(created.id);
  };

  return (
    <Modal open={open} title={t('gs.predict.add')} onCancel={onClose} onOk={() => void submit()} destroyOnHidden width={600}>
      <Form form={form} layout="vertical" data-testid="predict-form">
        <Form.Item name="name" label={t('gs.predict.name')} rules={[{ required: true, whitespace: true }, { max: GS_LIMITS.predictionName }]}>
          <Input maxLength={GS_LIMITS.predictionName} showCount />
        </Form.Item>
        <Form.Item name="datasetId" label={t('gs.model.dataset')} rules={[{ required: true }]}>
          <Select
            showSearch
            optionFilterProp="label"
            options={(datasets.data?.rows ?? []).map((d) => ({ value: d.id, label: d.name }))}
            onChange={() => form.setFieldValue('modelIds', [])}
            data-testid="predict-dataset"
          />
        </Form.Item>
        <Form.Item name="modelIds" label={t('gs.predict.models')} extra={t('gs.predict.modelsHelp')} rules={[{ required: true, type: 'array', min: 1 }]}>
          <Select
            mode="multiple"
            optionFilterProp="label"
            options={(models.data?.rows ?? []).map((m) => ({
              value: m.id,
              label: `${m.name} · ${m.traitCode} · ${t(`gs.algorithm.${m.algorithm}`)} (r ${m.accuracy?.toFixed(3) ?? '—'})`,
            }))}
            data-testid="predict-models"
          />
        </Form.Item>
        <Form.Item name="sampleCodes" label={t('gs.predict.testGroup')} extra={t('gs.predict.testGroupHelp')}>
          <Input.TextArea rows={4} data-testid="predict-samples" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
