import { useMemo, useState } from 'react';
import { App, Button, Card, Form, Input, Modal, Popconfirm, Select, Space, Table, Tag, TreeSelect } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { systemPermissions as P, UserCreate, type DeptNode, type UserRow } from '@breedwise/contracts/system';
import { DataTable } from '../../../../components/data-table/DataTable';
import { applyServerErrors, fieldRules } from '../../../../components/form/zod-form';
import { useIsOwner } from '../../../../components/auth/Authorized';
import { usePermission } from '../../../../lib/permissions';
import { queryClient } from '../../../../lib/query';
import { api } from '../../api';

const userRules = fieldRules(UserCreate);
interface DeptOption {
  value: number;
  title: string;
  children: DeptOption[];
}
const deptTree = (nodes: DeptNode[]): DeptOption[] => nodes.map((d) => ({ value: d.id, title: d.name, children: deptTree(d.children) }));

/** Members of the organisation: roles, crop access (view or operate), status, password, sessions. */
export default function UserListPage() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const [keyword, setKeyword] = useState('');
  const [status, setStatus] = useState<string | undefined>();
  const [editing, setEditing] = useState<UserRow | null | undefined>(undefined);
  const canAdd = usePermission(P.userAdd);
  const canEdit = usePermission(P.userEdit);
  const canRemove = usePermission(P.userRemove);
  const canReset = usePermission(P.userResetPwd);
  const refresh = () => queryClient.invalidateQueries({ queryKey: api.system.user.$key });
  const act = async (fn: () => Promise<unknown>) => {
    await fn();
    void message.success(t('common.success'));
    await refresh();
  };
  const resetPwd = (row: UserRow) => {
    let value = '';
    modal.confirm({
      title: t('system.user.resetPwdOf', { name: row.nickName }),
      content: <Input.Password autoFocus onChange={(e) => (value = e.target.value)} placeholder={t('auth.newPassword')} />,
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          await api.system.user.resetPassword({ id: row.id, password: value }, { errorMode: 'silent' });
          void message.success(t('system.user.passwordReset'));
        } catch (err) {
          void message.error((err as Error).message);
          throw err;
        }
      },
    });
  };

  const columns = useMemo<ColumnsType<UserRow>>(
    () => [
      { title: t('login.username'), dataIndex: 'username', key: 'username', sorter: true, width: 140 },
      { title: t('auth.nickName'), dataIndex: 'nickName', key: 'nickName', sorter: true, width: 120 },
      { title: t('system.user.dept'), dataIndex: 'deptName', key: 'deptName', width: 140 },
      { title: t('system.user.roles'), key: 'roles', width: 180, render: (_, r) => r.roles.map((x) => <Tag key={x.id}>{x.roleName}</Tag>) },
      {
        title: t('auth.mobile'),
        dataIndex: 'phone',
        key: 'phone',
        width: 130,
        render: (v: string | null, r) =>
          v ? (
            <>
              {v}
              {r.phoneVerified && (
                <Tag color="green" className="bw-tag-s">
                  {t('system.user.verified')}
                </Tag>
              )}
            </>
          ) : (
            '—'
          ),
      },
      { title: t('system.user.mfa'), key: 'mfa', width: 90, render: (_, r) => (r.totpEnabled ? <Tag color="blue">TOTP</Tag> : '—') },
      {
        title: t('common.status'),
        dataIndex: 'status',
        key: 'status',
        sorter: true,
        width: 100,
        render: (v: string) => <Tag color={v === 'enabled' ? 'success' : v === 'pending' ? 'orange' : 'default'}>{t(`system.user.status.${v}`)}</Tag>,
      },
      {
        title: t('system.user.lastLogin'),
        dataIndex: 'lastLoginAt',
        key: 'lastLoginAt',
        sorter: true,
        width: 150,
        render: (v: string | null) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm') : '—'),
      },
      {
        title: t('common.actions'),
        key: 'actions',
        fixed: 'right',
        width: 300,
        render: (_, row) => (
          <UserActions
            row={row}
            canEdit={canEdit}
            canRemove={canRemove}
            canReset={canReset}
            onEdit={() => setEditing(row)}
            onReset={() => resetPwd(row)}
            act={act}
          />
        ),
      },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, canEdit, canRemove, canReset],
  );

  const params = useMemo(() => ({ keyword: keyword || undefined, status }), [keyword, status]);
  return (
    <div className="bw-page">
      <Card title={t('system.user.title')} variant="borderless">
        <DataTable<UserRow>
          testId="user-table"
          endpoint={api.system.user.page}
          params={params}
          columns={columns}
          rowKey="id"
          toolbar={
            <>
              <Input.Search allowClear placeholder={t('common.keywordPlaceholder')} style={{ width: 220 }} onSearch={(v) => setKeyword(v.trim())} />
              <Select
                style={{ width: 130 }}
                value={status ?? 'all'}
                onChange={(v) => setStatus(v === 'all' ? undefined : v)}
                options={[
                  { value: 'all', label: t('common.all') },
                  ...['enabled', 'disabled', 'pending'].map((s) => ({ value: s, label: t(`system.user.status.${s}`) })),
                ]}
              />
              {canAdd && (
                <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)} data-testid="user-add">
                  {t('system.user.add')}
                </Button>
              )}
            </>
          }
        />
      </Card>
      {editing !== undefined && (
        <UserFormModal
          user={editing}
          onClose={() => setEditing(undefined)}
          onSaved={() => {
            setEditing(undefined);
            void refresh();
            void message.success(t('common.success'));
          }}
        />
      )}
    </div>
  );
}

