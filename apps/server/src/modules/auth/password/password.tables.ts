import { integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { sysUser } from '../../system';

/** Password reset links sent by e-mail: the key is stored hashed, valid 30 minutes, single use. */
export const sysPasswordReset = pgTable('sys_password_reset', {
  id: serial('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => sysUser.id, { onDelete: 'cascade' }),
  keyHash: text('key_hash').notNull().unique(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
