import { bigserial, boolean, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Every login attempt: feeds throttling per account and per address, and the login log. */
export const sysLoginAttempt = pgTable(
  'sys_login_attempt',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    username: text('username').notNull(),
    ip: text('ip').notNull(),
    success: boolean('success').notNull(),
    reason: text('reason'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sys_login_attempt_user_idx').on(t.username, t.createdAt), index('sys_login_attempt_ip_idx').on(t.ip, t.createdAt)],
);
