import { index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { doeExperiment } from '../experiment/experiment.tables';
import { cropColumn, orgColumns } from '../shared.tables';

export const doeEntryGroup = pgTable(
  'doe_entry_group',
  {
    id: serial('id').primaryKey(),
    cropId: cropColumn(),
    name: text('name').notNull(),
    type: text('type', { enum: ['nursery', 'experiment'] }).notNull(),
    experimentId: integer('experiment_id').references(() => doeExperiment.id, { onDelete: 'set null' }),
    year: integer('year'),
    season: text('season', { enum: ['spring', 'summer', 'autumn', 'winter'] }),
    remark: text('remark'),
    ...orgColumns(),
  },
  (t) => [index('doe_entry_group_crop_idx').on(t.orgId, t.cropId, t.updatedAt)],
);

export const doeEntryGroupMember = pgTable(
  'doe_entry_group_member',
  {
    id: serial('id').primaryKey(),
    groupId: integer('group_id')
      .notNull()
      .references(() => doeEntryGroup.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    materialName: text('material_name').notNull(),
    generation: text('generation'),
    pedigree: text('pedigree'),
    source: text('source'),
    remark: text('remark'),
  },
  (t) => [index('doe_entry_group_member_group_idx').on(t.groupId, t.seq)],
);
