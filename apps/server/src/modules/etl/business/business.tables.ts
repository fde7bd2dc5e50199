import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { BusinessColumn } from '@breedwise/contracts/etl';
import { sysOrg, sysUser } from '../../system';

/** A business data table: a user-defined business type with its own columns (spec section 7, etl/business). */
export const etlBusiness = pgTable(
  'etl_business',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => sysOrg.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    name: text('name').notNull(),
    columns: jsonb('columns').$type<BusinessColumn[]>().notNull(),
    remark: text('remark'),
    createdBy: integer('created_by').references(() => sysUser.id, { onDelete: 'set null' }),
    updatedBy: integer('updated_by').references(() => sysUser.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('etl_business_org_code_uq').on(t.orgId, t.code)],
);

/** A row of a business data table, stored as JSONB, with the run that loaded it and its natural key. */
export const etlBusinessData = pgTable(
  'etl_business_data',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => sysOrg.id, { onDelete: 'cascade' }),
    businessId: integer('business_id')
      .notNull()
      .references(() => etlBusiness.id, { onDelete: 'cascade' }),
    /** The pipeline run that loaded or last changed the row (no foreign key: the run history may be deleted). */
    runId: integer('run_id'),
    /** The natural key's values joined (null when the table has no key columns). */
    keyValue: text('key_value'),
    data: jsonb('data').$type<Record<string, string | number | boolean | null>>().notNull(),
    createdBy: integer('created_by').references(() => sysUser.id, { onDelete: 'set null' }),
    updatedBy: integer('updated_by').references(() => sysUser.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('etl_business_data_key_uq').on(t.businessId, t.keyValue), index('etl_business_data_run_idx').on(t.businessId, t.runId)],
);
