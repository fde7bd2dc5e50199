import { z } from 'zod';
import { PageQuery } from '../query';
import { IdParam } from '../envelope';
import { listSpec, resource } from '../http/endpoint';
import { EnableStatus, MemberInput, MemberRow, OptionQuery, StatusUpdate, Updated, UserOption, optionalId, optionalText, requiredText } from './shared';
import { doePermissions as P } from './permissions';

/** A breeding team: people working together on projects (spec section 1). */
export const TeamFields = z.object({
  name: requiredText(100),
  leaderId: optionalId,
  description: optionalText(500),
});

export const TeamCreate = TeamFields.extend({
  /** Members at creation; the leader is added as a leader member. */
  members: z.array(MemberInput).max(500).default([]),
});
export type TeamCreate = z.input<typeof TeamCreate>;
export type TeamInput = z.output<typeof TeamCreate>;

export const TeamUpdate = TeamFields.extend({ id: z.number().int().positive() });
export type TeamUpdate = z.input<typeof TeamUpdate>;

export const TeamRow = z.object({
  id: z.number().int(),
  name: z.string(),
  leaderId: z.number().int().nullable(),
  leaderName: z.string().nullable(),
  description: z.string().nullable(),
  status: EnableStatus,
  memberCount: z.number().int(),
  projectCount: z.number().int(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TeamRow = z.infer<typeof TeamRow>;

export const TeamPageQuery = PageQuery.extend({ status: EnableStatus.optional() });
export type TeamPageQuery = z.input<typeof TeamPageQuery>;

/** Replaces the member list of a team or a project in one step. */
export const MembersUpdate = z.object({
  id: z.number().int().positive(),
  members: z.array(MemberInput).max(500),
});
export type MembersUpdate = z.input<typeof MembersUpdate>;

export const teamList = listSpec({
  filters: { name: { type: 'text', repeatable: true }, description: { type: 'text' }, status: { type: 'select' }, createdAt: { type: 'date' } },
  sortable: ['name', 'status', 'createdAt', 'updatedAt'],
});

/** Breeding teams: leader, members, enable/disable. */
export const team = resource(
  { tag: 'doe: teams', base: '/api/team' },
  {
    page: {
      method: 'GET',
      path: '/page',
      permission: P.teamList,
      summary: 'Teams of the organisation, paged and filtered',
      query: TeamPageQuery,
      page: TeamRow,
      list: teamList,
    },
    detail: { method: 'GET', path: '/detail/:id', permission: P.teamList, summary: 'One team', params: IdParam, data: TeamRow },
    create: {
      method: 'POST',
      path: '/create',
      permission: P.teamAdd,
      summary: 'Creates a team with its members; names are unique in the organisation',
      body: TeamCreate,
      data: TeamRow,
    },
    update: { method: 'PUT', path: '/update', permission: P.teamEdit, summary: 'Updates a team', body: TeamUpdate, data: TeamRow },
    status: { method: 'PUT', path: '/status', permission: P.teamEdit, summary: 'Enables or disables teams (all or none)', body: StatusUpdate, data: Updated },
    members: {
      method: 'GET',
      path: '/members/:id',
      permission: P.teamList,
      summary: 'Members of a team, the leader first',
      params: IdParam,
      data: z.array(MemberRow),
    },
    setMembers: {
      method: 'PUT',
      path: '/members',
      permission: P.teamEdit,
      summary: 'Replaces the members of a team',
      body: MembersUpdate,
      data: z.array(MemberRow),
    },
    userOptions: {
      method: 'GET',
      path: '/userOptions',
      permission: P.teamList,
      summary: 'Users of the organisation for member and leader pickers',
      query: OptionQuery,
      data: z.array(UserOption),
    },
    remove: { method: 'DELETE', path: '/:id', permission: P.teamRemove, summary: 'Deletes a team without projects', params: IdParam, data: z.null() },
  },
);
