import { sql } from 'drizzle-orm';
import { bigint, boolean, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { sysDept } from '../dept/dept.tables';
import { sysOrg } from '../org/org.tables';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export const sysUser = pgTable(
  'sys_user',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    nickName: text('nick_name').notNull(),
    email: text('email'),
    phone: text('phone'),
    /** Set once the user proved the number with a code; only verified numbers may receive login codes. */
    phoneVerified: boolean('phone_verified').notNull().default(false),
    passwordHash: text('password_hash').notNull(),
    /** pending: registered and waiting for an administrator's approval. */
    status: text('status', { enum: ['enabled', 'disabled', 'pending'] })
      .notNull()
      .default('enabled'),
    /** Platform administrators manage what all organisations share: menus, dictionaries, apps, brands, licences. */
    platformAdmin: boolean('platform_admin').notNull().default(false),
    deptId: integer('dept_id').references((): AnyPgColumn => sysDept.id, { onDelete: 'set null' }),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    avatar: text('avatar'),
    locale: text('locale', { enum: ['zh-CN', 'en'] })
      .notNull()
      .default('zh-CN'),
    defaultOrgId: integer('default_org_id').references(() => sysOrg.id),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set when an administrator created the account or reset its password: the session may do nothing but change it. */
    passwordChangeRequired: boolean('password_change_required').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('sys_user_username_uq').on(sql`lower(${t.username})`),
    uniqueIndex('sys_user_phone_verified_uq')
      .on(t.phone)
      .where(sql`${t.phoneVerified}`),
  ],
);

export const sysUserOrg = pgTable(
  'sys_user_org',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => sysUser.id, { onDelete: 'cascade' }),
    orgId: integer('org_id')
      .notNull()
      .references(() => sysOrg.id, { onDelete: 'cascade' }),
    /** Departments whose data the user chose to see (viewDeptIds). */
    viewDeptIds: integer('view_dept_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
  },
  (t) => [primaryKey({ columns: [t.userId, t.orgId] })],
);

/** A user's authenticator (TOTP). enabled_at is null while enrolment waits for the first code. */
export const sysUserTotp = pgTable('sys_user_totp', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => sysUser.id, { onDelete: 'cascade' }),
  secret: text('secret').notNull(),
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  /** The last accepted time step: a code is never accepted twice. */
  lastTimeStep: bigint('last_time_step', { mode: 'number' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
