import type { ModuleManifest } from '../types';

/** Parts other modules use (the gene-selection pages, business forms). */
export { GenomeBuildSelector, useGenomeBuilds, useCurrentBuild, useNoBuildPrompt, GENOME_BUILDS_PATH } from './crop/components/GenomeBuildSelector';
export { DictSelect } from './dict/components/DictSelect';
export { DeptScopePicker } from './dept/components/DeptScopePicker';

/** System administration and the user centre. */
export const systemModule: ModuleManifest = {
  key: 'system',
  pages: [
    { component: 'system/user/index', load: () => import('./user/pages/UserListPage') },
    { component: 'system/role/index', load: () => import('./role/pages/RoleListPage') },
    { component: 'system/dept/index', load: () => import('./dept/pages/DeptPage') },
    { component: 'system/crop/index', load: () => import('./crop/pages/CropPage') },
    { component: 'system/org/index', load: () => import('./org/pages/OrgSettingsPage') },
    { component: 'system/menu/index', load: () => import('./menu/pages/MenuListPage') },
    { component: 'system/dict/index', load: () => import('./dict/pages/DictPage') },
    { component: 'system/app/index', load: () => import('./app/pages/AppListPage') },
    { component: 'system/brand/index', load: () => import('./brand/pages/BrandListPage') },
    { component: 'system/notice/index', load: () => import('./notice/pages/NoticeListPage') },
    { component: 'system/log/operlog/index', load: async () => ({ default: (await import('./log/pages/LogPages')).OperationLogPage }) },
    { component: 'system/log/logininfor/index', load: async () => ({ default: (await import('./log/pages/LogPages')).LoginLogPage }) },
    { component: 'system/outbox/index', load: async () => ({ default: (await import('./log/pages/LogPages')).OutboxPage }) },
    { component: 'system/table/index', load: () => import('./table/pages/TablePage') },
    { component: 'system/license/subject/index', load: () => import('./license/pages/LicenseSubjectPage') },
    { route: '/system/user/profile', titleKey: 'system.profile.title', load: () => import('./profile/pages/ProfilePage') },
    { route: '/system/message', titleKey: 'message.title', load: () => import('./message/pages/MessagesPage') },
  ],
  locales: { 'zh-CN': () => import('./locales/zh-CN.json'), en: () => import('./locales/en.json') },
};
