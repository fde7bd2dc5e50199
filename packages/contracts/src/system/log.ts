import { z } from 'zod';
import { listSpec, resource } from '../http/endpoint';
import { PageQuery } from '../query';
import { systemPermissions as P } from './permissions';
import { DateTime, iso } from './shared';

export const AuditRow = z.object({
  id: z.number().int(),
  at: iso,
  orgId: z.number().int().nullable(),
  userId: z.number().int().nullable(),
  username: z.string().nullable(),
  action: z.string(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  result: z.enum(['success', 'failure', 'denied']),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  requestId: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()),
});
export type AuditRow = z.infer<typeof AuditRow>;
export const AuditPageQuery = PageQuery.extend({
  action: z.string().trim().max(100).optional(),
  username: z.string().trim().max(64).optional(),
  result: z.enum(['success', 'failure', 'denied']).optional(),
  from: DateTime.optional(),
  to: DateTime.optional(),
});
export type AuditPageQuery = z.input<typeof AuditPageQuery>;
export type AuditPageParsed = z.output<typeof AuditPageQuery>;
/** What the operation log may be sorted by. */
export const auditList = listSpec({ filters: {}, sortable: ['at', 'action'] });

export const LoginLogRow = z.object({
  id: z.number().int(),
  username: z.string(),
  ip: z.string(),
  success: z.boolean(),
  reason: z.string().nullable(),
  userAgent: z.string().nullable(),
  createdAt: iso,
});
export type LoginLogRow = z.infer<typeof LoginLogRow>;
export const LoginLogPageQuery = PageQuery.extend({
  success: z.enum(['true', 'false']).optional(),
  username: z.string().trim().max(64).optional(),
  from: DateTime.optional(),
  to: DateTime.optional(),
});
export type LoginLogPageQuery = z.input<typeof LoginLogPageQuery>;
export type LoginLogPageParsed = z.output<typeof LoginLogPageQuery>;

/** The operation log (audit trail) and the login log. */
export const log = resource(
  { tag: 'system: logs', base: '/log' },
  {
    audit: {
      method: 'GET',
      path: '/list',
      permission: P.logList,
      summary: 'Operation log (audit trail), newest first',
      query: AuditPageQuery,
      page: AuditRow,
      list: auditList,
    },
    logins: {
      method: 'GET',
      path: '/login/list',
      permission: P.logList,
      summary: "Login log of the organisation's accounts",
      query: LoginLogPageQuery,
      page: LoginLogRow,
    },
  },
);
