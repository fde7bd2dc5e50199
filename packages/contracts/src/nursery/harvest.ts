import { z } from 'zod';
import type { Translations } from '../errors';
import { LotUnit } from '../germ/inventory';
import { listSpec, resource } from '../http/endpoint';
import { LabelCode, LabelFormat } from '../label-format';
import { PageQuery } from '../query';
import { nurseryPermissions as P } from './permissions';
import { HarvestType, Ids, optionalText } from './shared';

/** Harvests successful pollinations: each becomes a germplasm record and a seed lot, in one transaction. */
export const HarvestCreate = z.object({
  activityId: z.number().int().positive(),
  pollinationIds: Ids,
  harvestType: HarvestType,
  placeId: z.number().int().positive(),
  unit: LotUnit,
  quantity: z.number().positive().max(1_000_000_000),
  remark: optionalText(200),
});
export type HarvestCreate = z.input<typeof HarvestCreate>;

export const HarvestRow = z.object({
  id: z.number().int(),
  activityId: z.number().int(),
  pollinationId: z.number().int(),
  pollinationCode: z.string(),
  pollinationType: z.string(),
  harvestNumber: z.string(),
  harvestType: HarvestType,
  germplasmId: z.number().int(),
  accessionNo: z.string(),
  name: z.string(),
  pedigree: z.string().nullable(),
  generation: z.string().nullable(),
  lotId: z.number().int(),
  lotNo: z.string(),
  quantity: z.number(),
  unit: LotUnit,
  createdBy: z.string().nullable(),
  createdAt: z.string(),
});
export type HarvestRow = z.infer<typeof HarvestRow>;

export const harvestList = listSpec({
  filters: { harvestNumber: { type: 'text' }, name: { type: 'text' }, generation: { type: 'text' }, harvestType: { type: 'select' } },
  sortable: ['harvestNumber', 'name', 'createdAt'],
});

export const HarvestPageQuery = PageQuery.extend({ activityId: z.coerce.number().int().positive() });
export type HarvestPageQuery = z.input<typeof HarvestPageQuery>;

export const HarvestResult = z.object({ harvested: z.number().int(), lotIds: z.array(z.number().int()) });

/** Most pollinations one synchronous harvest takes (`create`, one transaction); more go through `start`. */
export const HARVEST_SYNC_MAX = 200;
/** Most pollinations one harvest job takes. */
export const HARVEST_JOB_MAX = 5_000;
/** Pollinations harvested per transaction by the job (each chunk all or none). */
export const HARVEST_JOB_CHUNK = 50;

/**
 * A harvest as a background task: the chosen pollinations (up to 5,000) or `all` finished successes of the
 * nursery still waiting. The job harvests them in chunks of 50, each chunk in one transaction (all or none),
 * reporting progress after each; a refusal stops it, the chunks before it stay harvested and the task says how many.
 */
export const HarvestStart = HarvestCreate.omit({ pollinationIds: true })
  .extend({
    pollinationIds: z.array(z.number().int().positive()).min(1).max(HARVEST_JOB_MAX).optional(),
    all: z.boolean().default(false),
  })
  .superRefine((v, ctx) => {
    if (!v.all && !v.pollinationIds?.length)
      ctx.addIssue({ code: 'custom', path: ['pollinationIds'], message: 'nothing chosen', params: { errorCode: 'NURSERY_HARVEST_NONE_CHOSEN' } });
  });
export type HarvestStart = z.input<typeof HarvestStart>;

export const HarvestStarted = z.object({ taskId: z.number().int(), count: z.number().int() });

/** The result a finished harvest task keeps. */
export const HarvestJobReport = z.object({ harvested: z.number().int(), total: z.number().int(), chunks: z.number().int() });
export type HarvestJobReport = z.infer<typeof HarvestJobReport>;

