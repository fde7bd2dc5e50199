import { z } from 'zod';
import { PageQuery } from '../query';
import { IdParam } from '../envelope';
import { listSpec, resource } from '../http/endpoint';
import { gsPermissions as P } from './permissions';
import { GS_LIMITS, GS_UPLOAD_TIMEOUT_MS } from './dataset';
import { MODEL_STATES } from './model';

/** Variance-component algorithms of the engine's hybrid model (`gs hybrid --method`). */
export const GCA_METHODS = ['ai-reml', 'sommer'] as const;
export type GcaMethod = (typeof GCA_METHODS)[number];
/** At most this many fixed-effect columns in one GCA task. */
export const GCA_MAX_FIXED = 5;

/** A GCA task: the hybrid model GCA1 + GCA2 (+ SCA) of one trait of a hybrid dataset, trained as a job. */
export const GcaCreate = z.object({
  name: z.string().trim().min(1).max(GS_LIMITS.predictionName),
  datasetId: z.number().int().positive(),
  traitCode: z.string().trim().min(1).max(64),
  /** Include the SCA term (covariance K1 (x) K2); untested crosses then get an SCA by BLUP. */
  sca: z.boolean().default(true),
  method: z.enum(GCA_METHODS).default('ai-reml'),
  /**
   * Fixed-effect columns of the dataset's phenotype file (e.g. location), each a factor dummy-coded by the
   * engine (`gs hybrid --fixed COL`); not the hybrid column nor the trait. Levels must not be missing.
   */
  fixedEffects: z.array(z.string().trim().min(1).max(64)).max(GCA_MAX_FIXED).default([]),
});
export type GcaCreate = z.input<typeof GcaCreate>;

