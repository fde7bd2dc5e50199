import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Select, Spin, Tag, type SelectProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ExperimentStatus } from '@breedwise/contracts';
import { useDict } from '../../../components/common';
import { doeKeys, fieldApi, germListApi, locationApi, projectApi, teamApi } from '../api';

type Props = Omit<SelectProps, 'options'> & { options?: { value: number | string; label: string | null }[] };
type Option = { value: number | string; label: string };

/**
 * A select searching the server as the user types (300 ms debounce, spec dropdown 245 x 400 px); `options`
 * seeds the label of the current value so an edit form shows names, not ids.
 */
export function RemoteSelect({ fetch, options: seed, ...rest }: Props & { fetch(keyword: string): Promise<Option[]> }) {
  const { t } = useTranslation();
  const [options, setOptions] = useState<Option[]>([]);
  const [loading, setLoading] = useState(false);
  const seq = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const search = (keyword: string) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(async () => {
      const mine = ++seq.current;
      setLoading(true);
      try {
        const found = await fetch(keyword.trim());
        if (mine === seq.current) setOptions(found);
      } finally {
        if (mine === seq.current) setLoading(false);
      }
    }, 300);
  };
  useEffect(() => () => clearTimeout(timer.current), []);
  const seeded = (seed ?? []).filter((o) => o.label !== null && !options.some((x) => x.value === o.value)) as Option[];
  return (
    <Select
      {...rest}
      showSearch={{ filterOption: false, onSearch: search }}
      onOpenChange={(open) => open && options.length === 0 && search('')}
      options={[...seeded, ...options]}
      listHeight={245}
      popupMatchSelectWidth={400}
      placeholder={rest.placeholder ?? t('select.placeholder')}
      notFoundContent={loading ? <Spin size="small" /> : t('select.noMatch')}
    />
  );
}

/** The project selector: enabled projects of the current crop, the caller's first. */
export function ProjectSelect(props: Props) {
  return <RemoteSelect allowClear {...props} fetch={async (k) => (await projectApi.options(k)).map((p) => ({ value: p.id, label: `${p.name} (${p.code})` }))} />;
}

export function UserSelect(props: Props & { source?: 'team' | 'project' }) {
  const { source = 'team', ...rest } = props;
  const load = source === 'team' ? teamApi.users : projectApi.users;
  return <RemoteSelect allowClear {...rest} fetch={async (k) => (await load(k)).map((u) => ({ value: u.id, label: u.nickName ? `${u.nickName} (${u.username})` : u.username }))} />;
}

/** Enabled locations (all of them, they are few). */
export function LocationSelect(props: Props) {
  const { t } = useTranslation();
  const { data } = useQuery({ queryKey: [...doeKeys.field, 'locations'], queryFn: () => locationApi.page({ pageSize: 200, status: 'enabled' }), staleTime: 60_000 });
  return <Select allowClear showSearch={{ optionFilterProp: 'label' }} placeholder={t('select.placeholder')} {...props} options={(data?.rows ?? []).map((l) => ({ value: l.id, label: `${l.name} (${l.code})` }))} />;
}

/** Fields of a location that are in use (enabled, not discarded), optionally of one type. */
export function FieldSelect({ locationId, type, ...props }: Props & { locationId?: number | null; type?: number }) {
  const { t } = useTranslation();
  const { data } = useQuery({
    queryKey: [...doeKeys.field, 'select', locationId, type],
    queryFn: () => fieldApi.page({ pageSize: 200, locationId: locationId ?? undefined, status: 'enabled', type }),
    enabled: !!locationId,
  });
  return (
    <Select allowClear placeholder={locationId ? t('select.placeholder') : t('doe.common.pickLocationFirst')} disabled={!locationId} {...props}
      options={(data?.rows ?? []).map((f) => ({ value: f.id, label: `${f.name} (${f.code}) · ${f.rows}×${f.cols}` }))} />
  );
}

export function GermListSelect(props: Props & { type?: 'experiment' | 'nursery' | 'germplasm' }) {
  const { type, ...rest } = props;
  return <RemoteSelect allowClear {...rest} fetch={async (keyword) => (await germListApi.page({ keyword, type, pageSize: 50 })).rows.map((l) => ({ value: l.id, label: `${l.name} (${l.materialCount})` }))} />;
}

/** Options of a dictionary (seasons, stages, design methods ...). */
export function DictSelect({ dictType, ...props }: Props & { dictType: string }) {
  const { t } = useTranslation();
  const { data } = useDict(dictType, 'doe');
  return <Select allowClear placeholder={t('select.placeholder')} {...props} options={(data ?? []).map((d) => ({ value: d.dictValue, label: d.dictLabel }))} />;
}

const STATUS_COLOR: Record<ExperimentStatus, string> = { temporary: 'default', designed: 'processing', finished: 'success', harvested: 'warning' };
export function ExperimentStatusTag({ status, locked }: { status: ExperimentStatus; locked?: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      <Tag color={STATUS_COLOR[status]} data-testid="experiment-status" data-status={status}>{t(`doe.experiment.status.${status}`)}</Tag>
      {locked && <Tag color="red">{t('doe.experiment.locked')}</Tag>}
    </>
  );
}
