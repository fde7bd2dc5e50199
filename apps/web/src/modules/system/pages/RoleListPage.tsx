import { useMemo, useState } from 'react';
import { App, Button, Card, Drawer, Form, Input, InputNumber, Modal, Popconfirm, Select, Space, Tag, Tree } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DASHBOARD_TYPES, Permissions, RoleCreate, type MenuNode, type RoleRow } from '@breedwise/contracts';
import { DataTable } from '../../../components/data-table/DataTable';
import { applyServerErrors, fieldRules } from '../../../components/form/zod-form';
import { loginInfoKey } from '../../../shell/auth-api';
import { usePermission } from '../../../shell/permissions';
import { queryClient } from '../../../lib/query';
import { systemApi, systemKeys } from '../api';

const P = Permissions.system;
const roleRules = fieldRules(RoleCreate);

interface TreeNode { key: number; title: string; children: TreeNode[] }
function toTree(nodes: MenuNode[], lang: string): TreeNode[] {
  return nodes.map((n) => ({ key: n.id, title: `${lang === 'en' ? n.titleEn : n.titleZh}${n.perms ? ` (${n.perms})` : ''}`, children: toTree(n.children, lang) }));
}

/** Roles of the organisation and their permissions (menu entries granted, as a checkable tree). */
export default function RoleListPage() {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const [editing, setEditing] = useState<RoleRow | null | undefined>(undefined);
  const [granting, setGranting] = useState<RoleRow | null>(null);
  const canAdd = usePermission(P.roleAdd);
  const canEdit = usePermission(P.roleEdit);
  const canRemove = usePermission(P.roleRemove);
  const refresh = () => queryClient.invalidateQueries({ queryKey: systemKeys.roles });

  const columns = useMemo<ColumnsType<RoleRow>>(() => [
    { title: t('system.role.roleName'), dataIndex: 'roleName', key: 'roleName', width: 200 },
    { title: t('system.role.roleKey'), dataIndex: 'roleKey', key: 'roleKey', width: 140, render: (v: string, r) => <Space>{v}{r.builtin && <Tag>{t('system.role.builtin')}</Tag>}</Space> },
    { title: t('system.role.dashboardType'), dataIndex: 'dashboardType', key: 'dashboardType', width: 130, render: (v: string) => t(`system.dashboard.${v}`) },
    { title: t('system.role.users'), dataIndex: 'userCount', key: 'userCount', width: 90 },
    { title: t('common.status'), dataIndex: 'status', key: 'status', width: 90, render: (v: string) => <Tag color={v === 'enabled' ? 'success' : 'default'}>{t(`common.${v}`)}</Tag> },
    {
      title: t('common.actions'), key: 'actions', width: 220, fixed: 'right',
      render: (_, row) => (
        <Space size={4}>
          {canEdit && <Button type="link" size="small" onClick={() => setGranting(row)} data-testid={`role-perms-${row.roleKey}`}>{t('system.role.permissions')}</Button>}
          {canEdit && <Button type="link" size="small" onClick={() => setEditing(row)}>{t('common.edit')}</Button>}
          {canRemove && !row.builtin && (
            <Popconfirm title={t('common.deleteConfirm', { name: row.roleName })} onConfirm={async () => { await systemApi.removeRole(row.id); await refresh(); }}>
              <Button type="link" size="small" danger>{t('common.delete')}</Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ], [t, canEdit, canRemove]);

  return (
    <div className="bw-page">
      <Card title={t('system.role.title')} variant="borderless">
        <DataTable<RoleRow>
          testId="role-table" queryKey={systemKeys.roles} fetch={systemApi.roles} columns={columns} rowKey="id"
          toolbar={canAdd && <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)} data-testid="role-add">{t('system.role.add')}</Button>}
        />
      </Card>
      {editing !== undefined && <RoleFormModal role={editing} onClose={() => setEditing(undefined)} onSaved={() => { setEditing(undefined); void refresh(); void message.success(t('common.success')); }} />}
      <PermissionDrawer role={granting} lang={i18n.language} onClose={() => setGranting(null)} />
    </div>
  );
}

function RoleFormModal({ role, onClose, onSaved }: { role: RoleRow | null | undefined; onClose(): void; onSaved(): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  return (
    <Modal
      open={role !== undefined} title={t(role ? 'system.role.edit' : 'system.role.add')} onCancel={onClose} destroyOnHidden okText={t('common.save')} cancelText={t('common.cancel')}
      confirmLoading={saving}
      onOk={async () => {
        const v = await form.validateFields();
        setSaving(true);
        try {
          if (role) await systemApi.updateRole({ ...v, id: role.id });
          else await systemApi.createRole({ ...v, menuIds: [] });
          onSaved();
        } catch (err) {
          if (!applyServerErrors(form, err)) void message.error((err as Error).message);
        } finally {
          setSaving(false);
        }
      }}
    >
      <Form form={form} layout="vertical" initialValues={role ?? { dashboardType: 'default', status: 'enabled', sort: 0 }} data-testid="role-form">
        <Form.Item name="roleName" label={t('system.role.roleName')} required rules={roleRules.roleName}><Input maxLength={50} /></Form.Item>
        <Form.Item name="roleKey" label={t('system.role.roleKey')} required rules={roleRules.roleKey} extra={t('system.role.roleKeyFormat')}><Input maxLength={50} disabled={role?.builtin} /></Form.Item>
        <Form.Item name="dashboardType" label={t('system.role.dashboardType')}>
          <Select options={DASHBOARD_TYPES.map((d) => ({ value: d, label: t(`system.dashboard.${d}`) }))} />
        </Form.Item>
        <Space size="large">
          <Form.Item name="status" label={t('common.status')}>
            <Select style={{ width: 140 }} options={[{ value: 'enabled', label: t('common.enabled') }, { value: 'disabled', label: t('common.disabled') }]} />
          </Form.Item>
          <Form.Item name="sort" label={t('system.role.sort')}><InputNumber min={0} max={9999} /></Form.Item>
        </Space>
      </Form>
    </Modal>
  );
}

function PermissionDrawer({ role, lang, onClose }: { role: RoleRow | null; lang: string; onClose(): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const tree = useQuery({ queryKey: ['system', 'menuTree'], queryFn: systemApi.menuTree, enabled: !!role });
  const detail = useQuery({ queryKey: [...systemKeys.roles, 'detail', role?.id], queryFn: () => systemApi.role(role!.id), enabled: !!role });
  const [checked, setChecked] = useState<number[] | null>(null);
  const [saving, setSaving] = useState(false);
  const value = checked ?? detail.data?.menuIds ?? [];
  // The tree checks parents from their children, so it is shown the leaves; directories granted
  // through their children (half-checked) are saved too, or their pages would have no place in the menu.
  const leaves = useMemo(() => {
    const set = new Set<number>();
    const walk = (ns: MenuNode[]) => ns.forEach((n) => (n.children.length ? walk(n.children) : set.add(n.id)));
    walk(tree.data ?? []);
    return set;
  }, [tree.data]);
  return (
    <Drawer
      open={!!role} width={520} title={t('system.role.permissionsOf', { name: role?.roleName ?? '' })} onClose={() => { setChecked(null); onClose(); }} destroyOnHidden
      extra={<Button type="primary" loading={saving} data-testid="role-perms-save" onClick={async () => {
        setSaving(true);
        try {
          await systemApi.setRoleMenus(role!.id, value);
          await queryClient.invalidateQueries({ queryKey: systemKeys.roles });
          await queryClient.invalidateQueries({ queryKey: loginInfoKey });
          void message.success(t('system.role.permissionsSaved'));
          setChecked(null);
          onClose();
        } finally {
          setSaving(false);
        }
      }}>{t('common.save')}</Button>}
    >
      {role?.roleKey === 'admin' && <p className="bw-muted">{t('system.role.adminAll')}</p>}
      {tree.data && (
        <Tree
          checkable defaultExpandAll data-testid="role-perms-tree"
          treeData={toTree(tree.data, lang)}
          checkedKeys={value.filter((id) => leaves.has(id))}
          onCheck={(keys, info) => setChecked([...(Array.isArray(keys) ? keys : keys.checked), ...(info.halfCheckedKeys ?? [])].map(Number))}
        />
      )}
    </Drawer>
  );
}
