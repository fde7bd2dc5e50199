import { index, integer, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sysUser } from '../../system';

/**
 * One-time codes sent by SMS (or e-mail): six digits, stored hashed, bound to one attempt id, valid
 * 10 minutes, at most 5 guesses, consumed on success.
 */
export const sysVerifyCode = pgTable(
  'sys_verify_code',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    purpose: text('purpose', { enum: ['login', 'reset', 'bind'] }).notNull(),
    channel: text('channel', { enum: ['sms', 'email'] }).notNull(),
    target: text('target').notNull(),
    userId: integer('user_id').references(() => sysUser.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    guesses: smallint('guesses').notNull().default(0),
    ip: text('ip'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sys_verify_code_target_idx').on(t.target, t.createdAt), index('sys_verify_code_ip_idx').on(t.ip, t.createdAt)],
);
