import { useMemo } from 'react';
import { Input } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { bpmPermissions as P, UserGroupCreate, UserGroupUpdate, type UserGroupRow } from '@breedwise/contracts/bpm';
import { CrudPage } from '../../../../components/crud/CrudPage';
import { dateTimeColumn } from '../../../../components/crud/columns';
import { Field } from '../../../../components/form/Field';
import { api } from '../../api';
import { UserPicker } from '../../components/Pickers';

const groups = api.bpm.userGroup;
const resource = { ...groups, remove: (input: { id: number }) => groups.delete(input) };

/** User groups: candidates of the assignment rules. */
export default function UserGroupPage() {
  const { t } = useTranslation();
  const columns = useMemo<ColumnsType<UserGroupRow>>(
    () => [
      { title: t('bpm.group.name'), dataIndex: 'name', key: 'name', sorter: true, width: 200, fixed: 'left' },
      { title: t('bpm.group.members'), dataIndex: 'memberNames', key: 'memberNames', render: (v: string[]) => v.join(', ') },
      { title: t('bpm.common.description'), dataIndex: 'description', key: 'description', ellipsis: true, width: 240 },
      dateTimeColumn(t('common.updatedAt'), 'updatedAt'),
    ],
    [t],
  );
  return (
    <CrudPage
      i18n="bpm.group"
      resource={resource}
      columns={columns}
      filters={false}
      permissions={{ add: P.groupCreate, edit: P.groupUpdate, remove: P.groupDelete }}
      form={{
        create: UserGroupCreate,
        update: UserGroupUpdate,
        fields: () => (
          <>
            <Field name="name" label={t('bpm.group.name')}>
              <Input maxLength={100} />
            </Field>
            <Field name="memberUserIds" label={t('bpm.group.members')}>
              <UserPicker mode="multiple" />
            </Field>
            <Field name="description" label={t('bpm.common.description')}>
              <Input.TextArea rows={3} maxLength={500} />
            </Field>
          </>
        ),
      }}
    />
  );
}
