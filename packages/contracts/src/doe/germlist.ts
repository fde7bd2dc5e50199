import { z } from 'zod';
import { PageQuery } from '../query';
import { IdParam } from '../envelope';
import { ioEndpoints } from '../common/io';
import type { Translations } from '../errors';
import { listSpec, resource } from '../http/endpoint';
import { germListTypeLabels, seasonLabels } from './labels';
import { doePermissions as P } from './permissions';
import { Season, Year, optionalId, optionalText, requiredText } from './shared';

/** Planting list types (spec section 3). */
export const GERM_LIST_TYPES = ['experiment', 'nursery', 'germplasm'] as const;
export const GermListType = z.enum(GERM_LIST_TYPES);
export type GermListType = z.infer<typeof GermListType>;

/** A key from its Chinese label (the import reads 试验, 春季 ...), or the text lower-cased (English names are the keys). */
const byLabel = (labels: Record<string, Translations>) => {
  const keys = new Map(Object.entries(labels).map(([key, l]) => [l['zh-CN'], key]));
  return (v: string) => keys.get(v) ?? v.toLowerCase();
};
const listTypeOf = byLabel(germListTypeLabels satisfies Record<GermListType, Translations>);
const seasonOf = byLabel(seasonLabels);

/** Material types breeders plant. */
export const MATERIAL_TYPES = ['inbred', 'hybrid', 'population', 'landrace', 'line', 'variety', 'other'] as const;

/** F<n>, D<n> or BC<n>F<m> (spec section 5): the same rule as the trial-design engine's validateGeneration. */
export const GENERATION_PATTERN = /^(?:F([1-9]\d{0,2})|D([0-9]\d{0,2})|BC([1-9]\d{0,2})F([1-9]\d{0,2}))$/;

/** A required generation code, upper-cased. */
export const Generation = z
  .string()
  .trim()
  .min(1)
  .max(20)
  .transform((v) => v.toUpperCase())
  .superRefine((v, ctx) => {
    if (!GENERATION_PATTERN.test(v)) ctx.addIssue({ code: 'custom', message: 'generation form', params: { errorCode: 'DOE_GENERATION_INVALID', value: v } });
  });

export const GermListFields = z.object({
  name: requiredText(100),
  type: GermListType,
  projectId: optionalId,
  year: Year.nullish().transform((v) => v ?? null),
  season: Season.nullish().transform((v) => v ?? null),
  usage: optionalText(200),
  remark: optionalText(500),
});

export const GermListEntryFields = z.object({
  entryId: z.number().int().min(1).max(9_999_999),
  materialName: requiredText(100),
  generation: Generation,
  materialType: optionalText(30),
  pedigree: optionalText(500),
  plantRows: z
    .number()
    .int()
    .min(1)
    .max(1000)
    .nullish()
    .transform((v) => v ?? null),
  /** Seeds (or grams) sown. */
  sowingQuantity: z
    .number()
    .min(0)
    .max(1_000_000_000)
    .nullish()
    .transform((v) => v ?? null),
  block: optionalText(50),
  plantPlotNumber: optionalText(50),
  /** A core control material (check). */
  isCheck: z.boolean().default(false),
  remark: optionalText(500),
});
export type GermListEntryInput = z.output<typeof GermListEntryFields>;

export const GermListCreate = GermListFields.extend({ entries: z.array(GermListEntryFields).max(100_000).default([]) });
export type GermListCreate = z.input<typeof GermListCreate>;
export type GermListInput = z.output<typeof GermListCreate>;
export const GermListUpdate = GermListFields.extend({ id: z.number().int().positive() });
export type GermListUpdate = z.input<typeof GermListUpdate>;

export const GermListEntriesSave = z.object({ id: z.number().int().positive(), entries: z.array(GermListEntryFields).max(100_000) });
export type GermListEntriesSave = z.input<typeof GermListEntriesSave>;

