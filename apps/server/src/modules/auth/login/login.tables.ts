import { integer, jsonb, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sysUser } from '../../system';

/** The second login step of a user with an authenticator: the first step's outcome, for 5 minutes. */
export const sysLoginChallenge = pgTable('sys_login_challenge', {
  id: uuid('id').primaryKey().defaultRandom(),
  tokenHash: text('token_hash').notNull().unique(),
  userId: integer('user_id')
    .notNull()
    .references(() => sysUser.id, { onDelete: 'cascade' }),
  method: text('method').notNull(),
  context: jsonb('context').$type<{ ip: string; userAgent?: string; preferredCropId?: number; locale: 'zh-CN' | 'en' }>().notNull(),
  guesses: smallint('guesses').notNull().default(0),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  consumedAt: timestamp('consumed_at', { withTimezone: true }),
});
