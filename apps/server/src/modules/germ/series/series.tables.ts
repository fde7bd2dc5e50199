import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { sysUser } from '../../system';
import { crop, org } from '../columns';

/**
 * The accession number series of a crop (issue 14 item 14): prefix and digit count. A crop without a row
 * uses the default series (`defaultSeries`). The running number lives in `germ_counter`, per crop and prefix.
 */
export const germAccessionSeries = pgTable(
  'germ_accession_series',
  {
    orgId: org(),
    cropId: crop(),
    prefix: text('prefix').notNull(),
    digits: integer('digits').notNull(),
    updatedBy: integer('updated_by').references(() => sysUser.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.cropId] })],
);
