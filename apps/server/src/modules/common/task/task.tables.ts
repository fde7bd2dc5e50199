import { bigserial, index, integer, jsonb, pgTable, real, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { sysOrg, sysUser } from '../../system';

/** A long-running piece of work a user started (import, export, analysis): what the web shows. */
export const sysTask = pgTable(
  'sys_task',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => sysOrg.id, { onDelete: 'cascade' }),
    createdBy: integer('created_by').references(() => sysUser.id, { onDelete: 'set null' }),
    module: text('module').notNull(),
    type: text('type').notNull(),
    title: text('title').notNull(),
    status: text('status', { enum: ['queued', 'running', 'retrying', 'succeeded', 'failed', 'cancelled'] })
      .notNull()
      .default('queued'),
    progress: real('progress').notNull().default(0),
    message: text('message'),
    input: jsonb('input').notNull().default({}),
    result: jsonb('result'),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('sys_task_org_user_idx').on(t.orgId, t.createdBy, t.createdAt)],
);

export const sysTaskLog = pgTable(
  'sys_task_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    taskId: integer('task_id')
      .notNull()
      .references(() => sysTask.id, { onDelete: 'cascade' }),
    level: text('level', { enum: ['info', 'warn', 'error'] })
      .notNull()
      .default('info'),
    message: text('message').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sys_task_log_task_idx').on(t.taskId, t.id)],
);
