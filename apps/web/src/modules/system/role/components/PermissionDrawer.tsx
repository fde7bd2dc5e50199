import { useMemo, useState } from 'react';
import { App, Button, Drawer, Tree } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { MenuNode, RoleRow } from '@breedwise/contracts/system';
import { loginInfoKey } from '../../../../lib/login-info';
import { queryClient } from '../../../../lib/query';
import { api } from '../../api';

interface TreeNode {
  key: number;
  title: string;
  children: TreeNode[];
}
function toTree(nodes: MenuNode[], lang: string): TreeNode[] {
  return nodes.map((n) => ({
    key: n.id,
    title: `${lang === 'en' ? n.titleEn : n.titleZh}${n.perms ? ` (${n.perms})` : ''}`,
    children: toTree(n.children, lang),
  }));
}

/** The menu entries (permissions) a role grants, as a checkable tree. */
export function PermissionDrawer({ role, lang, onClose }: { role: RoleRow | null; lang: string; onClose(): void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const tree = useQuery({ queryKey: api.system.role.menuTree.key, queryFn: () => api.system.role.menuTree(), enabled: !!role });
  const detail = useQuery({ queryKey: [...api.system.role.detail.key, role?.id], queryFn: () => api.system.role.detail({ id: role!.id }), enabled: !!role });
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
      open={!!role}
      width={520}
      title={t('system.role.permissionsOf', { name: role?.roleName ?? '' })}
      onClose={() => {
        setChecked(null);
        onClose();
      }}
      destroyOnHidden
      extra={
        <Button
          type="primary"
          loading={saving}
          data-testid="role-perms-save"
          onClick={async () => {
            setSaving(true);
            try {
              await api.system.role.menus({ roleId: role!.id, menuIds: value });
              await queryClient.invalidateQueries({ queryKey: api.system.role.$key });
              await queryClient.invalidateQueries({ queryKey: loginInfoKey });
              void message.success(t('system.role.permissionsSaved'));
              setChecked(null);
              onClose();
            } finally {
              setSaving(false);
            }
          }}
        >
          {t('common.save')}
        </Button>
      }
    >
      {role?.roleKey === 'admin' && <p className="bw-muted">{t('system.role.adminAll')}</p>}
      {tree.data && (
        <Tree
          checkable
          defaultExpandAll
          data-testid="role-perms-tree"
          treeData={toTree(tree.data, lang)}
          checkedKeys={value.filter((id) => leaves.has(id))}
          onCheck={(keys, info) => setChecked([...(Array.isArray(keys) ? keys : keys.checked), ...(info.halfCheckedKeys ?? [])].map(Number))}
        />
      )}
    </Drawer>
  );
}
