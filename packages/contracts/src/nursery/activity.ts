import { z } from 'zod';
import { IdParam } from '../envelope';
import { listSpec, resource } from '../http/endpoint';
import { PageQuery } from '../query';
import { nurseryPermissions as P } from './permissions';
import { ActivityStatus, codeText, optionalId, optionalText, requiredText, Season } from './shared';

export const MAX_MALES_LIMIT = 50;

const ActivityFields = z.object({
  name: requiredText(100),
  code: codeText(50),
  fieldId: optionalId,
  year: z.number().int().min(1900).max(2200),
  season: Season,
  /** The male-parents-per-material limit (spec section 8): how many distinct males one female may be crossed with. */
  maxMales: z.number().int().min(1).max(MAX_MALES_LIMIT).default(3),
  remark: optionalText(500),
});
export const ActivityCreate = ActivityFields;
export type ActivityCreate = z.input<typeof ActivityCreate>;
export type ActivityInput = z.output<typeof ActivityCreate>;
export const ActivityUpdate = ActivityFields.extend({ id: z.number().int().positive() });
export type ActivityUpdate = z.input<typeof ActivityUpdate>;

export const ActivityRow = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  fieldId: z.number().int().nullable(),
  fieldName: z.string().nullable(),
  year: z.number().int(),
  season: Season,
  maxMales: z.number().int(),
  status: ActivityStatus,
  finishedAt: z.string().nullable(),
  entryCount: z.number().int(),
  pollinationCount: z.number().int(),
  harvestedCount: z.number().int(),
  remark: z.string().nullable(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ActivityRow = z.infer<typeof ActivityRow>;

export const activityList = listSpec({
  filters: {
    name: { type: 'text', repeatable: true },
    code: { type: 'text', repeatable: true },
    year: { type: 'number' },
    season: { type: 'select' },
    status: { type: 'select' },
    createdAt: { type: 'date' },
  },
  sortable: ['name', 'code', 'year', 'status', 'createdAt', 'updatedAt'],
});

export const ActivityPageQuery = PageQuery.extend({ status: ActivityStatus.optional() });
export type ActivityPageQuery = z.input<typeof ActivityPageQuery>;

/** Nursery designs and activities: a nursery on a field in a season. Finishing is irreversible. */
export const activity = resource(
  { tag: 'nursery: activities', base: '/api/activity' },
  {
    page: {
      method: 'GET',
      path: '/page',
      permission: P.activityList,
      summary: 'Nursery activities of the current crop, paged, sorted and filtered',
      query: ActivityPageQuery,
      page: ActivityRow,
      list: activityList,
    },
    detail: { method: 'GET', path: '/detail/:id', permission: P.activityQuery, summary: 'One nursery activity', params: IdParam, data: ActivityRow },
    create: {
      method: 'POST',
      path: '/create',
      permission: P.activityAdd,
      summary: 'Creates a nursery activity on a field and season; the code is unique within the organisation',
      body: ActivityCreate,
      data: ActivityRow,
    },
    update: {
      method: 'PUT',
      path: '/update',
      permission: P.activityEdit,
      summary: 'Updates a nursery activity (refused once finished)',
      body: ActivityUpdate,
      data: ActivityRow,
    },
    finish: {
      method: 'PUT',
      path: '/finish/:id',
      permission: P.activityFinish,
      summary: 'Finishes a nursery activity: irreversible, its entries and pollinations can no longer be changed',
      params: IdParam,
      data: ActivityRow,
    },
    remove: {
      method: 'DELETE',
      path: '/:id',
      permission: P.activityRemove,
      summary: 'Deletes a nursery activity that is not finished and has no harvest',
      params: IdParam,
      data: z.null(),
    },
  },
);
