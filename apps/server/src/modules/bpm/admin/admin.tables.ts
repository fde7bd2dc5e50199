import { integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { ASSIGN_STRATEGIES, ASSIGN_TYPES } from '@breedwise/contracts/bpm';
import { sysOrg, sysUser } from '../../system';
import { bpmDefinition, bpmModel } from '../model/model.tables';

const org = () =>
  integer('org_id')
    .notNull()
    .references(() => sysOrg.id, { onDelete: 'cascade' });

export const bpmUserGroup = pgTable(
  'bpm_user_group',
  {
    id: serial('id').primaryKey(),
    orgId: org(),
    name: text('name').notNull(),
    description: text('description'),
    memberUserIds: integer('member_user_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    createdBy: integer('created_by').references(() => sysUser.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('bpm_user_group_name_uq').on(t.orgId, t.name)],
);

/** Who may handle one user task of one definition version. */
export const bpmAssignRule = pgTable(
  'bpm_assign_rule',
  {
    id: serial('id').primaryKey(),
    orgId: org(),
    definitionId: integer('definition_id')
      .notNull()
      .references(() => bpmDefinition.id, { onDelete: 'cascade' }),
    taskKey: text('task_key').notNull(),
    type: text('type', { enum: ASSIGN_TYPES }).notNull(),
    options: integer('options')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    strategy: text('strategy', { enum: ASSIGN_STRATEGIES }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('bpm_assign_rule_task_uq').on(t.definitionId, t.taskKey)],
);

/** Which model approves which business type (its latest active version starts new records). */
export const bpmBinding = pgTable(
  'bpm_binding',
  {
    orgId: org(),
    businessType: text('business_type').notNull(),
    modelId: integer('model_id')
      .notNull()
      .references(() => bpmModel.id, { onDelete: 'restrict' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.businessType] })],
);
