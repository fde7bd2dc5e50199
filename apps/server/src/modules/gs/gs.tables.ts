import { boolean, index, integer, jsonb, pgTable, real, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { QcSummary, TraitSummary } from '@breedwise/contracts/gs';
import { sysCrop, sysGenomeBuild, sysOrg, sysUser } from '../system';
import { sysFile, sysTask } from '../common';

const orgColumns = () => ({
  orgId: integer('org_id')
    .notNull()
    .references(() => sysOrg.id, { onDelete: 'cascade' }),
  createdBy: integer('created_by').references(() => sysUser.id, { onDelete: 'set null' }),
  updatedBy: integer('updated_by').references(() => sysUser.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The pedigree of a hybrid dataset: hybrid code -> [female (pool 1), male (pool 2)], and each pool's parents in genotype-file order. */
export interface HybridPedigree {
  parents: Record<string, [string, string]>;
  pool1: string[];
  pool2: string[];
}

/** A genomic-selection dataset: the uploaded phenotype CSV and PLINK .zip (stored files) and their summary. */
export const gsDataset = pgTable(
  'gs_dataset',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description'),
    type: text('type', { enum: ['inbred', 'hybrid'] })
      .notNull()
      .default('inbred'),
    sampleCount: integer('sample_count').notNull(),
    snpCount: integer('snp_count').notNull(),
    traitCodes: jsonb('trait_codes').$type<string[]>().notNull(),
    commonSamples: integer('common_samples').notNull(),
    phenotypedSamples: integer('phenotyped_samples').notNull(),
    qc: jsonb('qc').$type<QcSummary>().notNull(),
    traits: jsonb('traits').$type<TraitSummary[]>().notNull(),
    /** Genotyped sample codes in file order. */
    samples: jsonb('samples').$type<string[]>().notNull(),
    /** Sample codes with at least one trait observation. */
    phenotypedIds: jsonb('phenotyped_ids').$type<string[]>().notNull(),
    /** Marker name, chromosome and position from the .bim, in file order (for marker-effect plots). */
    markers: jsonb('markers').$type<{ names: string[]; chr: string[]; pos: number[] }>().notNull(),
    phenotypeFileId: uuid('phenotype_file_id')
      .notNull()
      .references(() => sysFile.id),
    genotypeFileId: uuid('genotype_file_id')
      .notNull()
      .references(() => sysFile.id),
    phenotypeFileName: text('phenotype_file_name').notNull(),
    genotypeFileName: text('genotype_file_name').notNull(),
    /** Hybrid datasets: the pedigree file, each hybrid's parents (pool 1 female, pool 2 male) and the pools. */
    pedigreeFileId: uuid('pedigree_file_id').references(() => sysFile.id),
    pedigreeFileName: text('pedigree_file_name'),
    hybrids: jsonb('hybrids').$type<HybridPedigree>(),
    /** Uploaded files, platform records (createBySystem) or a merge of two datasets (createByMerge). */
    origin: text('origin', { enum: ['upload', 'system', 'merge'] })
      .notNull()
      .default('upload'),
    /** The crop and genome build current for the creator when the dataset was made (merges need one build). */
    cropId: integer('crop_id').references(() => sysCrop.id, { onDelete: 'set null' }),
    buildId: integer('build_id').references(() => sysGenomeBuild.id, { onDelete: 'set null' }),
    ...orgColumns(),
  },
  (t) => [uniqueIndex('gs_dataset_org_name_uq').on(t.orgId, t.name), index('gs_dataset_org_updated_idx').on(t.orgId, t.updatedAt)],
);

/** The stored output of a training job (JSON): everything the detail page shows and predictions need. */
export interface ModelResult {
  n: number;
  m: number;
  varU: number;
  varE: number;
  logLik: number | null;
  beta: Array<{ name: string; value: number }>;
  bandwidth: number | null;
  seconds: number;
  qc: { samples: number; markersIn: number; markersOut: number; imputedCalls: number };
  cvFolds: Array<{ fold: number; n: number; r: number | null; mse: number; rmse: number }>;
  predictions: Array<{ id: string; fold: number; observed: number; predicted: number }>;
  gebv: Array<{ id: string; value: number }>;
  markerEffects: Array<{ marker: string; value: number }> | null;
}

export const gsModel = pgTable(
  'gs_model',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    datasetId: integer('dataset_id')
      .notNull()
      .references(() => gsDataset.id, { onDelete: 'cascade' }),
    traitCode: text('trait_code').notNull(),
    algorithm: text('algorithm', { enum: ['gblup', 'rrblup', 'rkhs', 'bayesb', 'bayesc', 'brr'] }).notNull(),
    folds: integer('folds').notNull(),
    seed: integer('seed').notNull(),
    iter: integer('iter').notNull(),
    burnin: integer('burnin').notNull(),
    taskId: integer('task_id').references(() => sysTask.id, { onDelete: 'set null' }),
    finished: boolean('finished').notNull().default(false),
    accuracy: real('accuracy'),
    mse: real('mse'),
    rmse: real('rmse'),
    h2: real('h2'),
    favorite: boolean('favorite').notNull().default(false),
    result: jsonb('result').$type<ModelResult>(),
    ...orgColumns(),
  },
  (t) => [uniqueIndex('gs_model_org_name_uq').on(t.orgId, t.name), index('gs_model_dataset_idx').on(t.datasetId)],
);

export interface PredictResult {
  traits: string[];
  rows: Array<{ id: string; values: Record<string, number | null> }>;
}
export interface PredictVerification {
  fileName: string;
  /** The validation task's name (spec 5: at most 25 characters). */
  name?: string | null;
  at: string;
  traits: Array<{ trait: string; n: number; r: number | null; rmse: number | null }>;
}

export const gsPredict = pgTable(
  'gs_predict',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    datasetId: integer('dataset_id')
      .notNull()
      .references(() => gsDataset.id, { onDelete: 'cascade' }),
    modelIds: jsonb('model_ids').$type<number[]>().notNull(),
    sampleCodes: jsonb('sample_codes').$type<string[]>().notNull(),
    taskId: integer('task_id').references(() => sysTask.id, { onDelete: 'set null' }),
    finished: boolean('finished').notNull().default(false),
    result: jsonb('result').$type<PredictResult>(),
    verification: jsonb('verification').$type<PredictVerification>(),
    ...orgColumns(),
  },
  (t) => [uniqueIndex('gs_predict_org_name_uq').on(t.orgId, t.name), index('gs_predict_dataset_idx').on(t.datasetId)],
);

/** Candidates chosen from a prediction by a selection index (spec: add, remove, export, send on). */
export const gsCandidate = pgTable(
  'gs_candidate',
  {
    id: serial('id').primaryKey(),
    predictId: integer('predict_id')
      .notNull()
      .references(() => gsPredict.id, { onDelete: 'cascade' }),
    sampleId: text('sample_id').notNull(),
    indexValue: real('index_value').notNull(),
    method: text('method', { enum: ['weighted', 'smith-hazel', 'desired-gains'] }).notNull(),
    ...orgColumns(),
  },
  (t) => [uniqueIndex('gs_candidate_predict_sample_uq').on(t.predictId, t.sampleId)],
);

/** The stored output of a GCA job: the engine's hybrid fit (the same numbers `gs hybrid` prints). */
export interface GcaResult {
  n: number;
  method: 'ai-reml' | 'sommer';
  converged: boolean;
  iterations: number;
  varGca1: number;
  varGca2: number;
  varSca: number | null;
  varE: number;
  logLik: number;
  beta: Array<{ name: string; value: number }>;
  atBoundary: string[];
  fittedR: number | null;
  seconds: number;
  pool1: string[];
  pool2: string[];
  gca1: Array<{ id: string; value: number }>;
  gca2: Array<{ id: string; value: number }>;
  sca: Array<{ cross: string; value: number; observed: boolean }>;
  predictions: Array<{ parent1: string; parent2: string; value: number; observed: boolean }>;
}

/** A GCA task (hybrid prediction): GCA of both pools and SCA of one trait of a hybrid dataset. */
export const gsGca = pgTable(
  'gs_gca',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    datasetId: integer('dataset_id')
      .notNull()
      .references(() => gsDataset.id, { onDelete: 'cascade' }),
    traitCode: text('trait_code').notNull(),
    sca: boolean('sca').notNull().default(true),
    method: text('method', { enum: ['ai-reml', 'sommer'] })
      .notNull()
      .default('ai-reml'),
    /** Fixed-effect columns of the dataset's phenotype file (e.g. location), in the model's order. */
    fixedEffects: jsonb('fixed_effects').$type<string[]>().notNull().default([]),
    taskId: integer('task_id').references(() => sysTask.id, { onDelete: 'set null' }),
    finished: boolean('finished').notNull().default(false),
    result: jsonb('result').$type<GcaResult>(),
    ...orgColumns(),
  },
  (t) => [uniqueIndex('gs_gca_org_name_uq').on(t.orgId, t.name), index('gs_gca_dataset_idx').on(t.datasetId)],
);
