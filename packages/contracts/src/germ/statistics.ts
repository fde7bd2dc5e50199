import { z } from 'zod';
import type { Translations } from '../errors';
import { taskLogsEndpoint } from '../common/task';
import { resource } from '../http/endpoint';
import { LABEL_FORMATS, LabelCode, LabelFormat } from '../label-format';
import { germPermissions as P } from './permissions';
import { GermplasmType } from './germplasm';
import { LotUnit } from './inventory';
import { DocKind } from './document';

// Statistics (spec section 7, germ): one answer shape per call.

export const CropParam = z.object({ crop: z.coerce.number().int().positive() });
export const CropTypeStatistic = z.array(z.object({ type: GermplasmType, count: z.number().int() }));

/** The last five calendar years, oldest first. */
export const FiveYearStatistic = z.array(
  z.object({
    year: z.number().int(),
    accessions: z.number().int(),
    lots: z.number().int(),
    inbound: z.number().int(),
    outbound: z.number().int(),
  }),
);

/** The last twelve months, oldest first: ledger movements by kind. */
export const RecentYearStatistic = z.array(
  z.object({
    month: z.string(),
    deposits: z.number().int(),
    withdrawals: z.number().int(),
    discards: z.number().int(),
    adjustments: z.number().int(),
  }),
);

export const CropStatistic = z.array(
  z.object({
    cropId: z.number().int(),
    code: z.string(),
    nameZh: z.string(),
    nameEn: z.string(),
    accessions: z.number().int(),
    lots: z.number().int(),
  }),
);

export const InventoryStatistic = z.object({
  lots: z.number().int(),
  emptyLots: z.number().int(),
  accessionsInStock: z.number().int(),
  byUnit: z.array(z.object({ unit: LotUnit, lots: z.number().int(), quantity: z.number() })),
  byWarehouse: z.array(
    z.object({
      placeId: z.number().int().nullable(),
      name: z.string(),
      lots: z.number().int(),
      quantities: z.array(z.object({ unit: LotUnit, quantity: z.number() })),
    }),
  ),
});
export type InventoryStatistic = z.infer<typeof InventoryStatistic>;

/** Documents waiting for the caller's approval, per kind the caller may approve (others are absent). */
export const MyTodoStatistic = z.object({
  inbound: z.number().int().optional(),
  outbound: z.number().int().optional(),
  stocktaking: z.number().int().optional(),
  scrap: z.number().int().optional(),
});
export type MyTodoStatistic = z.infer<typeof MyTodoStatistic>;
export const TODO_KINDS = DocKind.options;

// Labels: printable PDF sheets with QR codes and Code 128 barcodes.
export const LABEL_TARGETS = ['lot', 'germplasm'] as const;
export const LABEL_FIELDS = {
  lot: ['lotNo', 'accessionNo', 'name', 'place', 'quantity', 'harvestYear', 'generation', 'pedigree', 'type'],
  germplasm: ['accessionNo', 'name', 'type', 'generation', 'pedigree', 'origin', 'source'],
} as const;
export type LabelField = (typeof LABEL_FIELDS)['lot'][number] | (typeof LABEL_FIELDS)['germplasm'][number];

/** Label formats: the shared definition (A4 sheets and thermal rolls), also used by plot labels. */
export const LABEL_LAYOUTS = LABEL_FORMATS;
export type LabelLayout = LabelFormat;

export const LabelRequest = z
  .object({
    target: z.enum(LABEL_TARGETS),
    ids: z.array(z.number().int().positive()).min(1).max(1000),
    fields: z.array(z.string()).min(1).max(6),
    code: LabelCode.default('both'),
    layout: LabelFormat.default('a4-3x8'),
    copies: z.number().int().min(1).max(10).default(1),
  })
  .superRefine((v, ctx) => {
    const allowed = LABEL_FIELDS[v.target] as readonly string[];
    v.fields.forEach((f, i) => {
      if (!allowed.includes(f))
        ctx.addIssue({
          code: 'custom',
          path: ['fields', i],
          message: 'unknown label field',
          params: { errorCode: 'GERM_LABEL_FIELD', field: f, allowed: allowed.join(', ') },
        });
    });
  });
