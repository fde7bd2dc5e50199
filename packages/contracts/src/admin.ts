import { z } from 'zod';
import { defineErrors, type Translations } from './errors';
import { PageQuery } from './query';
import { Mobile, NewPassword, RegistrationMode, Username } from './account';

const Status = z.enum(['enabled', 'disabled']);
const optionalText = (max: number) => z.string().trim().max(max).nullish().transform((v) => (v ? v : null));
const IdList = z.array(z.number().int().positive()).max(1000);
const iso = z.string();

/** Dashboard variants: by role (default, admin) or by brand (germbank). */
export const DASHBOARD_TYPES = ['default', 'admin', 'germbank'] as const;
export const DashboardType = z.enum(DASHBOARD_TYPES);

// ---- organisations ------------------------------------------------------------------------------

export const OrgSettingsData = z.object({
  /** 0 = passwords never expire (the default: ASVS 6.2.10 advises against forced rotation). */
  passwordExpiryDays: z.number().int().min(0).max(3650),
  singleSession: z.boolean(),
  registration: RegistrationMode,
});
export type OrgSettingsData = z.infer<typeof OrgSettingsData>;
export const OrgRow = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  settings: OrgSettingsData,
  userCount: z.number().int(),
  /** Sessions not ended, within their absolute expiry and idle window (administrator's dashboard). */
  activeSessions: z.number().int(),
  current: z.boolean(),
  createdAt: iso,
});
export type OrgRow = z.infer<typeof OrgRow>;
export const OrgCreate = z.object({
  code: z.string().trim().min(1).max(50).regex(/^[A-Za-z0-9][A-Za-z0-9_.-]*$/),
  name: z.string().trim().min(1).max(100),
});
export type OrgCreate = z.infer<typeof OrgCreate>;
export const OrgUpdate = z.object({ name: z.string().trim().min(1).max(100), settings: OrgSettingsData });
export type OrgUpdate = z.infer<typeof OrgUpdate>;

// ---- users --------------------------------------------------------------------------------------

export const UserStatus = z.enum(['enabled', 'disabled', 'pending']);
export type UserStatus = z.infer<typeof UserStatus>;
export const CropGrant = z.object({ cropId: z.number().int().positive(), access: z.enum(['view', 'operate']) });
export type CropGrant = z.infer<typeof CropGrant>;

export const UserRow = z.object({
  id: z.number().int(),
  username: z.string(),
  nickName: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  phoneVerified: z.boolean(),
  status: UserStatus,
  deptId: z.number().int().nullable(),
  deptName: z.string().nullable(),
  roles: z.array(z.object({ id: z.number().int(), roleKey: z.string(), roleName: z.string() })),
  crops: z.array(CropGrant),
  platformAdmin: z.boolean(),
  totpEnabled: z.boolean(),
  lastLoginAt: iso.nullable(),
  createdAt: iso,
});
export type UserRow = z.infer<typeof UserRow>;
export const UserPageQuery = PageQuery.extend({
  status: UserStatus.optional(),
  deptId: z.coerce.number().int().positive().optional(),
  roleId: z.coerce.number().int().positive().optional(),
});
export type UserPageQuery = z.input<typeof UserPageQuery>;
export type UserPageParsed = z.output<typeof UserPageQuery>;

const UserFields = {
  nickName: z.string().trim().min(1).max(50),
  email: z.email().max(200).nullish().or(z.literal('').transform(() => null)),
  phone: Mobile.nullish().or(z.literal('').transform(() => null)),
  deptId: z.number().int().positive().nullish(),
  roleIds: IdList,
  crops: z.array(CropGrant).max(200),
};
export const UserCreate = z.object({ username: Username, password: NewPassword, ...UserFields });
export type UserCreate = z.input<typeof UserCreate>;
export const UserUpdate = z.object({ id: z.number().int().positive(), ...UserFields });
export type UserUpdate = z.input<typeof UserUpdate>;
export const UserStatusBody = z.object({ ids: IdList.min(1).max(200), status: Status });
export type UserStatusBody = z.infer<typeof UserStatusBody>;
export const UserResetPasswordBody = z.object({ id: z.number().int().positive(), password: NewPassword });
export type UserResetPasswordBody = z.infer<typeof UserResetPasswordBody>;
export const UserApproveBody = z.object({ id: z.number().int().positive(), approve: z.boolean() });
export type UserApproveBody = z.infer<typeof UserApproveBody>;

