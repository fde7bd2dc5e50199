import { useMemo, useState, type Key } from 'react';
import { Form, Input, TreeSelect } from 'antd';
import { ApartmentOutlined, PlusOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DeptCreate, DeptUpdate, systemPermissions as P, type DeptNode } from '@breedwise/contracts/system';
import { RemoteSelect } from '../../../../components/common';
import { CrudPage } from '../../../../components/crud/CrudPage';
import { fieldRules } from '../../../../components/form/zod-form';
import { queryClient } from '../../../../lib/query';
import { api } from '../../api';
import { SortStatusFields, statusColumn } from '../../components/fields';
import '../../system.css';

const rules = fieldRules(DeptCreate);
/** A department as a table row: sub-departments as tree rows (none: a leaf, not an empty group). */
type Row = Omit<DeptNode, 'children'> & { children?: Row[] };
const toRows = (nodes: DeptNode[]): Row[] => nodes.map((d) => ({ ...d, children: d.children.length ? toRows(d.children) : undefined }));
const allIds = (nodes: Row[]): number[] => nodes.flatMap((d) => [d.id, ...allIds(d.children ?? [])]);

/** One request serves the table rows and the parent choices of the form. */
const loadTree = () => queryClient.fetchQuery({ queryKey: api.system.dept.tree.key, queryFn: () => api.system.dept.tree() });

interface ParentOption {
  value: number;
  title: string;
  children: ParentOption[];
}
/** Departments a department may move below: never itself or its own sub-departments. */
export function deptParents(nodes: DeptNode[], selfId?: number): ParentOption[] {
  return nodes.filter((d) => d.id !== selfId).map((d) => ({ value: d.id, title: d.name, children: deptParents(d.children, selfId) }));
}

/** The organisation's departments as a tree: add, rename, move, order, enable; an empty one can be deleted. */
export default function DeptPage() {
  const { t } = useTranslation();
  const [expanded, setExpanded] = useState<readonly Key[] | null>(null);
  const tree = useQuery({ queryKey: api.system.dept.tree.key, queryFn: () => api.system.dept.tree() }).data ?? [];
  const rows = useMemo(() => ({ key: api.system.dept.tree.key, load: async () => toRows(await loadTree()) }), []);
  const columns = useMemo<ColumnsType<Row>>(
    () => [
      {
        title: t('system.dept.name'),
        dataIndex: 'name',
        key: 'name',
        render: (v: string, d) => (
          <span data-testid={`dept-row-${d.id}`}>
            <ApartmentOutlined className="bw-muted-icon" /> {v}
          </span>
        ),
      },
      { title: t('system.dept.leader'), dataIndex: 'leaderName', key: 'leaderName', width: 160, render: (v: string | null) => v ?? '—' },
      { title: t('system.dept.sort'), dataIndex: 'sort', key: 'sort', width: 90, align: 'right' },
      statusColumn(t, 100),
    ],
    [t],
  );
  return (
    <CrudPage<Row, typeof DeptCreate, typeof DeptUpdate>
      title={t('system.dept.title')}
      testId="dept-table"
      tableName="system.dept"
      resource={api.system.dept}
      rows={rows}
      // Every department is open until the user folds one.
      expandable={{ expandedRowKeys: expanded ?? allIds(toRows(tree)), onExpandedRowsChange: setExpanded }}
      columns={columns}
      permissions={{ add: P.deptEdit, edit: P.deptEdit, remove: P.deptEdit }}
      removeHelp={t('system.dept.deleteHelp')}
      // The member form and the department scope picker read the same tree.
      invalidates={[api.auth.viewDept.$key]}
      actions={[
        {
          key: 'addChild',
          label: (
            <>
              <PlusOutlined /> {t('system.dept.addChild')}
            </>
          ),
          permission: P.deptEdit,
          onClick: (row, kit) => kit.create({ parentId: row.id }),
        },
      ]}
      form={{
        create: DeptCreate,
        update: DeptUpdate,
        titles: { create: t('system.dept.add'), edit: t('system.dept.edit') },
        values: (d) => ({ id: d.id, parentId: d.parentId, name: d.name, sort: d.sort, status: d.status, leaderUserId: d.leaderUserId }),
        fields: (_form, editing) => (
          <>
            <Form.Item name="parentId" label={t('system.dept.parent')}>
              <TreeSelect allowClear treeDefaultExpandAll placeholder={t('system.dept.top')} treeData={deptParents(tree, editing?.id)} />
            </Form.Item>
            <Form.Item name="name" label={t('system.dept.name')} required rules={rules.name}>
              <Input maxLength={50} data-testid="dept-form-name" />
            </Form.Item>
            <Form.Item name="leaderUserId" label={t('system.dept.leader')} extra={t('system.dept.leaderHelp')}>
              <RemoteSelect
                allowClear
                data-testid="dept-form-leader"
                seed={editing?.leaderUserId ? [{ value: editing.leaderUserId, label: editing.leaderName }] : []}
                fetch={async (keyword) =>
                  (await api.system.user.page({ keyword, pageSize: 20, status: 'enabled' })).rows.map((u) => ({
                    value: u.id,
                    label: `${u.nickName} (${u.username})`,
                  }))
                }
              />
            </Form.Item>
            <SortStatusFields sortLabel={t('system.dept.sort')} rules={rules} fresh />
          </>
        ),
      }}
    />
  );
}