export type LabelRequest = z.input<typeof LabelRequest>;

export const labelFieldLabels: Record<LabelField, Translations> = {
  lotNo: { 'zh-CN': '批次号', en: 'Lot' },
  accessionNo: { 'zh-CN': '种质编号', en: 'Accession' },
  name: { 'zh-CN': '名称', en: 'Name' },
  place: { 'zh-CN': '位置', en: 'Place' },
  quantity: { 'zh-CN': '数量', en: 'Quantity' },
  harvestYear: { 'zh-CN': '收获年份', en: 'Harvest' },
  generation: { 'zh-CN': '世代', en: 'Generation' },
  pedigree: { 'zh-CN': '系谱', en: 'Pedigree' },
  type: { 'zh-CN': '类型', en: 'Type' },
  origin: { 'zh-CN': '原产地', en: 'Origin' },
  source: { 'zh-CN': '来源', en: 'Source' },
};

export const statisticsFieldLabels: Record<string, Translations> = {
  crop: { 'zh-CN': '作物', en: 'Crop' },
  ids: { 'zh-CN': '记录', en: 'Records' },
  fields: { 'zh-CN': '标签字段', en: 'Label fields' },
  copies: { 'zh-CN': '份数', en: 'Copies' },
};

/** Statistics of the bank (spec section 7, germ). */
export const statistics = resource(
  { tag: 'germ: statistics', base: '/api/statistics' },
  {
    cropType: {
      method: 'GET',
      path: '/cropTypeStatistic/:crop',
      permission: P.statisticsView,
      summary: 'Accessions of a crop by germplasm type',
      params: CropParam,
      data: CropTypeStatistic,
    },
    fiveYear: {
      method: 'GET',
      path: '/fiveYearStatistic',
      permission: P.statisticsView,
      summary: 'The last five years: accessions introduced, lots created, approved inbound and outbound documents',
      data: FiveYearStatistic,
    },
    recentYear: {
      method: 'GET',
      path: '/inRecentYear',
      permission: P.statisticsView,
      summary: 'The last twelve months: ledger movements by kind',
      data: RecentYearStatistic,
    },
    crops: {
      method: 'GET',
      path: '/cropStatistic',
      permission: P.statisticsView,
      summary: 'Accessions and lots per crop of the organisation',
      data: CropStatistic,
    },
    inventory: {
      method: 'GET',
      path: '/inventoryStatistic',
      permission: P.statisticsView,
      summary: 'Stock of the current crop: lots, empty lots, quantities by unit and by warehouse',
      data: InventoryStatistic,
    },
  },
);

/** The dashboard's germ to-do counts. */
export const todo = resource(
  { tag: 'germ: dashboard', base: '/common' },
  {
    mine: {
      method: 'GET',
      path: '/my-todo-statistic',
      summary: 'Documents waiting for the caller’s approval, per kind the caller may approve (kinds without the right are absent)',
      data: MyTodoStatistic,
    },
  },
);

/** Printable label sheets. */
export const label = resource(
  { tag: 'germ: labels', base: '/api/label' },
  {
    pdf: {
      method: 'POST',
      path: '/pdf',
      permission: P.labelPrint,
      summary:
        'Labels (PDF) on A4 sheets or thermal rolls (one label per page) for lots or germplasm: chosen fields, QR code and/or Code 128 carrying the lot or accession number',
      body: LabelRequest,
      file: true,
    },
  },
);

/** The module's task log route (spec: each module answers `api/common/logs` under its own prefix). */
export const task = resource({ tag: 'common: tasks', base: '/api/common' }, taskLogsEndpoint());
