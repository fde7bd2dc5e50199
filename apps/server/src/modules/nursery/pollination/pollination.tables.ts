import { boolean, date, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { POLLINATION_RESULTS, POLLINATION_TYPES } from '@breedwise/contracts/nursery';
import { nurseryActivity } from '../activity/activity.tables';
import { nurseryEntry } from '../entry/entry.tables';

/** A pollination event: a cross (female x male), a self or a DH induction, and its progeny's name, pedigree and generation. */
export const nurseryPollination = pgTable(
  'nursery_pollination',
  {
    id: serial('id').primaryKey(),
    activityId: integer('activity_id')
      .notNull()
      .references(() => nurseryActivity.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    type: text('type', { enum: POLLINATION_TYPES }).notNull(),
    femaleEntryId: integer('female_entry_id')
      .notNull()
      .references(() => nurseryEntry.id, { onDelete: 'restrict' }),
    maleEntryId: integer('male_entry_id').references(() => nurseryEntry.id, { onDelete: 'restrict' }),
    progenyName: text('progeny_name').notNull(),
    progenyPedigree: text('progeny_pedigree').notNull(),
    progenyGeneration: text('progeny_generation').notNull(),
    result: text('result', { enum: POLLINATION_RESULTS }),
    date: date('date', { mode: 'string' }),
    person: text('person'),
    bags: integer('bags'),
    finished: boolean('finished').notNull().default(false),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    harvested: boolean('harvested').notNull().default(false),
    remark: text('remark'),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('nursery_pollination_seq_uq').on(t.activityId, t.seq), index('nursery_pollination_female_idx').on(t.femaleEntryId)],
);
