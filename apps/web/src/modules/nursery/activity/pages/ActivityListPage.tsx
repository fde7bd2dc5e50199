import { useMemo } from 'react';
import { Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ACTIVITY_STATUSES, ActivityCreate, ActivityUpdate, nurseryPermissions as P, type ActivityRow } from '@breedwise/contracts/nursery';
import { CrudPage } from '../../../../components/crud/CrudPage';
import { dateTimeColumn } from '../../../../components/crud/columns';
import { api } from '../../api';
import { seasonOptions } from '../../components/options';
import { ActivityFields } from '../components/ActivityFields';
import { nurseryPaths } from '../../paths';
import { useFinishActivity } from '../components/useFinishActivity';

const activity = api.nursery.activity;

/** /nursery/nursery/design: the nurseries of the current crop; a nursery opens on its own page. */
export default function ActivityListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const finish = useFinishActivity();
  const columns = useMemo<ColumnsType<ActivityRow>>(
    () => [
      {
        title: t('nursery.activity.code'),
        dataIndex: 'code',
        key: 'code',
        sorter: true,
        width: 130,
        fixed: 'left',
        render: (v: string, r) => <a onClick={() => navigate(nurseryPaths.activityView(r.id))}>{v}</a>,
      },
      { title: t('nursery.activity.name'), dataIndex: 'name', key: 'name', sorter: true, width: 200, ellipsis: true },
      { title: t('nursery.activity.field'), dataIndex: 'fieldName', key: 'fieldName', width: 140, render: (v: string | null) => v ?? '—' },
      { title: t('nursery.activity.year'), dataIndex: 'year', key: 'year', sorter: true, width: 80 },
      { title: t('nursery.activity.season'), dataIndex: 'season', key: 'season', width: 90, render: (v: string) => t(`nursery.activity.seasons.${v}`) },
      { title: t('nursery.activity.entries'), dataIndex: 'entryCount', key: 'entryCount', width: 90 },
      { title: t('nursery.activity.pollinations'), dataIndex: 'pollinationCount', key: 'pollinationCount', width: 90 },
      { title: t('nursery.activity.harvested'), dataIndex: 'harvestedCount', key: 'harvestedCount', width: 90 },
      {
        title: t('nursery.activity.status'),
        dataIndex: 'status',
        key: 'status',
        sorter: true,
        width: 100,
        render: (v: string) => <Tag color={v === 'finished' ? 'default' : 'processing'}>{t(`nursery.activity.statuses.${v}`)}</Tag>,
      },
      dateTimeColumn(t('common.updatedAt'), 'updatedAt'),
    ],
    [t, navigate],
  );
  return (
    <CrudPage
      resource={activity}
      columns={columns}
      nameOf={(r) => r.code}
      filters={{
        labels: { createdAt: t('common.createdAt') },
        options: {
          status: ACTIVITY_STATUSES.map((s) => ({ value: s, label: t(`nursery.activity.statuses.${s}`) })),
          season: seasonOptions(t),
        },
      }}
      permissions={{ add: P.activityAdd, edit: P.activityEdit, remove: P.activityRemove }}
      removable={(r) => r.status !== 'finished' && r.harvestedCount === 0}
      actions={[
        { key: 'open', label: t('nursery.activity.open'), onClick: (r) => navigate(nurseryPaths.activityView(r.id)) },
        {
          key: 'finish',
          label: t('nursery.activity.finish'),
          permission: P.activityFinish,
          danger: true,
          visible: (r) => r.status !== 'finished',
          confirm: (r) => t('nursery.activity.finishConfirm', { code: r.code }),
          onClick: async (r, kit) => {
            await finish(r.id);
            await kit.refresh();
          },
        },
      ]}
      form={{
        create: ActivityCreate,
        update: ActivityUpdate,
        width: 680,
        defaults: () => ({ year: new Date().getFullYear(), season: 'summer', maxMales: 3 }),
        onSaved: (row, created) => {
          if (created) navigate(nurseryPaths.activityView(row.id));
        },
        fields: () => <ActivityFields />,
      }}
    />
  );
}
