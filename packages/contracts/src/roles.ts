import type { Translations } from './errors';

/**
 * The built-in roles every organisation receives (issue 14 item 18). `admin` holds every permission and
 * `user` the menu entries marked `forUser`; the others receive what the modules' permission lists grant
 * them (`<module>RoleGrants` beside each module's permission strings).
 */
export const BUILTIN_ROLES = [
  { key: 'admin', name: { 'zh-CN': '管理员', en: 'Administrator' }, dashboardType: 'admin' },
  { key: 'user', name: { 'zh-CN': '普通用户', en: 'User' }, dashboardType: 'default' },
  { key: 'clerk', name: { 'zh-CN': '库管员', en: 'Inventory clerk' }, dashboardType: 'default' },
  { key: 'approver', name: { 'zh-CN': '审核员', en: 'Approver' }, dashboardType: 'default' },
  { key: 'breeder', name: { 'zh-CN': '育种家', en: 'Breeder' }, dashboardType: 'default' },
  { key: 'technician', name: { 'zh-CN': '田间技术员', en: 'Field technician' }, dashboardType: 'default' },
] as const satisfies readonly { key: string; name: Translations; dashboardType: string }[];

export type BuiltinRoleKey = (typeof BUILTIN_ROLES)[number]['key'];
/** The built-in roles whose grants the modules declare (admin holds everything, user the `forUser` entries). */
export const GRANTED_ROLE_KEYS = ['clerk', 'approver', 'breeder', 'technician'] as const;
export type GrantedRoleKey = (typeof GRANTED_ROLE_KEYS)[number];

/** Permission strings a module grants to each built-in role. Every role also receives the open pages (no permission). */
export type RoleGrants = Partial<Record<GrantedRoleKey, readonly string[]>>;

/** The stored role name: both languages, as the built-in administrator and user roles have always been named. */
export const builtinRoleName = (key: BuiltinRoleKey) => {
  const role = BUILTIN_ROLES.find((r) => r.key === key)!;
  return `${role.name['zh-CN']} ${role.name.en}`;
};
