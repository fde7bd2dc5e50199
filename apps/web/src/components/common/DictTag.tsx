import { Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { DictEntry } from '@breedwise/contracts/system';
import { api } from '../../lib/request';

const COLORS: Record<string, string> = { primary: 'processing', success: 'success', info: 'default', warning: 'warning', danger: 'error' };

/**
 * Entries of a dictionary in the interface language (cached per language; they rarely change). The server
 * answers each value's zh-CN or en label by the request's language, so switching the language shows the
 * other label at once rather than a cached one.
 */
export function useDict(dictType: string, appKey?: string) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: ['system', 'dict', dictType, appKey, i18n.language],
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
