import { Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { DictEntry } from '@breedwise/contracts/system';
import { api } from '../../lib/request';

const COLORS: Record<string, string> = { primary: 'processing', success: 'success', info: 'default', warning: 'warning', danger: 'error' };

/** Entries of a dictionary in the interface language (cached; they rarely change). */
export function useDict(dictType: string, appKey?: string) {
  return useQuery({
    queryKey: ['system', 'dict', dictType, appKey],
    queryFn: () => api.get<DictEntry[]>('/system/dic/list', { dictType, appKey }),
    staleTime: 10 * 60_000,
  });
}

/** A dictionary value shown as its label, coloured by the entry's listClass. */
export function DictTag({ dictType, value, appKey }: { dictType: string; value: string | null | undefined; appKey?: string }) {
  const { data } = useDict(dictType, appKey);
  if (value === null || value === undefined || value === '') return null;
  const entry = data?.find((d) => d.dictValue === value);
  return <Tag color={entry?.listClass ? COLORS[entry.listClass] : undefined}>{entry?.dictLabel ?? value}</Tag>;
}
