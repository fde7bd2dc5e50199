import { z } from 'zod';
import { PageQuery } from '../query';
import { IdParam } from '../envelope';
import { listSpec, resource } from '../http/endpoint';
import { Generation, GermListRow } from './germlist';
import { doePermissions as P } from './permissions';
import { Season, Year, optionalText, requiredText } from './shared';

/** Entry groups: materials grouped for a nursery, or selected from an experiment (spec: viewGroup, viewExpGroup). */
export const ENTRY_GROUP_TYPES = ['nursery', 'experiment'] as const;
export const EntryGroupType = z.enum(ENTRY_GROUP_TYPES);
export type EntryGroupType = z.infer<typeof EntryGroupType>;

export const EntryGroupMember = z.object({
  materialName: requiredText(100),
  generation: Generation.nullish().transform((v) => v ?? null),
  pedigree: optionalText(500),
  source: optionalText(100),
  remark: optionalText(500),
});
export type EntryGroupMemberInput = z.output<typeof EntryGroupMember>;

export const EntryGroupFields = z.object({
  name: requiredText(100),
  year: Year.nullish().transform((v) => v ?? null),
  season: Season.nullish().transform((v) => v ?? null),
  remark: optionalText(500),
});
export const EntryGroupCreate = EntryGroupFields.extend({ members: z.array(EntryGroupMember).max(100_000).default([]) });
export type EntryGroupCreate = z.input<typeof EntryGroupCreate>;
export type EntryGroupInput = z.output<typeof EntryGroupCreate>;
export const EntryGroupUpdate = EntryGroupFields.extend({ id: z.number().int().positive(), members: z.array(EntryGroupMember).max(100_000).optional() });
export type EntryGroupUpdate = z.input<typeof EntryGroupUpdate>;

/** Selected entries of an experiment become a group (e.g. lines advanced to next season's nursery). */
export const EntryGroupFromExperiment = z.object({
  experimentId: z.number().int().positive(),
  name: requiredText(100),
  /** Entry numbers to take; all test entries when empty. */
  entryNos: z.array(z.number().int().positive()).max(100_000).default([]),
  remark: optionalText(500),
});
export type EntryGroupFromExperiment = z.input<typeof EntryGroupFromExperiment>;

/** A group becomes a nursery planting list, ready for a nursery design. */
export const EntryGroupToList = z.object({ id: z.number().int().positive(), name: requiredText(100) });
export type EntryGroupToList = z.input<typeof EntryGroupToList>;

export const EntryGroupRow = z.object({
  id: z.number().int(),
  name: z.string(),
  type: EntryGroupType,
  experimentId: z.number().int().nullable(),
  experimentName: z.string().nullable(),
  year: z.number().int().nullable(),
  season: Season.nullable(),
  remark: z.string().nullable(),
  memberCount: z.number().int(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type EntryGroupRow = z.infer<typeof EntryGroupRow>;

export const EntryGroupMemberRow = z.object({
  id: z.number().int(),
  seq: z.number().int(),
  materialName: z.string(),
  generation: z.string().nullable(),
  pedigree: z.string().nullable(),
  source: z.string().nullable(),
  remark: z.string().nullable(),
});
export type EntryGroupMemberRow = z.infer<typeof EntryGroupMemberRow>;

export const EntryGroupDetail = EntryGroupRow.extend({ members: z.array(EntryGroupMemberRow) });
export type EntryGroupDetail = z.infer<typeof EntryGroupDetail>;

export const EntryGroupPageQuery = PageQuery.extend({ type: EntryGroupType.optional(), experimentId: z.coerce.number().int().positive().optional() });
export type EntryGroupPageQuery = z.input<typeof EntryGroupPageQuery>;

// ---- endpoints ------------------------------------------------------------------------------------

export const entryGroupList = listSpec({
  filters: {
    name: { type: 'text', repeatable: true },
    type: { type: 'select' },
    season: { type: 'select' },
    year: { type: 'number', repeatable: true },
    remark: { type: 'text' },
    createdAt: { type: 'date' },
  },
  sortable: ['name', 'type', 'year', 'createdAt', 'updatedAt'],
});

/** Entry groups: nursery groups, groups taken from experiments, and their planting lists. */
export const entryGroup = resource(
  { tag: 'doe: entry groups', base: '/api/entryGroup' },
  {
    page: {
      method: 'GET',
      path: '/page',
      permission: P.entriesList,
      summary: 'Entry groups of the current crop (nursery groups and groups taken from experiments)',
      query: EntryGroupPageQuery,
      page: EntryGroupRow,
      list: entryGroupList,
    },
    detail: {
      method: 'GET',
      path: '/detail/:id',
      permission: P.entriesList,
      summary: 'One entry group with its members',
      params: IdParam,
      data: EntryGroupDetail,
    },
    create: {
      method: 'POST',
      path: '/create',
      permission: P.entriesAdd,
      summary: 'Creates a nursery entry group',
      body: EntryGroupCreate,
      data: EntryGroupDetail,
    },
    fromExperiment: {
      method: 'POST',
      path: '/fromExperiment',
      permission: P.entriesAdd,
      summary: 'Creates an experiment group from chosen entries of an experiment (all test entries when none chosen)',
      body: EntryGroupFromExperiment,
      data: EntryGroupDetail,
    },
    toList: {
      method: 'POST',
      path: '/toList',
      permission: P.entriesEdit,
      summary: 'Turns a group into a nursery planting list (also needs doe:germList:add)',
      body: EntryGroupToList,
      data: GermListRow,
    },
    update: {
      method: 'PUT',
      path: '/update',
      permission: P.entriesEdit,
      summary: 'Updates a group (and replaces its members when given)',
      body: EntryGroupUpdate,
      data: EntryGroupDetail,
    },
    remove: { method: 'DELETE', path: '/:id', permission: P.entriesRemove, summary: 'Deletes an entry group', params: IdParam, data: z.null() },
  },
);
