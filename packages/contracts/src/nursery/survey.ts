import { z } from 'zod';
import { IdParam } from '../envelope';
import { resource } from '../http/endpoint';
import { VariableRow } from '../pheno/variable';
import type { Translations } from '../errors';
import { nurseryPermissions as P } from './permissions';

/** Where a survey value came from: the grid, an xlsx import or a filled feedback book. */
export const SURVEY_SOURCES = ['grid', 'import'] as const;
export const SurveySource = z.enum(SURVEY_SOURCES);
export type SurveySource = z.infer<typeof SurveySource>;

/** Traits a nursery's survey may observe at most. */
export const SURVEY_MAX_TRAITS = 40;

export const SurveyTraits = z.object({
  activityId: z.number().int().positive(),
  variableIds: z.array(z.number().int().positive()).max(SURVEY_MAX_TRAITS),
});
export type SurveyTraits = z.input<typeof SurveyTraits>;

/** An entry as the survey grid and the feedback book show it. */
export const SurveyEntry = z.object({
  id: z.number().int(),
  entryNo: z.number().int(),
  materialNo: z.string(),
  name: z.string(),
  generation: z.string(),
  pedigree: z.string().nullable(),
  plotNo: z.number().int(),
  fieldNo: z.string().nullable(),
});
export type SurveyEntry = z.infer<typeof SurveyEntry>;

export const SurveyCell = z.object({
  id: z.number().int(),
  entryId: z.number().int(),
  variableId: z.number().int(),
  value: z.string(),
  /** The value as a number when the scale is numeric, percentage or an ordinal code (for sorting). */
  numeric: z.number().nullable(),
  source: SurveySource,
  person: z.string().nullable(),
  observedAt: z.string(),
  /** Times the value was changed. */
  versions: z.number().int(),
});
export type SurveyCell = z.infer<typeof SurveyCell>;

/** A nursery's survey: its traits, its entries and the current values. */
export const SurveyGrid = z.object({
  activityId: z.number().int(),
  code: z.string(),
  finished: z.boolean(),
  traits: z.array(VariableRow),
  entries: z.array(SurveyEntry),
  cells: z.array(SurveyCell),
});
export type SurveyGrid = z.infer<typeof SurveyGrid>;

export const SurveyObserve = z.object({
  activityId: z.number().int().positive(),
  entryId: z.number().int().positive(),
  variableId: z.number().int().positive(),
  /** Empty or null clears the value (the history keeps it). */
  value: z.string().max(500).nullable(),
  person: z
    .string()
    .trim()
    .max(100)
    .nullish()
    .transform((v) => v || null),
});
export type SurveyObserve = z.input<typeof SurveyObserve>;
export const SurveyObserveResult = z.object({ cell: SurveyCell.nullable() });

export const SurveyHistoryQuery = z.object({ surveyId: z.coerce.number().int().positive() });
export const SurveyHistoryRow = z.object({
  value: z.string().nullable(),
  source: SurveySource,
  person: z.string().nullable(),
  observedAt: z.string().nullable(),
  changedBy: z.string().nullable(),
  changedAt: z.string(),
});
export type SurveyHistoryRow = z.infer<typeof SurveyHistoryRow>;

/** One cell of an import's report: the sheet row, the entry, the trait column and what happened. */
export const SurveyReportRow = z.object({
  row: z.number().int(),
  materialNo: z.string(),
  trait: z.string(),
  value: z.string(),
  status: z.enum(['inserted', 'updated', 'unchanged', 'refused']),
  errorCode: z.string().nullable(),
  message: z.string().nullable(),
});
export type SurveyReportRow = z.infer<typeof SurveyReportRow>;
export const SurveyImportResult = z.object({
  inserted: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  refused: z.number().int(),
  rows: z.array(SurveyReportRow),
});
export type SurveyImportResult = z.infer<typeof SurveyImportResult>;