export const GcaRow = z.object({
  id: z.number().int(),
  name: z.string(),
  datasetId: z.number().int(),
  datasetName: z.string(),
  traitCode: z.string(),
  sca: z.boolean(),
  method: z.enum(GCA_METHODS),
  fixedEffects: z.array(z.string()),
  status: z.enum(MODEL_STATES),
  progress: z.number(),
  taskId: z.number().int().nullable(),
  message: z.string().nullable(),
  /** Pool sizes and the count of crosses (tested and untested) once finished. */
  pool1Count: z.number().int().nullable(),
  pool2Count: z.number().int().nullable(),
  testedCount: z.number().int().nullable(),
  untestedCount: z.number().int().nullable(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type GcaRow = z.infer<typeof GcaRow>;

export const GcaIdQuery = z.object({ id: z.coerce.number().int().positive() });

const Effect = z.object({ rank: z.number().int(), id: z.string(), value: z.number() });

/** gca-data: variance components, the GCA of both pools (ranked), and the SCA of the crosses. */
export const GcaData = z.object({
  task: GcaRow,
  n: z.number().int(),
  converged: z.boolean(),
  iterations: z.number().int(),
  varGca1: z.number(),
  varGca2: z.number(),
  varSca: z.number().nullable(),
  varE: z.number(),
  logLik: z.number(),
  intercept: z.number(),
  atBoundary: z.array(z.string()),
  /** Pearson r of the fitted GCA1 + GCA2 + SCA with the observed values. */
  fittedR: z.number().nullable(),
  seconds: z.number(),
  gca1: z.array(Effect),
  gca2: z.array(Effect),
  sca: z.array(z.object({ parent1: z.string(), parent2: z.string(), value: z.number(), observed: z.boolean() })),
});
export type GcaData = z.infer<typeof GcaData>;

/** gca-figure: the heat map of predicted performance, pool 1 rows x pool 2 columns, each ordered by GCA (highest first). */
export const GcaFigure = z.object({
  pool1: z.array(z.string()),
  pool2: z.array(z.string()),
  /** [column index in pool2, row index in pool1, predicted value, 1 when the cross was tested]. */
  cells: z.array(z.tuple([z.number().int(), z.number().int(), z.number(), z.number().int()])),
  min: z.number(),
  max: z.number(),
});
export type GcaFigure = z.infer<typeof GcaFigure>;

export const CrossPrediction = z.object({
  rank: z.number().int(),
  parent1: z.string(),
  parent2: z.string(),
  gca1: z.number(),
  gca2: z.number(),
  sca: z.number().nullable(),
  value: z.number(),
  observed: z.boolean(),
});
export type CrossPrediction = z.infer<typeof CrossPrediction>;

export const GcaResultQuery = PageQuery.extend({
  id: z.coerce.number().int().positive(),
  /** `untested` (default): the crosses never made; `all`: every pool 1 x pool 2 cross. */
  scope: z.enum(['untested', 'all']).default('untested'),
});
export const gcaResultList = listSpec({ filters: {}, sortable: ['value'] });

export const GcaPageQuery = PageQuery.extend({ datasetId: z.coerce.number().int().positive().optional() });
export const gcaList = listSpec({
  filters: { name: { type: 'text', repeatable: true }, createdAt: { type: 'date' } },
  sortable: ['name', 'createdAt', 'updatedAt'],
});
export const GcaColumnsQuery = z.object({ datasetId: z.coerce.number().int().positive() });
/** gca-columns: the phenotype file's columns that can be fixed effects (not the hybrid column, not a trait), with their levels. */
export const GcaColumns = z.object({
  fileName: z.string(),
  columns: z.array(z.object({ name: z.string(), levels: z.array(z.string()), missing: z.number().int() })),
});
export type GcaColumns = z.infer<typeof GcaColumns>;

export const GcaCreated = z.object({ id: z.number().int(), taskId: z.number().int() });

/** import-hg-template: the predicted performance of the crosses listed in the filled template, in file order. */
export const HgImportResult = z.object({
  fileName: z.string(),
  rows: z.array(CrossPrediction.omit({ rank: true }).extend({ line: z.number().int() })),
});
export type HgImportResult = z.infer<typeof HgImportResult>;

/** Hybrid prediction (spec 7, /gs api/predict): GCA tasks, their results, the hybrid template. */
export const hybrid = resource(
  { tag: 'gs: hybrid prediction', base: '/api/predict' },
  {
    gcaPage: {
      method: 'GET',
      path: '/gca-page',
      permission: P.predictList,
      summary: 'GCA tasks (hybrid prediction)',
      query: GcaPageQuery,
      page: GcaRow,
      list: gcaList,
    },
    gcaColumns: {
      method: 'GET',
      path: '/gca-columns',
      permission: P.predictList,
      summary: "The columns of a hybrid dataset's phenotype file that a GCA task can take as fixed effects (e.g. location)",
      query: GcaColumnsQuery,
      data: GcaColumns,
    },
    createGcaTask: {
      method: 'POST',
      path: '/createGcaTask',
      permission: P.predictAdd,
      summary: 'Fits GCA of both pools and SCA for one trait of a hybrid dataset (a queued job)',
      body: GcaCreate,
      data: GcaCreated,
    },
    resetGcaTask: {
      method: 'POST',
      path: '/resetGcaTask/:id',
      permission: P.predictAdd,
      summary: 'Runs a finished or failed GCA task again (its result is cleared; a new job is queued)',
      params: IdParam,
      data: GcaCreated,
    },
    gcaDetail: {
      method: 'GET',
      path: '/gca-detail/:id',
      permission: P.predictList,
      summary: 'A GCA task and its state',
      params: IdParam,
      data: GcaRow,
    },
    removeGcaTask: {
      method: 'DELETE',
      path: '/delGcaTask/:id',
      permission: P.predictRemove,
      summary: 'Deletes a GCA task (its unfinished job is cancelled)',
      params: IdParam,
      data: z.null(),
    },
    gcaData: {
      method: 'GET',
      path: '/gca-data',
      permission: P.predictList,
      summary: 'GCA of both pools, SCA and the variance components of a finished GCA task',
      query: GcaIdQuery,
      data: GcaData,
    },
    gcaFigure: {
      method: 'GET',
      path: '/gca-figure',
      permission: P.predictList,
      summary: 'Heat map of the predicted performance of every pool 1 x pool 2 cross',
      query: GcaIdQuery,
      data: GcaFigure,
    },
    gcaPredictionResult: {
      method: 'GET',
      path: '/gca-prediction-result',
      permission: P.predictList,
      summary: 'Crosses ranked by predicted performance (untested ones by default)',
      query: GcaResultQuery,
      page: CrossPrediction,
      list: gcaResultList,
    },
    exportGcaResult: {
      method: 'GET',
      path: '/gca-export-result/:id',
      permission: P.predictList,
      summary: 'The ranked predictions of every cross as CSV',
      params: IdParam,
      file: true,
    },
    exportHgTemplate: {
      method: 'GET',
      path: '/export-hg-template/:id',
      permission: P.predictList,
      summary: 'The hybrid template: the untested pool 1 x pool 2 crosses as CSV (female, male), to fill with the crosses to predict',
      params: IdParam,
      file: true,
    },
    importHgTemplate: {
      method: 'POST',
      path: '/import-hg-template/:id',
      permission: P.predictList,
      summary: 'Predicts the crosses of a filled hybrid template (multipart: a CSV `file` with the columns female and male)',
      params: IdParam,
      bodyType: 'multipart',
      data: HgImportResult,
      timeoutMs: GS_UPLOAD_TIMEOUT_MS,
    },
  },
);
