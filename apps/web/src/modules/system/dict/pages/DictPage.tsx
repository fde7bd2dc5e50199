import { useMemo, useState } from 'react';
import {
  Alert,
  App,
  AutoComplete,
  Button,
  Card,
  Col,
  Descriptions,
  Empty,
  Form,
  Input,
  Modal,
  Popconfirm,
  Row,
  Select,
  Space,
  Table,
  Tag,
  Tree,
  Typography,
  type ButtonProps,
} from 'antd';
import { BookOutlined, FolderOutlined, PlusOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  DictDataCreate,
  DictDataUpdate,
  DictTypeCreate,
  DictTypeUpdate,
  systemPermissions as P,
  type DictDataRow,
  type DictTreeNode,
  type DictTypeRow,
} from '@breedwise/contracts/system';
import { applyServerErrors, fieldRules, validateForm } from '../../../../components/form/zod-form';
import { queryClient } from '../../../../lib/query';
import { useLoginInfo } from '../../../../lib/login-info';
import { usePermission } from '../../../../lib/permissions';
import { DictSelect } from '../components/DictSelect';
import { api } from '../../api';
import { SortStatusFields, StatusField } from '../../components/fields';
import '../../system.css';

const LIST_CLASSES = ['default', 'primary', 'success', 'info', 'warning', 'danger'] as const;
const TAG_COLOR: Record<string, string> = { primary: 'processing', success: 'success', info: 'default', warning: 'warning', danger: 'error' };
const typeRules = fieldRules(DictTypeCreate);
const dataRules = fieldRules(DictDataCreate);

interface Selected {
  dictType: string;
  appKey: string;
}

/** Refreshes the editor and every select that shows dictionaries (useDict caches under ['system', 'dict']). */
async function refreshDicts() {
  await queryClient.invalidateQueries({ queryKey: api.system.dict.$key });
  await queryClient.invalidateQueries({ queryKey: ['system', 'dict'] });
}

/**
 * Dictionaries (dic/tree, dic/get, dic/list): types grouped by app, their entries with labels in both
 * languages, display style and order, and a preview of the select users see. Platform administrators edit.
 */
