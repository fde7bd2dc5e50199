import { bigint, boolean, date, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sysUser } from '../../system';
import { germGermplasm } from '../../germ/germplasm/germplasm.tables';
import { doeField } from '../field/field.tables';
import { doeGermListEntry } from '../germlist/germlist.tables';
import { doeLocation } from '../location/location.tables';
import { doeProject } from '../project/project.tables';
import { cropColumn, orgColumns } from '../shared.tables';

export const doeExperiment = pgTable(
  'doe_experiment',
  {
    id: serial('id').primaryKey(),
    cropId: cropColumn(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    projectId: integer('project_id').references(() => doeProject.id, { onDelete: 'restrict' }),
    locationId: integer('location_id').references(() => doeLocation.id, { onDelete: 'restrict' }),
    fieldId: integer('field_id').references(() => doeField.id, { onDelete: 'restrict' }),
    year: integer('year').notNull(),
    season: text('season', { enum: ['spring', 'summer', 'autumn', 'winter'] }).notNull(),
    stage: text('stage'),
    expType: text('exp_type'),
    sowingDate: date('sowing_date', { mode: 'string' }),
    harvestDate: date('harvest_date', { mode: 'string' }),
    reps: integer('reps').notNull().default(1),
    designMethod: text('design_method').notNull(),
    traitSource: text('trait_source').notNull().default('crop'),
    traits: jsonb('traits').$type<string[]>().notNull().default([]),
    seed: bigint('seed', { mode: 'number' }),
    checkStart: integer('check_start'),
    checkEnd: integer('check_end'),
    checkInterval: integer('check_interval'),
    filler: text('filler'),
    blockCount: integer('block_count'),
    rows: integer('rows'),
    cols: integer('cols'),
    remark: text('remark'),
    status: text('status', { enum: ['temporary', 'designed', 'finished', 'harvested'] })
      .notNull()
      .default('temporary'),
    /** Pushed to the phenotype system: the experiment's information is locked. */
    locked: boolean('locked').notNull().default(false),
    pushedAt: timestamp('pushed_at', { withTimezone: true }),
    pushedBy: integer('pushed_by').references(() => sysUser.id, { onDelete: 'set null' }),
    /** The saved design: plan name, parameters, summary and statistics. */
    design: jsonb('design').$type<Record<string, unknown> | null>(),
    designedAt: timestamp('designed_at', { withTimezone: true }),
    designedBy: integer('designed_by').references(() => sysUser.id, { onDelete: 'set null' }),
    /**
     * Raised by triggers (migration 0034) in the transaction of every write to the experiment's plots or
     * sites: the key under which an API process keeps the plots' answer (`experimentPlotsJson`).
     */
    plotsVersion: integer('plots_version').notNull().default(0),
    ...orgColumns(),
  },
  (t) => [
    uniqueIndex('doe_experiment_org_code_uq').on(t.orgId, t.code),
    index('doe_experiment_crop_idx').on(t.orgId, t.cropId, t.year),
    index('doe_experiment_updated_idx').on(t.orgId, t.cropId, t.updatedAt),
    index('doe_experiment_field_idx').on(t.fieldId),
  ],
);

export const doeExperimentEntry = pgTable(
  'doe_experiment_entry',
  {
    id: serial('id').primaryKey(),
    experimentId: integer('experiment_id')
      .notNull()
      .references(() => doeExperiment.id, { onDelete: 'cascade' }),
    entryNo: integer('entry_no').notNull(),
    name: text('name').notNull(),
    type: text('type', { enum: ['check', 'test'] })
      .notNull()
      .default('test'),
    generation: text('generation'),
    pedigree: text('pedigree'),
    materialType: text('material_type'),
    listEntryId: integer('list_entry_id').references(() => doeGermListEntry.id, { onDelete: 'set null' }),
    /** The bank's accession the entry is, when taken from the germplasm bank (or saved with it). */
    germplasmId: integer('germplasm_id').references(() => germGermplasm.id, { onDelete: 'set null' }),
  },
  (t) => [uniqueIndex('doe_experiment_entry_uq').on(t.experimentId, t.entryNo), index('doe_experiment_entry_germplasm_idx').on(t.germplasmId)],
);

/**
 * One location of an experiment (spec: "a design and a location per design"): its field and its own
 * design and randomisation. Site 1 is the experiment's own location and field; a multi-location trial
 * adds more. `sharePlots` records that the user confirmed sharing plots with another experiment of the
 * same season on that field.
 */
export const doeExperimentSite = pgTable(
  'doe_experiment_site',
  {
    id: serial('id').primaryKey(),
    experimentId: integer('experiment_id')
      .notNull()
      .references(() => doeExperiment.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    locationId: integer('location_id')
      .notNull()
      .references(() => doeLocation.id, { onDelete: 'restrict' }),
    fieldId: integer('field_id')
      .notNull()
      .references(() => doeField.id, { onDelete: 'restrict' }),
    /** The saved design of this location: plan name, parameters, summary, statistics, shared plots. */
    design: jsonb('design').$type<Record<string, unknown> | null>(),
    seed: bigint('seed', { mode: 'number' }),
    sharePlots: boolean('share_plots').notNull().default(false),
    designedAt: timestamp('designed_at', { withTimezone: true }),
    designedBy: integer('designed_by').references(() => sysUser.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('doe_experiment_site_seq_uq').on(t.experimentId, t.seq),
    uniqueIndex('doe_experiment_site_field_uq').on(t.experimentId, t.fieldId),
    index('doe_experiment_site_field_idx').on(t.fieldId),
    index('doe_experiment_site_location_idx').on(t.locationId),
  ],
);

/** One plot of an experiment's saved layout, at one of its locations (site). */
export const doePlot = pgTable(
  'doe_plot',
  {
    id: serial('id').primaryKey(),
    experimentId: integer('experiment_id')
      .notNull()
      .references(() => doeExperiment.id, { onDelete: 'cascade' }),
    siteId: integer('site_id')
      .notNull()
      .references(() => doeExperimentSite.id, { onDelete: 'cascade' }),
    plotId: text('plot_id').notNull(),
    plotNumber: integer('plot_number').notNull(),
    rep: integer('rep'),
    block: integer('block'),
    row: integer('row').notNull(),
    col: integer('col').notNull(),
    tier: integer('tier').notNull(),
    entryNo: integer('entry_no').notNull(),
    name: text('name').notNull(),
    entryType: text('entry_type', { enum: ['check', 'test', 'filler'] }).notNull(),
  },
  (t) => [
    uniqueIndex('doe_plot_experiment_plot_uq').on(t.experimentId, t.plotId),
    index('doe_plot_experiment_number_idx').on(t.experimentId, t.plotNumber),
    index('doe_plot_site_cell_idx').on(t.siteId, t.row, t.col),
  ],
);