/** What the harvest task writes in its title and log, in the language of the user who started it. */
export const harvestJobLabels = {
  title: { 'zh-CN': '{nursery} 收获 {count} 个授粉', en: '{nursery}: harvest of {count} pollinations' },
  chunk: { 'zh-CN': '已收获 {done} / {total}', en: 'Harvested {done} of {total}' },
  resumed: { 'zh-CN': '上次已收获 {done} 个，继续', en: '{done} already harvested by an earlier attempt; continuing' },
  stopped: {
    'zh-CN': '在拒绝之前已收获 {done} / {total}（这些种子批保留），其余未收获',
    en: 'Harvested {done} of {total} before the refusal (those seed lots stay); the rest were not harvested',
  },
} satisfies Record<string, Translations>;

/** What a harvest label can show; the QR code and Code 128 carry the seed lot number (scanned back in the inventory). */
export const HARVEST_LABEL_FIELDS = ['lotNo', 'name', 'harvestNumber', 'pedigree', 'generation', 'accessionNo', 'quantity', 'harvestType', 'nursery'] as const;
export type HarvestLabelField = (typeof HARVEST_LABEL_FIELDS)[number];
export const DEFAULT_HARVEST_LABEL_FIELDS: HarvestLabelField[] = ['lotNo', 'name', 'harvestNumber', 'pedigree', 'generation'];

export const HarvestLabelRequest = z.object({
  activityId: z.number().int().positive(),
  /** The harvests to label; empty: every harvest of the nursery. */
  harvestIds: z.array(z.number().int().positive()).max(HARVEST_JOB_MAX).default([]),
  fields: z.array(z.enum(HARVEST_LABEL_FIELDS)).min(1).max(6),
  code: LabelCode.default('both'),
  labelFormat: LabelFormat.default('a4-3x8'),
  copies: z.number().int().min(1).max(10).default(1),
});
export type HarvestLabelRequest = z.input<typeof HarvestLabelRequest>;

/** Field names printed before each value (the first field prints its value only, larger). */
export const harvestLabelFieldLabels: Record<HarvestLabelField, Translations> = {
  lotNo: { 'zh-CN': '批号', en: 'Lot' },
  name: { 'zh-CN': '名称', en: 'Name' },
  harvestNumber: { 'zh-CN': '收获号', en: 'Harvest' },
  pedigree: { 'zh-CN': '系谱', en: 'Pedigree' },
  generation: { 'zh-CN': '世代', en: 'Generation' },
  accessionNo: { 'zh-CN': '种质编号', en: 'Accession' },
  quantity: { 'zh-CN': '数量', en: 'Quantity' },
  harvestType: { 'zh-CN': '收获方式', en: 'Harvest type' },
  nursery: { 'zh-CN': '苗圃', en: 'Nursery' },
};
export const harvestLabelTitle: Translations = { 'zh-CN': '收获标签', en: 'Harvest labels' };

export const harvest = resource(
  { tag: 'nursery: harvests', base: '/api/harvest' },
  {
    page: {
      method: 'GET',
      path: '/page',
      permission: P.harvestList,
      summary: "A nursery's harvests with their seed lots",
      query: HarvestPageQuery,
      page: HarvestRow,
      list: harvestList,
    },
    create: {
      method: 'POST',
      path: '/create',
      permission: P.harvestAdd,
      summary:
        'Harvests finished successful pollinations: each becomes a germplasm record (pedigree, generation, parents) and a seed lot with its ledger entry, all in one transaction',
      body: HarvestCreate,
      data: HarvestResult,
    },
    start: {
      method: 'POST',
      path: '/start',
      permission: P.harvestAdd,
      summary:
        'Starts a harvest of up to 5,000 pollinations (or all waiting) as a background task: chunks of 50, each in one transaction, with progress; answers {taskId, count}',
      body: HarvestStart,
      data: HarvestStarted,
    },
    labels: {
      method: 'POST',
      path: '/labels',
      permission: P.harvestList,
      summary: "Labels (PDF) of a nursery's harvested seed lots on A4 sheets or thermal rolls: chosen fields, QR code and/or Code 128 carrying the lot number",
      body: HarvestLabelRequest,
      file: true,
    },
  },
);
