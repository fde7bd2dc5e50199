import { useMemo, useState } from 'react';
import { Input, Row, Select, Space, Switch } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { doePermissions as P, ProjectCreate, ProjectUpdate, type ProjectRow } from '@breedwise/contracts/doe';
import { CrudPage } from '../../../../components/crud/CrudPage';
import { dateTimeColumn, statusColumn } from '../../../../components/crud/columns';
import { DateInput } from '../../../../components/form/DateInput';
import { Field } from '../../../../components/form/Field';
import { usePermission } from '../../../../lib/permissions';
import { api } from '../../api';
import { MembersModal } from '../../components/MembersModal';
import { UserSelect } from '../../components/UserSelect';

const project = api.doe.project;

/** Breeding projects of the current crop: team, leader, dates, members; experiments and lists are filed under them. */
export default function ProjectListPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [mine, setMine] = useState(false);
  const [members, setMembers] = useState<ProjectRow | null>(null);
  const canAdd = usePermission(P.projectAdd);
  const canEdit = usePermission(P.projectEdit);
  const teams = useQuery({
    queryKey: [...api.doe.team.$key, 'enabled'],
    queryFn: () => api.doe.team.page({ pageSize: 200, status: 'enabled' }),
    enabled: canAdd || canEdit,
  });
  const columns = useMemo<ColumnsType<ProjectRow>>(
    () => [
      { title: t('doe.project.code'), dataIndex: 'code', key: 'code', sorter: true, width: 130 },
      { title: t('doe.project.name'), dataIndex: 'name', key: 'name', sorter: true, width: 220 },
      { title: t('doe.project.team'), dataIndex: 'teamName', key: 'teamName', width: 140 },
      { title: t('doe.project.leader'), dataIndex: 'leaderName', key: 'leaderName', width: 120 },
      {
        title: t('doe.project.period'),
        key: 'startDate',
        sorter: true,
        width: 200,
        render: (_, r) => [r.startDate, r.endDate].filter(Boolean).join(' ~ ') || '—',
      },
      { title: t('doe.project.members'), dataIndex: 'memberCount', key: 'memberCount', width: 80 },
      { title: t('doe.project.experiments'), dataIndex: 'experimentCount', key: 'experimentCount', width: 80 },
      statusColumn(t),
      dateTimeColumn(t('common.updatedAt'), 'updatedAt'),
    ],
    [t],
  );
  const teamOptions = (teams.data?.rows ?? []).map((x) => ({ value: x.id, label: x.name }));
  return (
    <>
      <CrudPage
        resource={project}
        columns={columns}
        params={{ mine: mine ? ('true' as const) : undefined }}
        filters={{
          labels: { teamId: t('doe.project.team'), startDate: t('doe.project.startDate'), endDate: t('doe.project.endDate') },
          options: { teamId: teamOptions.map((o) => ({ value: String(o.value), label: o.label })) },
        }}
        permissions={{ add: P.projectAdd, edit: P.projectEdit, remove: P.projectRemove }}
        status={{ set: (ids, status) => project.status({ ids, status }) }}
        actions={[{ key: 'members', label: t('doe.project.members'), onClick: (row) => setMembers(row) }]}
        toolbar={
          <Space size={4}>
            <Switch checked={mine} onChange={setMine} size="small" />
            {t('doe.project.mine')}
          </Space>
        }
        form={{
          create: ProjectCreate,
          update: ProjectUpdate,
          width: 680,
          fields: (_form, editing) => (
            <Row gutter={12}>
              <Field name="name" label={t('doe.project.name')} span={14}>
                <Input maxLength={100} />
              </Field>
              <Field name="code" label={t('doe.project.code')} span={10}>
                <Input maxLength={50} />
              </Field>
              <Field name="teamId" label={t('doe.project.team')} span={12}>
                <Select allowClear options={teamOptions} />
              </Field>
              <Field name="leaderId" label={t('doe.project.leader')} span={12}>
                <UserSelect source="project" seed={editing?.leaderId ? [{ value: editing.leaderId, label: editing.leaderName }] : undefined} />
              </Field>
              <Field name="startDate" label={t('doe.project.startDate')} span={12}>
                <DateInput />
              </Field>
              <Field name="endDate" label={t('doe.project.endDate')} span={12}>
                <DateInput />
              </Field>
              <Field name="description" label={t('doe.common.description')} span={24}>
                <Input.TextArea rows={3} maxLength={1000} />
              </Field>
            </Row>
          ),
        }}
      />
      <MembersModal
        open={!!members}
        title={t('doe.members.titleOf', { name: members?.name })}
        source="project"
        editable={canEdit}
        onClose={() => {
          setMembers(null);
          void queryClient.invalidateQueries({ queryKey: project.$key });
        }}
        load={() => project.members({ id: members!.id })}
        save={(m) => project.setMembers({ id: members!.id, members: m })}
      />
    </>
  );
}
