import { z } from 'zod';
import { IdParam } from '../envelope';
import { listSpec, resource } from '../http/endpoint';
import { PageQuery } from '../query';
import { nurseryPermissions as P } from './permissions';
import { Ids, optionalText, PollinationResult, PollinationType, requiredDate, Updated } from './shared';

const entryIds = z.array(z.number().int().positive()).max(500);

/** A cross plan from chosen females and males: every female with every male, or pairs in order. */
export const CrossPlan = z.object({
  activityId: z.number().int().positive(),
  femaleEntryIds: entryIds,
  maleEntryIds: entryIds,
  mode: z.enum(['factorial', 'single']).default('factorial'),
});
export type CrossPlan = z.input<typeof CrossPlan>;

/** A cross list from a file (xlsx or CSV): one cross a row, the female's and the male's material numbers. */
export const CROSS_LIST_MAX_ROWS = 2_000;
export const CROSS_LIST_MAX_BYTES = 5 * 1024 * 1024;
export const CrossListQuery = z.object({ activityId: z.coerce.number().int().positive() });
export type CrossListQuery = z.input<typeof CrossListQuery>;
/** What the cross list did: every row checked; any refused row plans nothing (all or nothing), each named with its reason. */
export const CrossListReport = z.object({
  total: z.number().int(),
  valid: z.number().int(),
  invalid: z.number().int(),
  planned: z.number().int(),
  refused: z.boolean(),
  errors: z.array(z.object({ row: z.number().int(), field: z.string(), message: z.string() })),
});
export type CrossListReport = z.infer<typeof CrossListReport>;

export const SelfPlan = z.object({ activityId: z.number().int().positive(), type: z.enum(['self', 'dh']), entryIds: entryIds.min(1) });
export type SelfPlan = z.input<typeof SelfPlan>;

export const PollinationRecord = z.object({
  ids: Ids,
  date: requiredDate,
  person: z.string().trim().min(1).max(50),
  bags: z.number().int().min(0).max(100000),
  result: PollinationResult,
  remark: optionalText(500),
});
export type PollinationRecord = z.input<typeof PollinationRecord>;

export const PollinationFinish = z.object({ ids: Ids });

export const PollinationRow = z.object({
  id: z.number().int(),
  activityId: z.number().int(),
  code: z.string(),
  type: PollinationType,
  femaleEntryId: z.number().int(),
  femaleName: z.string(),
  femalePlotNo: z.number().int(),
  maleEntryId: z.number().int().nullable(),
  maleName: z.string().nullable(),
  progenyName: z.string(),
  progenyPedigree: z.string(),
  progenyGeneration: z.string(),
  result: PollinationResult.nullable(),
  date: z.string().nullable(),
  person: z.string().nullable(),
  bags: z.number().int().nullable(),
  finished: z.boolean(),
  finishedAt: z.string().nullable(),
  harvested: z.boolean(),
  harvestNumber: z.string().nullable(),
  lotId: z.number().int().nullable(),
  lotNo: z.string().nullable(),
  remark: z.string().nullable(),
});
export type PollinationRow = z.infer<typeof PollinationRow>;

export const pollinationList = listSpec({
  filters: {
    progenyName: { type: 'text' },
    progenyGeneration: { type: 'text' },
    type: { type: 'select' },
    femaleName: { type: 'text' },
    maleName: { type: 'text' },
    result: { type: 'select' },
    date: { type: 'date' },
    person: { type: 'text' },
  },
  sortable: ['code', 'type', 'date', 'result'],
});

export const PollinationPageQuery = PageQuery.extend({
  activityId: z.coerce.number().int().positive(),
  /** `harvestable`: finished successes not yet harvested. */
  state: z.enum(['all', 'open', 'finished', 'harvestable', 'harvested']).default('all'),
});
export type PollinationPageQuery = z.input<typeof PollinationPageQuery>;

/** Pollination events: crosses, selfs and DH inductions planned, recorded and finished (irreversible). */
export const pollination = resource(
  { tag: 'nursery: pollinations', base: '/api/pollination' },
  {
    page: {
      method: 'GET',
      path: '/page',
      permission: P.pollinationList,
      summary: "A nursery's pollinations, paged, sorted and filtered",
      query: PollinationPageQuery,
      page: PollinationRow,
      list: pollinationList,
    },
    detail: { method: 'GET', path: '/detail/:id', permission: P.pollinationList, summary: 'One pollination', params: IdParam, data: PollinationRow },
    planCross: {
      method: 'POST',
      path: '/planCross',
      permission: P.pollinationPlan,
      summary: 'Plans crosses from chosen females and males (at least one of each, within the male-parents-per-material limit)',
      body: CrossPlan,
      data: Updated,
    },
    importCrosses: {
      method: 'POST',
      path: '/importCrosses',
      permission: P.pollinationPlan,
      summary:
        'Plans crosses from a cross list file (multipart `file`, xlsx or CSV: columns female and male with material numbers; activityId in the query) with the planning rules; a row report, all or nothing',
      query: CrossListQuery,
      bodyType: 'multipart',
      data: CrossListReport,
    },
    planSelf: {
      method: 'POST',
      path: '/planSelf',
      permission: P.pollinationPlan,
      summary: 'Plans selfs or DH inductions of chosen entries',
      body: SelfPlan,
      data: Updated,
    },
    record: {
      method: 'PUT',
      path: '/record',
      permission: P.pollinationRecord,
      summary: 'Records date, person, bags and result of pollinations (refused once finished)',
      body: PollinationRecord,
      data: Updated,
    },
    finish: {
      method: 'PUT',
      path: '/finish',
      permission: P.pollinationFinish,
      summary: 'Finishes recorded pollinations: irreversible',
      body: PollinationFinish,
      data: Updated,
    },
    remove: {
      method: 'DELETE',
      path: '/:id',
      permission: P.pollinationRemove,
      summary: 'Deletes a pollination that is not finished',
      params: IdParam,
      data: z.null(),
    },
  },
);
