import { sql } from 'drizzle-orm';
import {
  boolean, integer, jsonb, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex, index, type AnyPgColumn,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** Per-organisation policies; every key optional so that new policies need no migration. */
export interface OrgSettings {
  passwordExpiryDays?: number;
  singleSession?: boolean;
  /** Storage quota of the organisation in bytes; absent: the installation default (BW_ORG_QUOTA_GB). */
  storageQuotaBytes?: number;
  registration?: 'off' | 'open' | 'approval';
}

export const sysOrg = pgTable('sys_org', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  settings: jsonb('settings').$type<OrgSettings>().notNull().default({}),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const sysUser = pgTable('sys_user', {
  id: serial('id').primaryKey(),
  username: text('username').notNull(),
  nickName: text('nick_name').notNull(),
  email: text('email'),
  phone: text('phone'),
  /** Set once the user proved the number with a code; only verified numbers may receive login codes. */
  phoneVerified: boolean('phone_verified').notNull().default(false),
  passwordHash: text('password_hash').notNull(),
  /** pending: registered and waiting for an administrator's approval. */
  status: text('status', { enum: ['enabled', 'disabled', 'pending'] }).notNull().default('enabled'),
  /** Platform administrators manage what all organisations share: menus, dictionaries, apps, brands, licences. */
  platformAdmin: boolean('platform_admin').notNull().default(false),
  deptId: integer('dept_id').references((): AnyPgColumn => sysDept.id, { onDelete: 'set null' }),
  lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
  avatar: text('avatar'),
  locale: text('locale', { enum: ['zh-CN', 'en'] }).notNull().default('zh-CN'),
  defaultOrgId: integer('default_org_id').references(() => sysOrg.id),
  passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }).notNull().defaultNow(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [
  uniqueIndex('sys_user_username_uq').on(sql`lower(${t.username})`),
  uniqueIndex('sys_user_phone_verified_uq').on(t.phone).where(sql`${t.phoneVerified}`),
]);

export const sysUserOrg = pgTable('sys_user_org', {
  userId: integer('user_id').notNull().references(() => sysUser.id, { onDelete: 'cascade' }),
  orgId: integer('org_id').notNull().references(() => sysOrg.id, { onDelete: 'cascade' }),
  /** Departments whose data the user chose to see (viewDeptIds). */
  viewDeptIds: integer('view_dept_ids').array().notNull().default(sql`'{}'::integer[]`),
}, (t) => [primaryKey({ columns: [t.userId, t.orgId] })]);

export const sysRole = pgTable('sys_role', {
  id: serial('id').primaryKey(),
  orgId: integer('org_id').notNull().references(() => sysOrg.id, { onDelete: 'cascade' }),
  roleKey: text('role_key').notNull(),
  roleName: text('role_name').notNull(),
  builtin: boolean('builtin').notNull().default(false),
  /** Dashboard variant shown to holders of this role (spec section 6). */
  dashboardType: text('dashboard_type').notNull().default('default'),
  status: text('status', { enum: ['enabled', 'disabled'] }).notNull().default('enabled'),
  sort: integer('sort').notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [uniqueIndex('sys_role_org_key_uq').on(t.orgId, t.roleKey)]);

export const sysUserRole = pgTable('sys_user_role', {
  userId: integer('user_id').notNull().references(() => sysUser.id, { onDelete: 'cascade' }),
  roleId: integer('role_id').notNull().references(() => sysRole.id, { onDelete: 'cascade' }),
}, (t) => [primaryKey({ columns: [t.userId, t.roleId] })]);

/**
 * The menu tree (spec section 2). Type M is a directory, C a page, F a button that only carries a
 * permission. Menus are product structure shared by all organisations; roles decide who sees them.
 */
export const sysMenu = pgTable('sys_menu', {
  id: serial('id').primaryKey(),
  menuKey: text('menu_key').notNull().unique(),
  parentId: integer('parent_id'),
  name: text('name').notNull(),
  path: text('path').notNull().default(''),
  component: text('component'),
  menuType: text('menu_type', { enum: ['M', 'C', 'F'] }).notNull(),
  perms: text('perms'),
  icon: text('icon'),
  titleZh: text('title_zh').notNull(),
  titleEn: text('title_en').notNull(),
  hidden: boolean('hidden').notNull().default(false),
  affix: boolean('affix').notNull().default(false),
  helpUrl: text('help_url'),
  type: text('type'),
  roles: text('roles').array().notNull().default(sql`'{}'::text[]`),
  appKey: text('app_key'),
  orderNum: integer('order_num').notNull().default(0),
  status: text('status', { enum: ['enabled', 'disabled'] }).notNull().default('enabled'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [index('sys_menu_parent_idx').on(t.parentId)]);

export const sysRoleMenu = pgTable('sys_role_menu', {
  roleId: integer('role_id').notNull().references(() => sysRole.id, { onDelete: 'cascade' }),
  menuId: integer('menu_id').notNull().references(() => sysMenu.id, { onDelete: 'cascade' }),
}, (t) => [primaryKey({ columns: [t.roleId, t.menuId] })]);

export const sysCrop = pgTable('sys_crop', {
  id: serial('id').primaryKey(),
  orgId: integer('org_id').notNull().references(() => sysOrg.id, { onDelete: 'cascade' }),
  code: text('code').notNull(),
  nameZh: text('name_zh').notNull(),
  nameEn: text('name_en').notNull(),
  sort: integer('sort').notNull().default(0),
  status: text('status', { enum: ['enabled', 'disabled'] }).notNull().default('enabled'),
  createdAt: createdAt(),
}, (t) => [uniqueIndex('sys_crop_org_code_uq').on(t.orgId, t.code)]);

export const sysUserCrop = pgTable('sys_user_crop', {
  userId: integer('user_id').notNull().references(() => sysUser.id, { onDelete: 'cascade' }),
  cropId: integer('crop_id').notNull().references(() => sysCrop.id, { onDelete: 'cascade' }),
  access: text('access', { enum: ['view', 'operate'] }).notNull().default('operate'),
  /** The genome build the user works with for this crop (gws changeBuild). */
  currentBuildId: integer('current_build_id').references((): AnyPgColumn => sysGenomeBuild.id, { onDelete: 'set null' }),
}, (t) => [primaryKey({ columns: [t.userId, t.cropId] })]);

export const sysDictType = pgTable('sys_dict_type', {
  id: serial('id').primaryKey(),
  dictType: text('dict_type').notNull().unique(),
  appKey: text('app_key').notNull().default('system'),
  nameZh: text('name_zh').notNull(),
  nameEn: text('name_en').notNull(),
  status: text('status', { enum: ['enabled', 'disabled'] }).notNull().default('enabled'),
  createdAt: createdAt(),
});

export const sysDictData = pgTable('sys_dict_data', {
  id: serial('id').primaryKey(),
  dictType: text('dict_type').notNull().references(() => sysDictType.dictType, { onDelete: 'cascade', onUpdate: 'cascade' }),
  dictValue: text('dict_value').notNull(),
  labelZh: text('label_zh').notNull(),
  labelEn: text('label_en').notNull(),
  listClass: text('list_class'),
  cssClass: text('css_class'),
  sort: smallint('sort').notNull().default(0),
  status: text('status', { enum: ['enabled', 'disabled'] }).notNull().default('enabled'),
  createdAt: createdAt(),
}, (t) => [uniqueIndex('sys_dict_data_type_value_uq').on(t.dictType, t.dictValue)]);

export const sysDept = pgTable('sys_dept', {
  id: serial('id').primaryKey(),
  orgId: integer('org_id').notNull().references(() => sysOrg.id, { onDelete: 'cascade' }),
  parentId: integer('parent_id').references((): AnyPgColumn => sysDept.id, { onDelete: 'restrict' }),
  name: text('name').notNull(),
  sort: integer('sort').notNull().default(0),
  status: text('status', { enum: ['enabled', 'disabled'] }).notNull().default('enabled'),
  createdAt: createdAt(),
}, (t) => [index('sys_dept_org_idx').on(t.orgId)]);

/** Reference genome versions of a crop (gws getBuildList). */
export const sysGenomeBuild = pgTable('sys_genome_build', {
  id: serial('id').primaryKey(),
  orgId: integer('org_id').notNull().references(() => sysOrg.id, { onDelete: 'cascade' }),
  cropId: integer('crop_id').notNull().references(() => sysCrop.id, { onDelete: 'cascade' }),
  code: text('code').notNull(),
  name: text('name').notNull(),
  description: text('description'),
  sort: integer('sort').notNull().default(0),
  createdBy: integer('created_by').references(() => sysUser.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [uniqueIndex('sys_genome_build_crop_code_uq').on(t.cropId, t.code)]);

/** Apps of the app center: a top-level menu group of this product, or an external address. */
export const sysApp = pgTable('sys_app', {
  id: serial('id').primaryKey(),
  appKey: text('app_key').notNull().unique(),
  nameZh: text('name_zh').notNull(),
  nameEn: text('name_en').notNull(),
  descriptionZh: text('description_zh'),
  descriptionEn: text('description_en'),
  icon: text('icon'),
  target: text('target').notNull(),
  sort: integer('sort').notNull().default(0),
  status: text('status', { enum: ['enabled', 'disabled'] }).notNull().default('enabled'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Branded variants (e.g. the germplasm bank), chosen by the request's host and entry path. */
export const sysBrand = pgTable('sys_brand', {
  id: serial('id').primaryKey(),
  brandKey: text('brand_key').notNull().unique(),
  nameZh: text('name_zh').notNull(),
  nameEn: text('name_en').notNull(),
  logoUrl: text('logo_url'),
  primaryColor: text('primary_color').notNull().default('#1677ff'),
  hosts: text('hosts').array().notNull().default(sql`'{}'::text[]`),
  pathPrefix: text('path_prefix'),
  dashboardType: text('dashboard_type').notNull().default('default'),
  isDefault: boolean('is_default').notNull().default(false),
  status: text('status', { enum: ['enabled', 'disabled'] }).notNull().default('enabled'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Announcements: for one organisation, or for all when org_id is null. */
export const sysNotice = pgTable('sys_notice', {
  id: serial('id').primaryKey(),
  orgId: integer('org_id').references(() => sysOrg.id, { onDelete: 'cascade' }),
  title: text('title').notNull(),
  content: text('content').notNull(),
  level: text('level', { enum: ['info', 'warning', 'important'] }).notNull().default('info'),
  publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }),
  status: text('status', { enum: ['enabled', 'disabled'] }).notNull().default('enabled'),
  createdBy: integer('created_by').references(() => sysUser.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [index('sys_notice_org_idx').on(t.orgId, t.publishedAt)]);

/**
 * SMS and e-mail as they were handed over: to the gateway (sent, failed) or, with no gateway
 * configured, kept here for administrators to read (outbox).
 */
export const sysOutbox = pgTable('sys_outbox', {
  id: serial('id').primaryKey(),
  channel: text('channel', { enum: ['sms', 'email'] }).notNull(),
  recipient: text('recipient').notNull(),
  subject: text('subject'),
  body: text('body').notNull(),
  purpose: text('purpose').notNull(),
  status: text('status', { enum: ['outbox', 'sent', 'failed'] }).notNull(),
  error: text('error'),
  createdAt: createdAt(),
}, (t) => [index('sys_outbox_created_idx').on(t.createdAt)]);
