import { useMemo, useState, type Key } from 'react';
import {
  Alert,
  App,
  AutoComplete,
  Button,
  Card,
  Form,
  Input,
  InputNumber,
  Modal,
  Popconfirm,
  Radio,
  Select,
  Space,
  Switch,
  Table,
  Tag,
  Tooltip,
  TreeSelect,
  Typography,
  type ButtonProps,
} from 'antd';
import { EyeInvisibleOutlined, LinkOutlined, PlusOutlined, PushpinOutlined, TeamOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MenuCreate, MenuUpdate, systemPermissions as P, type MenuNode } from '@breedwise/contracts/system';
import { applyServerErrors, fieldRules, validateForm } from '../../../../components/form/zod-form';
import { queryClient } from '../../../../lib/query';
import { loginInfoKey, useLoginInfo } from '../../../../lib/login-info';
import { menuIcon } from '../../../../components/common/menu-icons';
import { usePermission } from '../../../../lib/permissions';
import { useRegistry } from '../../../../lib/registry-context';
import { api } from '../../api';
import { MenuIconSelect, StatusField } from '../../components/fields';
import '../../system.css';

type MenuType = MenuNode['menuType'];
const TYPE_COLOR: Record<MenuType, string> = { M: 'blue', C: 'green', F: 'default' };
const rules = fieldRules(MenuCreate);

/** Keeps the entries matching a keyword and the directories above them. */
export function filterMenu(nodes: MenuNode[], keyword: string): MenuNode[] {
  const k = keyword.trim().toLowerCase();
  if (!k) return nodes;
  return nodes.flatMap((n) => {
    const children = filterMenu(n.children, k);
    const hit = [n.titleZh, n.titleEn, n.path, n.component ?? '', n.perms ?? ''].some((v) => v.toLowerCase().includes(k));
    return hit || children.length ? [{ ...n, children: hit ? n.children : children }] : [];
  });
}

const ids = (nodes: MenuNode[]): number[] => nodes.flatMap((n) => [n.id, ...ids(n.children)]);

/** A table row: leaves carry no `children`, so they get no expand button. */
type Row = Omit<MenuNode, 'children'> & { node: MenuNode; children?: Row[] };
const toRows = (nodes: MenuNode[]): Row[] => nodes.map((n) => ({ ...n, node: n, children: n.children.length ? toRows(n.children) : undefined }));

interface ParentOption {
  value: number;
  title: string;
  disabled?: boolean;
  children: ParentOption[];
}
/** Where an entry may hang: directories (and pages, for buttons), never itself or below itself. */
function parentOptions(nodes: MenuNode[], type: MenuType, lang: string, selfId?: number): ParentOption[] {
  return nodes
    .filter((n) => n.menuType !== 'F' && n.id !== selfId)
    .map((n) => ({
      value: n.id,
      title: lang === 'en' ? n.titleEn : n.titleZh,
      disabled: type === 'F' ? false : n.menuType !== 'M',
      children: parentOptions(n.children, type, lang, selfId),
    }));
}

/**
 * The menu tree editor (menu/list; platform administrators edit): directories (M), pages (C) and
 * buttons (F) with route, component, permission strings, route roles, icon, hidden, affix, help URL,
 * type and order. Pages appear in a member's menu once a role grants them and this build has the screen.
 */
