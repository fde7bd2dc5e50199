import { and, count, desc, eq, gte, ilike, lte, sql } from 'drizzle-orm';
import { auditList, type AuditPageParsed, type AuditRow, type LoginLogPageParsed, type LoginLogRow } from '@breedwise/contracts/system';
import type { DbOrTx } from '../../../db/client';
import type { RequestContext } from '../../../platform/context';
import { requireOrg } from '../../../platform/context';
import { listColumns } from '../../../platform/filters';
import { likePattern, orderBy, pageWindow } from '../../../platform/pagination';
import { sysAuditLog } from '../../audit';
import { sysUser, sysUserOrg } from '../user/user.tables';
import { sysLoginAttempt } from './log.tables';

/** Filter dates are local wall-clock text (spec: YYYY-MM-DD[ HH:mm:ss]); the end of a bare date is inclusive. */
const from = (v: string) => new Date(v.length === 10 ? `${v}T00:00:00` : v.replace(' ', 'T'));
const to = (v: string) => (v.length === 10 ? new Date(new Date(`${v}T00:00:00`).getTime() + 86_400_000 - 1) : new Date(v.replace(' ', 'T')));

/** The operation log's sort keys (declared in the contract) and their columns. */
const auditColumns = listColumns(auditList, { filters: {}, sort: { at: sysAuditLog.at, action: sysAuditLog.action } });

/** Operation log: the audit trail of the caller's organisation (platform administrators: all of it). */
export async function listAudit(db: DbOrTx, ctx: RequestContext, q: AuditPageParsed) {
  const where = and(
    ctx.platformAdmin ? undefined : eq(sysAuditLog.orgId, requireOrg(ctx)),
    q.action ? ilike(sysAuditLog.action, likePattern(q.action)) : undefined,
    q.username ? ilike(sysAuditLog.username, likePattern(q.username)) : undefined,
    q.result ? eq(sysAuditLog.result, q.result) : undefined,
    q.from ? gte(sysAuditLog.at, from(q.from)) : undefined,
    q.to ? lte(sysAuditLog.at, to(q.to)) : undefined,
    q.keyword ? ilike(sysAuditLog.targetId, likePattern(q.keyword)) : undefined,
  );
  const { limit, offset } = pageWindow(q);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(sysAuditLog)
      .where(where)
      .orderBy(...orderBy(q, auditColumns.sortable, [desc(sysAuditLog.at)], sysAuditLog.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(sysAuditLog).where(where),
  ]);
  return {
    rows: rows.map((r): AuditRow => ({ ...r, at: r.at.toISOString() })),
    total: Number(total),
  };
}

/**
 * Login log: attempts on the accounts of the caller's organisation (platform administrators also
 * see attempts on names that match no account).
 */
export async function listLogins(db: DbOrTx, ctx: RequestContext, q: LoginLogPageParsed) {
  const orgFilter = ctx.platformAdmin
    ? undefined
    : sql`exists (select 1 from ${sysUser} join ${sysUserOrg} on ${sysUserOrg.userId} = ${sysUser.id} where lower(${sysUser.username}) = ${sysLoginAttempt.username} and ${sysUserOrg.orgId} = ${requireOrg(ctx)})`;
  const where = and(
    orgFilter,
    q.success ? eq(sysLoginAttempt.success, q.success === 'true') : undefined,
    q.username ? ilike(sysLoginAttempt.username, likePattern(q.username)) : undefined,
    q.keyword ? ilike(sysLoginAttempt.ip, likePattern(q.keyword)) : undefined,
    q.from ? gte(sysLoginAttempt.createdAt, from(q.from)) : undefined,
    q.to ? lte(sysLoginAttempt.createdAt, to(q.to)) : undefined,
  );
  const { limit, offset } = pageWindow(q);
  const [rows, [{ total }]] = await Promise.all([
    db.select().from(sysLoginAttempt).where(where).orderBy(desc(sysLoginAttempt.createdAt), desc(sysLoginAttempt.id)).limit(limit).offset(offset),
    db.select({ total: count() }).from(sysLoginAttempt).where(where),
  ]);
  return { rows: rows.map((r): LoginLogRow => ({ ...r, createdAt: r.createdAt.toISOString() })), total: Number(total) };
}
