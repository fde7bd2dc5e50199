import { index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { germGermplasm } from '../../germ/germplasm/germplasm.tables';
import { nurseryActivity } from '../activity/activity.tables';

/** An entry of a nursery: one material planted in one plot. */
export const nurseryEntry = pgTable(
  'nursery_entry',
  {
    id: serial('id').primaryKey(),
    activityId: integer('activity_id')
      .notNull()
      .references(() => nurseryActivity.id, { onDelete: 'cascade' }),
    entryNo: integer('entry_no').notNull(),
    name: text('name').notNull(),
    germplasmId: integer('germplasm_id').references(() => germGermplasm.id, { onDelete: 'set null' }),
    generation: text('generation').notNull(),
    pedigree: text('pedigree'),
    femaleParent: text('female_parent'),
    maleParent: text('male_parent'),
    plotNo: integer('plot_no').notNull(),
    fieldNo: text('field_no'),
    /** Its place on the nursery's DOE field once laid out: the first field row it takes, how many, and the range (column). */
    fieldRow: integer('field_row'),
    fieldRows: integer('field_rows'),
    fieldRange: integer('field_range'),
    /** Where it came from: `list:<name>` or `germplasm:<accession>`. */
    source: text('source'),
    remark: text('remark'),
  },
  (t) => [uniqueIndex('nursery_entry_no_uq').on(t.activityId, t.entryNo), index('nursery_entry_name_idx').on(t.activityId, t.name)],
);