export default function MenuListPage() {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const { data: me } = useLoginInfo();
  const { hasPage } = useRegistry();
  const canEdit = usePermission(P.menuEdit) && !!me?.userInfo.platformAdmin;
  const menus = useQuery({ queryKey: api.system.menu.list.key, queryFn: () => api.system.menu.list() });
  const [keyword, setKeyword] = useState('');
  const [expanded, setExpanded] = useState<readonly Key[] | null>(null);
  const [editing, setEditing] = useState<{ node: MenuNode | null; parentId: number | null; type: MenuType } | null>(null);
  const lang = i18n.language;
  const tree = useMemo(() => filterMenu(menus.data ?? [], keyword), [menus.data, keyword]);
  const rows = useMemo(() => toRows(tree), [tree]);
  const title = (n: Pick<MenuNode, 'titleEn' | 'titleZh'>) => (lang === 'en' ? n.titleEn : n.titleZh);

  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: api.system.menu.$key });
    await queryClient.invalidateQueries({ queryKey: ['system', 'menuTree'] });
    await queryClient.invalidateQueries({ queryKey: loginInfoKey });
  };

  const columns: ColumnsType<Row> = [
    {
      title: t('system.menu.titleCol'),
      key: 'title',
      width: 250,
      render: (_, n) => (
        <span className="bw-menu-title" data-testid={`menu-row-${n.menuKey}`}>
          {n.icon && <span className="bw-menu-icon">{menuIcon(n.icon)}</span>}
          <span>{title(n)}</span>
          <Typography.Text type="secondary" className="bw-menu-alt">
            {lang === 'en' ? n.titleZh : n.titleEn}
          </Typography.Text>
        </span>
      ),
    },
    {
      title: t('system.menu.type'),
      key: 'menuType',
      width: 90,
      render: (_, n) => <Tag color={TYPE_COLOR[n.menuType]}>{t(`system.menu.types.${n.menuType}`)}</Tag>,
    },
    {
      title: t('system.menu.route'),
      key: 'path',
      ellipsis: true,
      render: (_, n) =>
        n.menuType === 'F' ? (
          '—'
        ) : (
          <div className="bw-menu-route">
            <Typography.Text code>{n.path || '—'}</Typography.Text>
            {n.component && (
              <Typography.Text type={hasPage(n.component) || n.type === 'iframe' ? 'secondary' : 'warning'} className="bw-menu-component">
                {n.component}
                {!hasPage(n.component) && n.type !== 'iframe' && ` · ${t('system.menu.noScreen')}`}
              </Typography.Text>
            )}
          </div>
        ),
    },
    {
      title: t('system.menu.perms'),
      key: 'perms',
      width: 190,
      ellipsis: true,
      render: (_, n) => (n.perms ? <Typography.Text code>{n.perms}</Typography.Text> : '—'),
    },
    {
      title: t('system.menu.flags'),
      key: 'flags',
      width: 170,
      render: (_, n) => (
        <Space size={4} wrap>
          {n.hidden && (
            <Tooltip title={t('system.menu.hiddenHelp')}>
              <Tag icon={<EyeInvisibleOutlined />}>{t('system.menu.hidden')}</Tag>
            </Tooltip>
          )}
          {n.affix && (
            <Tag icon={<PushpinOutlined />} color="gold">
              {t('system.menu.affix')}
            </Tag>
          )}
          {n.roles.length > 0 && (
            <Tooltip title={n.roles.join(', ')}>
              <Tag icon={<TeamOutlined />} color="purple">
                {t('system.menu.rolesCount', { count: n.roles.length })}
              </Tag>
            </Tooltip>
          )}
          {n.helpUrl && (
            <Tooltip title={n.helpUrl}>
              <Tag icon={<LinkOutlined />}>{t('system.menu.help')}</Tag>
            </Tooltip>
          )}
          {n.type && <Tag color="cyan">{n.type}</Tag>}
          {n.status === 'disabled' && <Tag color="red">{t('common.disabled')}</Tag>}
        </Space>
      ),
    },
    { title: t('system.menu.order'), dataIndex: 'orderNum', key: 'orderNum', width: 64, align: 'right' },
    ...(canEdit
      ? [
          {
            title: t('common.actions'),
            key: 'actions',
            width: 220,
            fixed: 'right' as const,
            render: (_: unknown, n: Row) => (
              <Space size={2}>
                {n.menuType !== 'F' && (
                  <Button
                    type="link"
                    size="small"
                    icon={<PlusOutlined />}
                    data-testid={`menu-add-child-${n.menuKey}`}
                    onClick={() => setEditing({ node: null, parentId: n.id, type: n.menuType === 'M' ? 'C' : 'F' })}
                  >
                    {t('system.menu.addChild')}
                  </Button>
                )}
                <Button
                  type="link"
                  size="small"
                  data-testid={`menu-edit-${n.menuKey}`}
                  onClick={() => setEditing({ node: n.node, parentId: n.parentId, type: n.menuType })}
                >
                  {t('common.edit')}
                </Button>
                <Popconfirm
                  title={t('common.deleteConfirm', { name: title(n) })}
                  okText={t('common.ok')}
                  cancelText={t('common.cancel')}
                  onConfirm={async () => {
                    try {
                      await api.system.menu.remove({ id: n.id });
                      void message.success(t('common.success'));
                      await refresh();
                    } catch {
                      /* the refusal (e.g. entries below it) was shown */
                    }
                  }}
                >
                  <Button type="link" size="small" danger disabled={!!n.children}>
                    {t('common.delete')}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]
      : []),
  ];

  const allIds = useMemo(() => ids(tree), [tree]);
  return (
    <div className="bw-page">
      <Card title={t('system.menu.title')} variant="borderless">
        {!canEdit && <Alert type="info" showIcon title={t('system.menu.platformOnly')} style={{ marginBottom: 12 }} />}
        <div className="bw-toolbar" style={{ marginBottom: 12 }}>
          <Input.Search
            allowClear
            placeholder={t('system.menu.search')}
            style={{ width: 260 }}
            onSearch={(v) => {
              setKeyword(v);
              setExpanded(v.trim() ? null : []);
            }}
            data-testid="menu-search"
          />
          <Button onClick={() => setExpanded(allIds)}>{t('system.menu.expandAll')}</Button>
          <Button onClick={() => setExpanded([])}>{t('system.menu.collapseAll')}</Button>
          <span className="bw-toolbar-spacer" />
          {canEdit && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ node: null, parentId: null, type: 'M' })} data-testid="menu-add">
              {t('system.menu.addRoot')}
            </Button>
          )}
        </div>
        <Table<Row>
          data-testid="menu-table"
          size="middle"
          rowKey="id"
          loading={menus.isLoading}
          dataSource={rows}
          columns={columns}
          pagination={false}
          scroll={{ x: 1220 }}
          expandable={{ expandedRowKeys: expanded ?? (keyword ? allIds : []), onExpandedRowsChange: (keys) => setExpanded(keys) }}
        />
      </Card>
      {editing && (
        <MenuFormModal
          state={editing}
          tree={menus.data ?? []}
          onClose={() => setEditing(null)}
          onSaved={async (node) => {
            setEditing(null);
            void message.success(t('system.menu.saved'));
            await refresh();
            if (node.parentId) setExpanded((e) => [...new Set([...(e ?? []), node.parentId!])]);
          }}
        />
      )}
    </div>
  );
}