// ---- roles --------------------------------------------------------------------------------------

export const RoleRow = z.object({
  id: z.number().int(),
  roleKey: z.string(),
  roleName: z.string(),
  builtin: z.boolean(),
  dashboardType: DashboardType,
  status: Status,
  sort: z.number().int(),
  userCount: z.number().int(),
  createdAt: iso,
});
export type RoleRow = z.infer<typeof RoleRow>;
export const RoleDetail = RoleRow.extend({ menuIds: z.array(z.number().int()) });
export type RoleDetail = z.infer<typeof RoleDetail>;
const RoleFields = {
  roleKey: z.string().trim().min(1).max(50).regex(/^[A-Za-z][A-Za-z0-9_]*$/),
  roleName: z.string().trim().min(1).max(50),
  dashboardType: DashboardType.default('default'),
  status: Status.default('enabled'),
  sort: z.number().int().min(0).max(9999).default(0),
};
export const RoleCreate = z.object({ ...RoleFields, menuIds: IdList.default([]) });
export type RoleCreate = z.input<typeof RoleCreate>;
export const RoleUpdate = z.object({ id: z.number().int().positive(), ...RoleFields });
export type RoleUpdate = z.input<typeof RoleUpdate>;
export const RoleMenusBody = z.object({ roleId: z.number().int().positive(), menuIds: IdList });
export type RoleMenusBody = z.infer<typeof RoleMenusBody>;
export const RolePageQuery = PageQuery.extend({ status: Status.optional() });

// ---- menus --------------------------------------------------------------------------------------

export const MenuType = z.enum(['M', 'C', 'F']);
export interface MenuNode {
  id: number;
  menuKey: string;
  parentId: number | null;
  name: string;
  path: string;
  component: string | null;
  menuType: 'M' | 'C' | 'F';
  perms: string | null;
  icon: string | null;
  titleZh: string;
  titleEn: string;
  hidden: boolean;
  affix: boolean;
  helpUrl: string | null;
  type: string | null;
  roles: string[];
  appKey: string | null;
  orderNum: number;
  status: 'enabled' | 'disabled';
  children: MenuNode[];
}
export const MenuNode: z.ZodType<MenuNode> = z.object({
  id: z.number().int(),
  menuKey: z.string(),
  parentId: z.number().int().nullable(),
  name: z.string(),
  path: z.string(),
  component: z.string().nullable(),
  menuType: MenuType,
  perms: z.string().nullable(),
  icon: z.string().nullable(),
  titleZh: z.string(),
  titleEn: z.string(),
  hidden: z.boolean(),
  affix: z.boolean(),
  helpUrl: z.string().nullable(),
  type: z.string().nullable(),
  roles: z.array(z.string()),
  appKey: z.string().nullable(),
  orderNum: z.number().int(),
  status: Status,
  get children() {
    return z.array(MenuNode);
  },
});
const MenuFields = {
  parentId: z.number().int().positive().nullable(),
  menuType: MenuType,
  titleZh: z.string().trim().min(1).max(50),
  titleEn: z.string().trim().min(1).max(80),
  path: z.string().trim().max(200).regex(/^(\/[A-Za-z0-9_.:/-]*)?$/).default(''),
  component: optionalText(200),
  perms: z.string().trim().max(500).regex(/^([A-Za-z0-9_*-]+(:[A-Za-z0-9_*-]+)*)?(,\s*[A-Za-z0-9_*-]+(:[A-Za-z0-9_*-]+)*)*$/).nullish().transform((v) => (v ? v : null)),
  icon: optionalText(50),
  hidden: z.boolean().default(false),
  affix: z.boolean().default(false),
  helpUrl: optionalText(500),
  type: optionalText(30),
  roles: z.array(z.string().trim().min(1).max(50)).max(50).default([]),
  orderNum: z.number().int().min(0).max(99999).default(0),
  status: Status.default('enabled'),
};
export const MenuCreate = z.object(MenuFields);
export type MenuCreate = z.input<typeof MenuCreate>;
export const MenuUpdate = z.object({ id: z.number().int().positive(), ...MenuFields });
export type MenuUpdate = z.input<typeof MenuUpdate>;

// ---- dictionaries -------------------------------------------------------------------------------

