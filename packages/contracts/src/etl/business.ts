import { z } from 'zod';
import { IdParam } from '../envelope';
import { PageQuery } from '../query';
import { listSpec, resource } from '../http/endpoint';
import { etlPermissions as P } from './permissions';

/** The type conversions a column mapping (and a business table column) knows. */
export const ValueType = z.enum(['text', 'integer', 'decimal', 'date', 'boolean']);
export type ValueType = z.infer<typeof ValueType>;

const identifier = z
  .string()
  .trim()
  .min(1)
  .max(50)
  .refine((v) => /^[A-Za-z][A-Za-z0-9_]*$/.test(v), { params: { rule: 'format', format: 'A-Z a-z 0-9 _' } });

export const BusinessColumn = z.object({
  /** The field name (a target of a pipeline's mapping, the JSON key of a stored row). */
  key: identifier,
  label: z.string().trim().min(1).max(100),
  type: ValueType,
  required: z.boolean().default(false),
  /** Part of the natural key: a run that meets a row with the same key updates it instead of adding one. */
  isKey: z.boolean().default(false),
});
export type BusinessColumn = z.infer<typeof BusinessColumn>;

export const BusinessCreate = z.object({
  code: identifier,
  name: z.string().trim().min(1).max(100),
  columns: z.array(BusinessColumn).min(1).max(100),
  remark: z
    .string()
    .trim()
    .max(500)
    .nullish()
    .transform((v) => (v ? v : null)),
});
export type BusinessCreate = z.input<typeof BusinessCreate>;
export type BusinessInput = z.output<typeof BusinessCreate>;

export const BusinessRow = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  /** The pipelines' business type of this table: `data:<code>`. */
  businessType: z.string(),
  columns: z.array(BusinessColumn),
  rowCount: z.number().int(),
  remark: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type BusinessRow = z.infer<typeof BusinessRow>;

export const businessList = listSpec({
  filters: { name: { type: 'text' }, code: { type: 'text' }, createdAt: { type: 'date' } },
  sortable: ['name', 'code', 'createdAt', 'updatedAt'],
});

/** One field a pipeline may load into a business type. */
export const TargetField = z.object({
  key: z.string(),
  label: z.object({ 'zh-CN': z.string(), en: z.string() }),
  type: ValueType,
  required: z.boolean(),
  /** Lookups that turn a code into this field's value (`location.code`: a location code to its id). */
  lookups: z.array(z.string()),
});
export type TargetField = z.infer<typeof TargetField>;

/** A business type: a built-in target (observations, germplasm, seed lots, locations) or a business data table. */
export const BusinessType = z.object({
  type: z.string(),
  label: z.object({ 'zh-CN': z.string(), en: z.string() }),
  builtin: z.boolean(),
  /** The fields that identify a record: a re-run updates the record with the same key. */
  naturalKey: z.array(z.string()),
  fields: z.array(TargetField),
});
export type BusinessType = z.infer<typeof BusinessType>;

export const BusinessDataPageQuery = PageQuery.extend({
  businessId: z.coerce.number().int().positive(),
  /** The rows one run loaded. */
  runId: z.coerce.number().int().positive().optional(),
});

export const BusinessDataRow = z.object({
  id: z.number().int(),
  businessId: z.number().int(),
  /** The pipeline run that loaded (or last changed) the row; null for a row added by hand. */
  runId: z.number().int().nullable(),
  data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type BusinessDataRow = z.infer<typeof BusinessDataRow>;

export const BusinessDataAdd = z.object({
  businessId: z.number().int().positive(),
  /** Values by column key; text values are converted by the column's type. */
  data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
});
export type BusinessDataAdd = z.infer<typeof BusinessDataAdd>;

/** The business data tables (spec section 7: etl/business), under /api/bpm. */
export const business = resource(
  { tag: 'bpm: business data', base: '/etl/business', prefix: '/api/bpm' },
  {
    page: {
      method: 'GET',
      path: '/page',
      permission: P.businessList,
      summary: 'Pages the business data tables (user-defined business types)',
      query: PageQuery,
      page: BusinessRow,
      list: businessList,
    },
    types: {
      method: 'GET',
      path: '/types',
      permission: P.pipelineList,
      summary: 'Every business type a pipeline may load into, with its fields, lookups and natural key',
      data: z.array(BusinessType),
    },
    create: {
      method: 'POST',
      path: '/create',
      permission: P.businessAdd,
      summary: 'Creates a business data table: a business type with its own columns',
      body: BusinessCreate,
      data: BusinessRow,
    },
    businessDataPage: {
      method: 'GET',
      path: '/businessDataPage',
      permission: P.businessList,
      summary: "Pages a business data table's rows (optionally those one run loaded)",
      query: BusinessDataPageQuery,
      page: BusinessDataRow,
    },
    addBusinessData: {
      method: 'POST',
      path: '/addBusinessData',
      permission: P.businessData,
      summary: 'Adds one row to a business data table, checked against its columns',
      body: BusinessDataAdd,
      data: BusinessDataRow,
    },
    deleteBusinessData: {
      method: 'DELETE',
      path: '/deleteBusinessData/:id',
      permission: P.businessData,
      summary: 'Deletes one row of a business data table',
      params: IdParam,
      data: z.null(),
    },
  },
);
