import { useEffect, useMemo, useState } from 'react';
import { App, Alert, Button, Empty, Skeleton, Space, Tag, Tree, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { DeptNode } from '@breedwise/contracts/system';
import { queryClient } from '../../../../lib/query';
import { api } from '../../api';
import '../../system.css';

interface TreeItem {
  key: number;
  title: string;
  disabled: boolean;
  children: TreeItem[];
}
const toTree = (nodes: DeptNode[]): TreeItem[] => nodes.map((d) => ({ key: d.id, title: d.name, disabled: false, children: toTree(d.children) }));
const flatten = (nodes: DeptNode[]): DeptNode[] => nodes.flatMap((d) => [d, ...flatten(d.children)]);

/**
 * The department scope (viewDeptIds get and set): the departments whose data the signed-in user
 * chooses to see in lists that filter by department. It is the user's own setting (the server keeps it
 * per user and organisation, for the caller only), so it lives in the user centre.
 */
export function DeptScopePicker() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const scope = useQuery({ queryKey: api.auth.viewDept.get.key, queryFn: () => api.auth.viewDept.get() });
  const [checked, setChecked] = useState<number[] | null>(null);
  const [saving, setSaving] = useState(false);
  useEffect(() => setChecked(null), [scope.data]);
  const all = useMemo(() => flatten(scope.data?.depts ?? []), [scope.data]);
  const value = checked ?? scope.data?.deptIds ?? [];
  const dirty = checked !== null && [...checked].sort().join() !== [...(scope.data?.deptIds ?? [])].sort().join();

  if (scope.isLoading) return <Skeleton active />;
  if (!all.length) return <Empty description={t('system.scope.noDepts')} />;
  return (
    <Space direction="vertical" size={12} style={{ width: '100%', maxWidth: 560 }} data-testid="dept-scope">
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        {t('system.scope.intro')}
      </Typography.Paragraph>
      <div className="bw-scope-summary">
        {value.length === 0 ? (
          <Tag>{t('system.scope.ownOnly')}</Tag>
        ) : (
          all
            .filter((d) => value.includes(d.id))
            .map((d) => (
              <Tag key={d.id} color="blue">
                {d.name}
              </Tag>
            ))
        )}
      </div>
      <div className="bw-scope-tree">
        <Tree
          checkable
          checkStrictly
          defaultExpandAll
          selectable={false}
          data-testid="dept-scope-tree"
          treeData={toTree(scope.data?.depts ?? [])}
          checkedKeys={value}
          onCheck={(keys) => setChecked((Array.isArray(keys) ? keys : keys.checked).map(Number))}
        />
      </div>
      <Space>
        <Button
          type="primary"
          disabled={!dirty}
          loading={saving}
          data-testid="dept-scope-save"
          onClick={async () => {
            setSaving(true);
            try {
              await api.auth.viewDept.set({ deptIds: value });
              await queryClient.invalidateQueries({ queryKey: api.auth.viewDept.$key });
              void message.success(t('system.scope.saved'));
            } finally {
              setSaving(false);
            }
          }}
        >
          {t('common.save')}
        </Button>
        <Button disabled={value.length === 0} onClick={() => setChecked([])}>
          {t('system.scope.clear')}
        </Button>
        <Button disabled={value.length === all.length} onClick={() => setChecked(all.map((d) => d.id))}>
          {t('system.scope.all')}
        </Button>
      </Space>
      {dirty && <Alert type="info" showIcon title={t('system.scope.unsaved')} />}
    </Space>
  );
}