export const DictTypeRow = z.object({
  id: z.number().int(),
  dictType: z.string(),
  appKey: z.string(),
  nameZh: z.string(),
  nameEn: z.string(),
  status: Status,
  entries: z.number().int(),
});
export type DictTypeRow = z.infer<typeof DictTypeRow>;
export const DictDataRow = z.object({
  id: z.number().int(),
  dictType: z.string(),
  dictValue: z.string(),
  labelZh: z.string(),
  labelEn: z.string(),
  listClass: z.string().nullable(),
  cssClass: z.string().nullable(),
  sort: z.number().int(),
  status: Status,
});
export type DictDataRow = z.infer<typeof DictDataRow>;
export interface DictTreeNode {
  key: string;
  title: string;
  titleI18n: Record<'zh-CN' | 'en', string>;
  appKey: string;
  dictType: string | null;
  children: DictTreeNode[];
}
export const DictTreeNode: z.ZodType<DictTreeNode> = z.object({
  key: z.string(),
  title: z.string(),
  titleI18n: z.object({ 'zh-CN': z.string(), en: z.string() }),
  appKey: z.string(),
  dictType: z.string().nullable(),
  get children() {
    return z.array(DictTreeNode);
  },
});
export const DictGetQuery = z.object({ dictType: z.string().trim().min(1).max(100), appKey: z.string().trim().max(50).optional() });
export const DictGetData = z.object({ type: DictTypeRow, entries: z.array(DictDataRow) });
export type DictGetData = z.infer<typeof DictGetData>;
const DictKey = z.string().trim().min(1).max(100).regex(/^[A-Za-z][A-Za-z0-9_]*$/);
export const DictTypeCreate = z.object({
  dictType: DictKey,
  appKey: z.string().trim().min(1).max(50).regex(/^[A-Za-z][A-Za-z0-9_-]*$/),
  nameZh: z.string().trim().min(1).max(100),
  nameEn: z.string().trim().min(1).max(100),
  status: Status.default('enabled'),
});
export type DictTypeCreate = z.input<typeof DictTypeCreate>;
export const DictTypeUpdate = DictTypeCreate.omit({ dictType: true }).extend({ id: z.number().int().positive() });
export type DictTypeUpdate = z.input<typeof DictTypeUpdate>;
const DictDataFields = {
  dictValue: z.string().trim().min(1).max(100),
  labelZh: z.string().trim().min(1).max(100),
  labelEn: z.string().trim().min(1).max(100),
  listClass: z.enum(['default', 'primary', 'success', 'info', 'warning', 'danger']).nullish().transform((v) => v ?? null),
  cssClass: optionalText(100),
  sort: z.number().int().min(0).max(9999).default(0),
  status: Status.default('enabled'),
};
export const DictDataCreate = z.object({ dictType: DictKey, ...DictDataFields });
export type DictDataCreate = z.input<typeof DictDataCreate>;
export const DictDataUpdate = z.object({ id: z.number().int().positive(), ...DictDataFields });
export type DictDataUpdate = z.input<typeof DictDataUpdate>;

// ---- apps and brands ----------------------------------------------------------------------------

export const AppRow = z.object({
  id: z.number().int(),
  appKey: z.string(),
  nameZh: z.string(),
  nameEn: z.string(),
  descriptionZh: z.string().nullable(),
  descriptionEn: z.string().nullable(),
  icon: z.string().nullable(),
  /** A top-level menu key (an app of this product) or an absolute https URL (an external app). */
  target: z.string(),
  external: z.boolean(),
  sort: z.number().int(),
  status: Status,
});
export type AppRow = z.infer<typeof AppRow>;
const AppFields = {
  nameZh: z.string().trim().min(1).max(50),
  nameEn: z.string().trim().min(1).max(80),
  descriptionZh: optionalText(200),
  descriptionEn: optionalText(300),
  icon: optionalText(50),
  target: z.string().trim().min(1).max(500).refine((v) => /^https?:\/\/[^\s]+$/.test(v) || /^[A-Za-z][A-Za-z0-9_.-]*$/.test(v), {
    params: { rule: 'format', format: 'menu key | https://…' },
  }),
  sort: z.number().int().min(0).max(9999).default(0),
  status: Status.default('enabled'),
};
export const AppCreate = z.object({ appKey: z.string().trim().min(1).max(50).regex(/^[A-Za-z][A-Za-z0-9_-]*$/), ...AppFields });
export type AppCreate = z.input<typeof AppCreate>;
export const AppUpdate = z.object({ id: z.number().int().positive(), ...AppFields });
export type AppUpdate = z.input<typeof AppUpdate>;
/** An app as the app center shows it to the signed-in user. */
export const AppTile = z.object({
  appKey: z.string(),
  name: z.string(),
  nameI18n: z.object({ 'zh-CN': z.string(), en: z.string() }),
  description: z.string().nullable(),
  icon: z.string().nullable(),
  external: z.boolean(),
  /** Where it opens: a path of this app (first page of the menu group) or the external URL. */
  href: z.string(),
  pages: z.number().int(),
});
export type AppTile = z.infer<typeof AppTile>;

