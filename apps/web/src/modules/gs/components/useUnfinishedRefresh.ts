import { useEffect, useRef } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';

/**
 * Keeps a list of GS tasks current while any of them is queued or being created: a small count query
 * polls every 3 s, and each answer refreshes the list (once more when the last one finished).
 */
export function useUnfinishedRefresh(key: readonly unknown[], count: () => Promise<number>, listKey: readonly unknown[]) {
  const qc = useQueryClient();
  const { data } = useQuery({ queryKey: key, queryFn: count, refetchInterval: 3000 });
  const last = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (data === undefined) return;
    if (data > 0 || (last.current ?? 0) > 0) void qc.invalidateQueries({ queryKey: listKey });
    last.current = data;
  }, [data, qc, listKey]);
}
