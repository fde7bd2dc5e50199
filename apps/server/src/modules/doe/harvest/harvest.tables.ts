import { date, doublePrecision, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { doeExperiment } from '../experiment/experiment.tables';
import { orgColumns } from '../shared.tables';

export const doeHarvestList = pgTable(
  'doe_harvest_list',
  {
    id: serial('id').primaryKey(),
    experimentId: integer('experiment_id')
      .notNull()
      .references(() => doeExperiment.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    harvestType: text('harvest_type', { enum: ['bulk', 'single-plant', 'ear'] }).notNull(),
    harvestDate: date('harvest_date', { mode: 'string' }),
    remark: text('remark'),
    /** The task that generated it: a retried job finds its list already there. */
    taskId: integer('task_id'),
    ...orgColumns(),
  },
  (t) => [index('doe_harvest_list_experiment_idx').on(t.experimentId), uniqueIndex('doe_harvest_list_task_uq').on(t.taskId)],
);

export const doeHarvestEntry = pgTable(
  'doe_harvest_entry',
  {
    id: serial('id').primaryKey(),
    listId: integer('list_id')
      .notNull()
      .references(() => doeHarvestList.id, { onDelete: 'cascade' }),
    harvestNumber: text('harvest_number').notNull(),
    plotId: text('plot_id').notNull(),
    plotNumber: integer('plot_number').notNull(),
    entryNo: integer('entry_no').notNull(),
    materialName: text('material_name').notNull(),
    generation: text('generation'),
    pedigree: text('pedigree'),
    rep: integer('rep'),
    weight: doublePrecision('weight'),
    seedCount: integer('seed_count'),
    remark: text('remark'),
  },
  (t) => [uniqueIndex('doe_harvest_entry_number_uq').on(t.listId, t.harvestNumber)],
);
