import { z } from 'zod';
import { PageQuery } from '../query';
import { IdParam } from '../envelope';
import { ExportStarted } from '../common/io';
import { listSpec, resource } from '../http/endpoint';
import { doePermissions as P } from './permissions';
import { Updated, optionalDate, optionalText, requiredText } from './shared';

/** Harvest lists: one line per harvested plot of an experiment, generated as a job. */
export const HARVEST_TYPES = ['bulk', 'single-plant', 'ear'] as const;
export const HarvestType = z.enum(HARVEST_TYPES);
export type HarvestType = z.infer<typeof HarvestType>;

export const HarvestGenerate = z.object({
  experimentId: z.number().int().positive(),
  name: requiredText(100),
  harvestType: HarvestType.default('bulk'),
  harvestDate: optionalDate,
  includeChecks: z.boolean().default(false),
  /** Selfed harvest advances the generation (F2 -> F3, BC1F1 -> BC1F2); off for hybrids and bulks kept as they are. */
  advanceGeneration: z.boolean().default(true),
  /** Harvest numbers are `<prefix><plot number>`; the experiment code when empty. */
  prefix: z
    .string()
    .trim()
    .max(30)
    .nullish()
    .transform((v) => v || null),
  remark: optionalText(500),
});
export type HarvestGenerate = z.input<typeof HarvestGenerate>;
export type HarvestGenerateInput = z.output<typeof HarvestGenerate>;

export const HarvestListRow = z.object({
  id: z.number().int(),
  experimentId: z.number().int(),
  experimentName: z.string(),
  experimentCode: z.string(),
  name: z.string(),
  harvestType: HarvestType,
  harvestDate: z.string().nullable(),
  entryCount: z.number().int(),
  remark: z.string().nullable(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type HarvestListRow = z.infer<typeof HarvestListRow>;

export const HarvestEntryRow = z.object({
  id: z.number().int(),
  harvestNumber: z.string(),
  plotId: z.string(),
  plotNumber: z.number().int(),
  entryNo: z.number().int(),
  materialName: z.string(),
  generation: z.string().nullable(),
  pedigree: z.string().nullable(),
  rep: z.number().int().nullable(),
  weight: z.number().nullable(),
  seedCount: z.number().int().nullable(),
  remark: z.string().nullable(),
});
export type HarvestEntryRow = z.infer<typeof HarvestEntryRow>;

export const HarvestEntriesUpdate = z.object({
  id: z.number().int().positive(),
  entries: z
    .array(
      z.object({
        id: z.number().int().positive(),
        weight: z
          .number()
          .min(0)
          .max(1_000_000)
          .nullish()
          .transform((v) => v ?? null),
        seedCount: z
          .number()
          .int()
          .min(0)
          .max(100_000_000)
          .nullish()
          .transform((v) => v ?? null),
        remark: optionalText(500),
      }),
    )
    .min(1)
    .max(10_000),
});
export type HarvestEntriesUpdate = z.input<typeof HarvestEntriesUpdate>;

export const HarvestListUpdate = z.object({ id: z.number().int().positive(), name: requiredText(100), harvestDate: optionalDate, remark: optionalText(500) });
export type HarvestListUpdate = z.input<typeof HarvestListUpdate>;

export const HarvestPageQuery = PageQuery.extend({ experimentId: z.coerce.number().int().positive().optional() });
export type HarvestPageQuery = z.input<typeof HarvestPageQuery>;
export const HarvestEntryPageQuery = PageQuery.extend({ listId: z.coerce.number().int().positive() });
export type HarvestEntryPageQuery = z.input<typeof HarvestEntryPageQuery>;

/** The generation after selfing one more time: F2 -> F3, BC1F1 -> BC1F2, D1 -> D2. */
export function nextGeneration(generation: string | null): string | null {
  if (!generation) return null;
  const m = /^(BC\d+)?([FD])(\d+)$/.exec(generation.toUpperCase());
  if (!m) return generation;
  return `${m[1] ?? ''}${m[2]}${Number(m[3]) + 1}`;
}

// ---- endpoints ------------------------------------------------------------------------------------

export const harvestList = listSpec({
  filters: {
    name: { type: 'text', repeatable: true },
    experimentName: { type: 'text' },
    experimentCode: { type: 'text' },
    harvestType: { type: 'select' },
    harvestDate: { type: 'date' },
    remark: { type: 'text' },
    createdAt: { type: 'date' },
  },
  sortable: ['name', 'harvestDate', 'createdAt'],
});

export const harvestEntryList = listSpec({
  filters: {
    harvestNumber: { type: 'text', repeatable: true },
    materialName: { type: 'text', repeatable: true },
    generation: { type: 'text' },
    plotNumber: { type: 'number', repeatable: true },
    rep: { type: 'number' },
    weight: { type: 'number', repeatable: true },
    seedCount: { type: 'number', repeatable: true },
  },
  sortable: ['plotNumber', 'materialName', 'weight'],
});

/** The weight and seed totals of the listed lines (the list's summary row). */
export const HarvestEntryPageSummary = z.object({ weight: z.number(), seedCount: z.number() });

/** Harvest lists of finished experiments: generated as a task, weights and seeds recorded, xlsx export. */
export const harvest = resource(
  { tag: 'doe: harvest lists', base: '/api/harvest' },
  {
    page: {
      method: 'GET',
      path: '/page',
      permission: P.harvestList,
      summary: 'Harvest lists of experiments of the current crop',
      query: HarvestPageQuery,
      page: HarvestListRow,
      list: harvestList,
    },
    detail: { method: 'GET', path: '/detail/:id', permission: P.harvestList, summary: 'One harvest list', params: IdParam, data: HarvestListRow },
    entries: {
      method: 'GET',
      path: '/entries',
      permission: P.harvestList,
      summary: 'Lines of a harvest list in plot order; the summary totals weight and seeds',
      query: HarvestEntryPageQuery,
      page: HarvestEntryRow,
      pageSummary: HarvestEntryPageSummary,
      list: harvestEntryList,
    },
    generate: {
      method: 'POST',
      path: '/generate',
      permission: P.harvestGenerate,
      summary: 'Generates a harvest list from a finished experiment as a task (the experiment becomes harvested)',
      body: HarvestGenerate,
      data: ExportStarted,
    },
    update: {
      method: 'PUT',
      path: '/update',
      permission: P.harvestEdit,
      summary: 'Renames a harvest list, sets its date and remark',
      body: HarvestListUpdate,
      data: HarvestListRow,
    },
    saveEntries: {
      method: 'PUT',
      path: '/entries',
      permission: P.harvestEdit,
      summary: 'Records weights, seed counts and remarks (all lines or none)',
      body: HarvestEntriesUpdate,
      data: Updated,
    },
    export: {
      method: 'GET',
      path: '/export/:id',
      permission: P.harvestList,
      summary: 'A harvest list as xlsx (harvest labels, weights)',
      params: IdParam,
      file: true,
    },
    remove: { method: 'DELETE', path: '/:id', permission: P.harvestRemove, summary: 'Deletes a harvest list', params: IdParam, data: z.null() },
  },
);
