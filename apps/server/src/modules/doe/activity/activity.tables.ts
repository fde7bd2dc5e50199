import { date, doublePrecision, index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { doeExperiment } from '../experiment/experiment.tables';
import { doeField } from '../field/field.tables';
import { cropColumn, orgColumns } from '../shared.tables';

export const doeActivityCategory = pgTable(
  'doe_activity_category',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** The English name (issue 14 item 11); the Chinese name stands in when there is none. */
    nameEn: text('name_en'),
    color: text('color'),
    sort: integer('sort').notNull().default(0),
    status: text('status', { enum: ['enabled', 'disabled'] })
      .notNull()
      .default('enabled'),
    remark: text('remark'),
    ...orgColumns(),
  },
  (t) => [uniqueIndex('doe_activity_category_name_uq').on(t.orgId, t.name)],
);

export const doeActivityRecord = pgTable(
  'doe_activity_record',
  {
    id: serial('id').primaryKey(),
    cropId: cropColumn(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => doeActivityCategory.id, { onDelete: 'restrict' }),
    experimentId: integer('experiment_id').references(() => doeExperiment.id, { onDelete: 'cascade' }),
    fieldId: integer('field_id').references(() => doeField.id, { onDelete: 'set null' }),
    activityDate: date('activity_date', { mode: 'string' }).notNull(),
    title: text('title').notNull(),
    operator: text('operator'),
    content: text('content'),
    cost: doublePrecision('cost'),
    fileIds: jsonb('file_ids').$type<string[]>().notNull().default([]),
    ...orgColumns(),
  },
  (t) => [index('doe_activity_record_crop_idx').on(t.orgId, t.cropId, t.activityDate)],
);
