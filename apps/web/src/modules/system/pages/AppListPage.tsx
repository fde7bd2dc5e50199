import { useMemo, useState } from 'react';
import { Alert, App, AutoComplete, Button, Card, Form, Input, InputNumber, Modal, Popconfirm, Select, Space, Tag, Typography, type ButtonProps } from 'antd';
import { ExportOutlined, PlusOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AppCreate, AppUpdate, Permissions, type AppRow } from '@breedwise/contracts';
import { DataTable } from '../../../components/data-table/DataTable';
import { applyServerErrors, fieldRules, validateForm } from '../../../components/form/zod-form';
import { queryClient } from '../../../lib/query';
import { useLoginInfo } from '../../../shell/auth-api';
import { MENU_ICON_NAMES, menuIcon } from '../../../shell/layout/icons';
import { usePermission } from '../../../shell/permissions';
import { localPage, systemApi, systemKeys } from '../api';
import '../system.css';

const rules = fieldRules(AppCreate);

/**
 * Apps of the app center (app/list): a top-level menu group of this product (opens its first page the
 * user may see) or an external https address. Platform administrators edit; everyone with the app
 * center sees the apps they can open.
 */
export default function AppListPage() {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const { data: me } = useLoginInfo();
  const canEdit = usePermission(Permissions.system.appEdit) && !!me?.userInfo.platformAdmin;
  const [keyword, setKeyword] = useState('');
  const [editing, setEditing] = useState<AppRow | null | undefined>(undefined);
  const lang = i18n.language;
  const fetch = useMemo(() => localPage(systemApi.apps, (a, k) => [a.appKey, a.nameZh, a.nameEn, a.target].some((v) => v.toLowerCase().includes(k))), []);
  const refresh = () => queryClient.invalidateQueries({ queryKey: systemKeys.apps });
  const canListMenus = usePermission(Permissions.system.menuList);
  const menus = useQuery({ queryKey: systemKeys.menus, queryFn: systemApi.menuList, enabled: canListMenus });
  const groupTitle = (key: string) => {
    const g = menus.data?.find((m) => m.menuKey === key);
    return g ? (lang === 'en' ? g.titleEn : g.titleZh) : null;
  };
  const params = useMemo(() => ({ keyword: keyword || undefined }), [keyword]);

  const columns: ColumnsType<AppRow> = [
    {
      title: t('system.app.name'), key: lang === 'en' ? 'nameEn' : 'nameZh', dataIndex: lang === 'en' ? 'nameEn' : 'nameZh', sorter: true, width: 240,
      render: (_, a) => (
        <span className="bw-app-row">
          <span className="bw-app-row-icon">{menuIcon(a.icon ?? 'AppstoreOutlined')}</span>
          <span>
            <div>{lang === 'en' ? a.nameEn : a.nameZh}</div>
            <Typography.Text type="secondary" className="bw-small">{(lang === 'en' ? a.descriptionEn : a.descriptionZh) ?? ''}</Typography.Text>
          </span>
        </span>
      ),
    },
    { title: t('system.app.appKey'), dataIndex: 'appKey', key: 'appKey', sorter: true, width: 130, render: (v: string) => <Typography.Text code>{v}</Typography.Text> },
    {
      title: t('system.app.target'), dataIndex: 'target', key: 'target', width: 280, ellipsis: true,
      render: (v: string, a) => (a.external
        ? <a href={v} target="_blank" rel="noreferrer"><ExportOutlined /> {v}</a>
        : <Space size={4}><Tag>{t('system.app.menuGroup')}</Tag>{groupTitle(v) ?? ''}<Typography.Text type="secondary" code>{v}</Typography.Text></Space>),
    },
    { title: t('system.app.sort'), dataIndex: 'sort', key: 'sort', sorter: true, width: 80, align: 'right' },
    { title: t('common.status'), dataIndex: 'status', key: 'status', width: 90, render: (v: string) => <Tag color={v === 'enabled' ? 'success' : 'default'}>{t(`common.${v}`)}</Tag> },
    ...(canEdit ? [{
      title: t('common.actions'), key: 'actions', width: 140, fixed: 'right' as const,
      render: (_: unknown, a: AppRow) => (
        <Space size={2}>
          <Button type="link" size="small" onClick={() => setEditing(a)} data-testid={`app-edit-${a.appKey}`}>{t('common.edit')}</Button>
          <Popconfirm title={t('common.deleteConfirm', { name: lang === 'en' ? a.nameEn : a.nameZh })} okText={t('common.ok')} cancelText={t('common.cancel')}
            onConfirm={async () => { await systemApi.removeApp(a.id); void message.success(t('common.success')); await refresh(); }}>
            <Button type="link" size="small" danger>{t('common.delete')}</Button>
          </Popconfirm>
        </Space>
      ),
    }] : []),
  ];

  return (
    <div className="bw-page">
      <Card title={t('system.app.title')} variant="borderless">
        {!canEdit && <Alert type="info" showIcon title={t('system.app.platformOnly')} style={{ marginBottom: 12 }} />}
        <DataTable<AppRow>
          testId="app-table" queryKey={systemKeys.apps} params={params} fetch={fetch} columns={columns} rowKey="id"
          toolbar={<>
            <Input.Search allowClear placeholder={t('common.keywordPlaceholder')} style={{ width: 240 }} onSearch={(v) => setKeyword(v.trim())} />
            {canEdit && <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)} data-testid="app-add">{t('system.app.add')}</Button>}
          </>}
        />
      </Card>
      {editing !== undefined && <AppFormModal app={editing} onClose={() => setEditing(undefined)} onSaved={async () => { setEditing(undefined); void message.success(t('common.success')); await refresh(); }} />}
    </div>
  );
}

