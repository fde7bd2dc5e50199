import { z } from 'zod';
import { PageQuery } from '../query';
import { IdParam } from '../envelope';
import { listSpec, resource } from '../http/endpoint';
import { gsPermissions as P } from './permissions';
import { GS_CODE, GS_LIMITS, GS_UPLOAD_TIMEOUT_MS } from './dataset';
import { GS_TASK_STATES } from './model';

export const PredictCreate = z.object({
  name: z.string().trim().min(1).max(GS_LIMITS.predictionName),
  /** One finished model per trait, all of one dataset (the same test group). */
  modelIds: z.array(z.number().int().positive()).min(1).max(20),
  /** The test group: genotyped sample codes of the models' dataset; empty: those without any phenotype. */
  sampleCodes: z.array(z.string().trim().min(1).max(64).regex(GS_CODE)).max(100_000).default([]),
});
export type PredictCreate = z.input<typeof PredictCreate>;

export const PredictRow = z.object({
  id: z.number().int(),
  name: z.string(),
  datasetId: z.number().int(),
  datasetName: z.string(),
  traits: z.array(z.string()),
  models: z.array(z.object({ id: z.number().int(), name: z.string(), traitCode: z.string(), algorithm: z.string() })),
  sampleCount: z.number().int(),
  status: z.enum(GS_TASK_STATES),
  progress: z.number(),
  taskId: z.number().int().nullable(),
  message: z.string().nullable(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PredictRow = z.infer<typeof PredictRow>;

export const PredictDetail = PredictRow.extend({
  /** Ranked by the first trait's GEBV (highest first). */
  rows: z.array(z.object({ rank: z.number().int(), id: z.string(), values: z.record(z.string(), z.number().nullable()) })),
  /** The realised accuracy per trait after observed values were uploaded (state validating). */
  verification: z
    .object({
      fileName: z.string(),
      /** The validation task's name (at most 25). */
      name: z.string().nullish(),
      at: z.string(),
      traits: z.array(z.object({ trait: z.string(), n: z.number().int(), r: z.number().nullable(), rmse: z.number().nullable() })),
    })
    .nullable(),
});
export type PredictDetail = z.infer<typeof PredictDetail>;

/** The text fields of the verify-result form: the prediction and the validation task's name (spec 5: at most 25). */
export const PredictVerifyFields = z.object({
  id: z.coerce.number().int().positive(),
  name: z
    .string()
    .trim()
    .max(GS_LIMITS.validationName)
    .optional()
    .transform((v) => v || undefined),
});

export const PredictPageQuery = PageQuery.extend({ datasetId: z.coerce.number().int().positive().optional() });
export const predictList = listSpec({
  filters: { name: { type: 'text', repeatable: true }, createdAt: { type: 'date' } },
  sortable: ['name', 'createdAt', 'updatedAt'],
});
export const PredictCreated = z.object({ id: z.number().int(), taskId: z.number().int() });

/** Inbred prediction (spec 7, /gs api/predict): GEBVs of a test group from one model per trait. */
export const predict = resource(
  { tag: 'gs: predictions', base: '/api/predict' },
  {
    page: {
      method: 'GET',
      path: '/page',
      permission: P.predictList,
      summary: 'Prediction tasks',
      query: PredictPageQuery,
      page: PredictRow,
      list: predictList,
    },
    create: {
      method: 'POST',
      path: '/create',
      permission: P.predictAdd,
      summary: 'Predicts the GEBVs of a test group from one finished model per trait (a queued job)',
      body: PredictCreate,
      data: PredictCreated,
    },
    remove: {
      method: 'DELETE',
      path: '/delPredictTask/:id',
      permission: P.predictRemove,
      summary: 'Deletes a prediction task',
      params: IdParam,
      data: z.null(),
    },
    detail: {
      method: 'GET',
      path: '/detail/:id',
      permission: P.predictList,
      summary: 'A prediction: ranked GEBVs and, once verified, the realised accuracy',
      params: IdParam,
      data: PredictDetail,
    },
    exportResult: { method: 'GET', path: '/export-result/:id', permission: P.predictList, summary: 'The ranked GEBVs as CSV', params: IdParam, file: true },
    verify: {
      method: 'POST',
      path: '/verify-result',
      permission: P.predictVerify,
      summary: 'Uploads observed values (multipart: id, then a CSV `file` with the sample column and trait columns) and reports the realised accuracy',
      bodyType: 'multipart',
      data: PredictDetail,
      timeoutMs: GS_UPLOAD_TIMEOUT_MS,
    },
  },
);