const Colour = z.string().trim().regex(/^#[0-9A-Fa-f]{6}$/);
export const BrandRow = z.object({
  id: z.number().int(),
  brandKey: z.string(),
  nameZh: z.string(),
  nameEn: z.string(),
  logoUrl: z.string().nullable(),
  primaryColor: z.string(),
  hosts: z.array(z.string()),
  pathPrefix: z.string().nullable(),
  dashboardType: DashboardType,
  isDefault: z.boolean(),
  status: Status,
});
export type BrandRow = z.infer<typeof BrandRow>;
const BrandFields = {
  nameZh: z.string().trim().min(1).max(50),
  nameEn: z.string().trim().min(1).max(80),
  logoUrl: z.string().trim().max(500).regex(/^(\/|https:\/\/|data:image\/(png|svg\+xml|jpeg);base64,)/).nullish().or(z.literal('').transform(() => null)),
  primaryColor: Colour,
  hosts: z.array(z.string().trim().min(1).max(200).regex(/^(\*\.)?[A-Za-z0-9.-]+(:\d+)?$/)).max(20).default([]),
  pathPrefix: z.string().trim().max(100).regex(/^\/[A-Za-z0-9_-]+$/).nullish().or(z.literal('').transform(() => null)),
  dashboardType: DashboardType.default('default'),
  isDefault: z.boolean().default(false),
  status: Status.default('enabled'),
};
export const BrandCreate = z.object({ brandKey: z.string().trim().min(1).max(50).regex(/^[A-Za-z][A-Za-z0-9_-]*$/), ...BrandFields });
export type BrandCreate = z.input<typeof BrandCreate>;
export const BrandUpdate = z.object({ id: z.number().int().positive(), ...BrandFields });
export type BrandUpdate = z.input<typeof BrandUpdate>;

// ---- departments, crops, genome builds ------------------------------------------------------------

export const DeptCreate = z.object({
  parentId: z.number().int().positive().nullable().default(null),
  name: z.string().trim().min(1).max(50),
  sort: z.number().int().min(0).max(9999).default(0),
  status: Status.default('enabled'),
});
export type DeptCreate = z.input<typeof DeptCreate>;
export const DeptUpdate = DeptCreate.extend({ id: z.number().int().positive() });
export type DeptUpdate = z.input<typeof DeptUpdate>;

export const CropRow = z.object({
  id: z.number().int(),
  code: z.string(),
  nameZh: z.string(),
  nameEn: z.string(),
  sort: z.number().int(),
  status: Status,
  builds: z.number().int(),
  access: z.enum(['view', 'operate']).nullable(),
});
export type CropRow = z.infer<typeof CropRow>;
const CropFields = {
  nameZh: z.string().trim().min(1).max(50),
  nameEn: z.string().trim().min(1).max(80),
  sort: z.number().int().min(0).max(9999).default(0),
  status: Status.default('enabled'),
};
export const CropCreate = z.object({ code: z.string().trim().min(1).max(30).regex(/^[a-z][a-z0-9_-]*$/), ...CropFields });
export type CropCreate = z.input<typeof CropCreate>;
export const CropUpdate = z.object({ id: z.number().int().positive(), ...CropFields });
export type CropUpdate = z.input<typeof CropUpdate>;

export const GenomeBuildRow = z.object({
  id: z.number().int(),
  cropId: z.number().int(),
  code: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  sort: z.number().int(),
  createdAt: iso,
});
export type GenomeBuildRow = z.infer<typeof GenomeBuildRow>;
const BuildFields = {
  name: z.string().trim().min(1).max(100),
  description: optionalText(500),
  sort: z.number().int().min(0).max(9999).default(0),
};
export const GenomeBuildCreate = z.object({ cropId: z.number().int().positive(), code: z.string().trim().min(1).max(50).regex(/^[A-Za-z0-9][A-Za-z0-9_.-]*$/), ...BuildFields });
export type GenomeBuildCreate = z.input<typeof GenomeBuildCreate>;
export const GenomeBuildUpdate = z.object({ id: z.number().int().positive(), ...BuildFields });
export type GenomeBuildUpdate = z.input<typeof GenomeBuildUpdate>;
export const CropIdQuery = z.object({ cropId: z.coerce.number().int().positive() });
/** GET /api/gs/api/gws/getBuildList: the current crop's builds and the user's current one. */
export const BuildListData = z.object({
  cropId: z.number().int().nullable(),
  currentBuildId: z.number().int().nullable(),
  builds: z.array(z.object({ buildId: z.number().int(), code: z.string(), name: z.string() })),
});
export type BuildListData = z.infer<typeof BuildListData>;
/** POST /api/gs/api/gws/changeBuild/setCurrentBuildId, form-encoded. */
export const SetBuildBody = z.object({ currentBuildId: z.coerce.number().int().positive() });

// ---- logs and table metadata ---------------------------------------------------------------------

export const AuditRow = z.object({
  id: z.number().int(),
  at: iso,
  orgId: z.number().int().nullable(),
  userId: z.number().int().nullable(),
  username: z.string().nullable(),
  action: z.string(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  result: z.enum(['success', 'failure', 'denied']),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  requestId: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()),
});
export type AuditRow = z.infer<typeof AuditRow>;
const DateTime = z.string().trim().regex(/^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$/);
export const AuditPageQuery = PageQuery.extend({
  action: z.string().trim().max(100).optional(),
  username: z.string().trim().max(64).optional(),
  result: z.enum(['success', 'failure', 'denied']).optional(),
  from: DateTime.optional(),
  to: DateTime.optional(),
});
export type AuditPageQuery = z.input<typeof AuditPageQuery>;
export type AuditPageParsed = z.output<typeof AuditPageQuery>;
export const LoginLogRow = z.object({
  id: z.number().int(),
  username: z.string(),
  ip: z.string(),
  success: z.boolean(),
  reason: z.string().nullable(),
  userAgent: z.string().nullable(),
  createdAt: iso,
});
export type LoginLogRow = z.infer<typeof LoginLogRow>;
export const LoginLogPageQuery = PageQuery.extend({
  success: z.enum(['true', 'false']).optional(),
  username: z.string().trim().max(64).optional(),
  from: DateTime.optional(),
  to: DateTime.optional(),
});
export type LoginLogPageQuery = z.input<typeof LoginLogPageQuery>;
export type LoginLogPageParsed = z.output<typeof LoginLogPageQuery>;

export const TableMetaRow = z.object({ tableName: z.string(), comment: z.string().nullable(), columns: z.number().int(), rowEstimate: z.number().int() });
export type TableMetaRow = z.infer<typeof TableMetaRow>;
export const TableInfoQuery = z.object({ tableName: z.string().trim().min(1).max(63).regex(/^[a-z_][a-z0-9_]*$/) });
export const TableInfoData = z.object({
  tableName: z.string(),
  comment: z.string().nullable(),
  columns: z.array(z.object({ name: z.string(), type: z.string(), nullable: z.boolean(), defaultValue: z.string().nullable(), comment: z.string().nullable() })),
  indexes: z.array(z.object({ name: z.string(), definition: z.string() })),
});
export type TableInfoData = z.infer<typeof TableInfoData>;

// ---- notices and the outbox -----------------------------------------------------------------------

export const NoticeLevel = z.enum(['info', 'warning', 'important']);
export const NoticeRow = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
  level: NoticeLevel,
  allOrgs: z.boolean(),
  publishedAt: iso,
  expiresAt: iso.nullable(),
  status: Status,
  createdBy: z.string().nullable(),
  createdAt: iso,
});
export type NoticeRow = z.infer<typeof NoticeRow>;
const NoticeFields = {
  title: z.string().trim().min(1).max(100),
  content: z.string().trim().min(1).max(5000),
  level: NoticeLevel.default('info'),
  expiresAt: DateTime.nullish().or(z.literal('').transform(() => null)),
  status: Status.default('enabled'),
};
export const NoticeCreate = z.object(NoticeFields);
export type NoticeCreate = z.input<typeof NoticeCreate>;
export const NoticeUpdate = z.object({ id: z.number().int().positive(), ...NoticeFields });
export type NoticeUpdate = z.input<typeof NoticeUpdate>;

