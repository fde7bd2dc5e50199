import { z } from 'zod';
import { IdParam } from '../envelope';
import { PageQuery } from '../query';
import { listSpec, resource } from '../http/endpoint';
import { etlPermissions as P } from './permissions';
import { ValueType } from './business';

/** Largest uploaded file a pipeline run reads. */
export const ETL_FILE_MAX_BYTES = 10 * 1024 * 1024;
/** Largest HTTP answer a pipeline reads. */
export const ETL_HTTP_MAX_BYTES = 20 * 1024 * 1024;
/** Most rows one run reads from any source. */
export const ETL_MAX_ROWS = 100_000;

const text = (max: number) => z.string().trim().min(1).max(max);

/** Where a pipeline reads its rows. */
export const PipelineSource = z.discriminatedUnion('kind', [
  /** A CSV or xlsx file uploaded with each run (first sheet, first line holds the column names). */
  z.object({ kind: z.literal('file'), format: z.enum(['csv', 'xlsx']) }),
  /** A Field Book export ("database" CSV: plot_id, trait, value, timestamp, person; or the "table" CSV). */
  z.object({ kind: z.literal('fieldbook') }),
  /** Another PostgreSQL database, read in a READ ONLY transaction with a statement timeout and a row limit. */
  z.object({
    kind: z.literal('postgres'),
    url: text(1000).refine((v) => /^postgres(ql)?:\/\//.test(v), { params: { rule: 'format', format: 'postgres://user:password@host:5432/db' } }),
    query: text(20_000),
    timeoutSeconds: z.number().int().min(1).max(300).default(30),
    rowLimit: z.number().int().min(1).max(ETL_MAX_ROWS).default(10_000),
  }),
  /** An HTTP(S) endpoint answering JSON; `jsonPath` leads to the list of rows (`data.rows`, empty: the answer itself). */
  z.object({
    kind: z.literal('http'),
    url: text(2000),
    jsonPath: z.string().trim().max(200).default(''),
    timeoutSeconds: z.number().int().min(1).max(120).default(30),
    maxBytes: z
      .number()
      .int()
      .min(1024)
      .max(ETL_HTTP_MAX_BYTES)
      .default(5 * 1024 * 1024),
  }),
]);
export type PipelineSource = z.infer<typeof PipelineSource>;

/** Date formats a mapping may read. */
export const DateFormat = z.enum(['YYYY-MM-DD', 'DD/MM/YYYY', 'MM/DD/YYYY', 'YYYYMMDD', 'YYYY/MM/DD']);

/** One line of the mapping: a source column onto a target field, converted, optionally through a code lookup. */
export const MappingLine = z.object({
  source: text(200),
  target: text(100),
  convert: ValueType,
  /** For dates: how the source writes them. */
  format: DateFormat.nullish().transform((v) => v ?? null),
  /** A lookup of the target field (`germplasm.accession`, `location.code`, `experiment.code`). */
  lookup: z
    .string()
    .trim()
    .max(50)
    .nullish()
    .transform((v) => (v ? v : null)),
});
export type MappingLine = z.input<typeof MappingLine>;

export const PipelineSchedule = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('none') }),
  /** Runs every `minutes` minutes (a source that needs no file). */
  z.object({
    kind: z.literal('interval'),
    minutes: z
      .number()
      .int()
      .min(5)
      .max(60 * 24 * 31),
  }),
]);
export type PipelineSchedule = z.infer<typeof PipelineSchedule>;

const PipelineFields = z.object({
  name: text(100),
  /** `observation`, `germplasm`, `seedLot`, `location` or a business data table `data:<code>`. */
  businessType: text(60),
  source: PipelineSource,
  mapping: z.array(MappingLine).min(1).max(200),
  schedule: PipelineSchedule.default({ kind: 'none' }),
  /** Load the valid rows and report the others; otherwise a run with a refused row loads nothing. */
  loadValidRows: z.boolean().default(false),
  remark: z
    .string()
    .trim()
    .max(500)
    .nullish()
    .transform((v) => (v ? v : null)),
});
export const PipelineCreate = PipelineFields;
export type PipelineCreate = z.input<typeof PipelineCreate>;
export type PipelineInput = z.output<typeof PipelineCreate>;
export const PipelineUpdate = PipelineFields.extend({ id: z.number().int().positive() });
export type PipelineUpdate = z.input<typeof PipelineUpdate>;

export const RunStatus = z.enum(['queued', 'running', 'succeeded', 'refused', 'failed']);
export type RunStatus = z.infer<typeof RunStatus>;

