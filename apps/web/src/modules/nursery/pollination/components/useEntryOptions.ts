import { useQuery } from '@tanstack/react-query';
import { nurseryPermissions as P } from '@breedwise/contracts/nursery';
import { usePermission } from '../../../../lib/permissions';
import { api } from '../../api';

/** A nursery's survey values by entry, in the survey's trait order ("SPH 210 · SDS 3"); empty without the permission. */
export function useSurveyValues(activityId: number, enabled: boolean) {
  const allowed = usePermission(P.surveyList);
  const survey = useQuery({
    queryKey: [...api.nursery.survey.grid.key, activityId],
    queryFn: () => api.nursery.survey.grid({ id: activityId }, { errorMode: 'silent' }),
    enabled: enabled && allowed,
  });
  const traits = survey.data?.traits ?? [];
  const cells = new Map((survey.data?.cells ?? []).map((c) => [`${c.entryId}:${c.variableId}`, c.value]));
  return {
    traits,
    value: (entryId: number, variableId: number) => cells.get(`${entryId}:${variableId}`),
    summary: (entryId: number) =>
      traits.flatMap((v) => {
        const x = cells.get(`${entryId}:${v.id}`);
        return x === undefined ? [] : [`${v.code} ${x}`];
      }),
  };
}

/**
 * The entries of a nursery as select options (`<plot>. <name> (<generation>)`), for the planning dialogs;
 * the field survey's values follow the name, so parents can be chosen (and searched) by them.
 */
export function useEntryOptions(activityId: number, enabled: boolean) {
  const { data } = useQuery({
    queryKey: [...api.nursery.entry.page.key, activityId, 'options'],
    queryFn: () => api.nursery.entry.page({ activityId, pageSize: 200 }),
    enabled,
  });
  const survey = useSurveyValues(activityId, enabled);
  return (data?.rows ?? []).map((e) => {
    const v = survey.summary(e.id);
    return { value: e.id, label: `${e.plotNo}. ${e.name} (${e.generation})${v.length ? ` · ${v.join(' · ')}` : ''}` };
  });
}
