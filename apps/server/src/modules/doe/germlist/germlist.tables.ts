import { boolean, doublePrecision, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { doeProject } from '../project/project.tables';
import { cropColumn, orgColumns } from '../shared.tables';

/** A planting (germplasm) list: the materials to plant, in entry order. */
export const doeGermList = pgTable(
  'doe_germ_list',
  {
    id: serial('id').primaryKey(),
    cropId: cropColumn(),
    name: text('name').notNull(),
    type: text('type', { enum: ['experiment', 'nursery', 'germplasm'] }).notNull(),
    projectId: integer('project_id').references(() => doeProject.id, { onDelete: 'set null' }),
    year: integer('year'),
    season: text('season', { enum: ['spring', 'summer', 'autumn', 'winter'] }),
    usage: text('usage'),
    remark: text('remark'),
    ...orgColumns(),
  },
  (t) => [uniqueIndex('doe_germ_list_name_uq').on(t.orgId, t.cropId, t.name), index('doe_germ_list_updated_idx').on(t.orgId, t.cropId, t.updatedAt)],
);

export const doeGermListEntry = pgTable(
  'doe_germ_list_entry',
  {
    id: serial('id').primaryKey(),
    listId: integer('list_id')
      .notNull()
      .references(() => doeGermList.id, { onDelete: 'cascade' }),
    entryId: integer('entry_id').notNull(),
    materialName: text('material_name').notNull(),
    generation: text('generation').notNull(),
    materialType: text('material_type'),
    pedigree: text('pedigree'),
    plantRows: integer('plant_rows'),
    sowingQuantity: doublePrecision('sowing_quantity'),
    block: text('block'),
    plantPlotNumber: text('plant_plot_number'),
    isCheck: boolean('is_check').notNull().default(false),
    remark: text('remark'),
  },
  (t) => [uniqueIndex('doe_germ_list_entry_uq').on(t.listId, t.entryId), index('doe_germ_list_entry_name_idx').on(t.materialName)],
);
