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
