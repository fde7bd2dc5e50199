import { z } from 'zod';
import { IdParam } from '../envelope';
import { PageQuery } from '../query';
import { listSpec, resource } from '../http/endpoint';
import { phenoPermissions as P } from './permissions';
import { VariableRow } from './variable';

/** Where an observation came from. */
export const OBSERVATION_SOURCES = ['grid', 'fieldbook', 'aerial', 'import'] as const;
export const ObservationSource = z.enum(OBSERVATION_SOURCES);
export type ObservationSource = z.infer<typeof ObservationSource>;

const ids = z.array(z.number().int().positive()).max(200);

/** An experiment as the phenotype system sees it. */
export const StudyRow = z.object({
  experimentId: z.number().int(),
  code: z.string(),
  name: z.string(),
  year: z.number().int(),
  designMethod: z.string(),
  status: z.string(),
  pushed: z.boolean(),
  pushedAt: z.string().nullable(),
  plotCount: z.number().int(),
  traitCount: z.number().int(),
  observationCount: z.number().int(),
  analysedAt: z.string().nullable(),
});
export type StudyRow = z.infer<typeof StudyRow>;

export const StudyPageQuery = PageQuery.extend({ pushed: z.enum(['yes', 'no', 'all']).default('yes') });
export type StudyPageQuery = z.input<typeof StudyPageQuery>;
export type StudyPageParsed = z.output<typeof StudyPageQuery>;
export const studyList = listSpec({
  filters: { code: { type: 'text' }, name: { type: 'text' }, year: { type: 'number' } },
  sortable: ['code', 'name', 'year', 'pushedAt'],
});

export const StudyDetail = StudyRow.extend({ traits: z.array(VariableRow) });
export type StudyDetail = z.infer<typeof StudyDetail>;

/** The traits an experiment observes: at least one (PHENO_TRAITS_REQUIRED names the rule). */
const traitIds = ids.refine((v) => v.length > 0, { params: { errorCode: 'PHENO_TRAITS_REQUIRED' } });
export const StudyPush = z.object({ experimentId: z.number().int().positive(), variableIds: traitIds });
export type StudyPush = z.input<typeof StudyPush>;
export const StudyTraits = z.object({ experimentId: z.number().int().positive(), variableIds: traitIds });
export type StudyTraits = z.input<typeof StudyTraits>;

export const GridPlot = z.object({
  /** The plot's row id (doe_plot.id). */
  ref: z.number().int(),
  site: z.number().int(),
  plotId: z.string(),
  plotNumber: z.number().int(),
  rep: z.number().int().nullable(),
  block: z.number().int().nullable(),
  row: z.number().int(),
  col: z.number().int(),
  entryNo: z.number().int(),
  name: z.string(),
  entryType: z.string(),
});
export type GridPlot = z.infer<typeof GridPlot>;

export const ObservationCell = z.object({
  id: z.number().int(),
  plotRef: z.number().int(),
  variableId: z.number().int(),
  value: z.string(),
  excluded: z.boolean(),
  excludeReason: z.string().nullable(),
  source: ObservationSource,
  person: z.string().nullable(),
  observedAt: z.string(),
  /** Times the value was changed. */
  versions: z.number().int(),
});
export type ObservationCell = z.infer<typeof ObservationCell>;

export const StudyGrid = z.object({ plots: z.array(GridPlot), traits: z.array(VariableRow), cells: z.array(ObservationCell) });
export type StudyGrid = z.infer<typeof StudyGrid>;

export const ObserveBody = z.object({
  experimentId: z.number().int().positive(),
  plotRef: z.number().int().positive(),
  variableId: z.number().int().positive(),
  /** Empty or null clears the plot's value (the history keeps it). */
  value: z.string().max(500).nullable(),
  person: z
    .string()
    .trim()
    .max(100)
    .nullish()
    .transform((v) => v || null),
});
export type ObserveBody = z.input<typeof ObserveBody>;
export const ObserveResult = z.object({ cell: ObservationCell.nullable() });

/** A plot's pending edits saved together (the grid's "save per row"): every value checked, all saved or none. */
export const ObserveRowBody = z.object({
  experimentId: z.number().int().positive(),
  plotRef: z.number().int().positive(),
  values: z
    .array(
      z.object({
        variableId: z.number().int().positive(),
        /** Empty or null clears the plot's value (the history keeps it). */
        value: z.string().max(500).nullable(),
      }),
    )
    .min(1)
    .max(200),
  person: z
    .string()
    .trim()
    .max(100)
    .nullish()
    .transform((v) => v || null),
});
export type ObserveRowBody = z.input<typeof ObserveRowBody>;
/** The row's cells after the save, in the order of the values sent (null: the value was cleared). */
export const ObserveRowResult = z.object({ cells: z.array(ObservationCell.nullable()) });
export type ObserveRowResult = z.infer<typeof ObserveRowResult>;

