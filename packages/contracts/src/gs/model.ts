import { z } from 'zod';
import { PageQuery } from '../query';
import { IdParam } from '../envelope';
import { listSpec, resource } from '../http/endpoint';
import { gsPermissions as P } from './permissions';
import { GS_LIMITS } from './dataset';

export const GS_ALGORITHMS = ['gblup', 'rrblup', 'rkhs', 'bayesb', 'bayesc', 'brr'] as const;
export type GsAlgorithm = (typeof GS_ALGORITHMS)[number];
export const BAYES_ALGORITHMS: readonly GsAlgorithm[] = ['bayesb', 'bayesc', 'brr'];
/** Spec section 4: GS task states. */
export const GS_TASK_STATES = ['queued', 'creating', 'finished', 'failed', 'validating'] as const;
export type GsTaskState = (typeof GS_TASK_STATES)[number];
export const MODEL_STATES = ['queued', 'creating', 'finished', 'failed'] as const;
export const MAX_COMPARE = 6;

export const ModelCreate = z.object({
  name: z.string().trim().min(1).max(GS_LIMITS.modelName),
  datasetId: z.number().int().positive(),
  traitCode: z.string().trim().min(1).max(64),
  algorithm: z.enum(GS_ALGORITHMS),
  /** k of k-fold cross-validation. */
  folds: z.number().int().min(2).max(20).default(5),
  seed: z.number().int().min(1).max(2_147_483_647).default(1),
  /** Gibbs iterations and burn-in of the Bayesian models. */
  iter: z.number().int().min(100).max(50_000).default(6000),
  burnin: z.number().int().min(0).max(20_000).default(1000),
});
export type ModelCreate = z.input<typeof ModelCreate>;

export const ModelUpdate = z.object({ id: z.number().int().positive(), name: z.string().trim().min(1).max(GS_LIMITS.modelName) });
export type ModelUpdate = z.input<typeof ModelUpdate>;
export const ModelFavorite = z.object({ id: z.number().int().positive(), favorite: z.boolean() });
export type ModelFavorite = z.input<typeof ModelFavorite>;

export const ModelRow = z.object({
  id: z.number().int(),
  name: z.string(),
  datasetId: z.number().int(),
  datasetName: z.string(),
  traitCode: z.string(),
  algorithm: z.enum(GS_ALGORITHMS),
  folds: z.number().int(),
  seed: z.number().int(),
  status: z.enum(MODEL_STATES),
  progress: z.number(),
  taskId: z.number().int().nullable(),
  /** Mean Pearson r over the folds, MSE and RMSE; null until finished. */
  accuracy: z.number().nullable(),
  mse: z.number().nullable(),
  rmse: z.number().nullable(),
  h2: z.number().nullable(),
  favorite: z.boolean(),
  message: z.string().nullable(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ModelRow = z.infer<typeof ModelRow>;

export const FoldMetric = z.object({ fold: z.number().int(), n: z.number().int(), r: z.number().nullable(), mse: z.number(), rmse: z.number() });
export const ModelDetail = ModelRow.extend({
  n: z.number().int().nullable(),
  m: z.number().int().nullable(),
  varU: z.number().nullable(),
  varE: z.number().nullable(),
  logLik: z.number().nullable(),
  beta: z.array(z.object({ name: z.string(), value: z.number() })),
  bandwidth: z.number().nullable(),
  seconds: z.number().nullable(),
  iter: z.number().int(),
  burnin: z.number().int(),
  qc: z.object({ samples: z.number().int(), markersIn: z.number().int(), markersOut: z.number().int(), imputedCalls: z.number().int() }).nullable(),
  cvFolds: z.array(FoldMetric),
  /** Observed against cross-validated predictions, one point per record. */
  predictions: z.array(z.object({ id: z.string(), fold: z.number().int(), observed: z.number(), predicted: z.number() })),
  /** Marker effects in genome order (chromosome, position from the .bim) for marker models. */
  markerEffects: z.array(z.object({ marker: z.string(), chr: z.string(), pos: z.number(), value: z.number() })).nullable(),
});
export type ModelDetail = z.infer<typeof ModelDetail>;

export const ModelPageQuery = PageQuery.extend({
  datasetId: z.coerce.number().int().positive().optional(),
  traitCode: z.string().trim().max(64).optional(),
  status: z.enum(MODEL_STATES).optional(),
  favorite: z.enum(['true', 'false']).optional(),
});
export type ModelPageQuery = z.input<typeof ModelPageQuery>;
export const modelList = listSpec({
  filters: { name: { type: 'text', repeatable: true }, algorithm: { type: 'select' }, traitCode: { type: 'text' }, createdAt: { type: 'date' } },
  sortable: ['name', 'algorithm', 'accuracy', 'rmse', 'createdAt', 'updatedAt'],
});

/** `ids` comma-separated (2..MAX_COMPARE finished models). */
export const CompareQuery = z.object({
  ids: z.preprocess(
    (v) =>
      typeof v === 'string'
        ? v
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean)
        : v,
    z.array(z.coerce.number().int().positive()).min(2).max(MAX_COMPARE),
  ),
});
export type CompareQuery = z.input<typeof CompareQuery>;
export const CompareData = z.object({
  models: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      algorithm: z.enum(GS_ALGORITHMS),
      traitCode: z.string(),
      datasetName: z.string(),
      accuracy: z.number(),
      mse: z.number(),
      rmse: z.number(),
      h2: z.number().nullable(),
      folds: z.array(FoldMetric),
    }),
  ),
});
export type CompareData = z.infer<typeof CompareData>;

export const ModelCreated = z.object({ id: z.number().int(), taskId: z.number().int() });

/** Models (spec 7, /gs api/model): trained as queued jobs with k-fold cross-validation. */
export const model = resource(
  { tag: 'gs: models', base: '/api/model' },
  {
    page: {
      method: 'GET',
      path: '/page',
      permission: P.modelList,
      summary: 'Models with their state and accuracy',
      query: ModelPageQuery,
      page: ModelRow,
      list: modelList,
    },
    create: {
      method: 'POST',
      path: '/create',
      permission: P.modelAdd,
      summary: 'Trains a model on a dataset and trait with k-fold cross-validation (a queued job: queued, creating, finished or failed)',
      body: ModelCreate,
      data: ModelCreated,
    },
    update: { method: 'PUT', path: '/update', permission: P.modelEdit, summary: 'Renames a model', body: ModelUpdate, data: ModelRow },
    favorite: {
      method: 'PUT',
      path: '/favorite',
      permission: P.modelEdit,
      summary: 'Marks or unmarks a model as favourite',
      body: ModelFavorite,
      data: ModelRow,
    },
    remove: {
      method: 'DELETE',
      path: '/delModel/:id',
      permission: P.modelRemove,
      summary: 'Deletes a model (its training is cancelled)',
      params: IdParam,
      data: z.null(),
    },
    detail: {
      method: 'GET',
      path: '/detail/:id',
      permission: P.modelList,
      summary: 'A model: metrics, variance components, folds, observed vs predicted, marker effects',
      params: IdParam,
      data: ModelDetail,
    },
    compare: {
      method: 'GET',
      path: '/comparative-analysis',
      permission: P.modelList,
      summary: 'r and RMSE of several finished models side by side, fold by fold',
      query: CompareQuery,
      data: CompareData,
    },
  },
);
