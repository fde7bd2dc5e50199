import { index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { doeField } from '../field/field.tables';
import { doeGermList } from '../germlist/germlist.tables';
import { doeLocation } from '../location/location.tables';
import { doeProject } from '../project/project.tables';
import { cropColumn, orgColumns } from '../shared.tables';

/** A germplasm (or breeding) nursery plan: one or more designs, each a list on a field of a location. */
export const doeGermDesign = pgTable(
  'doe_germ_design',
  {
    id: serial('id').primaryKey(),
    cropId: cropColumn(),
    planName: text('plan_name').notNull(),
    kind: text('kind', { enum: ['germplasm', 'nursery'] })
      .notNull()
      .default('germplasm'),
    projectId: integer('project_id').references(() => doeProject.id, { onDelete: 'set null' }),
    year: integer('year').notNull(),
    season: text('season', { enum: ['spring', 'summer', 'autumn', 'winter'] }).notNull(),
    status: text('status', { enum: ['temporary', 'designed'] })
      .notNull()
      .default('temporary'),
    remark: text('remark'),
    ...orgColumns(),
  },
  (t) => [index('doe_germ_design_crop_idx').on(t.orgId, t.cropId, t.year), index('doe_germ_design_updated_idx').on(t.orgId, t.cropId, t.updatedAt)],
);

export const doeGermDesignLine = pgTable(
  'doe_germ_design_line',
  {
    id: serial('id').primaryKey(),
    designId: integer('design_id')
      .notNull()
      .references(() => doeGermDesign.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    locationId: integer('location_id')
      .notNull()
      .references(() => doeLocation.id, { onDelete: 'restrict' }),
    fieldId: integer('field_id').references(() => doeField.id, { onDelete: 'restrict' }),
    listId: integer('list_id')
      .notNull()
      .references(() => doeGermList.id, { onDelete: 'restrict' }),
    startNumber: integer('start_number').notNull().default(1),
    digits: integer('digits').notNull().default(4),
    checkStart: integer('check_start'),
    checkInterval: integer('check_interval'),
    layout: jsonb('layout').$type<Record<string, string>>().notNull(),
    rows: integer('rows'),
    cols: integer('cols'),
  },
  (t) => [index('doe_germ_design_line_design_idx').on(t.designId)],
);

export const doeGermDesignPlot = pgTable(
  'doe_germ_design_plot',
  {
    id: serial('id').primaryKey(),
    lineId: integer('line_id')
      .notNull()
      .references(() => doeGermDesignLine.id, { onDelete: 'cascade' }),
    plotId: text('plot_id').notNull(),
    plotNumber: integer('plot_number').notNull(),
    row: integer('row').notNull(),
    col: integer('col').notNull(),
    tier: integer('tier').notNull(),
    entryNo: integer('entry_no').notNull(),
    name: text('name').notNull(),
    entryType: text('entry_type', { enum: ['check', 'test', 'filler'] }).notNull(),
  },
  (t) => [index('doe_germ_design_plot_line_idx').on(t.lineId, t.plotNumber)],
);