function UserActions({
  row,
  canEdit,
  canRemove,
  canReset,
  onEdit,
  onReset,
  act,
}: {
  row: UserRow;
  canEdit: boolean;
  canRemove: boolean;
  canReset: boolean;
  onEdit(): void;
  onReset(): void;
  act(fn: () => Promise<unknown>): Promise<void>;
}) {
  const { t } = useTranslation();
  // One's own account cannot be disabled or removed here (the server refuses it too).
  const self = useIsOwner(row.id);
  return (
    <Space size={2} wrap>
      {canEdit && row.status === 'pending' && (
        <>
          <Button type="link" size="small" onClick={() => act(() => api.system.user.approve({ id: row.id, approve: true }))}>
            {t('system.user.approve')}
          </Button>
          <Button type="link" size="small" danger onClick={() => act(() => api.system.user.approve({ id: row.id, approve: false }))}>
            {t('system.user.reject')}
          </Button>
        </>
      )}
      {canEdit && (
        <Button type="link" size="small" onClick={onEdit}>
          {t('common.edit')}
        </Button>
      )}
      {canEdit && !self && row.status !== 'pending' && (
        <Button
          type="link"
          size="small"
          onClick={() => act(() => api.system.user.status({ ids: [row.id], status: row.status === 'enabled' ? 'disabled' : 'enabled' }))}
        >
          {row.status === 'enabled' ? t('common.disable') : t('common.enable')}
        </Button>
      )}
      {canReset && (
        <Button type="link" size="small" onClick={onReset}>
          {t('system.user.resetPwd')}
        </Button>
      )}
      {canEdit && !self && (
        <Button type="link" size="small" onClick={() => act(() => api.system.user.forceLogout({ id: row.id }))}>
          {t('system.user.forceLogout')}
        </Button>
      )}
      {canRemove && !self && (
        <Popconfirm title={t('common.deleteConfirm', { name: row.nickName })} onConfirm={() => act(() => api.system.user.remove({ id: row.id }))}>
          <Button type="link" size="small" danger>
            {t('common.delete')}
          </Button>
        </Popconfirm>
      )}
    </Space>
  );
}

