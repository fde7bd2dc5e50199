import { bigint, date, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { DH_STEPS, SEASONS } from '@breedwise/contracts/nursery';
import { germGermplasm } from '../../germ/germplasm/germplasm.tables';
import { germLot } from '../../germ/lot/lot.tables';
import { sysUser } from '../../system';
import { audit, crop, org } from '../columns';
import { nurseryDhFlow } from '../dh-flow/dh-flow.tables';
import { nurseryHarvest } from '../harvest/harvest.tables';

/** A DH batch: D0 material (from a DH induction's harvest or a D0 germplasm record) carried through the DH steps to a D1 seed lot. */
export const nurseryDhEntry = pgTable(
  'nursery_dh_entry',
  {
    id: serial('id').primaryKey(),
    orgId: org(),
    cropId: crop(),
    listName: text('list_name').notNull(),
    project: text('project'),
    year: integer('year').notNull(),
    season: text('season', { enum: SEASONS }).notNull(),
    fieldNo: text('field_no').notNull(),
    germCount: integer('germ_count').notNull(),
    batchNo: text('batch_no').notNull(),
    taskName: text('task_name').notNull(),
    flowId: integer('flow_id')
      .notNull()
      .references(() => nurseryDhFlow.id, { onDelete: 'restrict' }),
    handbookFile: text('handbook_file'),
    remark: text('remark'),
    /** The D0 material. */
    germplasmId: integer('germplasm_id')
      .notNull()
      .references(() => germGermplasm.id, { onDelete: 'restrict' }),
    harvestId: integer('harvest_id').references(() => nurseryHarvest.id, { onDelete: 'restrict' }),
    /** The D1 seed lot, once D0 selfing is recorded. */
    lotId: integer('lot_id').references(() => germLot.id, { onDelete: 'restrict' }),
    ...audit(),
  },
  (t) => [uniqueIndex('nursery_dh_entry_batch_uq').on(t.orgId, t.cropId, t.batchNo), index('nursery_dh_entry_created_idx').on(t.orgId, t.cropId, t.createdAt)],
);

/** One recorded step of a DH batch with the flow template's values (formulas computed) and the entered number. */
export const nurseryDhEvent = pgTable(
  'nursery_dh_event',
  {
    id: serial('id').primaryKey(),
    dhEntryId: integer('dh_entry_id')
      .notNull()
      .references(() => nurseryDhEntry.id, { onDelete: 'restrict' }),
    step: text('step', { enum: DH_STEPS }).notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    person: text('person'),
    count: integer('count').notNull(),
    values: jsonb('values').$type<Record<string, number | string | boolean | null>>().notNull().default({}),
    remark: text('remark'),
    lotId: integer('lot_id').references(() => germLot.id, { onDelete: 'restrict' }),
    txnId: bigint('txn_id', { mode: 'number' }),
    createdBy: integer('created_by').references(() => sysUser.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('nursery_dh_event_step_uq').on(t.dhEntryId, t.step)],
);
