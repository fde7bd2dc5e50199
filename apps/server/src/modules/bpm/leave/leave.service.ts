import { and, count, desc, eq } from 'drizzle-orm';
import { leaveList, type LeaveRow } from '@breedwise/contracts/bpm';
import type { DbOrTx, Tx } from '../../../db/client';
import { requireOrg, type RequestContext } from '../../../platform/context';
import { notFound } from '../../../platform/errors';
import { listColumns } from '../../../platform/filters';
import { orderBy, pageWindow } from '../../../platform/pagination';
import { inOrg } from '../../../platform/tenant';
import type { AuditSource } from '../../audit';
import { sysUser } from '../../system';
import { registerBusinessType, type BusinessEnd } from '../runtime/business';
import { initBusinessProcessIn } from '../runtime/runtime.service';
import { bpmLeave } from './leave.tables';

const L = bpmLeave;
const sort = listColumns(leaveList, { filters: {}, sort: { startDate: L.startDate, createdAt: L.createdAt } });
export const LEAVE_TYPE = 'bpm_leave';

/** Calendar days from start to end, both counted. */
const daysBetween = (start: string, end: string) => Math.round((Date.parse(end) - Date.parse(start)) / 86_400_000) + 1;

const select = (db: DbOrTx) => db.select({ l: L, userName: sysUser.nickName }).from(L).leftJoin(sysUser, eq(sysUser.id, L.userId));
const present = (r: { l: typeof L.$inferSelect; userName: string | null }): LeaveRow => ({
  ...r.l,
  userName: r.userName,
  createdAt: r.l.createdAt.toISOString(),
});

/** Creates the request and starts its process (the bound model; `days` decides the second step). */
export async function createLeave(
  db: DbOrTx,
  ctx: RequestContext,
  src: AuditSource,
  input: { type: LeaveRow['type']; startDate: string; endDate: string; reason: string; remark: string | null },
): Promise<LeaveRow> {
  const orgId = requireOrg(ctx);
  const id = await db.transaction(async (tx) => {
    const days = daysBetween(input.startDate, input.endDate);
    const [row] = await tx
      .insert(L)
      .values({ orgId, userId: ctx.userId, ...input, days })
      .returning({ id: L.id });
    const instanceId = await initBusinessProcessIn(tx, ctx, src, LEAVE_TYPE, String(row.id), { days, type: input.type });
    await tx.update(L).set({ processInstanceId: instanceId }).where(eq(L.id, row.id));
    return row.id;
  });
  return getLeave(db, ctx, id);
}

export async function getLeave(db: DbOrTx, ctx: RequestContext, id: number): Promise<LeaveRow> {
  const [row] = await select(db).where(and(inOrg(L, ctx), eq(L.id, id), eq(L.userId, ctx.userId)));
  if (!row) throw notFound();
  return present(row);
}

export async function pageLeave(
  db: DbOrTx,
  ctx: RequestContext,
  q: { pageNum: number; pageSize: number; orderByColumn?: string; isAsc?: 'asc' | 'desc' | 'ascending' | 'descending'; status?: LeaveRow['status'] },
) {
  const where = and(inOrg(L, ctx), eq(L.userId, ctx.userId), q.status ? eq(L.status, q.status) : undefined);
  const { limit, offset } = pageWindow(q);
  const [rows, [{ total }]] = await Promise.all([
    select(db)
      .where(where)
      .orderBy(...orderBy(q, sort.sortable, [desc(L.id)], L.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(L).where(where),
  ]);
  return { rows: rows.map(present), total: Number(total) };
}

/** The request's status follows its process. */
async function onLeaveEnd(tx: Tx, ctx: RequestContext, _src: AuditSource, end: BusinessEnd) {
  await tx
    .update(L)
    .set({ status: end.outcome })
    .where(and(inOrg(L, ctx), eq(L.id, Number(end.businessKey)), eq(L.status, 'running')));
}

registerBusinessType({
  type: LEAVE_TYPE,
  label: { 'zh-CN': '请假申请', en: 'Leave request' },
  defaultModelKey: 'leave-request',
  onEnd: onLeaveEnd,
});