export const BookQuery = z.object({ format: z.enum(['xlsx', 'pdf']).default('xlsx') });
export type BookQuery = z.input<typeof BookQuery>;

/** The feedback book's fixed columns (xlsx keys), in print order. */
export const BOOK_COLUMNS = ['materialNo', 'entryNo', 'name', 'pedigree', 'generation', 'plotNo', 'fieldNo'] as const;
export type BookColumn = (typeof BOOK_COLUMNS)[number];
const t = (zh: string, en: string): Translations => ({ 'zh-CN': zh, en });
export const bookColumnLabels: Record<BookColumn, Translations> = {
  materialNo: t('材料编号', 'Material no.'),
  entryNo: t('材料号', 'Entry'),
  name: t('材料名称', 'Name'),
  pedigree: t('系谱', 'Pedigree'),
  generation: t('世代', 'Generation'),
  plotNo: t('小区号', 'Plot no.'),
  fieldNo: t('田间编号', 'Field no.'),
};
export const bookTexts = {
  title: t('田间记载本', 'Field record book'),
  entriesSheet: t('材料', 'Entries'),
  traitsSheet: t('性状', 'Traits'),
  code: t('缩写', 'Code'),
  trait: t('性状', 'Trait'),
  scale: t('标尺', 'Scale'),
  unit: t('单位', 'Unit'),
  range: t('范围或分类', 'Range or categories'),
  nursery: t('苗圃', 'Nursery'),
  printed: t('打印日期', 'Printed'),
  page: t('页', 'Page'),
  recorder: t('记录人', 'Recorder'),
  help: t(
    '在性状列中填写观测值后导入“田间调查”；表头中方括号内为性状缩写，请勿修改材料编号列。',
    'Fill in the trait columns and import the book on the Field survey tab; the trait code is in square brackets in the header. Do not change the material no. column.',
  ),
};

/** A nursery's field survey: traits of the crop observed per entry during the season. */
export const survey = resource(
  { tag: 'nursery: field survey', base: '/api/survey' },
  {
    grid: {
      method: 'GET',
      path: '/grid/:id',
      permission: P.surveyList,
      summary: "A nursery's survey: its traits, entries and current values",
      params: IdParam,
      data: SurveyGrid,
    },
    traits: {
      method: 'PUT',
      path: '/traits',
      permission: P.surveyEdit,
      summary: 'Sets the traits a nursery surveys (traits of its crop); a trait with values cannot be removed',
      body: SurveyTraits,
      data: SurveyGrid,
    },
    observe: {
      method: 'PUT',
      path: '/observation',
      permission: P.surveyEdit,
      summary: "Records one entry's value of a trait (refused outside the scale, naming entry, trait and rule); a change keeps the history",
      body: SurveyObserve,
      data: SurveyObserveResult,
    },
    history: {
      method: 'GET',
      path: '/observation/history',
      permission: P.surveyList,
      summary: 'Earlier values of a survey value, newest first',
      query: SurveyHistoryQuery,
      data: z.array(SurveyHistoryRow),
    },
    import: {
      method: 'POST',
      path: '/import/:id',
      permission: P.surveyEdit,
      summary: 'Imports survey values from an xlsx (a filled feedback book) with a row report; re-importing the same file changes nothing',
      params: IdParam,
      bodyType: 'multipart',
      data: SurveyImportResult,
      timeoutMs: 120_000,
    },
  },
);

/** Feedback books: a nursery's printable record book (xlsx or PDF) with blank columns for its survey traits. */
export const book = resource(
  { tag: 'nursery: feedback books', base: '/api/book' },
  {
    download: {
      method: 'GET',
      path: '/:id',
      permission: P.surveyList,
      summary: "The nursery's feedback book: entries, plot and field numbers and a blank column per survey trait (xlsx, also the import template, or PDF)",
      params: IdParam,
      query: BookQuery,
      file: true,
    },
  },
);
