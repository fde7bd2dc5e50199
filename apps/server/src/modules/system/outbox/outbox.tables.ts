import { pgTable, serial, text, timestamp, index } from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/**
 * SMS and e-mail as they were handed over: to the gateway (sent, failed) or, with no gateway
 * configured, kept here for administrators to read (outbox).
 */
export const sysOutbox = pgTable(
  'sys_outbox',
  {
    id: serial('id').primaryKey(),
    channel: text('channel', { enum: ['sms', 'email'] }).notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject'),
    body: text('body').notNull(),
    purpose: text('purpose').notNull(),
    status: text('status', { enum: ['outbox', 'sent', 'failed'] }).notNull(),
    error: text('error'),
    createdAt: createdAt(),
  },
  (t) => [index('sys_outbox_created_idx').on(t.createdAt)],
);
