import { useMemo, useState } from 'react';
import { Input } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { doePermissions as P, TeamCreate, TeamUpdate, type TeamRow } from '@breedwise/contracts/doe';
import { CrudPage } from '../../../../components/crud/CrudPage';
import { dateTimeColumn, statusColumn } from '../../../../components/crud/columns';
import { Field } from '../../../../components/form/Field';
import { usePermission } from '../../../../lib/permissions';
import { api } from '../../api';
import { MembersModal } from '../../components/MembersModal';
import { UserSelect } from '../../components/UserSelect';

const team = api.doe.team;

/** Breeding teams: leader, members, enable/disable. */
export default function TeamListPage() {
  const { t } = useTranslation();
  const [members, setMembers] = useState<TeamRow | null>(null);
  const canEdit = usePermission(P.teamEdit);
  const columns = useMemo<ColumnsType<TeamRow>>(
    () => [
      { title: t('doe.team.name'), dataIndex: 'name', key: 'name', sorter: true, width: 200, fixed: 'left' },
      { title: t('doe.team.leader'), dataIndex: 'leaderName', key: 'leaderName', width: 140 },
      { title: t('doe.team.members'), dataIndex: 'memberCount', key: 'memberCount', width: 90 },
      { title: t('doe.team.projects'), dataIndex: 'projectCount', key: 'projectCount', width: 90 },
      { title: t('doe.common.description'), dataIndex: 'description', key: 'description', ellipsis: true },
      statusColumn(t),
      dateTimeColumn(t('common.updatedAt'), 'updatedAt'),
    ],
    [t],
  );
  return (
    <>
      <CrudPage
        resource={team}
        columns={columns}
        permissions={{ add: P.teamAdd, edit: P.teamEdit, remove: P.teamRemove }}
        status={{ set: (ids, status) => team.status({ ids, status }) }}
        actions={[{ key: 'members', label: t('doe.team.members'), onClick: (row) => setMembers(row) }]}
        form={{
          create: TeamCreate,
          update: TeamUpdate,
          fields: (_form, editing) => (
            <>
              <Field name="name" label={t('doe.team.name')}>
                <Input maxLength={100} />
              </Field>
              <Field name="leaderId" label={t('doe.team.leader')}>
                <UserSelect source="team" seed={editing?.leaderId ? [{ value: editing.leaderId, label: editing.leaderName }] : undefined} />
              </Field>
              <Field name="description" label={t('doe.common.description')}>
                <Input.TextArea rows={3} maxLength={500} />
              </Field>
            </>
          ),
        }}
      />
      <MembersModal
        open={!!members}
        title={t('doe.members.titleOf', { name: members?.name })}
        source="team"
        editable={canEdit}
        onClose={() => setMembers(null)}
        load={() => team.members({ id: members!.id })}
        save={(m) => team.setMembers({ id: members!.id, members: m })}
      />
    </>
  );
}
