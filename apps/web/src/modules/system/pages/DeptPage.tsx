import { useMemo, useState, type Key } from 'react';
import { App, Button, Card, Form, Input, InputNumber, Modal, Popconfirm, Select, Space, Table, Tag, TreeSelect, type ButtonProps } from 'antd';
import { ApartmentOutlined, PlusOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DeptCreate, DeptUpdate, Permissions, type DeptNode } from '@breedwise/contracts';
import { applyServerErrors, fieldRules, validateForm } from '../../../components/form/zod-form';
import { queryClient } from '../../../lib/query';
import { usePermission } from '../../../shell/permissions';
import { systemApi, systemKeys } from '../api';
import '../system.css';

const rules = fieldRules(DeptCreate);
type Row = Omit<DeptNode, 'children'> & { node: DeptNode; children?: Row[] };
const toRows = (nodes: DeptNode[]): Row[] => nodes.map((d) => ({ ...d, node: d, children: d.children.length ? toRows(d.children) : undefined }));
const allIds = (nodes: DeptNode[]): number[] => nodes.flatMap((d) => [d.id, ...allIds(d.children)]);

interface ParentOption { value: number; title: string; children: ParentOption[] }
/** Departments a department may move below: never itself or its own sub-departments. */
export function deptParents(nodes: DeptNode[], selfId?: number): ParentOption[] {
  return nodes.filter((d) => d.id !== selfId).map((d) => ({ value: d.id, title: d.name, children: deptParents(d.children, selfId) }));
}

/** The organisation's departments as a tree: add, rename, move, order, enable; an empty one can be deleted. */
export default function DeptPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const canEdit = usePermission(Permissions.system.deptEdit);
  const depts = useQuery({ queryKey: systemKeys.depts, queryFn: systemApi.depts });
  const [editing, setEditing] = useState<{ dept: DeptNode | null; parentId: number | null } | null>(null);
  const [expanded, setExpanded] = useState<readonly Key[] | null>(null);
  const rows = useMemo(() => toRows(depts.data ?? []), [depts.data]);
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: systemKeys.depts });
    // The user form and the department scope picker read the same tree.
    await queryClient.invalidateQueries({ queryKey: ['system', 'depts'] });
    await queryClient.invalidateQueries({ queryKey: ['auth', 'viewDepts'] });
  };

  const columns: ColumnsType<Row> = [
    { title: t('system.dept.name'), dataIndex: 'name', key: 'name', render: (v: string, d) => <span data-testid={`dept-row-${d.id}`}><ApartmentOutlined className="bw-muted-icon" /> {v}</span> },
    { title: t('system.dept.sort'), dataIndex: 'sort', key: 'sort', width: 90, align: 'right' },
    { title: t('common.status'), dataIndex: 'status', key: 'status', width: 100, render: (v: string) => <Tag color={v === 'enabled' ? 'success' : 'default'}>{t(`common.${v}`)}</Tag> },
    ...(canEdit ? [{
      title: t('common.actions'), key: 'actions', width: 230,
      render: (_: unknown, d: Row) => (
        <Space size={2}>
          <Button type="link" size="small" icon={<PlusOutlined />} onClick={() => setEditing({ dept: null, parentId: d.id })}>{t('system.dept.addChild')}</Button>
          <Button type="link" size="small" onClick={() => setEditing({ dept: d.node, parentId: d.parentId })}>{t('common.edit')}</Button>
          <Popconfirm title={t('common.deleteConfirm', { name: d.name })} description={t('system.dept.deleteHelp')} okText={t('common.ok')} cancelText={t('common.cancel')}
            onConfirm={async () => {
              try {
                await systemApi.removeDept(d.id);
                void message.success(t('common.success'));
                await refresh();
              } catch { /* the refusal (sub-departments or members) was shown */ }
            }}>
            <Button type="link" size="small" danger>{t('common.delete')}</Button>
          </Popconfirm>
        </Space>
      ),
    }] : []),
  ];

  return (
    <div className="bw-page">
      <Card
        title={t('system.dept.title')} variant="borderless"
        extra={canEdit && <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ dept: null, parentId: null })} data-testid="dept-add">{t('system.dept.add')}</Button>}
      >
        <Table<Row>
          data-testid="dept-table" rowKey="id" size="middle" columns={columns} dataSource={rows} pagination={false} loading={depts.isLoading}
          locale={{ emptyText: t('system.dept.empty') }}
          expandable={{ expandedRowKeys: expanded ?? allIds(depts.data ?? []), onExpandedRowsChange: setExpanded }}
        />
      </Card>
      {editing && <DeptFormModal state={editing} tree={depts.data ?? []} onClose={() => setEditing(null)}
        onSaved={async () => { setEditing(null); void message.success(t('common.success')); await refresh(); }} />}
    </div>
  );
}

function DeptFormModal({ state, tree, onClose, onSaved }: { state: { dept: DeptNode | null; parentId: number | null } | null; tree: DeptNode[]; onClose(): void; onSaved(): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  const dept = state?.dept ?? null;
  return (
    <Modal
      open={!!state} title={t(dept ? 'system.dept.edit' : 'system.dept.add')} destroyOnHidden okText={t('common.save')} cancelText={t('common.cancel')}
      confirmLoading={saving} onCancel={onClose} okButtonProps={{ 'data-testid': 'dept-save' } as ButtonProps}
      onOk={async () => {
        await form.validateFields();
        const values = { ...form.getFieldsValue(true), parentId: form.getFieldValue('parentId') ?? null };
        const body = validateForm(form, dept ? DeptUpdate : DeptCreate, dept ? { ...values, id: dept.id } : values);
        if (!body) return;
        setSaving(true);
        try {
          if (dept) await systemApi.updateDept(body as DeptUpdate);
          else await systemApi.createDept(body as DeptCreate);
          onSaved();
        } catch (err) {
          if (!applyServerErrors(form, err)) void message.error((err as Error).message);
        } finally {
          setSaving(false);
        }
      }}
    >
      <Form form={form} layout="vertical" data-testid="dept-form"
        initialValues={dept ? { parentId: dept.parentId, name: dept.name, sort: dept.sort, status: dept.status } : { parentId: state?.parentId ?? null, sort: 0, status: 'enabled' }}>
        <Form.Item name="parentId" label={t('system.dept.parent')}>
          <TreeSelect allowClear treeDefaultExpandAll placeholder={t('system.dept.top')} treeData={deptParents(tree, dept?.id)} />
        </Form.Item>
        <Form.Item name="name" label={t('system.dept.name')} required rules={rules.name}><Input maxLength={50} data-testid="dept-form-name" /></Form.Item>
        <Space size="large">
          <Form.Item name="sort" label={t('system.dept.sort')} rules={rules.sort}><InputNumber min={0} max={9999} /></Form.Item>
          <Form.Item name="status" label={t('common.status')} rules={rules.status}>
            <Select style={{ width: 140 }} options={[{ value: 'enabled', label: t('common.enabled') }, { value: 'disabled', label: t('common.disabled') }]} />
          </Form.Item>
        </Space>
      </Form>
    </Modal>
  );
}
