import { integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sysUser } from '../../system';

/** QR-code login: the desktop polls with its secret; a signed-in phone (or bound device) confirms. */
export const sysQrLogin = pgTable('sys_qr_login', {
  id: uuid('id').primaryKey().defaultRandom(),
  pollSecretHash: text('poll_secret_hash').notNull(),
  status: text('status', { enum: ['waiting', 'scanned', 'confirmed', 'cancelled', 'consumed'] })
    .notNull()
    .default('waiting'),
  userId: integer('user_id').references(() => sysUser.id, { onDelete: 'cascade' }),
  ip: text('ip'),
  userAgent: text('user_agent'),
  locale: text('locale', { enum: ['zh-CN', 'en'] })
    .notNull()
    .default('zh-CN'),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
