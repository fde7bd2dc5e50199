import { useEffect, useState } from 'react';
import { Alert, App, Button, Select, Space, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { nurseryPermissions as P, type ActivityRow } from '@breedwise/contracts/nursery';
import { usePermission } from '../../../../lib/permissions';
import { api as phenoApi } from '../../../pheno';
import { api } from '../../api';
import { BookPanel } from './BookPanel';
import { SurveyGrid } from './SurveyGrid';

/** The survey grid of a nursery, for the tab and the parent pickers. */
export function useSurveyGrid(activityId: number, enabled = true) {
  return useQuery({ queryKey: [...api.nursery.survey.grid.key, activityId], queryFn: () => api.nursery.survey.grid({ id: activityId }), enabled });
}

/** The traits of the crop a nursery surveys: chosen here, in column order; a trait with values stays. */
function TraitsChooser({ activityId, current, onSaved }: { activityId: number; current: number[]; onSaved(): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [ids, setIds] = useState<number[]>(current);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => setIds(current), [current]);
  const all = useQuery({ queryKey: [...phenoApi.pheno.variable.listAll.key], queryFn: () => phenoApi.pheno.variable.listAll() });
  const changed = ids.join(',') !== current.join(',');
  const save = async () => {
    setSaving(true);
    setError(null);
    try {
      await api.nursery.survey.traits({ activityId, variableIds: ids }, { errorMode: 'silent' });
      void message.success(t('nursery.survey.traitsSaved'));
      onSaved();
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space wrap align="start" style={{ width: '100%' }}>
        <Typography.Text strong style={{ lineHeight: '32px' }}>
          {t('nursery.survey.traits')}
        </Typography.Text>
        <Select
          mode="multiple"
          style={{ minWidth: 360, maxWidth: 760 }}
          value={ids}
          onChange={setIds}
          loading={all.isLoading}
          optionFilterProp="label"
          placeholder={t('nursery.survey.traitsPlaceholder')}
          data-testid="survey-traits"
          options={(all.data ?? []).map((v) => ({ value: v.id, label: `${v.code} · ${v.name}${v.unit && !v.name.includes(v.unit) ? ` (${v.unit})` : ''}` }))}
        />
        <Button type="primary" disabled={!changed} loading={saving} onClick={save} data-testid="survey-traits-save">
          {t('common.save')}
        </Button>
      </Space>
      {error && <Alert type="error" showIcon message={error} data-testid="survey-traits-error" />}
    </Space>
  );
}

/** The "Field survey" tab of a nursery: its traits, the grid of entries x traits, and the feedback book round trip. */
export function SurveyPanel({ activity }: { activity: ActivityRow }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const open = activity.status !== 'finished';
  const canEdit = usePermission(P.surveyEdit) && open;
  const grid = useSurveyGrid(activity.id);
  const refresh = () => queryClient.invalidateQueries({ queryKey: api.nursery.survey.$key });
  if (!grid.data) return null;
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      {!open && <Alert type="info" showIcon message={t('nursery.survey.finished')} />}
      {canEdit && <TraitsChooser activityId={activity.id} current={grid.data.traits.map((v) => v.id)} onSaved={refresh} />}
      <SurveyGrid
        grid={grid.data}
        editable={canEdit}
        onSaved={() => queryClient.invalidateQueries({ queryKey: api.nursery.survey.$key, refetchType: 'none' })}
      />
      <BookPanel activityId={activity.id} editable={canEdit} onImported={refresh} />
    </Space>
  );
}
