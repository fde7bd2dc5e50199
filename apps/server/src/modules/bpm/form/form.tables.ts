import { integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { DynamicFormSchema } from '@breedwise/contracts';
import { sysOrg, sysUser } from '../../system';

/** A workflow form: a dynamic-form schema named by `bw:formKey` on a start event or user task. */
export const bpmForm = pgTable(
  'bpm_form',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => sysOrg.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    name: text('name').notNull(),
    remark: text('remark'),
    schema: jsonb('schema').$type<DynamicFormSchema>().notNull(),
    createdBy: integer('created_by').references(() => sysUser.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('bpm_form_key_uq').on(t.orgId, t.key)],
);
