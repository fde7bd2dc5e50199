import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const sysCaptcha = pgTable('sys_captcha', {
  uuid: uuid('uuid').primaryKey(),
  answerHash: text('answer_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
