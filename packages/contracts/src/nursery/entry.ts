import { z } from 'zod';
import { IdParam } from '../envelope';
import { listSpec, resource } from '../http/endpoint';
import { PageQuery } from '../query';
import { nurseryPermissions as P } from './permissions';
import { NurseryGeneration, optionalText, PollinationType, Updated } from './shared';

export const EntryFromList = z.object({ activityId: z.number().int().positive(), germListId: z.number().int().positive() });
export const EntryFromGroup = z.object({ activityId: z.number().int().positive(), entryGroupId: z.number().int().positive() });
export type EntryFromGroup = z.input<typeof EntryFromGroup>;
export const EntryFromGermplasm = z.object({
  activityId: z.number().int().positive(),
  germplasmIds: z.array(z.number().int().positive()).min(1).max(500),
});
export const EntryUpdate = z.object({
  id: z.number().int().positive(),
  generation: NurseryGeneration,
  fieldNo: optionalText(50),
  remark: optionalText(500),
});
export type EntryUpdate = z.input<typeof EntryUpdate>;

export const EntryRow = z.object({
  id: z.number().int(),
  activityId: z.number().int(),
  entryNo: z.number().int(),
  materialNo: z.string(),
  name: z.string(),
  germplasmId: z.number().int().nullable(),
  generation: z.string(),
  pedigree: z.string().nullable(),
  femaleParent: z.string().nullable(),
  maleParent: z.string().nullable(),
  plotNo: z.number().int(),
  fieldNo: z.string().nullable(),
  source: z.string().nullable(),
  /** The pollination types this entry takes part in, and how many harvests came from it. */
  pollinationTypes: z.array(PollinationType),
  harvestNumbers: z.array(z.string()),
  remark: z.string().nullable(),
});
export type EntryRow = z.infer<typeof EntryRow>;

export const entryList = listSpec({
  filters: {
    name: { type: 'text', repeatable: true },
    entryNo: { type: 'number', repeatable: true },
    generation: { type: 'text' },
    pedigree: { type: 'text' },
    plotNo: { type: 'number', repeatable: true },
    fieldNo: { type: 'text' },
  },
  sortable: ['entryNo', 'name', 'generation', 'plotNo'],
});

export const EntryPageQuery = PageQuery.extend({ activityId: z.coerce.number().int().positive() });
export type EntryPageQuery = z.input<typeof EntryPageQuery>;

/** A nursery's entries: material number, entry id, generation, pedigree, parents, plot and field numbers. */
export const entry = resource(
  { tag: 'nursery: entries', base: '/api/entry' },
  {
    page: {
      method: 'GET',
      path: '/page',
      permission: P.entryList,
      summary: "A nursery's entries, paged, sorted and filtered",
      query: EntryPageQuery,
      page: EntryRow,
      list: entryList,
    },
    fromList: {
      method: 'POST',
      path: '/fromList',
      permission: P.entryAdd,
      summary: 'Adds the entries of a planting list to a nursery (plot numbers follow on)',
      body: EntryFromList,
      data: Updated,
    },
    export: {
      method: 'GET',
      path: '/export',
      permission: P.entryList,
      summary: "A nursery's entries (with the table's keyword and filters) as xlsx",
      query: EntryPageQuery,
      file: true,
    },
    fromGroup: {
      method: 'POST',
      path: '/fromGroup',
      permission: P.entryAdd,
      summary: 'Adds the members of a DOE entry group (nursery or experiment group) to a nursery (plot numbers follow on)',
      body: EntryFromGroup,
      data: Updated,
    },
    fromGermplasm: {
      method: 'POST',
      path: '/fromGermplasm',
      permission: P.entryAdd,
      summary: 'Adds germplasm records to a nursery as entries',
      body: EntryFromGermplasm,
      data: Updated,
    },
    update: {
      method: 'PUT',
      path: '/update',
      permission: P.entryEdit,
      summary: "Updates an entry's generation (F, D or BC form), field number and remark",
      body: EntryUpdate,
      data: EntryRow,
    },
    remove: {
      method: 'DELETE',
      path: '/:id',
      permission: P.entryRemove,
      summary: 'Deletes an entry without pollinations',
      params: IdParam,
      data: z.null(),
    },
  },
);
