import { DOC_KINDS, docPermissions, germPermissions as P, type DocKind } from '@breedwise/contracts/germ';
import type { ModuleManifest, TodoSourceDef } from '../types';
import type { api as germApi } from './api';

/**
 * One call answers every germ to-do line: the lines, refreshed together, share the request in flight.
 * Nothing is kept after it answers, so a refresh after an approval always asks the server again.
 */
let pending: ReturnType<typeof germApi.germ.todo.mine> | null = null;
const todoCounts = () => {
  // The module's client (and its contracts) load with the first count, not with the workspace.
  if (!pending)
    pending = import('./api')
      .then(({ api }) => api.germ.todo.mine(undefined, { errorMode: 'silent' }))
      .finally(() => {
        pending = null;
      });
  return pending;
};
const todo = (kind: DocKind): TodoSourceDef => ({
  key: `germ.${kind}`,
  titleKey: `germ.todo.${kind}`,
  permission: docPermissions[kind].approve,
  // The list filtered to what waits for the approver: submitted documents of the kind.
  path: `/germ/${kind}?status=submitted`,
  count: async () => (await todoCounts())[kind] ?? 0,
});

export const germModule: ModuleManifest = {
  key: 'germ',
  pages: [
    { component: 'germ/germplasm/index', load: () => import('./germplasm/pages/GermplasmListPage') },
    { component: 'germ/inventory/index', load: () => import('./inventory/pages/InventoryPage') },
    { component: 'germ/inbound/index', load: () => import('./documents/pages/InboundPage') },
    { component: 'germ/outbound/index', load: () => import('./documents/pages/OutboundPage') },
    { component: 'germ/stocktaking/index', load: () => import('./documents/pages/StocktakingPage') },
    { component: 'germ/scrap/index', load: () => import('./documents/pages/ScrapPage') },
    { component: 'germ/statistics/index', load: () => import('./statistics/pages/StatisticsPage') },
    { component: 'germ/series/index', load: () => import('./series/pages/SeriesPage') },
    {
      route: '/germ/germplasm/view/:id',
      titleKey: 'germ.germplasm.viewTitle',
      parentPath: '/germ/germplasm',
      load: () => import('./germplasm/pages/GermplasmViewPage'),
    },
  ],
  dashboard: {
    todos: DOC_KINDS.map(todo),
    widgets: [{ key: 'germ.stock', span: 12, order: 10, permission: P.inventoryList, load: () => import('./statistics/components/StockWidget') }],
  },
  locales: { 'zh-CN': () => import('./locales/zh-CN.json'), en: () => import('./locales/en.json') },
};

/** The storage place picker, for modules that put seed into the inventory (a nursery harvest). */
export { PlaceSelect } from './inventory/components/places';
export { api } from './api';