export const GermListRow = z.object({
  id: z.number().int(),
  name: z.string(),
  type: GermListType,
  projectId: z.number().int().nullable(),
  projectName: z.string().nullable(),
  year: z.number().int().nullable(),
  season: Season.nullable(),
  usage: z.string().nullable(),
  remark: z.string().nullable(),
  materialCount: z.number().int(),
  checkCount: z.number().int(),
  usedBy: z.number().int(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type GermListRow = z.infer<typeof GermListRow>;

export const GermListEntryRow = z.object({
  id: z.number().int(),
  listId: z.number().int(),
  entryId: z.number().int(),
  materialName: z.string(),
  generation: z.string(),
  materialType: z.string().nullable(),
  pedigree: z.string().nullable(),
  plantRows: z.number().int().nullable(),
  sowingQuantity: z.number().nullable(),
  block: z.string().nullable(),
  plantPlotNumber: z.string().nullable(),
  isCheck: z.boolean(),
  remark: z.string().nullable(),
});
export type GermListEntryRow = z.infer<typeof GermListEntryRow>;

/** One line of the planting-list import and export: the list it belongs to and one entry. */
export const GermListImportRow = z.object({
  listName: requiredText(100),
  listType: z.string().trim().transform(listTypeOf).pipe(GermListType),
  year: Year.nullish().transform((v) => v ?? null),
  season: z
    .string()
    .trim()
    .nullish()
    .transform((v) => (v ? seasonOf(v) : null))
    .pipe(Season.nullable()),
  usage: optionalText(200),
  entryId: z.number().int().min(1).max(9_999_999),
  materialName: requiredText(100),
  generation: Generation,
  materialType: optionalText(30),
  pedigree: optionalText(500),
  plantRows: z
    .number()
    .int()
    .min(1)
    .max(1000)
    .nullish()
    .transform((v) => v ?? null),
  sowingQuantity: z
    .number()
    .min(0)
    .max(1_000_000_000)
    .nullish()
    .transform((v) => v ?? null),
  block: optionalText(50),
  plantPlotNumber: optionalText(50),
  isCheck: z
    .union([z.boolean(), z.string().trim()])
    .nullish()
    .transform((v) => v === true || (typeof v === 'string' && ['y', 'yes', 'true', '1', '是', '对照'].includes(v.toLowerCase()))),
  remark: optionalText(500),
});
export type GermListImportInput = z.output<typeof GermListImportRow>;

export const GermListExportRow = GermListEntryRow.extend({
  listName: z.string(),
  listType: GermListType,
  year: z.number().int().nullable(),
  season: Season.nullable(),
  usage: z.string().nullable(),
});
export type GermListExportRow = z.infer<typeof GermListExportRow>;

export const GermListPageQuery = PageQuery.extend({
  type: GermListType.optional(),
  projectId: z.coerce.number().int().positive().optional(),
  year: z.coerce.number().int().min(1900).max(2200).optional(),
});
export type GermListPageQuery = z.input<typeof GermListPageQuery>;
export type GermListPageParsed = z.output<typeof GermListPageQuery>;
export const GermListExportQuery = GermListPageQuery.omit({ pageNum: true, pageSize: true });
export type GermListExportQuery = z.output<typeof GermListExportQuery>;

export const GermListEntryPageQuery = PageQuery.extend({ listId: z.coerce.number().int().positive() });
export type GermListEntryPageQuery = z.input<typeof GermListEntryPageQuery>;

// ---- endpoints ------------------------------------------------------------------------------------

export const germListList = listSpec({
  filters: {
    name: { type: 'text', repeatable: true },
    type: { type: 'select' },
    year: { type: 'number', repeatable: true },
    season: { type: 'select' },
    usage: { type: 'text' },
    remark: { type: 'text' },
    updatedAt: { type: 'date' },
  },
  sortable: ['name', 'type', 'year', 'season', 'createdAt', 'updatedAt'],
});

export const germListEntryList = listSpec({
  filters: {
    materialName: { type: 'text', repeatable: true },
    generation: { type: 'text' },
    materialType: { type: 'text' },
    pedigree: { type: 'text' },
    block: { type: 'text' },
    entryId: { type: 'number', repeatable: true },
  },
  sortable: ['entryId', 'materialName', 'generation', 'block'],
});

/** Planting lists with their entries, xlsx import (a task, with a row report) and export. */
export const germList = resource(
  { tag: 'doe: planting lists', base: '/api/germList' },
  {
    page: {
      method: 'GET',
      path: '/page',
      permission: P.germListList,
      summary: 'Planting lists of the current crop with material counts and usage',
      query: GermListPageQuery,
      page: GermListRow,
      list: germListList,
    },
    detail: { method: 'GET', path: '/detail/:id', permission: P.germListList, summary: 'One planting list', params: IdParam, data: GermListRow },
    entries: {
      method: 'GET',
      path: '/entries',
      permission: P.germListList,
      summary: 'Entries of a planting list, in entry order',
      query: GermListEntryPageQuery,
      page: GermListEntryRow,
      list: germListEntryList,
    },
    create: {
      method: 'POST',
      path: '/create',
      permission: P.germListAdd,
      summary: 'Creates a planting list with its entries (generations in F, D or BC form)',
      body: GermListCreate,
      data: GermListRow,
    },
    update: { method: 'PUT', path: '/update', permission: P.germListEdit, summary: 'Updates a planting list', body: GermListUpdate, data: GermListRow },
    saveEntries: {
      method: 'PUT',
      path: '/entries',
      permission: P.germListEdit,
      summary: 'Replaces the entries of a planting list',
      body: GermListEntriesSave,
      data: GermListRow,
    },
    ...ioEndpoints('germList', { import: P.germListImport, export: P.germListExport, exportQuery: GermListExportQuery }),
    remove: {
      method: 'DELETE',
      path: '/:id',
      permission: P.germListRemove,
      summary: 'Deletes a planting list no germplasm design plants',
      params: IdParam,
      data: z.null(),
    },
  },
);