export const HistoryQuery = z.object({ observationId: z.coerce.number().int().positive() });
export const HistoryRow = z.object({
  value: z.string().nullable(),
  source: ObservationSource,
  person: z.string().nullable(),
  observedAt: z.string().nullable(),
  changedBy: z.string().nullable(),
  changedAt: z.string(),
});
export type HistoryRow = z.infer<typeof HistoryRow>;

export const ExcludeBody = z.object({
  observationId: z.number().int().positive(),
  excluded: z.boolean(),
  reason: z
    .string()
    .trim()
    .max(300)
    .nullish()
    .transform((v) => v || null),
});
export type ExcludeBody = z.input<typeof ExcludeBody>;

/** One line of a Field Book import's report. */
export const ImportReportRow = z.object({
  line: z.number().int(),
  plotId: z.string(),
  trait: z.string(),
  value: z.string(),
  status: z.enum(['inserted', 'updated', 'unchanged', 'cleared', 'refused']),
  errorCode: z.string().nullable(),
  message: z.string().nullable(),
});
export type ImportReportRow = z.infer<typeof ImportReportRow>;
export const FieldBookImportResult = z.object({
  format: z.enum(['database', 'table']),
  inserted: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  cleared: z.number().int(),
  refused: z.number().int(),
  rows: z.array(ImportReportRow),
  /** The run that records this import in the data pipelines' run history (its Field Book pipeline). */
  runId: z.number().int().nullable(),
});
export type FieldBookImportResult = z.infer<typeof FieldBookImportResult>;

export const QcQuery = z.object({ variableId: z.coerce.number().int().positive() });
export const QcResult = z.object({
  variableId: z.number().int(),
  numeric: z.boolean(),
  plots: z.number().int(),
  observed: z.number().int(),
  missing: z.array(z.object({ plotRef: z.number().int(), plotId: z.string(), site: z.number().int(), row: z.number().int(), col: z.number().int() })),
  outOfScale: z.array(z.object({ observationId: z.number().int(), plotId: z.string(), value: z.string(), message: z.string() })),
  outliers: z.array(
    z.object({
      observationId: z.number().int(),
      plotId: z.string(),
      name: z.string(),
      value: z.number(),
      z: z.number(),
      excluded: z.boolean(),
      excludeReason: z.string().nullable(),
    }),
  ),
  stats: z.object({
    n: z.number().int(),
    mean: z.number().nullable(),
    median: z.number().nullable(),
    mad: z.number().nullable(),
    min: z.number().nullable(),
    max: z.number().nullable(),
  }),
  histogram: z.array(z.object({ from: z.number(), to: z.number(), count: z.number().int() })),
  /** The trait on the field layout: one cell per plot (value null when missing). */
  heat: z.array(
    z.object({
      site: z.number().int(),
      row: z.number().int(),
      col: z.number().int(),
      plotId: z.string(),
      name: z.string(),
      value: z.number().nullable(),
      excluded: z.boolean(),
    }),
  ),
});
export type QcResult = z.infer<typeof QcResult>;

export const AnalysisRun = z.object({ experimentId: z.number().int().positive(), variableIds: ids.optional() });
export type AnalysisRun = z.input<typeof AnalysisRun>;

export const VarianceComponent = z.object({ name: z.string(), variance: z.number() });
export const EntryEstimate = z.object({
  entry: z.string(),
  name: z.string(),
  isCheck: z.boolean(),
  n: z.number().int(),
  blue: z.number().nullable(),
  se: z.number().nullable(),
  blup: z.number().nullable(),
});
export type EntryEstimate = z.infer<typeof EntryEstimate>;
export const TraitAnalysisRow = z.object({
  variableId: z.number().int(),
  code: z.string(),
  trait: z.string(),
  site: z.number().int(),
  design: z.string(),
  n: z.number().int(),
  missing: z.number().int(),
  grandMean: z.number(),
  varianceComponents: z.array(VarianceComponent),
  geneticVariance: z.number(),
  heritability: z.number(),
  cv: z.number(),
  lsd: z.number().nullable(),
  sed: z.number().nullable(),
  residualDf: z.number(),
  formulaBlue: z.string(),
  formulaBlup: z.string(),
  entries: z.array(EntryEstimate),
  analysedAt: z.string(),
  analysedBy: z.string().nullable(),
});
export type TraitAnalysisRow = z.infer<typeof TraitAnalysisRow>;
export const AnalysisResult = z.object({
  results: z.array(TraitAnalysisRow),
  failures: z.array(z.object({ variableId: z.number().int(), code: z.string(), message: z.string() })),
});
export type AnalysisResult = z.infer<typeof AnalysisResult>;

