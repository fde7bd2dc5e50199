import type { RoleGrants } from '../roles';

/** Permission strings of the system module, checked on the server; roles grant them through menu entries. */
export const systemPermissions = {
  userList: 'system:user:list',
  userAdd: 'system:user:add',
  userEdit: 'system:user:edit',
  userRemove: 'system:user:remove',
  userResetPwd: 'system:user:resetPwd',
  roleList: 'system:role:list',
  roleAdd: 'system:role:add',
  roleEdit: 'system:role:edit',
  roleRemove: 'system:role:remove',
  menuList: 'system:menu:list',
  menuEdit: 'system:menu:edit',
  dictList: 'system:dict:list',
  dictEdit: 'system:dict:edit',
  appList: 'system:app:list',
  appEdit: 'system:app:edit',
  /** The app center (the apps a user may open). */
  appcenterIndex: 'system:appcenter:index',
  brandEdit: 'system:brand:edit',
  logList: 'system:log:list',
  tableList: 'system:table:list',
  orgView: 'system:org:view',
  orgEdit: 'system:org:edit',
  deptList: 'system:dept:list',
  deptEdit: 'system:dept:edit',
  cropList: 'system:crop:list',
  cropEdit: 'system:crop:edit',
  noticeList: 'system:notice:list',
  noticeEdit: 'system:notice:edit',
  outboxList: 'system:outbox:list',
} as const;

/** The workbench every built-in role opens (app center, storage space); docs/admin-guide.md lists the grants. */
const workbench = [systemPermissions.appcenterIndex, 'system:storage:view'] as const;
export const systemRoleGrants: RoleGrants = { clerk: workbench, approver: workbench, breeder: workbench, technician: workbench };
