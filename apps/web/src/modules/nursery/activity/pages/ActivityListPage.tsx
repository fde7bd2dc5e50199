import { useMemo } from 'react';
import { Input, InputNumber, Row, Select, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ACTIVITY_STATUSES, ActivityCreate, ActivityUpdate, nurseryPermissions as P, type ActivityRow } from '@breedwise/contracts/nursery';
import { CrudPage } from '../../../../components/crud/CrudPage';
import { dateTimeColumn } from '../../../../components/crud/columns';
import { Field } from '../../../../components/form/Field';
import { api } from '../../api';
import { FieldSelect } from '../../components/FieldSelect';
import { seasonOptions } from '../../components/options';
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
        fields: () => (
          <Row gutter={12}>
            <Field name="name" label={t('nursery.activity.name')} span={14}>
              <Input maxLength={100} />
            </Field>
            <Field name="code" label={t('nursery.activity.code')} span={10}>
              <Input maxLength={50} />
            </Field>
            <Field name="fieldId" label={t('nursery.activity.field')} span={24}>
              <FieldSelect />
            </Field>
            <Field name="year" label={t('nursery.activity.year')} span={8}>
              <InputNumber min={1900} max={2200} style={{ width: '100%' }} />
            </Field>
            <Field name="season" label={t('nursery.activity.season')} span={8}>
              <Select options={seasonOptions(t)} />
            </Field>
            <Field name="maxMales" label={t('nursery.activity.maxMales')} span={8} extra={t('nursery.activity.maxMalesHelp')}>
              <InputNumber min={1} max={50} style={{ width: '100%' }} />
            </Field>
            <Field name="remark" label={t('nursery.activity.remark')} span={24}>
              <Input.TextArea rows={2} maxLength={500} />
            </Field>
          </Row>
        ),
      }}
    />
  );
}
