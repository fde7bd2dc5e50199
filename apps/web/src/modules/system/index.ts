import type { ModuleManifest } from '../types';
import zh from './locales/zh-CN.json';
import en from './locales/en.json';

/** Parts other modules use (the gene-selection pages, business forms). */
export { GenomeBuildSelector, useGenomeBuilds, useCurrentBuild, useNoBuildPrompt, GENOME_BUILDS_PATH } from './components/GenomeBuildSelector';
export { DictSelect } from './components/DictSelect';
export { DeptScopePicker } from './components/DeptScopePicker';

/** System administration and the user centre. */
export const systemModule: ModuleManifest = {
  key: 'system',
  pages: [
    { component: 'system/user/index', load: () => import('./pages/UserListPage') },
    { component: 'system/role/index', load: () => import('./pages/RoleListPage') },
    { component: 'system/dept/index', load: () => import('./pages/DeptPage') },
    { component: 'system/crop/index', load: () => import('./pages/CropPage') },
    { component: 'system/org/index', load: () => import('./pages/OrgSettingsPage') },
    { component: 'system/menu/index', load: () => import('./pages/MenuListPage') },
    { component: 'system/dict/index', load: () => import('./pages/DictPage') },
    { component: 'system/app/index', load: () => import('./pages/AppListPage') },
    { component: 'system/brand/index', load: () => import('./pages/BrandListPage') },
    { component: 'system/notice/index', load: () => import('./pages/NoticeListPage') },
    { component: 'system/log/operlog/index', load: async () => ({ default: (await import('./pages/LogPages')).OperationLogPage }) },
    { component: 'system/log/logininfor/index', load: async () => ({ default: (await import('./pages/LogPages')).LoginLogPage }) },
    { component: 'system/outbox/index', load: async () => ({ default: (await import('./pages/LogPages')).OutboxPage }) },
    { component: 'system/table/index', load: () => import('./pages/TablePage') },
    { component: 'system/license/subject/index', load: () => import('./pages/LicenseSubjectPage') },
    { route: '/system/user/profile', titleKey: 'system.profile.title', load: () => import('./pages/ProfilePage') },
    { route: '/system/message', titleKey: 'message.title', load: () => import('./pages/MessagesPage') },
  ],
  locales: { 'zh-CN': zh, en },
};