function UserFormModal({ user, onClose, onSaved }: { user: UserRow | null | undefined; onClose(): void; onSaved(): void }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  const open = user !== undefined;
  const roles = useQuery({
    queryKey: [...api.system.role.page.key, 'all'],
    queryFn: async () => (await api.system.role.page({ pageNum: 1, pageSize: 200 })).rows,
    enabled: open,
  });
  const crops = useQuery({ queryKey: api.system.crop.list.key, queryFn: () => api.system.crop.list(), enabled: open });
  const depts = useQuery({ queryKey: api.system.dept.tree.key, queryFn: () => api.system.dept.tree(), enabled: open });
  const [grants, setGrants] = useState<Record<number, 'view' | 'operate' | 'none'>>(() =>
    Object.fromEntries((user?.crops ?? []).map((c) => [c.cropId, c.access])),
  );
  return (
    <Modal
      open={open}
      width={720}
      title={t(user ? 'system.user.edit' : 'system.user.add')}
      onCancel={onClose}
      destroyOnHidden
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      onOk={async () => {
        const v = await form.validateFields();
        const cropGrants = Object.entries(grants)
          .filter(([, a]) => a !== 'none')
          .map(([cropId, access]) => ({ cropId: Number(cropId), access: access as 'view' | 'operate' }));
        setSaving(true);
        try {
          const body = {
            nickName: v.nickName,
            email: v.email ?? null,
            phone: v.phone ?? null,
            deptId: v.deptId ?? null,
            roleIds: v.roleIds ?? [],
            crops: cropGrants,
          };
          if (user) await api.system.user.update({ ...body, id: user.id }, { errorMode: 'silent' });
          else await api.system.user.create({ ...body, username: v.username, password: v.password }, { errorMode: 'silent' });
          onSaved();
        } catch (err) {
          if (!applyServerErrors(form, err)) void message.error((err as Error).message);
        } finally {
          setSaving(false);
        }
      }}
    >
      <Form form={form} layout="vertical" data-testid="user-form" initialValues={user ? { ...user, roleIds: user.roles.map((r) => r.id) } : undefined}>
        <Space.Compact block style={{ gap: 16 }}>
          <Form.Item name="username" label={t('login.username')} required rules={user ? [] : userRules.username} style={{ flex: 1 }}>
            <Input disabled={!!user} />
          </Form.Item>
          <Form.Item name="nickName" label={t('auth.nickName')} required rules={userRules.nickName} style={{ flex: 1 }}>
            <Input maxLength={50} />
          </Form.Item>
        </Space.Compact>
        {!user && (
          <Form.Item name="password" label={t('auth.newPassword')} extra={t('auth.passwordRule')} required rules={userRules.password}>
            <Input.Password autoComplete="new-password" />
          </Form.Item>
        )}
        <Space.Compact block style={{ gap: 16 }}>
          <Form.Item name="email" label={t('auth.email')} style={{ flex: 1 }} rules={userRules.email}>
            <Input />
          </Form.Item>
          <Form.Item name="phone" label={t('auth.mobile')} style={{ flex: 1 }} rules={userRules.phone}>
            <Input />
          </Form.Item>
        </Space.Compact>
        <Form.Item name="deptId" label={t('system.user.dept')}>
          <TreeSelect allowClear treeDefaultExpandAll treeData={deptTree(depts.data ?? [])} />
        </Form.Item>
        <Form.Item name="roleIds" label={t('system.user.roles')}>
          <Select mode="multiple" options={(roles.data ?? []).map((r) => ({ value: r.id, label: r.roleName }))} />
        </Form.Item>
        <Form.Item label={t('system.user.cropAccess')}>
          <Table
            size="small"
            pagination={false}
            rowKey="id"
            dataSource={crops.data ?? []}
            columns={[
              { title: t('layout.crop'), key: 'name', render: (_, c) => (i18n.language === 'en' ? c.nameEn : c.nameZh) },
              {
                title: t('system.user.access'),
                key: 'access',
                width: 200,
                render: (_, c) => (
                  <Select
                    size="small"
                    style={{ width: 160 }}
                    value={grants[c.id] ?? 'none'}
                    onChange={(a) => setGrants((g) => ({ ...g, [c.id]: a }))}
                    options={['none', 'view', 'operate'].map((a) => ({ value: a, label: t(`system.user.cropAccessOf.${a}`) }))}
                  />
                ),
              },
            ]}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
