import type { MenuItem } from '@breedwise/contracts/system';

/** The dashboard variants: by role (default, admin) or by brand (germbank). */
export type DashboardVariant = 'default' | 'admin' | 'germbank';

/**
 * The variant for the `dashboardType` answered by login/info (the brand's dashboard, else the first
 * role's). Unknown types get the default layout rather than an empty page.
 */
export function dashboardVariant(dashboardType: string | null | undefined): DashboardVariant {
  return dashboardType === 'admin' || dashboardType === 'germbank' ? dashboardType : 'default';
}

/** The path of the menu page implemented by a component, if the user's menu holds it. */
export function pathOfComponent(menu: MenuItem[], component: string): string | null {
  for (const item of menu) {
    if (item.component === component) return item.path;
    const below = pathOfComponent(item.children, component);
    if (below) return below;
  }
  return null;
}

/** The pages of a top-level menu group (e.g. germ), skipping hidden ones, in menu order. */
export function pagesOfGroup(menu: MenuItem[], groupName: string, available: (item: MenuItem) => boolean): MenuItem[] {
  const group = menu.find((m) => m.name === groupName);
  const walk = (items: MenuItem[]): MenuItem[] => items.flatMap((i) => (i.component ? (available(i) && !i.meta.hidden ? [i] : []) : walk(i.children)));
  return group ? walk(group.children) : [];
}
