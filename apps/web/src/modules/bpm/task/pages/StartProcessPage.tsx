import { useMemo, useState } from 'react';
import { Alert, App, Button, Card, Form, Select, Space, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { DefinitionRow } from '@breedwise/contracts/bpm';
import { DynamicForm, dynamicFormValues } from '../../../../components/dynamic-form';
import { usePage } from '../../../../lib/page-context';
import { queryClient } from '../../../../lib/query';
import { api } from '../../api';
import { bpmPaths, todoCountKey } from '../../paths';

/**
 * Starts a process (`/bpm/task/my/create?definitionId=`): pick an active process (its latest version),
 * fill its start form, submit. The values become the process variables the gateways decide on.
 */
export default function StartProcessPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const { search } = usePage();
  const [form] = Form.useForm();
  const [busy, setBusy] = useState(false);
  const [picked, setPicked] = useState<number | null>(Number(search.get('definitionId')) || null);
  const { data: defs = [] } = useQuery({ queryKey: [...api.bpm.definition.list.key, 'active'], queryFn: () => api.bpm.definition.list({ state: 'active' }) });
  // The latest active version of each process key (the list comes latest first).
  const latest = useMemo(() => {
    const seen = new Set<string>();
    return defs.filter((d) => !seen.has(d.key) && seen.add(d.key));
  }, [defs]);
  const def: DefinitionRow | undefined = defs.find((d) => d.id === picked);
  const submit = async () => {
    if (!def) return;
    const raw = def.startForm ? await form.validateFields() : {};
    setBusy(true);
    try {
      const variables = def.startForm ? dynamicFormValues(def.startForm.schema, raw) : {};
      const inst = await api.bpm.instance.create({ definitionId: def.id, variables });
      void message.success(t('bpm.start.started', { name: inst.name }));
      await Promise.all([api.bpm.instance.$key, api.bpm.task.$key, todoCountKey].map((k) => queryClient.invalidateQueries({ queryKey: k })));
      navigate(bpmPaths.instance(inst.id));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="bw-page">
      <Card variant="borderless" title={t('bpm.start.title')} style={{ maxWidth: 960 }}>
        <Space direction="vertical" size={16} style={{ width: '100%' }}>
          <div>
            <Typography.Text strong>{t('bpm.start.process')}</Typography.Text>
            <Select
              style={{ width: '100%', marginTop: 6 }}
              showSearch
              optionFilterProp="label"
              placeholder={t('bpm.start.pick')}
              value={def?.id}
              onChange={(v: number) => {
                setPicked(v);
                form.resetFields();
              }}
              options={latest.map((d) => ({ value: d.id, label: `${d.name} (v${d.version})` }))}
              data-testid="start-definition"
            />
          </div>
          {def &&
            (def.startForm ? (
              <div data-testid="start-form">
                <Typography.Title level={5} style={{ marginTop: 0 }}>
                  {def.startForm.name}
                </Typography.Title>
                <DynamicForm key={def.id} name="bpm-start" schema={def.startForm.schema} form={form} />
              </div>
            ) : (
              <Alert type="info" showIcon message={t('bpm.start.noForm')} />
            ))}
          <Space>
            <Button type="primary" disabled={!def} loading={busy} onClick={() => void submit()} data-testid="start-submit">
              {t('bpm.start.submit')}
            </Button>
            <Button onClick={() => navigate(bpmPaths.my)}>{t('common.cancel')}</Button>
          </Space>
        </Space>
      </Card>
    </div>
  );
}