export default function DictPage() {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const { data: me } = useLoginInfo();
  const canEdit = usePermission(P.dictEdit) && !!me?.userInfo.platformAdmin;
  const tree = useQuery({ queryKey: api.system.dict.tree.key, queryFn: () => api.system.dict.tree() });
  const [keyword, setKeyword] = useState('');
  const [app, setApp] = useState<string | undefined>();
  const [selected, setSelected] = useState<Selected | null>(null);
  const [typeForm, setTypeForm] = useState<{ row: DictTypeRow | null } | null>(null);
  const [entryForm, setEntryForm] = useState<{ row: DictDataRow | null } | null>(null);
  const lang = i18n.language as 'zh-CN' | 'en';
  const apps = useMemo(() => (tree.data ?? []).map((a) => a.appKey), [tree.data]);
  const dict = useQuery({
    queryKey: [...api.system.dict.get.key, selected?.dictType, selected?.appKey],
    queryFn: () => api.system.dict.get({ dictType: selected!.dictType, appKey: selected!.appKey }, { errorMode: 'silent' }),
    enabled: !!selected,
  });

  const treeData = useMemo(() => {
    const k = keyword.trim().toLowerCase();
    return (tree.data ?? [])
      .filter((a) => !app || a.appKey === app)
      .map((a) => ({
        key: a.key,
        title: a.appKey,
        icon: <FolderOutlined />,
        selectable: false,
        children: a.children
          .filter((d) => !k || d.dictType!.toLowerCase().includes(k) || Object.values(d.titleI18n).some((v) => v.toLowerCase().includes(k)))
          .map((d: DictTreeNode) => ({
            key: d.key,
            icon: <BookOutlined />,
            isLeaf: true,
            data: d,
            title: (
              <span className="bw-dict-node" data-testid={`dict-type-${d.dictType}`}>
                <span>{d.titleI18n[lang]}</span>
                <Typography.Text type="secondary">{d.dictType}</Typography.Text>
              </span>
            ),
          })),
      }))
      .filter((a) => a.children.length > 0);
  }, [tree.data, keyword, app, lang]);

  const label = (d: DictDataRow) => (lang === 'en' ? d.labelEn : d.labelZh);
  const columns: ColumnsType<DictDataRow> = [
    { title: t('system.dict.value'), dataIndex: 'dictValue', key: 'dictValue', width: 140, render: (v: string) => <Typography.Text code>{v}</Typography.Text> },
    { title: t('system.dict.labelZh'), dataIndex: 'labelZh', key: 'labelZh', width: 160 },
    { title: t('system.dict.labelEn'), dataIndex: 'labelEn', key: 'labelEn', width: 180 },
    {
      title: t('system.dict.display'),
      key: 'listClass',
      width: 130,
      render: (_, d) => <Tag color={d.listClass ? TAG_COLOR[d.listClass] : undefined}>{label(d)}</Tag>,
    },
    { title: t('system.dict.sort'), dataIndex: 'sort', key: 'sort', width: 70, align: 'right' },
    {
      title: t('common.status'),
      dataIndex: 'status',
      key: 'status',
      width: 90,
      render: (v: string) => <Tag color={v === 'enabled' ? 'success' : 'default'}>{t(`common.${v}`)}</Tag>,
    },
    ...(canEdit
      ? [
          {
            title: t('common.actions'),
            key: 'actions',
            width: 130,
            render: (_: unknown, d: DictDataRow) => (
              <Space size={2}>
                <Button type="link" size="small" onClick={() => setEntryForm({ row: d })} data-testid={`dict-entry-edit-${d.dictValue}`}>
                  {t('common.edit')}
                </Button>
                <Popconfirm
                  title={t('common.deleteConfirm', { name: label(d) })}
                  okText={t('common.ok')}
                  cancelText={t('common.cancel')}
                  onConfirm={async () => {
                    await api.system.dict.removeData({ id: d.id });
                    void message.success(t('common.success'));
                    await refreshDicts();
                  }}
                >
                  <Button type="link" size="small" danger>
                    {t('common.delete')}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]
      : []),
  ];

  const type = dict.data?.type;
  return (
    <div className="bw-page">
      {!canEdit && <Alert type="info" showIcon title={t('system.dict.platformOnly')} />}
      <Row gutter={[16, 16]} align="stretch">
        <Col xs={24} lg={8} xl={7}>
          <Card
            title={t('system.dict.types')}
            variant="borderless"
            className="bw-fill-card"
            extra={
              canEdit && (
                <Button type="primary" size="small" icon={<PlusOutlined />} onClick={() => setTypeForm({ row: null })} data-testid="dict-type-add">
                  {t('system.dict.addType')}
                </Button>
              )
            }
          >
            <Space direction="vertical" style={{ width: '100%' }} size={12}>
              <Space.Compact block>
                <Select
                  allowClear
                  placeholder={t('system.dict.allApps')}
                  value={app}
                  onChange={setApp}
                  style={{ width: 130 }}
                  options={apps.map((a) => ({ value: a, label: a }))}
                  data-testid="dict-app-filter"
                />
                <Input.Search allowClear placeholder={t('system.dict.search')} onSearch={setKeyword} onChange={(e) => !e.target.value && setKeyword('')} />
              </Space.Compact>
              {treeData.length === 0 && !tree.isLoading ? (
                <Empty description={t('common.noData')} />
              ) : (
                <Tree
                  showIcon
                  blockNode
                  defaultExpandAll
                  className="bw-dict-tree"
                  key={`${keyword}|${app}|${treeData.length}`}
                  data-testid="dict-tree"
                  selectedKeys={selected ? [`type:${selected.dictType}`] : []}
                  treeData={treeData}
                  onSelect={(_, info) => {
                    const d = (info.node as unknown as { data?: DictTreeNode }).data;
                    if (d?.dictType) setSelected({ dictType: d.dictType, appKey: d.appKey });
                  }}
                />
              )}
            </Space>
          </Card>
        </Col>
        <Col xs={24} lg={16} xl={17}>
          {!selected || !type ? (
            <Card variant="borderless" className="bw-fill-card">
              <Empty description={t('system.dict.pick')} style={{ padding: '64px 0' }} />
            </Card>
          ) : (
            <Card
              variant="borderless"
              className="bw-fill-card"
              title={
                <span className="bw-card-title">
                  <BookOutlined />
                  {lang === 'en' ? type.nameEn : type.nameZh}
                  <Typography.Text type="secondary" code>
                    {type.dictType}
                  </Typography.Text>
                </span>
              }
              extra={
                canEdit && (
                  <Space>
                    <Button onClick={() => setTypeForm({ row: type })} data-testid="dict-type-edit">
                      {t('system.dict.editType')}
                    </Button>
                    <Popconfirm
                      title={t('system.dict.deleteTypeConfirm', { name: type.dictType, count: type.entries })}
                      okText={t('common.ok')}
                      cancelText={t('common.cancel')}
                      onConfirm={async () => {
                        await api.system.dict.removeType({ id: type.id });
                        setSelected(null);
                        void message.success(t('common.success'));
                        await refreshDicts();
                      }}
                    >
                      <Button danger>{t('common.delete')}</Button>
                    </Popconfirm>
                  </Space>
                )
              }
            >
              <Descriptions size="small" column={{ xs: 1, md: 2, xl: 4 }} className="bw-dict-meta">
                <Descriptions.Item label={t('system.dict.appKey')}>{type.appKey}</Descriptions.Item>
                <Descriptions.Item label={t('system.dict.nameZh')}>{type.nameZh}</Descriptions.Item>
                <Descriptions.Item label={t('system.dict.nameEn')}>{type.nameEn}</Descriptions.Item>
                <Descriptions.Item label={t('common.status')}>
                  <Tag color={type.status === 'enabled' ? 'success' : 'default'}>{t(`common.${type.status}`)}</Tag>
                </Descriptions.Item>
              </Descriptions>
              <div className="bw-dict-preview">
                <span>{t('system.dict.preview')}</span>
                <DictSelect
                  dictType={type.dictType}
                  appKey={type.appKey}
                  tags
                  style={{ width: 240 }}
                  placeholder={t('system.dict.choose')}
                  data-testid="dict-preview"
                />
                <Typography.Text type="secondary">{t('system.dict.previewHelp')}</Typography.Text>
              </div>
              <div className="bw-toolbar" style={{ margin: '12px 0' }}>
                <Typography.Text strong>{t('system.dict.entries', { count: dict.data?.entries.length ?? 0 })}</Typography.Text>
                <span className="bw-toolbar-spacer" />
                {canEdit && (
                  <Button type="primary" icon={<PlusOutlined />} onClick={() => setEntryForm({ row: null })} data-testid="dict-entry-add">
                    {t('system.dict.addEntry')}
                  </Button>
                )}
              </div>
              <Table<DictDataRow>
                size="small"
                rowKey="id"
                columns={columns}
                dataSource={dict.data?.entries ?? []}
                pagination={false}
                loading={dict.isFetching}
                data-testid="dict-entries"
                scroll={{ x: 760 }}
              />
            </Card>
          )}
        </Col>
      </Row>
      {typeForm && (
        <TypeFormModal
          state={typeForm}
          apps={apps}
          onClose={() => setTypeForm(null)}
          onSaved={async (row) => {
            setTypeForm(null);
            setSelected({ dictType: row.dictType, appKey: row.appKey });
            void message.success(t('common.success'));
            await refreshDicts();
          }}
        />
      )}
      {entryForm && (
        <EntryFormModal
          state={entryForm}
          dictType={type?.dictType ?? ''}
          nextSort={Math.max(0, ...(dict.data?.entries ?? []).map((e) => e.sort)) + 1}
          onClose={() => setEntryForm(null)}
          onSaved={async () => {
            setEntryForm(null);
            void message.success(t('common.success'));
            await refreshDicts();
          }}
        />
      )}
    </div>
  );
}

function TypeFormModal({
  state,
  apps,
  onClose,
  onSaved,
}: {
  state: { row: DictTypeRow | null } | null;
  apps: string[];
  onClose(): void;
  onSaved(row: DictTypeRow): void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  const row = state?.row ?? null;
  return (
    <Modal
      open={!!state}
      title={t(row ? 'system.dict.editType' : 'system.dict.addType')}
      destroyOnHidden
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      onCancel={onClose}
      okButtonProps={{ 'data-testid': 'dict-type-save' } as ButtonProps}
      onOk={async () => {
        await form.validateFields();
        const values = form.getFieldsValue(true);
        const update = row ? validateForm(form, DictTypeUpdate, { ...values, id: row.id }) : null;
        const create = row ? null : validateForm(form, DictTypeCreate, values);
        if (!update && !create) return;
        setSaving(true);
        try {
          onSaved(
            update ? await api.system.dict.updateType(update, { errorMode: 'silent' }) : await api.system.dict.createType(create!, { errorMode: 'silent' }),
          );
        } catch (err) {
          if (!applyServerErrors(form, err)) void message.error((err as Error).message);
        } finally {
          setSaving(false);
        }
      }}
    >
      <Form form={form} layout="vertical" data-testid="dict-type-form" initialValues={row ?? { status: 'enabled' }}>
        <div className="bw-form-pair">
          <Form.Item name="dictType" label={t('system.dict.dictType')} required rules={typeRules.dictType} extra={t('system.dict.keyHelp')}>
            <Input disabled={!!row} placeholder="doe_season" data-testid="dict-type-key" />
          </Form.Item>
          <Form.Item name="appKey" label={t('system.dict.appKey')} required rules={typeRules.appKey}>
            <AutoComplete options={apps.map((a) => ({ value: a }))} placeholder="doe" data-testid="dict-type-app" />
          </Form.Item>
        </div>
        <div className="bw-form-pair">
          <Form.Item name="nameZh" label={t('system.dict.nameZh')} required rules={typeRules.nameZh}>
            <Input data-testid="dict-type-name-zh" />
          </Form.Item>
          <Form.Item name="nameEn" label={t('system.dict.nameEn')} required rules={typeRules.nameEn}>
            <Input data-testid="dict-type-name-en" />
          </Form.Item>
        </div>
        <StatusField rules={typeRules.status} width={160} />
      </Form>
    </Modal>
  );
}

function EntryFormModal({
  state,
  dictType,
  nextSort,
  onClose,
  onSaved,
}: {
  state: { row: DictDataRow | null } | null;
  dictType: string;
  nextSort: number;
  onClose(): void;
  onSaved(): void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  const row = state?.row ?? null;
  const labelZh: string | undefined = Form.useWatch('labelZh', form);
  return (
    <Modal
      open={!!state}
      title={t(row ? 'system.dict.editEntry' : 'system.dict.addEntry')}
      destroyOnHidden
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      onCancel={onClose}
      okButtonProps={{ 'data-testid': 'dict-entry-save' } as ButtonProps}
      onOk={async () => {
        await form.validateFields();
        const values = form.getFieldsValue(true);
        const update = row ? validateForm(form, DictDataUpdate, { ...values, id: row.id }) : null;
        const create = row ? null : validateForm(form, DictDataCreate, { ...values, dictType });
        if (!update && !create) return;
        setSaving(true);
        try {
          if (update) await api.system.dict.updateData(update, { errorMode: 'silent' });
          else if (create) await api.system.dict.createData(create, { errorMode: 'silent' });
          onSaved();
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
        data-testid="dict-entry-form"
        initialValues={row ? { ...row, listClass: row.listClass ?? undefined, cssClass: row.cssClass ?? undefined } : { sort: nextSort, status: 'enabled' }}
      >
        <Form.Item name="dictValue" label={t('system.dict.value')} required rules={dataRules.dictValue} extra={t('system.dict.valueHelp')}>
          <Input data-testid="dict-entry-value" />
        </Form.Item>
        <div className="bw-form-pair">
          <Form.Item name="labelZh" label={t('system.dict.labelZh')} required rules={dataRules.labelZh}>
            <Input data-testid="dict-entry-label-zh" />
          </Form.Item>
          <Form.Item name="labelEn" label={t('system.dict.labelEn')} required rules={dataRules.labelEn}>
            <Input data-testid="dict-entry-label-en" />
          </Form.Item>
        </div>
        <div className="bw-form-pair">
          <Form.Item name="listClass" label={t('system.dict.display')} rules={dataRules.listClass}>
            <Select
              allowClear
              placeholder={t('system.dict.displayNone')}
              options={LIST_CLASSES.map((c) => ({ value: c, label: <Tag color={TAG_COLOR[c]}>{labelZh || t(`system.dict.classes.${c}`)}</Tag> }))}
            />
          </Form.Item>
          <Form.Item name="cssClass" label={t('system.dict.cssClass')} rules={dataRules.cssClass}>
            <Input />
          </Form.Item>
        </div>
        <SortStatusFields sortLabel={t('system.dict.sort')} rules={dataRules} />
      </Form>
    </Modal>
  );
}
