import { bigint, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sysCrop } from '../crop/crop.tables';
import { sysOrg } from '../org/org.tables';
import { sysUser } from '../user/user.tables';

/** Server-side sessions. Only a SHA-256 of the token is stored, so a database leak yields no usable token. */
export const sysSession = pgTable(
  'sys_session',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => sysUser.id, { onDelete: 'cascade' }),
    orgId: integer('org_id').references(() => sysOrg.id, { onDelete: 'set null' }),
    cropId: integer('crop_id').references(() => sysCrop.id, { onDelete: 'set null' }),
    locale: text('locale', { enum: ['zh-CN', 'en'] })
      .notNull()
      .default('zh-CN'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    endReason: text('end_reason', { enum: ['logout', 'replaced', 'disabled', 'password', 'admin'] }),
  },
  (t) => [index('sys_session_user_idx').on(t.userId)],
);

/**
 * One row whose counter triggers raise on every change that can alter a session's rights: roles, their
 * menus and permissions, user roles and crops, a user's status, a session ended or switched
 * (custom migration `0010_tally_trgm_auth_version`). Each API process caches resolved sessions and
 * reuses an entry only while this counter is unchanged, so a revocation in any process is seen by all
 * at their next request.
 */
export const sysAuthVersion = pgTable('sys_auth_version', {
  id: integer('id').primaryKey(),
  v: bigint('v', { mode: 'number' }).notNull().default(0),
});
