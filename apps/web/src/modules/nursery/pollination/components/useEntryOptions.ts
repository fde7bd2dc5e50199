import { useQuery } from '@tanstack/react-query';
import { api } from '../../api';

/** The entries of a nursery as select options (`<plot>. <name> (<generation>)`), for the planning dialogs. */
export function useEntryOptions(activityId: number, enabled: boolean) {
  const { data } = useQuery({
    queryKey: [...api.nursery.entry.page.key, activityId, 'options'],
    queryFn: () => api.nursery.entry.page({ activityId, pageSize: 200 }),
    enabled,
  });
  return (data?.rows ?? []).map((e) => ({ value: e.id, label: `${e.plotNo}. ${e.name} (${e.generation})` }));
}
