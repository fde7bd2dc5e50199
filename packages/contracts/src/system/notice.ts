import { z } from 'zod';
import { IdParam } from '../envelope';
import { resource } from '../http/endpoint';
import { PageQuery } from '../query';
import { systemPermissions as P } from './permissions';
import { DateTime, iso, Status } from './shared';

export const NoticeLevel = z.enum(['info', 'warning', 'important']);
export const NoticeRow = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
  level: NoticeLevel,
  allOrgs: z.boolean(),
  publishedAt: iso,
  expiresAt: iso.nullable(),
  status: Status,
  createdBy: z.string().nullable(),
  createdAt: iso,
});
export type NoticeRow = z.infer<typeof NoticeRow>;
const NoticeFields = {
  title: z.string().trim().min(1).max(100),
  content: z.string().trim().min(1).max(5000),
  level: NoticeLevel.default('info'),
  expiresAt: DateTime.nullish().or(z.literal('').transform(() => null)),
  status: Status.default('enabled'),
};
export const NoticeCreate = z.object(NoticeFields);
export type NoticeCreate = z.input<typeof NoticeCreate>;
export const NoticeUpdate = z.object({ id: z.number().int().positive(), ...NoticeFields });
export type NoticeUpdate = z.input<typeof NoticeUpdate>;

/** Notices of the current organisation (platform administrators may address all organisations). */
export const notice = resource(
  { tag: 'system: logs', base: '/notice' },
  {
    page: { method: 'GET', path: '/list', permission: P.noticeList, summary: 'Notices of the organisation', query: PageQuery, page: NoticeRow },
    create: { method: 'POST', path: '/create', permission: P.noticeEdit, summary: 'Publishes a notice', body: NoticeCreate, data: NoticeRow },
    update: { method: 'PUT', path: '/update', permission: P.noticeEdit, summary: 'Updates a notice', body: NoticeUpdate, data: NoticeRow },
    remove: { method: 'DELETE', path: '/:id', permission: P.noticeEdit, summary: 'Deletes a notice', params: IdParam, data: z.null() },
  },
);
