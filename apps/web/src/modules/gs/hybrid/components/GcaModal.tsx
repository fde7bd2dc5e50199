import { useEffect } from 'react';
import { App, Form, Input, Modal, Select, Switch } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { GCA_MAX_FIXED, GCA_METHODS, GS_LIMITS, type GcaCreate } from '@breedwise/contracts/gs';
import { api } from '../../api';

/** A GCA task (spec 7: POST api/predict/createGcaTask): GCA of both pools and SCA for one trait of a hybrid dataset, fitted as a queued job. */
export function GcaModal({ open, datasetId, onClose, onCreated }: { open: boolean; datasetId?: number; onClose(): void; onCreated(id: number): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<GcaCreate>();
  const chosen = Form.useWatch('datasetId', form);
  const datasets = useQuery({ queryKey: [...api.gs.dataset.$key, 'options'], queryFn: () => api.gs.dataset.page({ pageSize: 200 }), enabled: open });
  const traits = useQuery({
    queryKey: [...api.gs.dataset.$key, 'traits', chosen],
    queryFn: () => api.gs.dataset.traitList({ id: chosen! }),
    enabled: open && !!chosen,
  });
  // The phenotype file's columns that can be fixed effects (e.g. location), with their levels.
  const columns = useQuery({
    queryKey: [...api.gs.hybrid.$key, 'columns', chosen],
    queryFn: () => api.gs.hybrid.gcaColumns({ datasetId: chosen! }),
    enabled: open && !!chosen,
  });
  useEffect(() => {
    if (open) form.setFieldsValue({ datasetId, sca: true, method: 'ai-reml', fixedEffects: [] });
  }, [open, datasetId, form]);

  const submit = async () => {
    const v = await form.validateFields();
    const created = await api.gs.hybrid.createGcaTask({ ...v, name: v.name.trim() });
    message.success(t('gs.model.queued'));
    form.resetFields();
    onClose();
    onCreated(created.id);
  };

  return (
    <Modal open={open} title={t('gs.hybrid.add')} onCancel={onClose} onOk={() => void submit()} okText={t('gs.hybrid.run')} destroyOnHidden width={560}>
      <Form form={form} layout="vertical" data-testid="gca-form">
        <Form.Item name="name" label={t('gs.hybrid.name')} rules={[{ required: true, whitespace: true }, { max: GS_LIMITS.predictionName }]}>
          <Input maxLength={GS_LIMITS.predictionName} showCount />
        </Form.Item>
        <Form.Item name="datasetId" label={t('gs.hybrid.dataset')} extra={t('gs.hybrid.datasetHelp')} rules={[{ required: true }]}>
          <Select
            showSearch
            optionFilterProp="label"
            loading={datasets.isLoading}
            options={(datasets.data?.rows ?? []).filter((d) => d.type === 'hybrid').map((d) => ({ value: d.id, label: d.name }))}
            onChange={() => form.setFieldsValue({ traitCode: undefined, fixedEffects: [] })}
            data-testid="gca-dataset"
          />
        </Form.Item>
        <Form.Item name="traitCode" label={t('gs.model.trait')} rules={[{ required: true }]}>
          <Select
            loading={traits.isLoading}
            options={(traits.data ?? []).map((x) => ({ value: x.code, label: `${x.code} (n = ${x.n})` }))}
            data-testid="gca-trait"
          />
        </Form.Item>
        <Form.Item
          name="fixedEffects"
          label={t('gs.hybrid.fixedEffects')}
          extra={
            chosen && columns.data && !columns.data.columns.length
              ? t('gs.hybrid.fixedEffectsNone', { file: columns.data.fileName })
              : t('gs.hybrid.fixedEffectsHelp', { max: GCA_MAX_FIXED })
          }
          rules={[{ type: 'array', max: GCA_MAX_FIXED }]}
        >
          <Select
            mode="multiple"
            allowClear
            loading={columns.isLoading && !!chosen}
            disabled={!chosen || (!!columns.data && !columns.data.columns.length)}
            placeholder={t('gs.hybrid.fixedEffectsPlaceholder')}
            options={(columns.data?.columns ?? []).map((c) => ({
              value: c.name,
              label: `${c.name} (${c.levels.slice(0, 3).join(', ')}${c.levels.length > 3 ? ', …' : ''}${c.missing ? `; ${t('gs.hybrid.missingLevels', { count: c.missing })}` : ''})`,
            }))}
            data-testid="gca-fixed"
          />
        </Form.Item>
        <Form.Item name="sca" label={t('gs.hybrid.withSca')} valuePropName="checked" extra={t('gs.hybrid.withScaHelp')}>
          <Switch data-testid="gca-sca" />
        </Form.Item>
        <Form.Item name="method" label={t('gs.hybrid.method')} extra={t('gs.hybrid.methodHelp')}>
          <Select options={GCA_METHODS.map((m) => ({ value: m, label: t(`gs.hybrid.methods.${m}`) }))} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
