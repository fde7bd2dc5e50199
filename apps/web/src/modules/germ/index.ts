import { docPermissions, type DocKind } from '@breedwise/contracts';
import { Permissions } from '@breedwise/contracts';
import type { ModuleManifest, TodoSourceDef } from '../types';
import { statsApi } from './api';
import zh from './locales/zh-CN.json';
import en from './locales/en.json';

const P = Permissions.germ;

/**
 * One call answers every germ to-do line: the lines, refreshed together, share the request in flight.
 * Nothing is kept after it answers, so a refresh after an approval always asks the server again.
 */
let pending: ReturnType<typeof statsApi.todo> | null = null;
const todoCounts = () => {
  if (!pending) pending = statsApi.todo().finally(() => { pending = null; });
  return pending;
};
const todo = (kind: DocKind): TodoSourceDef => ({
  key: `germ.${kind}`,
  titleKey: `germ.todo.${kind}`,
  permission: docPermissions[kind].approve,
  path: `/germ/${kind}`,
  count: async () => (await todoCounts())[kind] ?? 0,
});

export const germModule: ModuleManifest = {
  key: 'germ',
  pages: [
    { component: 'germ/germplasm/index', load: () => import('./pages/GermplasmListPage') },
    { component: 'germ/inventory/index', load: () => import('./pages/InventoryPage') },
    { component: 'germ/inbound/index', load: () => import('./pages/InboundPage') },
    { component: 'germ/outbound/index', load: () => import('./pages/OutboundPage') },
    { component: 'germ/stocktaking/index', load: () => import('./pages/StocktakingPage') },
    { component: 'germ/scrap/index', load: () => import('./pages/ScrapPage') },
    { component: 'germ/statistics/index', load: () => import('./pages/StatisticsPage') },
    { route: '/germ/germplasm/view/:id', titleKey: 'germ.germplasm.viewTitle', parentPath: '/germ/germplasm', load: () => import('./pages/GermplasmViewPage') },
  ],
  dashboard: {
    todos: (['inbound', 'outbound', 'stocktaking', 'scrap'] as const).map(todo),
    widgets: [{ key: 'germ.stock', span: 12, order: 10, permission: P.inventoryList, load: () => import('./components/StockWidget') }],
  },
  locales: { 'zh-CN': zh, en },
};