export const PipelineRow = z.object({
  id: z.number().int(),
  name: z.string(),
  businessType: z.string(),
  source: PipelineSource,
  mapping: z.array(z.object({ source: z.string(), target: z.string(), convert: ValueType, format: z.string().nullable(), lookup: z.string().nullable() })),
  schedule: PipelineSchedule,
  loadValidRows: z.boolean(),
  remark: z.string().nullable(),
  nextRunAt: z.string().nullable(),
  lastRunId: z.number().int().nullable(),
  lastRunStatus: RunStatus.nullable(),
  lastRunAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PipelineRow = z.infer<typeof PipelineRow>;

export const pipelineList = listSpec({
  filters: { name: { type: 'text' }, businessType: { type: 'select' }, createdAt: { type: 'date' } },
  sortable: ['name', 'businessType', 'createdAt', 'updatedAt'],
});
export const PipelinePageQuery = PageQuery.extend({ businessType: z.string().trim().max(60).optional() });

/** One line of a run's row report. */
export const RunReportLine = z.object({
  row: z.number().int(),
  status: z.enum(['inserted', 'updated', 'unchanged', 'refused', 'skipped']),
  field: z.string().nullable(),
  rule: z.string().nullable(),
  errorCode: z.string().nullable(),
  message: z.string().nullable(),
  /**
   * The record the row loaded or found (accession number, lot number, location code, "plot · trait",
   * a business row's key): the run's list of what it loaded. Absent on refused rows.
   */
  record: z.string().nullish(),
});
export type RunReportLine = z.infer<typeof RunReportLine>;

export const RunRow = z.object({
  id: z.number().int(),
  pipelineId: z.number().int(),
  taskId: z.number().int().nullable(),
  /** `page`: a Field Book import from an experiment's page, recorded on its Field Book pipeline. */
  trigger: z.enum(['manual', 'schedule', 'page']),
  status: RunStatus,
  fileName: z.string().nullable(),
  total: z.number().int(),
  inserted: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  refused: z.number().int(),
  message: z.string().nullable(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type RunRow = z.infer<typeof RunRow>;
export const RunDetail = RunRow.extend({ report: z.array(RunReportLine) });
export type RunDetail = z.infer<typeof RunDetail>;

export const RunPageQuery = PageQuery.extend({ pipelineId: z.coerce.number().int().positive() });
export const SimpleByTypeQuery = z.object({ businessType: z.string().trim().min(1).max(60) });

/** Converted first rows of a source, with the refusals they would meet. */
export const PipelinePreview = z.object({
  columns: z.array(z.string()),
  rows: z.array(z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]))),
  report: z.array(RunReportLine),
});
export type PipelinePreview = z.infer<typeof PipelinePreview>;

/** Data pipelines (spec section 7: etl/pipeline), under /api/bpm. */
export const pipeline = resource(
  { tag: 'bpm: pipelines', base: '/etl/pipeline', prefix: '/api/bpm' },
  {
    page: {
      method: 'GET',
      path: '/page',
      permission: P.pipelineList,
      summary: 'Pages the pipelines',
      query: PipelinePageQuery,
      page: PipelineRow,
      list: pipelineList,
    },
    listAllSimpleByType: {
      method: 'GET',
      path: '/list-all-simple-by-type',
      permission: P.pipelineList,
      summary: 'Every pipeline of a business type (id and name), for pickers',
      query: SimpleByTypeQuery,
      data: z.array(z.object({ id: z.number().int(), name: z.string() })),
    },
    get: {
      method: 'GET',
      path: '/get/:id',
      permission: P.pipelineList,
      summary: 'One pipeline',
      params: IdParam,
      data: PipelineRow,
    },
    create: {
      method: 'POST',
      path: '/create',
      permission: P.pipelineAdd,
      summary: 'Creates a pipeline: source, mapping onto a business type, schedule',
      body: PipelineCreate,
      data: PipelineRow,
    },
    update: {
      method: 'PUT',
      path: '/update',
      permission: P.pipelineEdit,
      summary: 'Updates a pipeline',
      body: PipelineUpdate,
      data: PipelineRow,
    },
    delete: {
      method: 'DELETE',
      path: '/delete/:id',
      permission: P.pipelineRemove,
      summary: 'Deletes a pipeline and its run history (loaded data stays)',
      params: IdParam,
      data: z.null(),
    },
    run: {
      method: 'POST',
      path: '/run/:id',
      permission: P.pipelineRun,
      summary: 'Runs a pipeline now as a task (a file pipeline takes its file as multipart `file`)',
      params: IdParam,
      bodyType: 'multipart',
      data: z.object({ runId: z.number().int(), taskId: z.number().int() }),
      timeoutMs: 300_000,
    },
    preview: {
      method: 'POST',
      path: '/preview/:id',
      permission: P.pipelineList,
      summary: 'Reads and converts the first rows of the source without loading them',
      params: IdParam,
      bodyType: 'multipart',
      data: PipelinePreview,
      audit: false,
      timeoutMs: 120_000,
    },
    runs: {
      method: 'GET',
      path: '/runs',
      permission: P.pipelineList,
      summary: "Pages a pipeline's run history",
      query: RunPageQuery,
      page: RunRow,
    },
    runDetail: {
      method: 'GET',
      path: '/run-detail/:id',
      permission: P.pipelineList,
      summary: 'One run with its row report',
      params: IdParam,
      data: RunDetail,
    },
  },
);
