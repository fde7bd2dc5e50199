import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { PipelineSchedule, PipelineSource, RunReportLine, RunStatus } from '@breedwise/contracts/etl';
import { sysOrg, sysUser } from '../../system';

export interface StoredMapping {
  source: string;
  target: string;
  convert: 'text' | 'integer' | 'decimal' | 'date' | 'boolean';
  format: string | null;
  lookup: string | null;
}

/** A data pipeline: a source mapped column by column onto a business type. */
export const etlPipeline = pgTable(
  'etl_pipeline',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => sysOrg.id, { onDelete: 'cascade' }),
    /** The crop current when the pipeline was saved: crop-scoped targets (observations) load into it. */
    cropId: integer('crop_id'),
    name: text('name').notNull(),
    businessType: text('business_type').notNull(),
    source: jsonb('source').$type<PipelineSource>().notNull(),
    mapping: jsonb('mapping').$type<StoredMapping[]>().notNull(),
    schedule: jsonb('schedule').$type<PipelineSchedule>().notNull(),
    loadValidRows: boolean('load_valid_rows').notNull().default(false),
    remark: text('remark'),
    nextRunAt: timestamp('next_run_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => sysUser.id, { onDelete: 'set null' }),
    updatedBy: integer('updated_by').references(() => sysUser.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('etl_pipeline_org_type_idx').on(t.orgId, t.businessType), index('etl_pipeline_next_run_idx').on(t.nextRunAt)],
);

/** One run of a pipeline: its task, counts and row report. */
export const etlRun = pgTable(
  'etl_run',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => sysOrg.id, { onDelete: 'cascade' }),
    pipelineId: integer('pipeline_id')
      .notNull()
      .references(() => etlPipeline.id, { onDelete: 'cascade' }),
    taskId: integer('task_id'),
    trigger: text('trigger', { enum: ['manual', 'schedule', 'page'] }).notNull(),
    status: text('status').$type<RunStatus>().notNull().default('queued'),
    fileName: text('file_name'),
    total: integer('total').notNull().default(0),
    inserted: integer('inserted').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    unchanged: integer('unchanged').notNull().default(0),
    refused: integer('refused').notNull().default(0),
    message: text('message'),
    report: jsonb('report').$type<RunReportLine[]>().notNull().default([]),
    createdBy: integer('created_by').references(() => sysUser.id, { onDelete: 'set null' }),
    updatedBy: integer('updated_by').references(() => sysUser.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('etl_run_pipeline_idx').on(t.pipelineId, t.createdAt)],
);