const FileParam = IdParam;

/** The phenotype side of an experiment: its traits, observations, Field Book files, checks and analysis. */
export const study = resource(
  { tag: 'pheno: experiments', base: '/api/study' },
  {
    page: {
      method: 'GET',
      path: '/page',
      permission: P.studyList,
      summary: 'Experiments of the current crop pushed to phenotyping (or ready to be), with their counts',
      query: StudyPageQuery,
      page: StudyRow,
      list: studyList,
    },
    detail: {
      method: 'GET',
      path: '/detail/:id',
      permission: P.studyList,
      summary: "An experiment's phenotyping: its traits and counts",
      params: IdParam,
      data: StudyDetail,
    },
    push: {
      method: 'POST',
      path: '/push',
      permission: P.studyPush,
      summary: 'Pushes a designed experiment to phenotyping with the traits it will observe (locks its information)',
      body: StudyPush,
      data: StudyDetail,
    },
    traits: {
      method: 'PUT',
      path: '/traits',
      permission: P.studyPush,
      summary: "Sets a pushed experiment's traits; a trait with observations cannot be removed",
      body: StudyTraits,
      data: StudyDetail,
    },
    grid: { method: 'GET', path: '/grid/:id', permission: P.studyList, summary: 'Plots x traits with the current values', params: IdParam, data: StudyGrid },
    observe: {
      method: 'PUT',
      path: '/observation',
      permission: P.observationEdit,
      summary: "Records one plot's value of a trait (refused outside the scale, naming plot, trait and rule); a change keeps the history",
      body: ObserveBody,
      data: ObserveResult,
    },
    observeRow: {
      method: 'PUT',
      path: '/observation/row',
      permission: P.observationEdit,
      summary: "Records a plot's values of several traits in one transaction: all saved, or none when one is refused (naming plot, trait and rule)",
      body: ObserveRowBody,
      data: ObserveRowResult,
    },
    history: {
      method: 'GET',
      path: '/observation/history',
      permission: P.studyList,
      summary: 'Earlier values of an observation, newest first',
      query: HistoryQuery,
      data: z.array(HistoryRow),
    },
    exclude: {
      method: 'PUT',
      path: '/observation/exclude',
      permission: P.observationEdit,
      summary: 'Excludes a value from the analysis with a reason, or takes it back',
      body: ExcludeBody,
      data: ObservationCell,
    },
    fieldFile: {
      method: 'GET',
      path: '/fieldbook/field/:id',
      permission: P.studyList,
      summary: 'Field Book field file (CSV: plot_id, plot_number, rep, block, row, col, entry, name)',
      params: FileParam,
      file: true,
    },
    traitFile: {
      method: 'GET',
      path: '/fieldbook/trait/:id',
      permission: P.studyList,
      summary: "Field Book trait file (.trt) of the experiment's traits",
      params: FileParam,
      file: true,
    },
    fieldBookImport: {
      method: 'POST',
      path: '/fieldbook/import/:id',
      permission: P.observationEdit,
      summary: "Imports Field Book's exported observations (database or table CSV) with a row report; re-importing the same file changes nothing",
      params: IdParam,
      bodyType: 'multipart',
      data: FieldBookImportResult,
      timeoutMs: 300_000,
    },
    qc: {
      method: 'GET',
      path: '/qc/:id',
      permission: P.studyList,
      summary: 'Quality checks of one trait: missing plots, values outside the scale, robust outliers, histogram and heat map',
      params: IdParam,
      query: QcQuery,
      data: QcResult,
      audit: false,
    },
    analysis: {
      method: 'GET',
      path: '/analysis/:id',
      permission: P.studyList,
      summary: 'The saved single-trial analysis of the experiment',
      params: IdParam,
      data: z.array(TraitAnalysisRow),
    },
    analyse: {
      method: 'POST',
      path: '/analysis/run',
      permission: P.analysisRun,
      summary: 'Runs the single-trial analysis (mixed model of the design) per trait and saves it on the experiment',
      body: AnalysisRun,
      data: AnalysisResult,
      timeoutMs: 300_000,
    },
  },
);
