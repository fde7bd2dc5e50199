import { describe, expect, it } from 'vitest';
import type { MenuItem } from '@breedwise/contracts/system';
import { affixPages, indexMenu, resolvePath } from './routing';

const meta = (zh: string, en: string, extra: Partial<MenuItem['meta']> = {}): MenuItem['meta'] => ({
  title: zh,
  titleI18n: { 'zh-CN': zh, en },
  icon: null,
  hidden: false,
  helpUrl: null,
  type: null,
  affix: false,
  roles: [],
  ...extra,
});

const menu: MenuItem[] = [
  { id: 1, name: 'dashboard', path: '/dashboard', component: 'home/dashboard/index', meta: meta('首页', 'Dashboard', { affix: true }), children: [] },
  {
    id: 2,
    name: 'doe',
    path: '/doe',
    component: null,
    meta: meta('试验设计', 'Trial design'),
    children: [
      { id: 3, name: 'loc', path: '/doe/exp/location', component: 'doe/exp/location/index', meta: meta('试验地点', 'Locations'), children: [] },
      { id: 4, name: 'future', path: '/doe/future', component: 'doe/future/index', meta: meta('未来', 'Future'), children: [] },
    ],
  },
];

describe('menu routing', () => {
  it('indexes only the pages this build has', () => {
    const index = indexMenu(menu);
    expect([...index.byPath.keys()].sort()).toEqual(['/dashboard', '/doe/exp/location']);
    expect(index.ancestors.get('/doe/exp/location')).toEqual(['dir:2']);
  });

  it('resolves a menu path to its page and title', () => {
    const r = resolvePath('/doe/exp/location', indexMenu(menu));
    expect(r).toMatchObject({ path: '/doe/exp/location', menuId: 3, title: { i18n: { en: 'Locations' } }, affix: false });
  });

  it('knows the fixed pages, and nothing for unknown paths', () => {
    const index = indexMenu(menu);
    expect(affixPages(index).map((m) => m.path)).toEqual(['/dashboard']);
    expect(resolvePath('/doe/future', index)).toBeNull();
    expect(resolvePath('/nope', index)).toBeNull();
  });

  it('falls back to the module route of the dashboard when the menu lacks it', () => {
    const r = resolvePath('/dashboard', indexMenu([]));
    expect(r).toMatchObject({ title: { key: 'home.dashboard.title' } });
  });
});
