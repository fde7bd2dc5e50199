import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { InstanceState } from '@breedwise/workflow';
import { sysOrg, sysUser } from '../../system';
import { bpmDefinition } from '../model/model.tables';

/** A running or ended process: the engine's state lives here, the row is locked for every command. */
export const bpmInstance = pgTable(
  'bpm_instance',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => sysOrg.id, { onDelete: 'cascade' }),
    definitionId: integer('definition_id')
      .notNull()
      .references(() => bpmDefinition.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    businessType: text('business_type'),
    businessKey: text('business_key'),
    status: text('status', { enum: ['running', 'approved', 'rejected', 'cancelled'] })
      .notNull()
      .default('running'),
    state: jsonb('state').$type<InstanceState>().notNull(),
    startUserId: integer('start_user_id').references(() => sysUser.id, { onDelete: 'set null' }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    cancelReason: text('cancel_reason'),
    /** The start form's values as submitted (null: the process has no start form). */
    formValues: jsonb('form_values').$type<Record<string, unknown>>(),
  },
  (t) => [
    index('bpm_instance_starter_idx').on(t.orgId, t.startUserId),
    // At most one running process per business record.
    uniqueIndex('bpm_instance_business_running_uq')
      .on(t.orgId, t.businessType, t.businessKey)
      .where(sql`${t.status} = 'running' and ${t.businessType} is not null`),
  ],
);

/**
 * One activation of a user task (one row per countersign instance). Candidates are resolved when the
 * task is created: user ids, or a permission whose holders may handle it (the business approvers).
 */
export const bpmTask = pgTable(
  'bpm_task',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => sysOrg.id, { onDelete: 'cascade' }),
    instanceId: integer('instance_id')
      .notNull()
      .references(() => bpmInstance.id, { onDelete: 'cascade' }),
    taskKey: text('task_key').notNull(),
    nodeId: text('node_id').notNull(),
    name: text('name').notNull(),
    multiIndex: integer('multi_index'),
    multiTotal: integer('multi_total'),
    status: text('status', { enum: ['open', 'approved', 'rejected', 'closed'] })
      .notNull()
      .default('open'),
    assigneeUserId: integer('assignee_user_id').references(() => sysUser.id, { onDelete: 'set null' }),
    candidateUserIds: integer('candidate_user_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    candidatePermission: text('candidate_permission'),
    handledBy: integer('handled_by').references(() => sysUser.id, { onDelete: 'set null' }),
    comment: text('comment'),
    closeReason: text('close_reason'),
    /** The node's form key when the task was created, and the values submitted with the approval. */
    formKey: text('form_key'),
    formValues: jsonb('form_values').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [index('bpm_task_instance_idx').on(t.instanceId), index('bpm_task_open_idx').on(t.orgId, t.status)],
);
