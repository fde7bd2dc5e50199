import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { ACTIVITY_STATUSES, SEASONS } from '@breedwise/contracts/nursery';
import { doeField } from '../../doe/field/field.tables';
import { audit, crop, org } from '../columns';

/** A nursery (design and activity): a field in a season, its entries and pollinations. */
export const nurseryActivity = pgTable(
  'nursery_activity',
  {
    id: serial('id').primaryKey(),
    orgId: org(),
    cropId: crop(),
    name: text('name').notNull(),
    code: text('code').notNull(),
    fieldId: integer('field_id').references(() => doeField.id, { onDelete: 'set null' }),
    year: integer('year').notNull(),
    season: text('season', { enum: SEASONS }).notNull(),
    maxMales: integer('max_males').notNull().default(3),
    status: text('status', { enum: ACTIVITY_STATUSES }).notNull().default('planning'),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    remark: text('remark'),
    ...audit(),
  },
  (t) => [uniqueIndex('nursery_activity_code_uq').on(t.orgId, t.code), index('nursery_activity_updated_idx').on(t.orgId, t.cropId, t.updatedAt)],
);
