import { z } from 'zod';
import { PageQuery } from '../query';
import { IdParam } from '../envelope';
import { listSpec, resource } from '../http/endpoint';
import { doePermissions as P } from './permissions';
import {
  EnableStatus,
  MemberInput,
  MemberRow,
  OptionQuery,
  StatusUpdate,
  Updated,
  UserOption,
  codeText,
  optionalDate,
  optionalId,
  optionalText,
  requiredText,
} from './shared';
import { MembersUpdate } from './team';

/** A breeding project of the current crop; experiments and planting lists belong to one. */
export const ProjectFields = z.object({
  name: requiredText(100),
  code: codeText(50),
  teamId: optionalId,
  leaderId: optionalId,
  startDate: optionalDate,
  endDate: optionalDate,
  description: optionalText(1000),
});

function datesOrdered(v: { startDate: string | null; endDate: string | null }, ctx: z.RefinementCtx) {
  if (v.startDate && v.endDate && v.endDate < v.startDate) {
    ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'end before start', params: { errorCode: 'DOE_DATE_ORDER', from: v.startDate, to: v.endDate } });
  }
}

export const ProjectCreate = ProjectFields.extend({ members: z.array(MemberInput).max(500).default([]) }).superRefine(datesOrdered);
export type ProjectCreate = z.input<typeof ProjectCreate>;
export type ProjectInput = z.output<typeof ProjectCreate>;

export const ProjectUpdate = ProjectFields.extend({ id: z.number().int().positive() }).superRefine(datesOrdered);
export type ProjectUpdate = z.input<typeof ProjectUpdate>;

export const ProjectRow = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  teamId: z.number().int().nullable(),
  teamName: z.string().nullable(),
  leaderId: z.number().int().nullable(),
  leaderName: z.string().nullable(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  description: z.string().nullable(),
  status: EnableStatus,
  memberCount: z.number().int(),
  experimentCount: z.number().int(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ProjectRow = z.infer<typeof ProjectRow>;

export const ProjectPageQuery = PageQuery.extend({
  status: EnableStatus.optional(),
  teamId: z.coerce.number().int().positive().optional(),
  /** Only projects the caller leads or is a member of. */
  mine: z.enum(['true', 'false']).optional(),
});
export type ProjectPageQuery = z.input<typeof ProjectPageQuery>;

/** The project selector: enabled projects of the current crop, the caller's first. */
export const ProjectOption = z.object({ id: z.number().int(), name: z.string(), code: z.string(), mine: z.boolean() });
export type ProjectOption = z.infer<typeof ProjectOption>;

/** What a project list may be filtered and sorted by (the drawer and the server read this). */
export const projectList = listSpec({
  filters: {
    name: { type: 'text', repeatable: true },
    code: { type: 'text', repeatable: true },
    status: { type: 'select' },
    teamId: { type: 'select' },
    startDate: { type: 'date' },
    endDate: { type: 'date' },
    createdAt: { type: 'date' },
  },
  sortable: ['name', 'code', 'startDate', 'endDate', 'status', 'createdAt', 'updatedAt'],
});

/** Breeding projects of the current crop: team, leader, dates, members. */
export const project = resource(
  { tag: 'doe: projects', base: '/api/project' },
  {
    page: {
      method: 'GET',
      path: '/page',
      permission: P.projectList,
      summary: 'Projects of the current crop, paged and filtered',
      query: ProjectPageQuery,
      page: ProjectRow,
      list: projectList,
    },
    detail: { method: 'GET', path: '/detail/:id', permission: P.projectList, summary: 'One project', params: IdParam, data: ProjectRow },
    // Open to every signed-in user: experiments, lists and designs pick their project with it.
    options: {
      method: 'GET',
      path: '/options',
      summary: 'The project selector: enabled projects of the current crop, the caller’s first',
      query: OptionQuery,
      data: z.array(ProjectOption),
    },
    create: {
      method: 'POST',
      path: '/create',
      permission: P.projectAdd,
      summary: 'Creates a project of the current crop with its members; codes are unique in the organisation',
      body: ProjectCreate,
      data: ProjectRow,
    },
    update: { method: 'PUT', path: '/update', permission: P.projectEdit, summary: 'Updates a project', body: ProjectUpdate, data: ProjectRow },
    status: {
      method: 'PUT',
      path: '/status',
      permission: P.projectEdit,
      summary: 'Enables or disables projects (all or none)',
      body: StatusUpdate,
      data: Updated,
    },
    members: {
      method: 'GET',
      path: '/members/:id',
      permission: P.projectList,
      summary: 'Members of a project, the leader first',
      params: IdParam,
      data: z.array(MemberRow),
    },
    setMembers: {
      method: 'PUT',
      path: '/members',
      permission: P.projectEdit,
      summary: 'Replaces the members of a project',
      body: MembersUpdate,
      data: z.array(MemberRow),
    },
    userOptions: {
      method: 'GET',
      path: '/userOptions',
      permission: P.projectList,
      summary: 'Users of the organisation for member and leader pickers',
      query: OptionQuery,
      data: z.array(UserOption),
    },
    remove: { method: 'DELETE', path: '/:id', permission: P.projectRemove, summary: 'Deletes a project without experiments', params: IdParam, data: z.null() },
  },
);
