import { describe, expect, it } from 'vitest';
import type { MenuItem } from '@breedwise/contracts/system';
import { dashboardVariant, pagesOfGroup, pathOfComponent } from './dashboard-variant';

const item = (name: string, component: string | null, children: MenuItem[] = [], hidden = false): MenuItem => ({
  id: name.length * 7 + (component?.length ?? 0),
  name,
  path: `/${name.replace(/-/g, '/')}`,
  component,
  meta: { title: name, titleI18n: { 'zh-CN': name, en: name }, icon: null, hidden, helpUrl: null, type: null, affix: false, roles: [] },
  children,
});

const menu = [
  item('dashboard', 'home/dashboard/index'),
  item('germ', null, [
    item('germ-germplasm', 'germ/germplasm/index'),
    item('germ-inbound', 'germ/inbound/index', [], true),
    item('germ-scrap', 'germ/scrap/index'),
  ]),
  item('system', null, [item('system-user', 'system/user/index'), item('system-log', null, [item('system-operlog', 'system/log/operlog/index')])]),
];

describe('dashboard variants', () => {
  it('follow the dashboard type of login/info, unknown types getting the default layout', () => {
    expect(dashboardVariant('admin')).toBe('admin');
    expect(dashboardVariant('germbank')).toBe('germbank');
    expect(dashboardVariant('default')).toBe('default');
    expect(dashboardVariant('lims-lab')).toBe('default');
    expect(dashboardVariant(null)).toBe('default');
  });

  it('find a page of the menu by its component, at any depth, or nothing', () => {
    expect(pathOfComponent(menu, 'system/user/index')).toBe('/system/user');
    expect(pathOfComponent(menu, 'system/log/operlog/index')).toBe('/system/operlog');
    expect(pathOfComponent(menu, 'system/menu/index')).toBeNull();
  });

  it('list the visible, available pages of a menu group in order', () => {
    const available = (i: MenuItem) => i.component !== 'germ/scrap/index';
    expect(pagesOfGroup(menu, 'germ', available).map((p) => p.name)).toEqual(['germ-germplasm']);
    expect(pagesOfGroup(menu, 'nursery', available)).toEqual([]);
  });
});
