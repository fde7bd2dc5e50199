import { boolean, doublePrecision, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { doeLocation } from '../location/location.tables';
import { orgColumns } from '../shared.tables';

/** A field (plot area) of a location: a grid of rows x columns, split into tiers. */
export const doeField = pgTable(
  'doe_field',
  {
    id: serial('id').primaryKey(),
    locationId: integer('location_id')
      .notNull()
      .references(() => doeLocation.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    code: text('code').notNull(),
    type: integer('type').notNull(),
    rows: integer('rows').notNull(),
    cols: integer('cols').notNull(),
    length: doublePrecision('length'),
    width: doublePrecision('width'),
    spacing: doublePrecision('spacing'),
    plantRowsPerPlot: integer('plant_rows_per_plot').notNull().default(1),
    tiers: integer('tiers').notNull().default(1),
    status: text('status', { enum: ['enabled', 'disabled'] })
      .notNull()
      .default('enabled'),
    discarded: boolean('discarded').notNull().default(false),
    remark: text('remark'),
    ...orgColumns(),
  },
  (t) => [
    uniqueIndex('doe_field_location_code_uq').on(t.locationId, t.code),
    index('doe_field_org_idx').on(t.orgId, t.type),
    index('doe_field_org_updated_idx').on(t.orgId, t.updatedAt),
  ],
);

/** A named rectangle of a field, inside one tier. */
export const doeBlock = pgTable(
  'doe_block',
  {
    id: serial('id').primaryKey(),
    fieldId: integer('field_id')
      .notNull()
      .references(() => doeField.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    tier: integer('tier').notNull(),
    startRow: integer('start_row').notNull(),
    startCol: integer('start_col').notNull(),
    rows: integer('rows').notNull(),
    cols: integer('cols').notNull(),
    remark: text('remark'),
    ...orgColumns(),
  },
  (t) => [uniqueIndex('doe_block_field_name_uq').on(t.fieldId, t.name)],
);
