import { z } from 'zod';
import { IdParam } from '../envelope';
import { LotUnit } from '../germ/inventory';
import { listSpec, resource } from '../http/endpoint';
import { PageQuery } from '../query';
import { nurseryPermissions as P } from './permissions';
import { optionalId, optionalText, requiredDate, requiredText, Season } from './shared';
import type { Translations } from '../errors';

/** The steps of a DH batch, in the order they must be recorded (the last one harvests the D1 seed). */
export const DH_STEPS = ['induction', 'identification', 'doubling', 'transplanting', 'selfing'] as const;
export const DhStep = z.enum(DH_STEPS);
export type DhStep = z.infer<typeof DhStep>;
const t = (zh: string, en: string): Translations => ({ 'zh-CN': zh, en });
export const dhStepLabels: Record<DhStep, Translations> = {
  induction: t('诱导', 'Induction'),
  identification: t('单倍体鉴定', 'Haploid identification'),
  doubling: t('染色体加倍', 'Chromosome doubling'),
  transplanting: t('移栽', 'Transplanting'),
  selfing: t('D0 自交', 'D0 selfing'),
};

/** DH field code (spec section 5): letters, or letters followed by digits, at least two characters. */
export const DH_FIELD_CODE = /^[A-Za-z]+[0-9]*$/;
export const DhFieldCode = z
  .string()
  .trim()
  .min(2)
  .max(20)
  .refine((v) => DH_FIELD_CODE.test(v), { params: { errorCode: 'NURSERY_DH_FIELD_CODE', rule: 'format' } });

/** Largest germ count of a DH batch: the "entered number" of every step is 1 to the count the step before carried on. */
export const DH_COUNT_MAX = 1_000_000;

export const DhEntryCreate = z
  .object({
    /** The harvest of a DH induction (its D0 lot) ... */
    harvestId: optionalId,
    /** ... or a D0 germplasm record. */
    germplasmId: optionalId,
    listName: requiredText(100),
    project: optionalText(100),
    year: z.number().int().min(1900).max(2200),
    season: Season,
    fieldNo: DhFieldCode,
    germCount: z.number().int().min(1).max(DH_COUNT_MAX),
    batchNo: requiredText(50),
    taskName: requiredText(100),
    flowId: z.number().int().positive(),
    handbookFile: optionalText(300),
    remark: optionalText(500),
  })
  .refine((v) => (v.harvestId ? 1 : 0) + (v.germplasmId ? 1 : 0) === 1, {
    path: ['germplasmId'],
    params: { errorCode: 'NURSERY_DH_SOURCE_REQUIRED' },
  });
export type DhEntryCreate = z.input<typeof DhEntryCreate>;

export const DhValues = z.record(z.string(), z.union([z.number(), z.string(), z.boolean(), z.null()]));