interface FormState {
  node: MenuNode | null;
  parentId: number | null;
  type: MenuType;
}

function MenuFormModal({ state, tree, onClose, onSaved }: { state: FormState | null; tree: MenuNode[]; onClose(): void; onSaved(node: MenuNode): void }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  const type: MenuType = Form.useWatch('menuType', form) ?? state?.type ?? 'C';
  const component: string | undefined = Form.useWatch('component', form);
  const menuKind: string | undefined = Form.useWatch('type', form);
  const canListRoles = usePermission(P.roleList);
  const roles = useQuery({
    queryKey: [...api.system.role.page.key, 'all'],
    queryFn: async () => (await api.system.role.page({ pageNum: 1, pageSize: 200 })).rows,
    enabled: !!state && canListRoles,
  });
  const registry = useRegistry();
  const components = useMemo(() => registry.components.map((c) => ({ value: c })), [registry]);
  const editing = state?.node ?? null;

  return (
    <Modal
      open={!!state}
      width={780}
      destroyOnHidden
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      onCancel={onClose}
      title={t(editing ? 'system.menu.edit' : 'system.menu.add')}
      okButtonProps={{ 'data-testid': 'menu-form-save' } as ButtonProps}
      onOk={async () => {
        const values = { ...form.getFieldsValue(true) } as Record<string, unknown>;
        await form.validateFields();
        if (values.menuType !== 'C') Object.assign(values, { component: null, affix: false, helpUrl: null });
        if (values.menuType === 'F') Object.assign(values, { path: '', icon: null, hidden: false, roles: [], type: null });
        const update = editing ? validateForm(form, MenuUpdate, { ...values, id: editing.id }) : null;
        const create = editing ? null : validateForm(form, MenuCreate, values);
        if (!update && !create) return;
        setSaving(true);
        try {
          const saved = update ? await api.system.menu.update(update, { errorMode: 'silent' }) : await api.system.menu.create(create!, { errorMode: 'silent' });
          onSaved(saved);
        } catch (err) {
          if (!applyServerErrors(form, err)) void message.error((err as Error).message);
        } finally {
          setSaving(false);
        }
      }}
    >
      <Form
        form={form}
        layout="vertical"
        data-testid="menu-form"
        className="bw-menu-form"
        initialValues={
          editing
            ? {
                ...editing,
                component: editing.component ?? undefined,
                perms: editing.perms ?? undefined,
                icon: editing.icon ?? undefined,
                helpUrl: editing.helpUrl ?? undefined,
                type: editing.type ?? undefined,
              }
            : {
                parentId: state?.parentId ?? null,
                menuType: state?.type ?? 'C',
                hidden: false,
                affix: false,
                roles: [],
                orderNum: 0,
                status: 'enabled',
                path: '',
              }
        }
      >
        <div className="bw-form-pair">
          <Form.Item name="menuType" label={t('system.menu.type')} rules={rules.menuType}>
            <Radio.Group
              optionType="button"
              buttonStyle="solid"
              disabled={!!editing && editing.children.length > 0}
              options={(['M', 'C', 'F'] as const).map((m) => ({ value: m, label: t(`system.menu.types.${m}`) }))}
            />
          </Form.Item>
          <Form.Item
            name="parentId"
            label={t('system.menu.parent')}
            rules={rules.parentId}
            extra={type === 'F' ? t('system.menu.parentButtonHelp') : undefined}
          >
            <TreeSelect
              allowClear
              treeDefaultExpandAll={false}
              placeholder={t('system.menu.root')}
              showSearch={{ treeNodeFilterProp: 'title' }}
              treeData={parentOptions(tree, type, i18n.language, editing?.id)}
              data-testid="menu-form-parent"
            />
          </Form.Item>
        </div>
        <div className="bw-form-pair">
          <Form.Item name="titleZh" label={t('system.menu.titleZh')} required rules={rules.titleZh}>
            <Input maxLength={50} data-testid="menu-form-title-zh" />
          </Form.Item>
          <Form.Item name="titleEn" label={t('system.menu.titleEn')} required rules={rules.titleEn}>
            <Input maxLength={80} data-testid="menu-form-title-en" />
          </Form.Item>
        </div>
        {type !== 'F' && (
          <div className="bw-form-pair">
            <Form.Item name="path" label={t('system.menu.path')} rules={rules.path} extra={t('system.menu.pathHelp')}>
              <Input placeholder="/doe/exp/location" data-testid="menu-form-path" />
            </Form.Item>
            <Form.Item name="icon" label={t('system.menu.icon')} rules={rules.icon}>
              <MenuIconSelect placeholder={t('system.menu.iconNone')} />
            </Form.Item>
          </div>
        )}
        {type === 'C' && (
          <>
            <Form.Item
              name="component"
              label={t('system.menu.component')}
              rules={[{ required: menuKind !== 'iframe', message: t('system.form.required') }, ...rules.component]}
              extra={
                component && !registry.hasPage(component) && menuKind !== 'iframe' ? (
                  <Typography.Text type="warning">{t('system.menu.noScreenHelp')}</Typography.Text>
                ) : (
                  t('system.menu.componentHelp')
                )
              }
            >
              <AutoComplete
                options={components}
                placeholder="doe/exp/location/index"
                data-testid="menu-form-component"
                filterOption={(input, option) => String(option?.value ?? '').includes(input)}
              />
            </Form.Item>
            <div className="bw-form-pair">
              <Form.Item name="type" label={t('system.menu.kind')} rules={rules.type} extra={t('system.menu.kindHelp')}>
                <AutoComplete allowClear options={[{ value: 'iframe' }]} />
              </Form.Item>
              <Form.Item name="helpUrl" label={t('system.menu.helpUrl')} rules={rules.helpUrl} extra={t('system.menu.helpUrlHelp')}>
                <Input placeholder="location.html" />
              </Form.Item>
            </div>
          </>
        )}
        {type !== 'M' && (
          <Form.Item name="perms" label={t('system.menu.perms')} rules={rules.perms} extra={t('system.menu.permsHelp')}>
            <Input placeholder={type === 'F' ? 'doe:location:add' : 'doe:location:list'} data-testid="menu-form-perms" />
          </Form.Item>
        )}
        {type !== 'F' && (
          <Form.Item name="roles" label={t('system.menu.roles')} rules={rules.roles} extra={t('system.menu.rolesHelp')}>
            <Select
              mode="tags"
              tokenSeparators={[',', ' ']}
              placeholder={t('system.menu.rolesNone')}
              options={(roles.data ?? []).map((r) => ({ value: r.roleKey, label: `${r.roleName} (${r.roleKey})` }))}
            />
          </Form.Item>
        )}
        <Space size="large" wrap align="start">
          <Form.Item name="orderNum" label={t('system.menu.order')} rules={rules.orderNum}>
            <InputNumber min={0} max={99999} style={{ width: 120 }} />
          </Form.Item>
          {type !== 'F' && (
            <Form.Item name="hidden" label={t('system.menu.hidden')} valuePropName="checked" tooltip={t('system.menu.hiddenHelp')}>
              <Switch />
            </Form.Item>
          )}
          {type === 'C' && (
            <Form.Item name="affix" label={t('system.menu.affix')} valuePropName="checked" tooltip={t('system.menu.affixHelp')}>
              <Switch />
            </Form.Item>
          )}
          <StatusField rules={rules.status} width={130} />
        </Space>
      </Form>
    </Modal>
  );
}
