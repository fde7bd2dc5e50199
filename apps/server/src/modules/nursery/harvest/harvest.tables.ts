import { bigint, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { HARVEST_TYPES } from '@breedwise/contracts/nursery';
import { germGermplasm } from '../../germ/germplasm/germplasm.tables';
import { germLot } from '../../germ/lot/lot.tables';
import { sysTask } from '../../common/task/task.tables';
import { sysUser } from '../../system';
import { nurseryActivity } from '../activity/activity.tables';
import { nurseryPollination } from '../pollination/pollination.tables';

/** A harvest of one pollination: the germplasm record and seed lot it became (at most one per pollination). */
export const nurseryHarvest = pgTable(
  'nursery_harvest',
  {
    id: serial('id').primaryKey(),
    activityId: integer('activity_id')
      .notNull()
      .references(() => nurseryActivity.id, { onDelete: 'restrict' }),
    pollinationId: integer('pollination_id')
      .notNull()
      .references(() => nurseryPollination.id, { onDelete: 'restrict' }),
    harvestNumber: text('harvest_number').notNull(),
    harvestType: text('harvest_type', { enum: HARVEST_TYPES }).notNull(),
    germplasmId: integer('germplasm_id')
      .notNull()
      .references(() => germGermplasm.id, { onDelete: 'restrict' }),
    lotId: integer('lot_id')
      .notNull()
      .references(() => germLot.id, { onDelete: 'restrict' }),
    /** The ledger row that booked the harvested seed. */
    txnId: bigint('txn_id', { mode: 'number' }),
    /** The background task that made it (a harvest of many pollinations); a retried task skips what it already harvested. */
    taskId: integer('task_id').references(() => sysTask.id, { onDelete: 'set null' }),
    createdBy: integer('created_by').references(() => sysUser.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('nursery_harvest_pollination_uq').on(t.pollinationId),
    uniqueIndex('nursery_harvest_number_uq').on(t.activityId, t.harvestNumber),
    index('nursery_harvest_activity_idx').on(t.activityId),
    index('nursery_harvest_task_idx').on(t.taskId),
  ],
);