export const DhEventRow = z.object({
  id: z.number().int(),
  dhEntryId: z.number().int(),
  batchNo: z.string(),
  step: DhStep,
  date: z.string(),
  person: z.string().nullable(),
  count: z.number().int(),
  values: DhValues,
  remark: z.string().nullable(),
  lotId: z.number().int().nullable(),
  lotNo: z.string().nullable(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
});
export type DhEventRow = z.infer<typeof DhEventRow>;

/** One link of a D1 lot's history, from the source cross down to the lot. */
export const DhChainLink = z.object({
  kind: z.enum(['cross', 'harvest', 'induction', 'entry', 'event', 'lot']),
  label: z.string(),
  code: z.string().nullable(),
  date: z.string().nullable(),
  detail: z.string().nullable(),
  pollinationId: z.number().int().nullable(),
  eventId: z.number().int().nullable(),
});
export type DhChainLink = z.infer<typeof DhChainLink>;

export const DhEntryRow = z.object({
  id: z.number().int(),
  listName: z.string(),
  project: z.string().nullable(),
  year: z.number().int(),
  season: Season,
  fieldNo: z.string(),
  generation: z.string(),
  name: z.string(),
  femaleParent: z.string().nullable(),
  maleParent: z.string().nullable(),
  pedigree: z.string().nullable(),
  germCount: z.number().int(),
  batchNo: z.string(),
  taskName: z.string(),
  flowId: z.number().int(),
  flowName: z.string(),
  handbookFile: z.string().nullable(),
  remark: z.string().nullable(),
  germplasmId: z.number().int(),
  harvestId: z.number().int().nullable(),
  /** The next step to record, null once the D1 seed is harvested. */
  nextStep: DhStep.nullable(),
  /** The count the last step carried on (the germ count before any step). */
  carried: z.number().int(),
  lotId: z.number().int().nullable(),
  lotNo: z.string().nullable(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
});
export type DhEntryRow = z.infer<typeof DhEntryRow>;
export const DhEntryDetail = DhEntryRow.extend({ events: z.array(DhEventRow), chain: z.array(DhChainLink) });
export type DhEntryDetail = z.infer<typeof DhEntryDetail>;

export const dhEntryList = listSpec({
  filters: { listName: { type: 'text' }, batchNo: { type: 'text' }, fieldNo: { type: 'text' }, taskName: { type: 'text' } },
  sortable: ['batchNo', 'listName', 'createdAt'],
});

export const DhEventCreate = z.object({
  dhEntryId: z.number().int().positive(),
  step: DhStep,
  date: requiredDate,
  person: optionalText(60),
  /** The entered number: kernels, plants or ears carried on by this step, 1 to what the step before carried. */
  count: z.number().int().min(1).max(DH_COUNT_MAX),
  /** Values of the flow template's attributes (formula attributes are computed, not given). */
  values: z.record(z.string(), z.union([z.number(), z.string(), z.null()])).default({}),
  remark: optionalText(500),
  /** D0 selfing only: where the D1 seed goes and how much. */
  placeId: optionalId,
  unit: LotUnit.optional(),
  quantity: z.number().positive().max(1_000_000_000).optional(),
});
export type DhEventCreate = z.input<typeof DhEventCreate>;

/** D0 material a batch can start from: D0 records of the crop, with the harvest that made them if any. */
export const DhSourceQuery = z.object({ keyword: z.string().trim().max(100).optional() });
export const DhSource = z.object({ germplasmId: z.number().int(), harvestId: z.number().int().nullable(), label: z.string() });

export const dhEntry = resource(
  { tag: 'nursery: DH entries', base: '/api/dhEntry' },
  {
    page: {
      method: 'GET',
      path: '/page',
      permission: P.dhEntryList,
      summary: 'DH batches of the current crop',
      query: PageQuery,
      page: DhEntryRow,
      list: dhEntryList,
    },
    detail: {
      method: 'GET',
      path: '/detail/:id',
      permission: P.dhEntryList,
      summary: 'A DH batch with its events and its chain back to the source cross',
      params: IdParam,
      data: DhEntryDetail,
    },
    ofLot: {
      method: 'GET',
      path: '/ofLot/:id',
      permission: P.dhEntryList,
      summary: 'The DH batch that made a D1 seed lot (by the lot id), with its events and its chain back to the source cross',
      params: IdParam,
      data: DhEntryDetail,
    },
    sources: {
      method: 'GET',
      path: '/sources',
      permission: P.dhEntryAdd,
      summary: 'D0 material a DH batch can start from (by accession number or name)',
      query: DhSourceQuery,
      data: z.array(DhSource),
    },
    create: {
      method: 'POST',
      path: '/create',
      permission: P.dhEntryAdd,
      summary: 'Creates a DH batch from the harvest of a DH induction or from a D0 germplasm record',
      body: DhEntryCreate,
      data: DhEntryRow,
    },
    remove: {
      method: 'DELETE',
      path: '/:id',
      permission: P.dhEntryRemove,
      summary: 'Deletes a DH batch that has no events yet',
      params: IdParam,
      data: z.null(),
    },
  },
);

export const dhEvent = resource(
  { tag: 'nursery: DH events', base: '/api/dhEvent' },
  {
    detail: { method: 'GET', path: '/detail/:id', permission: P.dhEntryList, summary: 'One DH event', params: IdParam, data: DhEventRow },
    create: {
      method: 'POST',
      path: '/create',
      permission: P.dhEventAdd,
      summary:
        'Records the next step of a DH batch with the flow template’s attributes (formulas computed); D0 selfing harvests the D1 seed lot in the same transaction',
      body: DhEventCreate,
      data: DhEventRow,
    },
  },
);
