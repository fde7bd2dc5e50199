import { and, desc, eq, gt, isNull, notExists, or, sql } from 'drizzle-orm';
import type { LatestNotice, OpenNotice } from '@breedwise/contracts/message';
import type { DbOrTx } from '../../../db/client';
import type { RequestContext } from '../../../platform/context';
import { notFound } from '../../../platform/errors';
import { sysNotice, sysNoticeRead } from '../../system';

/** Notices in force for the caller's organisation (or for everyone): enabled, published, not expired. */
function inForce(ctx: RequestContext, now: Date) {
  return and(
    eq(sysNotice.status, 'enabled'),
    ctx.orgId === null ? isNull(sysNotice.orgId) : or(isNull(sysNotice.orgId), eq(sysNotice.orgId, ctx.orgId)),
    sql`${sysNotice.publishedAt} <= ${now}`,
    or(isNull(sysNotice.expiresAt), gt(sysNotice.expiresAt, now)),
  );
}

/** The newest notice in force for the caller's organisation (or for everyone). */
export async function latestNotice(db: DbOrTx, ctx: RequestContext): Promise<LatestNotice> {
  const [row] = await db.select().from(sysNotice).where(inForce(ctx, new Date())).orderBy(desc(sysNotice.publishedAt), desc(sysNotice.id)).limit(1);
  return row ? { id: row.id, title: row.title, content: row.content, level: row.level, publishedAt: row.publishedAt.toISOString() } : null;
}

/** Notices in force that the caller has not dismissed, newest first (at most 20). */
export async function openNotices(db: DbOrTx, ctx: RequestContext): Promise<OpenNotice[]> {
  const rows = await db
    .select()
    .from(sysNotice)
    .where(
      and(
        inForce(ctx, new Date()),
        notExists(
          db
            .select({ one: sql`1` })
            .from(sysNoticeRead)
            .where(and(eq(sysNoticeRead.noticeId, sysNotice.id), eq(sysNoticeRead.userId, ctx.userId))),
        ),
      ),
    )
    .orderBy(desc(sysNotice.publishedAt), desc(sysNotice.id))
    .limit(20);
  return rows.map((n) => ({
    id: n.id,
    title: n.title,
    content: n.content,
    level: n.level,
    publishedAt: n.publishedAt.toISOString(),
    expiresAt: n.expiresAt?.toISOString() ?? null,
  }));
}

/** Records that the caller dismissed a notice addressed to them (idempotent); other notices are not found. */
export async function dismissNotice(db: DbOrTx, ctx: RequestContext, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const visible = ctx.orgId === null ? isNull(sysNotice.orgId) : or(isNull(sysNotice.orgId), eq(sysNotice.orgId, ctx.orgId));
    const [n] = await tx
      .select({ id: sysNotice.id })
      .from(sysNotice)
      .where(and(eq(sysNotice.id, id), visible));
    if (!n) throw notFound();
    await tx.insert(sysNoticeRead).values({ noticeId: id, userId: ctx.userId }).onConflictDoNothing();
  });
}
