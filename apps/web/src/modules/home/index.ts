import type { ModuleManifest } from '../types';

export const homeModule: ModuleManifest = {
  key: 'home',
  pages: [
    { component: 'home/storageSpace/index', load: () => import('./pages/StorageSpacePage') },
    {
      component: 'home/dashboard/index',
      route: '/dashboard',
      titleKey: 'home.dashboard.title',
      load: () => import('./pages/DashboardPage'),
      prefetch: async (client, info, registry) => (await import('./pages/DashboardPage')).prefetch(client, info, registry),
    },
    { component: 'home/appcenter/index', load: () => import('./pages/AppCenterPage') },
    { component: 'home/license/index', load: () => import('./pages/LicensePage') },
  ],
  locales: { 'zh-CN': () => import('./locales/zh-CN.json'), en: () => import('./locales/en.json') },
};