export const OutboxRow = z.object({
  id: z.number().int(),
  channel: z.enum(['sms', 'email']),
  recipient: z.string(),
  subject: z.string().nullable(),
  body: z.string(),
  purpose: z.string(),
  status: z.enum(['outbox', 'sent', 'failed']),
  error: z.string().nullable(),
  createdAt: iso,
});
export type OutboxRow = z.infer<typeof OutboxRow>;
export const OutboxPageQuery = PageQuery.extend({ channel: z.enum(['sms', 'email']).optional() });
export type OutboxPageQuery = z.input<typeof OutboxPageQuery>;

export const adminErrors = defineErrors({
  PLATFORM_ADMIN_REQUIRED: { 'zh-CN': '只有平台管理员可以执行此操作', en: 'Only a platform administrator may do this' },
  ORG_CODE_EXISTS: { 'zh-CN': '组织编码 {code} 已存在', en: 'Organisation code {code} already exists' },
  ROLE_KEY_EXISTS: { 'zh-CN': '角色标识 {roleKey} 已存在', en: 'Role key {roleKey} already exists' },
  ROLE_BUILTIN: { 'zh-CN': '内置角色不能删除或改标识', en: 'A built-in role cannot be deleted or re-keyed' },
  ROLE_IN_USE: { 'zh-CN': '角色仍有 {count} 个用户，不能删除', en: 'The role still has {count} users and cannot be deleted' },
  ROLE_NOT_FOUND: { 'zh-CN': '角色不存在：{ids}', en: 'No such role: {ids}' },
  MENU_NOT_FOUND: { 'zh-CN': '菜单不存在：{ids}', en: 'No such menu entry: {ids}' },
  MENU_HAS_CHILDREN: { 'zh-CN': '请先删除下级菜单', en: 'Delete the entries below it first' },
  MENU_PARENT_INVALID: { 'zh-CN': '上级菜单无效（不能是按钮或自身的下级）', en: 'Invalid parent (not a button, not one of its own descendants)' },
  DICT_TYPE_EXISTS: { 'zh-CN': '字典类型 {dictType} 已存在', en: 'Dictionary type {dictType} already exists' },
  DICT_VALUE_EXISTS: { 'zh-CN': '字典值 {dictValue} 已存在', en: 'Dictionary value {dictValue} already exists' },
  APP_KEY_EXISTS: { 'zh-CN': '应用标识 {appKey} 已存在', en: 'App key {appKey} already exists' },
  BRAND_KEY_EXISTS: { 'zh-CN': '品牌标识 {brandKey} 已存在', en: 'Brand key {brandKey} already exists' },
  CROP_CODE_EXISTS: { 'zh-CN': '作物编码 {code} 已存在', en: 'Crop code {code} already exists' },
  BUILD_CODE_EXISTS: { 'zh-CN': '基因组版本 {code} 已存在', en: 'Genome build {code} already exists' },
  BUILD_NOT_DEFINED: { 'zh-CN': '当前作物未定义基因组版本', en: 'No genome version is defined for the current crop' },
  DEPT_HAS_CHILDREN: { 'zh-CN': '部门下仍有下级部门或用户', en: 'The department still has sub-departments or users' },
  USER_SELF_CHANGE: { 'zh-CN': '不能停用、删除或降级自己的账号', en: 'You cannot disable, remove or demote your own account' },
  USER_NOT_PENDING: { 'zh-CN': '该用户不在待审核状态', en: 'This user is not waiting for approval' },
  TABLE_NOT_FOUND: { 'zh-CN': '数据表不存在：{tableName}', en: 'No such table: {tableName}' },
  TEXT_NUL_CHARACTER: { 'zh-CN': '字段 {field} 含有不允许的空字符（\\0）', en: 'The field {field} contains a NUL character (\\0), which is not allowed' },
});

