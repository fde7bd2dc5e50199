import { and, count, desc, eq } from 'drizzle-orm';
import type { PageQuery } from '@breedwise/contracts';
import type { NoticeCreate, NoticeRow, NoticeUpdate } from '@breedwise/contracts/system';
import type { z } from 'zod';
import type { DbOrTx } from '../../../db/client';
import type { RequestContext } from '../../../platform/context';
import { requireOrg } from '../../../platform/context';
import { notFound } from '../../../platform/errors';
import { pageWindow } from '../../../platform/pagination';
import { inOrg } from '../../../platform/tenant';
import { audit, type AuditSource } from '../../audit';
import { sysUser } from '../user/user.tables';
import { sysNotice } from './notice.tables';

const parseTime = (v: string | null | undefined) => (v ? new Date(v.length === 10 ? `${v}T23:59:59` : v.replace(' ', 'T')) : null);

function present(n: typeof sysNotice.$inferSelect, createdBy: string | null): NoticeRow {
  return {
    id: n.id,
    title: n.title,
    content: n.content,
    level: n.level,
    allOrgs: n.orgId === null,
    publishedAt: n.publishedAt.toISOString(),
    expiresAt: n.expiresAt?.toISOString() ?? null,
    status: n.status,
    createdBy,
    createdAt: n.createdAt.toISOString(),
  };
}

export async function listNotices(db: DbOrTx, ctx: RequestContext, q: z.output<typeof PageQuery>) {
  const where = inOrg(sysNotice, ctx);
  const { limit, offset } = pageWindow(q);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ n: sysNotice, by: sysUser.nickName })
      .from(sysNotice)
      .leftJoin(sysUser, eq(sysUser.id, sysNotice.createdBy))
      .where(where)
      .orderBy(desc(sysNotice.publishedAt), desc(sysNotice.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(sysNotice).where(where),
  ]);
  return { rows: rows.map((r) => present(r.n, r.by)), total: Number(total) };
}

export async function createNotice(db: DbOrTx, ctx: RequestContext, input: z.output<typeof NoticeCreate>, src: AuditSource): Promise<NoticeRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(sysNotice)
      .values({
        orgId: requireOrg(ctx),
        title: input.title,
        content: input.content,
        level: input.level,
        expiresAt: parseTime(input.expiresAt),
        status: input.status,
        createdBy: ctx.userId,
      })
      .returning();
    await audit(tx, src, { action: 'system.notice.create', targetType: 'notice', targetId: row.id, detail: { title: input.title, level: input.level } });
    return present(row, null);
  });
}

export async function updateNotice(db: DbOrTx, ctx: RequestContext, input: z.output<typeof NoticeUpdate>, src: AuditSource): Promise<NoticeRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(sysNotice)
      .set({
        title: input.title,
        content: input.content,
        level: input.level,
        expiresAt: parseTime(input.expiresAt),
        status: input.status,
        updatedAt: new Date(),
      })
      .where(and(inOrg(sysNotice, ctx), eq(sysNotice.id, input.id)))
      .returning();
    if (!row) throw notFound();
    await audit(tx, src, { action: 'system.notice.update', targetType: 'notice', targetId: row.id, detail: { title: input.title, status: input.status } });
    return present(row, null);
  });
}

export async function deleteNotice(db: DbOrTx, ctx: RequestContext, id: number, src: AuditSource): Promise<void> {
  await db.transaction(async (tx) => {
    const rows = await tx
      .delete(sysNotice)
      .where(and(inOrg(sysNotice, ctx), eq(sysNotice.id, id)))
      .returning({ id: sysNotice.id });
    if (!rows.length) throw notFound();
    await audit(tx, src, { action: 'system.notice.delete', targetType: 'notice', targetId: id });
  });
}
