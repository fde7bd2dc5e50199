import { useMemo } from 'react';
import { Alert, AutoComplete, Form, Input, Space, Tag, Typography } from 'antd';
import { ExportOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AppCreate, AppUpdate, systemPermissions as P, type AppRow } from '@breedwise/contracts/system';
import { CrudPage } from '../../../../components/crud/CrudPage';
import { fieldRules } from '../../../../components/form/zod-form';
import { usePermission } from '../../../../lib/permissions';
import { api } from '../../api';
import { menuIcon } from '../../../../components/common/menu-icons';
import { MenuIconSelect, NameFields, SortStatusFields, statusColumn, usePlatformEdit } from '../../components/fields';
import '../../system.css';

const rules = fieldRules(AppCreate);
const app = api.system.app;

/**
 * Apps of the app center (app/list): a top-level menu group of this product (opens its first page the
 * user may see) or an external https address. Platform administrators edit; everyone with the app
 * center sees the apps they can open.
 */
export default function AppListPage() {
  const { t, i18n } = useTranslation();
  const canEdit = usePlatformEdit(P.appEdit);
  const lang = i18n.language;
  const canListMenus = usePermission(P.menuList);
  const menus = useQuery({ queryKey: api.system.menu.list.key, queryFn: () => api.system.menu.list(), enabled: canListMenus });
  // Menu groups an app may open: the top-level directories of the menu tree.
  const groups = (menus.data ?? []).filter((m) => m.menuType === 'M' && m.parentId === null);
  const groupTitle = (key: string) => {
    const g = menus.data?.find((m) => m.menuKey === key);
    return g ? (lang === 'en' ? g.titleEn : g.titleZh) : null;
  };
  const rows = useMemo(
    () => ({
      key: app.list.key,
      load: () => app.list(),
      match: (a: AppRow, k: string) => [a.appKey, a.nameZh, a.nameEn, a.target].some((v) => v.toLowerCase().includes(k)),
    }),
    [],
  );

  const columns: ColumnsType<AppRow> = [
    {
      title: t('system.app.name'),
      key: lang === 'en' ? 'nameEn' : 'nameZh',
      dataIndex: lang === 'en' ? 'nameEn' : 'nameZh',
      sorter: true,
      width: 240,
      render: (_, a) => (
        <span className="bw-app-row">
          <span className="bw-app-row-icon">{menuIcon(a.icon ?? 'AppstoreOutlined')}</span>
          <span>
            <div>{lang === 'en' ? a.nameEn : a.nameZh}</div>
            <Typography.Text type="secondary" className="bw-small">
              {(lang === 'en' ? a.descriptionEn : a.descriptionZh) ?? ''}
            </Typography.Text>
          </span>
        </span>
      ),
    },
    {
      title: t('system.app.appKey'),
      dataIndex: 'appKey',
      key: 'appKey',
      sorter: true,
      width: 130,
      render: (v: string) => <Typography.Text code>{v}</Typography.Text>,
    },
    {
      title: t('system.app.target'),
      dataIndex: 'target',
      key: 'target',
      width: 280,
      ellipsis: true,
      render: (v: string, a) =>
        a.external ? (
          <a href={v} target="_blank" rel="noreferrer">
            <ExportOutlined /> {v}
          </a>
        ) : (
          <Space size={4}>
            <Tag>{t('system.app.menuGroup')}</Tag>
            {groupTitle(v) ?? ''}
            <Typography.Text type="secondary" code>
              {v}
            </Typography.Text>
          </Space>
        ),
    },
    { title: t('system.app.sort'), dataIndex: 'sort', key: 'sort', sorter: true, width: 80, align: 'right' },
    statusColumn(t),
  ];

  return (
    <CrudPage<AppRow, typeof AppCreate, typeof AppUpdate>
      title={t('system.app.title')}
      testId="app-table"
      tableName="system.app"
      resource={app}
      rows={rows}
      columns={columns}
      keywordPlaceholder={t('common.keywordPlaceholder')}
      header={!canEdit && <Alert type="info" showIcon title={t('system.app.platformOnly')} style={{ marginBottom: 12 }} />}
      permissions={canEdit ? { add: P.appEdit, edit: P.appEdit, remove: P.appEdit } : {}}
      nameOf={(a) => (lang === 'en' ? a.nameEn : a.nameZh)}
      form={{
        create: AppCreate,
        update: AppUpdate,
        width: 680,
        titles: { create: t('system.app.add'), edit: t('system.app.edit') },
        values: (a) => ({ ...a, icon: a.icon ?? undefined, descriptionZh: a.descriptionZh ?? undefined, descriptionEn: a.descriptionEn ?? undefined }),
        fields: (_form, editing) => (
          <>
            <div className="bw-form-pair">
              <Form.Item name="appKey" label={t('system.app.appKey')} required rules={editing ? [] : rules.appKey}>
                <Input disabled={!!editing} placeholder="germbank" />
              </Form.Item>
              <Form.Item name="icon" label={t('system.menu.icon')} rules={rules.icon}>
                <MenuIconSelect />
              </Form.Item>
            </div>
            <NameFields labels={{ zh: t('system.app.nameZh'), en: t('system.app.nameEn') }} rules={rules} />
            <div className="bw-form-pair">
              <Form.Item name="descriptionZh" label={t('system.app.descriptionZh')} rules={rules.descriptionZh}>
                <Input.TextArea rows={2} maxLength={200} />
              </Form.Item>
              <Form.Item name="descriptionEn" label={t('system.app.descriptionEn')} rules={rules.descriptionEn}>
                <Input.TextArea rows={2} maxLength={300} />
              </Form.Item>
            </div>
            <Form.Item name="target" label={t('system.app.target')} required rules={rules.target} extra={t('system.app.targetHelp')}>
              <AutoComplete
                options={groups.map((g) => ({
                  value: g.menuKey,
                  label: (
                    <span>
                      {menuIcon(g.icon)} {lang === 'en' ? g.titleEn : g.titleZh} <Typography.Text type="secondary">{g.menuKey}</Typography.Text>
                    </span>
                  ),
                }))}
                placeholder="doe | https://…"
              />
            </Form.Item>
            <SortStatusFields sortLabel={t('system.app.sort')} rules={rules} fresh />
          </>
        ),
      }}
    />
  );
}
