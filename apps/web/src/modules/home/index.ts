import type { ModuleManifest } from '../types';

export const homeModule: ModuleManifest = {
  key: 'home',
  pages: [
    { component: 'home/storageSpace/index', load: () => import('./pages/StorageSpacePage') },
    { component: 'home/dashboard/index', route: '/dashboard', titleKey: 'home.dashboard.title', load: () => import('./pages/DashboardPage') },
    { component: 'home/appcenter/index', load: () => import('./pages/AppCenterPage') },
    { component: 'home/license/index', load: () => import('./pages/LicensePage') },
  ],
  locales: { 'zh-CN': () => import('./locales/zh-CN.json'), en: () => import('./locales/en.json') },
};
