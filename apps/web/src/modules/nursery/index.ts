import { nurseryPermissions as P } from '@breedwise/contracts/nursery';
import type { ModuleManifest } from '../types';

/** Nursery: nursery designs and activities, entries, pollinations (cross, self, DH) and harvests into seed lots. */
export const nurseryModule: ModuleManifest = {
  key: 'nursery',
  pages: [
    { component: 'nursery/nursery/design/index', load: () => import('./activity/pages/ActivityListPage') },
    { component: 'nursery/feedback/index', load: () => import('./survey/pages/FeedbackPage') },
    { component: 'nursery/dh/flow/index', load: () => import('./dh/pages/DhFlowListPage') },
    { component: 'nursery/dh/entry/index', load: () => import('./dh/pages/DhEntryListPage') },
    {
      route: '/nursery/dh/entry/entryDetail/:id',
      titleKey: 'nursery.dhEntry.viewTitle',
      parentPath: '/nursery/dh/entry',
      load: () => import('./dh/pages/DhEntryDetailPage'),
    },
    {
      // The D1 seed lot's DH chain, opened from the seed inventory.
      route: '/nursery/dh/entry/lotChain/:lotId',
      titleKey: 'nursery.dhEntry.viewTitle',
      parentPath: '/nursery/dh/entry',
      load: () => import('./dh/pages/DhEntryDetailPage'),
    },
    {
      route: '/nursery/dh/events/addDHEvent',
      titleKey: 'nursery.dhEvent.addTitle',
      parentPath: '/nursery/dh/entry',
      load: () => import('./dh/pages/DhEventAddPage'),
    },
    {
      route: '/nursery/dh/events/viewDHEvent/:id',
      titleKey: 'nursery.dhEvent.viewTitle',
      parentPath: '/nursery/dh/entry',
      load: () => import('./dh/pages/DhEventViewPage'),
    },
    {
      route: '/nursery/nursery/design/viewActivity/:id',
      titleKey: 'nursery.activity.viewTitle',
      parentPath: '/nursery/nursery/design',
      load: () => import('./activity/pages/ActivityViewPage'),
    },
    {
      route: '/nursery/nursery/design/editActivity/:id',
      titleKey: 'nursery.activity.editTitle',
      parentPath: '/nursery/nursery/design',
      load: () => import('./activity/pages/ActivityEditPage'),
    },
    {
      route: '/nursery/nursery/entries/viewNurseryGroup/:id',
      titleKey: 'nursery.entry.title',
      parentPath: '/nursery/nursery/design',
      load: () => import('./entry/pages/EntriesPage'),
    },
    {
      route: '/nursery/hybrid/events/hybridDetail/:id',
      titleKey: 'nursery.pollination.viewTitle',
      parentPath: '/nursery/nursery/design',
      load: () => import('./pollination/pages/PollinationDetailPage'),
    },
    {
      route: '/nursery/nursery/obtain/viewObtain/:id',
      titleKey: 'nursery.harvest.viewTitle',
      parentPath: '/nursery/nursery/design',
      load: () => import('./harvest/pages/HarvestPage'),
    },
  ],
  dashboard: {
    todos: [
      {
        // The breeding lists: my open pollinations, my successes waiting for harvest and my DH batches with a step due.
        key: 'nursery.breedingLists',
        titleKey: 'nursery.todo.breedingLists',
        permission: P.pollinationList,
        path: '/nursery/nursery/design',
        // The module's client (and its contracts) load with the first count, not with the workspace.
        count: async () => (await (await import('./api')).api.nursery.todo.mine(undefined, { errorMode: 'silent' })).total,
      },
    ],
  },
  locales: { 'zh-CN': () => import('./locales/zh-CN.json'), en: () => import('./locales/en.json') },
};
