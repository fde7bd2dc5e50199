import { useQuery } from '@tanstack/react-query';
import { api } from '../../api';

/** One nursery, cached under the activity key (every change of the nursery refreshes it). */
export function useActivity(id: number) {
  return useQuery({ queryKey: [...api.nursery.activity.detail.key, id], queryFn: () => api.nursery.activity.detail({ id }), enabled: id > 0 });
}
