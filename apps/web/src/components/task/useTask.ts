import { useQuery } from '@tanstack/react-query';
import type { TaskLogLine, TaskRow } from '@breedwise/contracts';
import { api } from '../../lib/request';

export const taskApi = {
  detail: (id: number) => api.get<TaskRow>(`/common/task/detail/${id}`, undefined, { errorMode: 'silent' }),
  logs: (id: number) => api.get<(TaskLogLine & { id: number })[]>('/common/logs', { taskId: id }, { errorMode: 'silent' }),
  cancel: (id: number) => api.put<null>(`/common/task/cancel/${id}`),
};

export const isFinished = (task?: TaskRow) => !!task && ['succeeded', 'failed', 'cancelled'].includes(task.status);

/** A task followed until it finishes (polled every second, then left alone). */
export function useTask(taskId: number | null) {
  return useQuery({
    queryKey: ['common', 'task', taskId],
    queryFn: () => taskApi.detail(taskId!),
    enabled: taskId !== null,
    refetchInterval: (q) => (isFinished(q.state.data) ? false : 1000),
  });
}
