import { and, asc, count, eq } from 'drizzle-orm';
import type { DeptCreate, DeptNode, DeptUpdate } from '@breedwise/contracts/system';
import type { z } from 'zod';
import type { DbOrTx } from '../../../db/client';
import type { RequestContext } from '../../../platform/context';
import { AppError, conflict, notFound } from '../../../platform/errors';
import { inOrg } from '../../../platform/tenant';
import { audit, type AuditSource } from '../../audit';
import { sysUser, sysUserOrg } from '../user/user.tables';
import { sysDept } from './dept.tables';

/** The departments of an organisation as a tree. */
export async function deptTree(db: DbOrTx, orgId: number): Promise<DeptNode[]> {
  const rows = await db
    .select({ dept: sysDept, leaderName: sysUser.nickName })
    .from(sysDept)
    .leftJoin(sysUser, eq(sysUser.id, sysDept.leaderUserId))
    .where(eq(sysDept.orgId, orgId))
    .orderBy(asc(sysDept.sort), asc(sysDept.id));
  const build = (parentId: number | null): DeptNode[] =>
    rows
      .filter((r) => r.dept.parentId === parentId)
      .map(({ dept: r, leaderName }) => ({
        id: r.id,
        parentId: r.parentId,
        name: r.name,
        sort: r.sort,
        status: r.status,
        leaderUserId: r.leaderUserId,
        leaderName: r.leaderUserId ? leaderName : null,
        children: build(r.id),
      }));
  return build(null);
}

/** A leader must be a member of the organisation. */
async function assertLeader(tx: DbOrTx, ctx: RequestContext, leaderUserId: number | null) {
  if (leaderUserId === null) return;
  const [m] = await tx
    .select({ id: sysUserOrg.userId })
    .from(sysUserOrg)
    .where(and(eq(sysUserOrg.orgId, ctx.orgId!), eq(sysUserOrg.userId, leaderUserId)));
  if (!m) throw new AppError(400, 'SYS_DEPT_LEADER_NOT_MEMBER', { id: leaderUserId });
}

async function assertParent(tx: DbOrTx, ctx: RequestContext, parentId: number | null, selfId?: number) {
  if (parentId === null) return;
  const rows = await tx.select({ id: sysDept.id, parentId: sysDept.parentId }).from(sysDept).where(inOrg(sysDept, ctx));
  const byId = new Map(rows.map((r) => [r.id, r.parentId]));
  if (!byId.has(parentId)) throw new AppError(400, 'SYS_DEPT_NOT_FOUND', { ids: String(parentId) });
  // A department cannot move below itself.
  for (let p: number | null | undefined = parentId; p !== null && p !== undefined; p = byId.get(p)) {
    if (p === selfId) throw new AppError(400, 'SYS_DEPT_NOT_FOUND', { ids: String(parentId) });
  }
}

export async function createDept(db: DbOrTx, ctx: RequestContext, input: z.output<typeof DeptCreate>, src: AuditSource): Promise<DeptNode> {
  return db.transaction(async (tx) => {
    await assertParent(tx, ctx, input.parentId);
    await assertLeader(tx, ctx, input.leaderUserId);
    const [row] = await tx
      .insert(sysDept)
      .values({ orgId: ctx.orgId!, parentId: input.parentId, name: input.name, sort: input.sort, status: input.status, leaderUserId: input.leaderUserId })
      .returning();
    await audit(tx, src, {
      action: 'system.dept.create',
      targetType: 'dept',
      targetId: row.id,
      detail: { name: input.name, parentId: input.parentId, leaderUserId: input.leaderUserId },
    });
    const leaderName = row.leaderUserId
      ? ((await tx.select({ n: sysUser.nickName }).from(sysUser).where(eq(sysUser.id, row.leaderUserId)))[0]?.n ?? null)
      : null;
    return { id: row.id, parentId: row.parentId, name: row.name, sort: row.sort, status: row.status, leaderUserId: row.leaderUserId, leaderName, children: [] };
  });
}

export async function updateDept(db: DbOrTx, ctx: RequestContext, input: z.output<typeof DeptUpdate>, src: AuditSource): Promise<void> {
  await db.transaction(async (tx) => {
    await assertParent(tx, ctx, input.parentId, input.id);
    await assertLeader(tx, ctx, input.leaderUserId);
    const rows = await tx
      .update(sysDept)
      .set({ parentId: input.parentId, name: input.name, sort: input.sort, status: input.status, leaderUserId: input.leaderUserId })
      .where(and(inOrg(sysDept, ctx), eq(sysDept.id, input.id)))
      .returning({ id: sysDept.id });
    if (!rows.length) throw notFound();
    await audit(tx, src, {
      action: 'system.dept.update',
      targetType: 'dept',
      targetId: input.id,
      detail: { name: input.name, parentId: input.parentId, status: input.status, leaderUserId: input.leaderUserId },
    });
  });
}

export async function deleteDept(db: DbOrTx, ctx: RequestContext, id: number, src: AuditSource): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: sysDept.id })
      .from(sysDept)
      .where(and(inOrg(sysDept, ctx), eq(sysDept.id, id)));
    if (!row) throw notFound();
    const [{ kids }] = await tx.select({ kids: count() }).from(sysDept).where(eq(sysDept.parentId, id));
    const [{ users }] = await tx.select({ users: count() }).from(sysUser).where(eq(sysUser.deptId, id));
    if (Number(kids) + Number(users) > 0) throw conflict('SYS_DEPT_HAS_CHILDREN');
    await tx.delete(sysDept).where(eq(sysDept.id, id));
    await audit(tx, src, { action: 'system.dept.delete', targetType: 'dept', targetId: id });
  });
}
