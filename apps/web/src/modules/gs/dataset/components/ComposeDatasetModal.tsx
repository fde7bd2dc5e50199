import { useMemo, useState } from 'react';
import { Alert, App, Button, Form, Input, Modal, Radio, Select, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { GS_CODE, GS_LIMITS, type DatasetComposed } from '@breedwise/contracts/gs';
import { api } from '../../api';

export type ComposeMode = 'system' | 'merge';

interface Values {
  name: string;
  description?: string;
  panelDatasetId?: number;
  experimentIds?: number[];
  traitCodes?: string[];
  source?: 'blue' | 'blup';
  datasetIds?: number[];
}

/**
 * The dataset dialog's other two modes (spec 7): from platform data (createBySystem: the analysed entry
 * BLUEs of chosen experiments and traits, genotypes from a stored panel, i.e. an existing dataset's PLINK
 * file) and merge (createByMerge: two datasets of one crop and genome build).
 */
export function ComposeDatasetModal({ mode, onClose, onCreated }: { mode: ComposeMode | null; onClose(): void; onCreated(row: DatasetComposed): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const open = mode !== null;
  const datasets = useQuery({
    queryKey: [...api.gs.dataset.$key, 'options'],
    queryFn: () => api.gs.dataset.page({ pageSize: 200 }),
    enabled: open,
  });
  const sources = useQuery({ queryKey: [...api.gs.compose.$key, 'sources'], queryFn: () => api.gs.compose.systemSources(), enabled: mode === 'system' });
  const chosen = Form.useWatch('experimentIds', form);
  const traitOptions = useMemo(() => {
    const seen = new Map<string, string>();
    for (const e of sources.data ?? []) if ((chosen ?? []).includes(e.experimentId)) for (const x of e.traits) seen.set(x.code, x.trait);
    return [...seen].map(([code, trait]) => ({ value: code, label: `${code} · ${trait}`, disabled: !GS_CODE.test(code) }));
  }, [sources.data, chosen]);
  const datasetOptions = (datasets.data?.rows ?? []).map((d) => ({ value: d.id, label: `${d.name} (${d.sampleCount} × ${d.snpCount})` }));

  const close = () => {
    form.resetFields();
    setError(null);
    onClose();
  };

  const submit = async () => {
    const v = await form.validateFields();
    setError(null);
    setSaving(true);
    try {
      const common = { name: v.name.trim(), description: v.description?.trim() || undefined };
      const row =
        mode === 'system'
          ? await api.gs.compose.bySystem({
              ...common,
              panelDatasetId: v.panelDatasetId!,
              experimentIds: v.experimentIds!,
              traitCodes: v.traitCodes!,
              source: v.source ?? 'blue',
            })
          : await api.gs.compose.byMerge({ ...common, datasetIds: v.datasetIds! });
      message.success(
        mode === 'system'
          ? t('gs.compose.systemDone', { name: row.name, matched: row.notes.matched, unmatched: row.notes.unmatched.length })
          : t('gs.compose.mergeDone', { name: row.name, samples: row.notes.samples, markers: row.notes.markers, dropped: row.notes.markersDropped }),
        6,
      );
      close();
      onCreated(row);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={mode === 'merge' ? t('gs.compose.mergeTitle') : t('gs.compose.systemTitle')}
      width={680}
      onCancel={close}
      destroyOnHidden
      footer={[
        <Button key="c" onClick={close}>
          {t('common.cancel')}
        </Button>,
        <Button key="s" type="primary" loading={saving} onClick={() => void submit()} data-testid="compose-submit">
          {t('gs.compose.create')}
        </Button>,
      ]}
    >
      <Typography.Paragraph type="secondary" style={{ marginBottom: 16 }}>
        {mode === 'merge' ? t('gs.compose.mergeHelp') : t('gs.compose.systemHelp')}
      </Typography.Paragraph>
      <Form form={form} layout="vertical" data-testid="compose-form" initialValues={{ source: 'blue' }}>
        <Form.Item name="name" label={t('gs.dataset.name')} rules={[{ required: true, whitespace: true }, { max: GS_LIMITS.datasetName }]}>
          <Input maxLength={GS_LIMITS.datasetName} showCount data-testid="compose-name" />
        </Form.Item>
        <Form.Item name="description" label={t('gs.dataset.description')} rules={[{ max: GS_LIMITS.description }]}>
          <Input maxLength={GS_LIMITS.description} showCount />
        </Form.Item>
        {mode === 'system' ? (
          <>
            <Form.Item name="panelDatasetId" label={t('gs.compose.panel')} extra={t('gs.compose.panelHelp')} rules={[{ required: true }]}>
              <Select showSearch optionFilterProp="label" options={datasetOptions} loading={datasets.isLoading} data-testid="compose-panel" />
            </Form.Item>
            <Form.Item name="experimentIds" label={t('gs.compose.experiments')} rules={[{ required: true, type: 'array', min: 1 }]}>
              <Select
                mode="multiple"
                showSearch
                optionFilterProp="label"
                loading={sources.isLoading}
                notFoundContent={t('gs.compose.noExperiments')}
                options={(sources.data ?? []).map((e) => ({ value: e.experimentId, label: `${e.code} ${e.name}` }))}
                onChange={() => form.setFieldValue('traitCodes', [])}
                data-testid="compose-experiments"
              />
            </Form.Item>
            <Form.Item name="traitCodes" label={t('gs.compose.traits')} extra={t('gs.compose.traitsHelp')} rules={[{ required: true, type: 'array', min: 1 }]}>
              <Select mode="multiple" options={traitOptions} data-testid="compose-traits" />
            </Form.Item>
            <Form.Item name="source" label={t('gs.compose.source')}>
              <Radio.Group
                options={[
                  { value: 'blue', label: t('gs.compose.blue') },
                  { value: 'blup', label: t('gs.compose.blup') },
                ]}
              />
            </Form.Item>
          </>
        ) : (
          <Form.Item
            name="datasetIds"
            label={t('gs.compose.datasets')}
            extra={t('gs.compose.datasetsHelp')}
            rules={[
              { required: true, type: 'array', len: 2, message: t('gs.compose.twoDatasets') },
              {
                validator: (_, v: number[] | undefined) =>
                  v?.length === 2 && v[0] === v[1] ? Promise.reject(new Error(t('gs.compose.twoDatasets'))) : Promise.resolve(),
              },
            ]}
          >
            <Select
              mode="multiple"
              maxCount={2}
              showSearch
              optionFilterProp="label"
              options={datasetOptions}
              loading={datasets.isLoading}
              data-testid="compose-datasets"
            />
          </Form.Item>
        )}
        {error && <Alert type="error" showIcon message={error} data-testid="compose-error" />}
      </Form>
    </Modal>
  );
}
