import { boolean, doublePrecision, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { OBSERVATION_SOURCES } from '@breedwise/contracts/pheno';
import { sysUser } from '../../system';
import { doeExperiment, doePlot } from '../../doe/experiment/experiment.tables';
import { phenoOrgColumns, phenoVariable } from '../variable/variable.tables';

/** The traits an experiment observes, chosen when it is pushed to phenotyping. */
export const phenoStudyTrait = pgTable(
  'pheno_study_trait',
  {
    experimentId: integer('experiment_id')
      .notNull()
      .references(() => doeExperiment.id, { onDelete: 'cascade' }),
    variableId: integer('variable_id')
      .notNull()
      .references(() => phenoVariable.id, { onDelete: 'restrict' }),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.experimentId, t.variableId] }), index('pheno_study_trait_variable_idx').on(t.variableId)],
);

/** The current value of one trait on one plot; earlier values are in pheno_observation_history. */
export const phenoObservation = pgTable(
  'pheno_observation',
  {
    id: serial('id').primaryKey(),
    experimentId: integer('experiment_id')
      .notNull()
      .references(() => doeExperiment.id, { onDelete: 'cascade' }),
    plotRef: integer('plot_ref')
      .notNull()
      .references(() => doePlot.id, { onDelete: 'cascade' }),
    variableId: integer('variable_id')
      .notNull()
      .references(() => phenoVariable.id, { onDelete: 'restrict' }),
    value: text('value').notNull(),
    /** The value as a number when the scale is numeric, percentage or an ordinal code. */
    numeric: doublePrecision('numeric'),
    observedAt: timestamp('observed_at', { withTimezone: true }).notNull(),
    person: text('person'),
    source: text('source', { enum: OBSERVATION_SOURCES }).notNull(),
    excluded: boolean('excluded').notNull().default(false),
    excludeReason: text('exclude_reason'),
    versions: integer('versions').notNull().default(0),
    ...phenoOrgColumns(),
  },
  (t) => [
    uniqueIndex('pheno_observation_plot_trait_uq').on(t.plotRef, t.variableId),
    index('pheno_observation_experiment_idx').on(t.experimentId, t.variableId),
  ],
);

/** A value an observation had before it changed (or was cleared). */
export const phenoObservationHistory = pgTable(
  'pheno_observation_history',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id').notNull(),
    experimentId: integer('experiment_id')
      .notNull()
      .references(() => doeExperiment.id, { onDelete: 'cascade' }),
    plotRef: integer('plot_ref')
      .notNull()
      .references(() => doePlot.id, { onDelete: 'cascade' }),
    variableId: integer('variable_id')
      .notNull()
      .references(() => phenoVariable.id, { onDelete: 'cascade' }),
    value: text('value'),
    source: text('source', { enum: OBSERVATION_SOURCES }).notNull(),
    person: text('person'),
    observedAt: timestamp('observed_at', { withTimezone: true }),
    changedBy: integer('changed_by').references(() => sysUser.id, { onDelete: 'set null' }),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('pheno_observation_history_cell_idx').on(t.plotRef, t.variableId)],
);

/** The saved single-trial analysis of one trait at one site of an experiment. */
export const phenoAnalysis = pgTable(
  'pheno_analysis',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id').notNull(),
    experimentId: integer('experiment_id')
      .notNull()
      .references(() => doeExperiment.id, { onDelete: 'cascade' }),
    site: integer('site').notNull(),
    variableId: integer('variable_id')
      .notNull()
      .references(() => phenoVariable.id, { onDelete: 'cascade' }),
    design: text('design').notNull(),
    /** The engine's result as saved (variance components, BLUEs, BLUPs, H2, CV, LSD). */
    result: jsonb('result').$type<Record<string, unknown>>().notNull(),
    analysedBy: integer('analysed_by').references(() => sysUser.id, { onDelete: 'set null' }),
    analysedAt: timestamp('analysed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('pheno_analysis_uq').on(t.experimentId, t.site, t.variableId)],
);
