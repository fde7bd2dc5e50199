import { useEffect, useState } from 'react';
import { Alert, App, Modal, Select, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { VariableRow } from '@breedwise/contracts/pheno';
import { api } from '../../api';
import { scaleSummary } from '../../variable/pages/VariableListPage';

/** Chooses an experiment's traits: when pushing it to phenotyping, or later on its page. */
export function TraitsModal({
  open,
  mode,
  experiment,
  current,
  onClose,
  onSaved,
}: {
  open: boolean;
  mode: 'push' | 'edit';
  experiment: { experimentId: number; code: string } | null;
  current?: VariableRow[];
  onClose(): void;
  onSaved(): void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [ids, setIds] = useState<number[]>([]);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const all = useQuery({ queryKey: [...api.pheno.variable.listAll.key], queryFn: () => api.pheno.variable.listAll(), enabled: open });
  useEffect(() => {
    if (open) {
      setIds(current?.map((v) => v.id) ?? []);
      setError(null);
    }
  }, [open, current]);
  const save = async () => {
    if (!experiment) return;
    setSaving(true);
    setError(null);
    try {
      if (mode === 'push') await api.pheno.study.push({ experimentId: experiment.experimentId, variableIds: ids });
      else await api.pheno.study.traits({ experimentId: experiment.experimentId, variableIds: ids });
      void message.success(mode === 'push' ? t('pheno.study.pushedDone', { code: experiment.code }) : t('pheno.study.saved'));
      onSaved();
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open={open}
      title={mode === 'push' ? t('pheno.study.pushTitle', { code: experiment?.code }) : t('pheno.study.editTraitsTitle', { code: experiment?.code })}
      onCancel={onClose}
      onOk={save}
      okButtonProps={{ loading: saving, disabled: !ids.length, 'data-testid': 'traits-ok' } as never}
      width={640}
      destroyOnHidden
    >
      {mode === 'push' && <Typography.Paragraph type="secondary">{t('pheno.study.pushHelp')}</Typography.Paragraph>}
      <Typography.Text strong>{t('pheno.study.chooseTraits')}</Typography.Text>
      <Select
        mode="multiple"
        style={{ width: '100%', marginTop: 8 }}
        value={ids}
        onChange={setIds}
        loading={all.isLoading}
        optionFilterProp="label"
        data-testid="traits-select"
        options={(all.data ?? []).map((v) => ({ value: v.id, label: `${v.code} · ${v.name}${scaleSummary(v) ? ` (${scaleSummary(v)})` : ''}` }))}
      />
      {error && <Alert style={{ marginTop: 12 }} type="error" showIcon message={error} data-testid="traits-error" />}
    </Modal>
  );
}
