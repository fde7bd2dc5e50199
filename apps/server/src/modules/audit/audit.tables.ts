import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The audit trail (security.md item 11): who (user), what (action, target, detail), when (UTC),
 * where (address, user agent, request id), and how it ended. Details never hold secrets.
 */
export const sysAuditLog = pgTable(
  'sys_audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    orgId: integer('org_id'),
    userId: integer('user_id'),
    username: text('username'),
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    result: text('result', { enum: ['success', 'failure', 'denied'] }).notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    requestId: text('request_id'),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [index('sys_audit_log_org_at_idx').on(t.orgId, t.at), index('sys_audit_log_action_idx').on(t.action, t.at)],
);
