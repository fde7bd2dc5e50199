import { useMemo, useState } from 'react';
import { Form, Input, Select, Space, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { DASHBOARD_TYPES, RoleCreate, RoleUpdate, systemPermissions as P, type RoleRow } from '@breedwise/contracts/system';
import { CrudPage } from '../../../../components/crud/CrudPage';
import { fieldRules } from '../../../../components/form/zod-form';
import { api } from '../../api';
import { SortField, StatusField, statusColumn } from '../../components/fields';
import { PermissionDrawer } from '../components/PermissionDrawer';

const rules = fieldRules(RoleCreate);

/** Roles of the organisation and their permissions (menu entries granted, as a checkable tree). */
export default function RoleListPage() {
  const { t, i18n } = useTranslation();
  const [granting, setGranting] = useState<RoleRow | null>(null);
  const columns = useMemo<ColumnsType<RoleRow>>(
    () => [
      { title: t('system.role.roleName'), dataIndex: 'roleName', key: 'roleName', width: 200 },
      {
        title: t('system.role.roleKey'),
        dataIndex: 'roleKey',
        key: 'roleKey',
        width: 140,
        render: (v: string, r) => (
          <Space>
            {v}
            {r.builtin && <Tag>{t('system.role.builtin')}</Tag>}
          </Space>
        ),
      },
      {
        title: t('system.role.dashboardType'),
        dataIndex: 'dashboardType',
        key: 'dashboardType',
        width: 130,
        render: (v: string) => t(`system.dashboard.${v}`),
      },
      { title: t('system.role.users'), dataIndex: 'userCount', key: 'userCount', width: 90 },
      statusColumn(t),
    ],
    [t],
  );
  return (
    <>
      <CrudPage<RoleRow, typeof RoleCreate, typeof RoleUpdate>
        title={t('system.role.title')}
        testId="role-table"
        tableName="system.role"
        resource={api.system.role}
        columns={columns}
        permissions={{ add: P.roleAdd, edit: P.roleEdit, remove: P.roleRemove }}
        nameOf={(r) => r.roleName}
        removable={(r) => !r.builtin}
        actions={[
          {
            key: 'perms',
            label: t('system.role.permissions'),
            permission: P.roleEdit,
            onClick: (row) => setGranting(row),
            testId: (row) => `role-perms-${row.roleKey}`,
          },
        ]}
        form={{
          create: RoleCreate,
          update: RoleUpdate,
          titles: { create: t('system.role.add'), edit: t('system.role.edit') },
          fields: (_form, editing) => (
            <>
              <Form.Item name="roleName" label={t('system.role.roleName')} required rules={rules.roleName}>
                <Input maxLength={50} />
              </Form.Item>
              <Form.Item name="roleKey" label={t('system.role.roleKey')} required rules={rules.roleKey} extra={t('system.role.roleKeyFormat')}>
                <Input maxLength={50} disabled={editing?.builtin} />
              </Form.Item>
              <Form.Item name="dashboardType" label={t('system.role.dashboardType')} initialValue="default">
                <Select options={DASHBOARD_TYPES.map((d) => ({ value: d, label: t(`system.dashboard.${d}`) }))} />
              </Form.Item>
              <Space size="large">
                <StatusField initialValue="enabled" />
                <SortField label={t('system.role.sort')} initialValue={0} />
              </Space>
            </>
          ),
        }}
      />
      <PermissionDrawer role={granting} lang={i18n.language} onClose={() => setGranting(null)} />
    </>
  );
}
