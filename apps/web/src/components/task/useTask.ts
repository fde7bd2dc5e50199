import { useQuery } from '@tanstack/react-query';
import type { TaskRow } from '@breedwise/contracts/common';
import { platformApi } from '../../lib/platform-api';

export const isFinished = (task?: TaskRow) => !!task && ['succeeded', 'failed', 'cancelled'].includes(task.status);

/** A task followed until it finishes (polled every second, then left alone). */
export function useTask(taskId: number | null) {
  const detail = platformApi.common.task.detail;
  return useQuery({
    queryKey: [...detail.key, taskId],
    queryFn: () => detail({ id: taskId! }, { errorMode: 'silent' }),
    enabled: taskId !== null,
    refetchInterval: (q) => (isFinished(q.state.data) ? false : 1000),
  });
}