export const adminFieldLabels: Record<string, Translations> = {
  passwordExpiryDays: { 'zh-CN': '密码有效期（天）', en: 'Password expiry (days)' },
  singleSession: { 'zh-CN': '单点登录', en: 'Single-session mode' },
  registration: { 'zh-CN': '用户注册', en: 'Registration' },
  settings: { 'zh-CN': '设置', en: 'Settings' },
  phone: { 'zh-CN': '手机号', en: 'Mobile number' },
  deptId: { 'zh-CN': '部门', en: 'Department' },
  roleIds: { 'zh-CN': '角色', en: 'Roles' },
  roleId: { 'zh-CN': '角色', en: 'Role' },
  crops: { 'zh-CN': '作物权限', en: 'Crop access' },
  cropId: { 'zh-CN': '作物', en: 'Crop' },
  access: { 'zh-CN': '权限', en: 'Access' },
  roleKey: { 'zh-CN': '角色标识', en: 'Role key' },
  roleName: { 'zh-CN': '角色名称', en: 'Role name' },
  dashboardType: { 'zh-CN': '首页类型', en: 'Dashboard type' },
  sort: { 'zh-CN': '排序', en: 'Order' },
  menuIds: { 'zh-CN': '菜单权限', en: 'Menu permissions' },
  parentId: { 'zh-CN': '上级', en: 'Parent' },
  menuType: { 'zh-CN': '菜单类型', en: 'Menu type' },
  titleZh: { 'zh-CN': '中文标题', en: 'Chinese title' },
  titleEn: { 'zh-CN': '英文标题', en: 'English title' },
  path: { 'zh-CN': '路由地址', en: 'Route path' },
  component: { 'zh-CN': '组件', en: 'Component' },
  perms: { 'zh-CN': '权限标识', en: 'Permission strings' },
  icon: { 'zh-CN': '图标', en: 'Icon' },
  hidden: { 'zh-CN': '隐藏', en: 'Hidden' },
  affix: { 'zh-CN': '固定标签', en: 'Pinned tab' },
  helpUrl: { 'zh-CN': '帮助地址', en: 'Help URL' },
  type: { 'zh-CN': '类型', en: 'Type' },
  roles: { 'zh-CN': '路由角色', en: 'Route roles' },
  orderNum: { 'zh-CN': '排序', en: 'Order' },
  dictType: { 'zh-CN': '字典类型', en: 'Dictionary type' },
  appKey: { 'zh-CN': '应用标识', en: 'App key' },
  nameZh: { 'zh-CN': '中文名称', en: 'Chinese name' },
  nameEn: { 'zh-CN': '英文名称', en: 'English name' },
  dictValue: { 'zh-CN': '字典值', en: 'Value' },
  labelZh: { 'zh-CN': '中文标签', en: 'Chinese label' },
  labelEn: { 'zh-CN': '英文标签', en: 'English label' },
  listClass: { 'zh-CN': '显示样式', en: 'Display style' },
  cssClass: { 'zh-CN': '样式类', en: 'CSS class' },
  descriptionZh: { 'zh-CN': '中文描述', en: 'Chinese description' },
  descriptionEn: { 'zh-CN': '英文描述', en: 'English description' },
  target: { 'zh-CN': '打开目标', en: 'Target' },
  brandKey: { 'zh-CN': '品牌标识', en: 'Brand key' },
  logoUrl: { 'zh-CN': '标志地址', en: 'Logo URL' },
  primaryColor: { 'zh-CN': '主题色', en: 'Primary colour' },
  hosts: { 'zh-CN': '域名', en: 'Hosts' },
  pathPrefix: { 'zh-CN': '路径前缀', en: 'Path prefix' },
  isDefault: { 'zh-CN': '默认', en: 'Default' },
  description: { 'zh-CN': '描述', en: 'Description' },
  action: { 'zh-CN': '操作', en: 'Action' },
  result: { 'zh-CN': '结果', en: 'Result' },
  from: { 'zh-CN': '开始时间', en: 'From' },
  to: { 'zh-CN': '结束时间', en: 'To' },
  success: { 'zh-CN': '是否成功', en: 'Success' },
  tableName: { 'zh-CN': '表名', en: 'Table name' },
  title: { 'zh-CN': '标题', en: 'Title' },
  content: { 'zh-CN': '内容', en: 'Content' },
  level: { 'zh-CN': '级别', en: 'Level' },
  expiresAt: { 'zh-CN': '失效时间', en: 'Expires' },
  channel: { 'zh-CN': '渠道', en: 'Channel' },
  currentBuildId: { 'zh-CN': '基因组版本', en: 'Genome build' },
};
