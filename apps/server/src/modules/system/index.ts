import type { FastifyInstance } from 'fastify';
import type { ServerModule } from '../../platform/module';
import { appRoutes } from './app/app.routes';
import { brandRoutes } from './brand/brand.routes';
import { cropRoutes } from './crop/crop.routes';
import { deptRoutes } from './dept/dept.routes';
import { dictRoutes } from './dict/dict.routes';
import { logRoutes } from './log/log.routes';
import { menuRoutes } from './menu/menu.routes';
import { noticeRoutes } from './notice/notice.routes';
import { orgRoutes } from './org/org.routes';
import { outboxRoutes } from './outbox/outbox.routes';
import { roleRoutes } from './role/role.routes';
import { tableRoutes } from './table/table.routes';
import { userRoutes } from './user/user.routes';
import { systemMenus } from './menus';
import { systemDictionaries } from './dictionaries';

/**
 * System administration (under /api/system): organisations, users, roles, menus, dictionaries, crops.
 * The base module: the others build on its tables and services, and it imports none of them (what it
 * needs of them comes through `useSystemHooks`).
 */
export const systemModule: ServerModule = {
  name: 'system',
  routes: (app: FastifyInstance) => {
    dictRoutes(app);
    orgRoutes(app);
    userRoutes(app);
    roleRoutes(app);
    menuRoutes(app);
    appRoutes(app);
    brandRoutes(app);
    deptRoutes(app);
    cropRoutes(app);
    logRoutes(app);
    outboxRoutes(app);
    tableRoutes(app);
    noticeRoutes(app);
  },
  menus: systemMenus,
  dictionaries: systemDictionaries,
};

export { useSystemHooks, type SystemHooks } from './hooks';
export { syncReferenceData, grantUserMenus } from './reference';
export { createOrganisation, useOrganisationSeeders, STANDARD_CROPS, type NewUser } from './org/organisation';
export { loginMethods } from './org/login-methods';
export { createDemoOrganisation, DEMO_USERS } from './demo';
export { resolveBrand, DEFAULT_BRAND } from './brand/brand.service';
export { buildList, setCurrentBuild } from './crop/crop.service';
export { deptTree } from './dept/dept.service';
export { loadAccess, loadAccessAt, loadMenuTree, loadUserCrops, isOrgMember, type Access } from './menu/access.service';
export { assertPasswordAllowed, setPassword, COMMON_PASSWORD_COUNT } from './user/password';
export { endUserSessions, type EndReason } from './session/session.service';
export { notifierFor, type Notifier } from './outbox/notifier';

// The module's tables, for the modules built on it (foreign keys, joins).
export { sysOrg, type OrgSettings } from './org/org.tables';
export { sysUser, sysUserOrg, sysUserTotp } from './user/user.tables';
export { sysRole, sysUserRole, sysRoleMenu } from './role/role.tables';
export { sysMenu } from './menu/menu.tables';
export { sysCrop, sysUserCrop, sysGenomeBuild } from './crop/crop.tables';
export { sysDept } from './dept/dept.tables';
export { sysDictType, sysDictData } from './dict/dict.tables';
export { sysApp } from './app/app.tables';
export { sysBrand } from './brand/brand.tables';
export { sysNotice, sysNoticeRead } from './notice/notice.tables';
export { sysOutbox } from './outbox/outbox.tables';
export { sysSession, sysAuthVersion } from './session/session.tables';
export { sysTally } from './tally/tally.tables';
export { tally, type TalliedTable } from './tally/tally.service';
export { sysLoginAttempt } from './log/log.tables';
