import { useEffect, useMemo, useState } from 'react';
import { Menu, type MenuProps } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { MenuItem } from '@breedwise/contracts/system';
import { hiddenByRule, isAvailable, isIframeItem, menuKey, menuPath, type MenuIndex } from '../routing';
import { useWorkspace, type OpenedPage } from '../workspace/store';
import { titleText } from '../workspace/title';
import { menuIcon } from '../../components/common/menu-icons';

type Item = Required<MenuProps>['items'][number];

function toItems(items: MenuItem[], language: string, opened: OpenedPage[], t: (key: string) => string, root: MenuItem[] = items): Item[] {
  return items.flatMap((item): Item[] => {
    if (item.meta.hidden || hiddenByRule(item, root)) return [];
    const text = item.meta.titleI18n[language as 'zh-CN' | 'en'] ?? item.meta.title;
    // Long names wrap onto a second line (styles.css) and keep their full text as a tooltip.
    const label = (
      <span className="bw-menu-label" title={text}>
        {text}
      </span>
    );
    if (!item.component && !isIframeItem(item)) {
      const children = toItems(item.children, language, opened, t, root);
      return children.length ? [{ key: menuKey(item), icon: menuIcon(item.meta.icon), label, children }] : [];
    }
    if (!isAvailable(item)) return [];
    // Detail pages opened this session follow their parent entry.
    const extra = opened
      .filter((o) => o.parent === menuPath(item))
      .map((o) => ({ key: o.path, label: <span className="bw-menu-opened">{titleText(o.title, t as never, language)}</span> }) as Item);
    return [{ key: menuPath(item), icon: menuIcon(item.meta.icon), label } as Item, ...extra];
  });
}

/** The server menu (spec section 2), limited to the screens this build has. */
export function SideMenu({ menu, index, collapsed, onNavigate }: { menu: MenuItem[]; index: MenuIndex; collapsed: boolean; onNavigate?(): void }) {
  const { i18n, t } = useTranslation();
  const navigate = useNavigate();
  const activeTab = useWorkspace((s) => s.tabs.find((t) => t.key === s.activeKey));
  const selected = activeTab ? (index.byPath.has(activeTab.path) || activeTab.parentPath ? activeTab.path : undefined) : undefined;
  const [openKeys, setOpenKeys] = useState<string[]>([]);

  const parentPath = activeTab?.parentPath;
  useEffect(() => {
    if (!selected || collapsed) return;
    const chain = index.ancestors.get(selected) ?? index.ancestors.get(parentPath ?? '') ?? [];
    setOpenKeys((keys) => [...new Set([...keys, ...chain])]);
  }, [selected, parentPath, index, collapsed]);

  const opened = useWorkspace((s) => s.opened);
  const items = useMemo(() => toItems(menu, i18n.language, opened, t), [menu, i18n.language, opened, t]);
  return (
    <Menu
      theme="dark"
      mode="inline"
      items={items}
      selectedKeys={selected ? [selected] : []}
      openKeys={collapsed ? undefined : openKeys}
      onOpenChange={(keys) => setOpenKeys(keys as string[])}
      onClick={({ key }) => {
        navigate(key);
        onNavigate?.();
      }}
    />
  );
}