function AppFormModal({ app, onClose, onSaved }: { app: AppRow | null | undefined; onClose(): void; onSaved(): void }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  const open = app !== undefined;
  // Menu groups an app may open: the top-level directories of the menu tree.
  const menus = useQuery({ queryKey: systemKeys.menus, queryFn: systemApi.menuList, enabled: open });
  const groups = (menus.data ?? []).filter((m) => m.menuType === 'M' && m.parentId === null);
  return (
    <Modal
      open={open} width={680} title={t(app ? 'system.app.edit' : 'system.app.add')} destroyOnHidden okText={t('common.save')} cancelText={t('common.cancel')}
      confirmLoading={saving} onCancel={onClose} okButtonProps={{ 'data-testid': 'app-save' } as ButtonProps}
      onOk={async () => {
        await form.validateFields();
        const values = form.getFieldsValue(true);
        const body = validateForm(form, app ? AppUpdate : AppCreate, app ? { ...values, id: app.id } : values);
        if (!body) return;
        setSaving(true);
        try {
          if (app) await systemApi.updateApp(body as AppUpdate);
          else await systemApi.createApp(body as AppCreate);
          onSaved();
        } catch (err) {
          if (!applyServerErrors(form, err)) void message.error((err as Error).message);
        } finally {
          setSaving(false);
        }
      }}
    >
      <Form form={form} layout="vertical" data-testid="app-form"
        initialValues={app ? { ...app, icon: app.icon ?? undefined, descriptionZh: app.descriptionZh ?? undefined, descriptionEn: app.descriptionEn ?? undefined } : { sort: 0, status: 'enabled' }}>
        <div className="bw-form-pair">
          <Form.Item name="appKey" label={t('system.app.appKey')} required rules={rules.appKey}><Input disabled={!!app} placeholder="germbank" /></Form.Item>
          <Form.Item name="icon" label={t('system.menu.icon')} rules={rules.icon}>
            <Select allowClear showSearch options={MENU_ICON_NAMES.map((name) => ({ value: name, label: <span className="bw-menu-icon-option">{menuIcon(name)} {name}</span> }))} />
          </Form.Item>
        </div>
        <div className="bw-form-pair">
          <Form.Item name="nameZh" label={t('system.app.nameZh')} required rules={rules.nameZh}><Input /></Form.Item>
          <Form.Item name="nameEn" label={t('system.app.nameEn')} required rules={rules.nameEn}><Input /></Form.Item>
        </div>
        <div className="bw-form-pair">
          <Form.Item name="descriptionZh" label={t('system.app.descriptionZh')} rules={rules.descriptionZh}><Input.TextArea rows={2} maxLength={200} /></Form.Item>
          <Form.Item name="descriptionEn" label={t('system.app.descriptionEn')} rules={rules.descriptionEn}><Input.TextArea rows={2} maxLength={300} /></Form.Item>
        </div>
        <Form.Item name="target" label={t('system.app.target')} required rules={rules.target} extra={t('system.app.targetHelp')}>
          <AutoComplete
            options={groups.map((g) => ({ value: g.menuKey, label: <span>{menuIcon(g.icon)} {i18n.language === 'en' ? g.titleEn : g.titleZh} <Typography.Text type="secondary">{g.menuKey}</Typography.Text></span> }))}
            placeholder="doe | https://…"
          />
        </Form.Item>
        <Space size="large">
          <Form.Item name="sort" label={t('system.app.sort')} rules={rules.sort}><InputNumber min={0} max={9999} /></Form.Item>
          <Form.Item name="status" label={t('common.status')} rules={rules.status}>
            <Select style={{ width: 140 }} options={[{ value: 'enabled', label: t('common.enabled') }, { value: 'disabled', label: t('common.disabled') }]} />
          </Form.Item>
        </Space>
      </Form>
    </Modal>
  );
}
