import { Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../api';

/** Picks a workflow form by its key (what `bw:formKey` holds); a key naming no form shows as unknown. */
export function FormPicker({ value, onChange }: { value?: string; onChange(v: string | undefined): void }) {
  const { t } = useTranslation();
  const { data = [], isLoading } = useQuery({ queryKey: api.bpm.form.listAllSimple.key, queryFn: () => api.bpm.form.listAllSimple() });
  const known = !value || data.some((f) => f.key === value);
  const options = [
    ...data.map((f) => ({ value: f.key, label: `${f.name} (${f.key})` })),
    ...(known ? [] : [{ value: value!, label: t('bpm.form.unknown', { key: value }) }]),
  ];
  return (
    <Select
      allowClear
      showSearch
      optionFilterProp="label"
      loading={isLoading}
      placeholder={t('bpm.form.none')}
      value={value}
      onChange={(v?: string) => onChange(v)}
      options={options}
      status={known ? undefined : 'warning'}
      data-testid="prop-form"
    />
  );
}
