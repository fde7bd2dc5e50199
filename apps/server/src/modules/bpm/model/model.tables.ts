import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { ProcessModel } from '@breedwise/workflow';
import type { FormSnapshot } from '@breedwise/contracts/bpm';
import { sysOrg, sysUser } from '../../system';

const org = () =>
  integer('org_id')
    .notNull()
    .references(() => sysOrg.id, { onDelete: 'cascade' });
const byUser = (name: string) => integer(name).references(() => sysUser.id, { onDelete: 'set null' });

/** A process model: the BPMN XML being edited in the designer. */
export const bpmModel = pgTable(
  'bpm_model',
  {
    id: serial('id').primaryKey(),
    orgId: org(),
    key: text('key').notNull(),
    name: text('name').notNull(),
    category: text('category'),
    description: text('description'),
    bpmnXml: text('bpmn_xml'),
    createdBy: byUser('created_by'),
    updatedBy: byUser('updated_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('bpm_model_key_uq').on(t.orgId, t.key)],
);

/** A deployed version of a model: immutable XML and parsed model; only its state changes. */
export const bpmDefinition = pgTable(
  'bpm_definition',
  {
    id: serial('id').primaryKey(),
    orgId: org(),
    modelId: integer('model_id')
      .notNull()
      .references(() => bpmModel.id, { onDelete: 'restrict' }),
    key: text('key').notNull(),
    name: text('name').notNull(),
    version: integer('version').notNull(),
    state: text('state', { enum: ['active', 'suspended'] })
      .notNull()
      .default('active'),
    bpmnXml: text('bpmn_xml').notNull(),
    model: jsonb('model').$type<ProcessModel>().notNull(),
    /** The forms the model names, copied at deployment (by form key). */
    forms: jsonb('forms').$type<Record<string, FormSnapshot>>().notNull().default({}),
    deployedBy: byUser('deployed_by'),
    deployedAt: timestamp('deployed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('bpm_definition_version_uq').on(t.orgId, t.key, t.version), index('bpm_definition_model_idx').on(t.modelId)],
);
