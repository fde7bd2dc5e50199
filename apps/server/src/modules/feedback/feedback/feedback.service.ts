import { and, count, desc, eq, ilike, inArray, or } from 'drizzle-orm';
import type { z } from 'zod';
import { feedbackPermissions, type FeedbackCreate, type FeedbackRow } from '@breedwise/contracts/feedback';
import type { DbOrTx } from '../../../db/client';
import type { RequestContext } from '../../../platform/context';
import { AppError, notFound } from '../../../platform/errors';
import { likePattern, pageWindow } from '../../../platform/pagination';
import { inOrg } from '../../../platform/tenant';
import { signedFileUrl, sysFile } from '../../common';
import { sysUser } from '../../system';
import { sysFeedback } from './feedback.tables';

export async function createFeedback(db: DbOrTx, ctx: RequestContext, input: z.output<typeof FeedbackCreate>, fileIds: string[]): Promise<number> {
  const [row] = await db
    .insert(sysFeedback)
    .values({
      orgId: ctx.orgId!,
      createdBy: ctx.userId,
      type: input.type,
      title: input.title,
      description: input.description,
      link: input.link,
      contact: input.contact,
      phone: input.phone ?? null,
      attachments: fileIds,
    })
    .returning({ id: sysFeedback.id });
  return row.id;
}

/** Feedback of the organisation: one's own, or everyone's for holders of system:feedback:list. */
export async function listFeedback(
  db: DbOrTx,
  ctx: RequestContext,
  q: { pageNum: number; pageSize: number; keyword?: string; status?: 'open' | 'resolved'; type?: FeedbackRow['type'] },
  seeAll: boolean,
) {
  const where = and(
    inOrg(sysFeedback, ctx),
    seeAll ? undefined : eq(sysFeedback.createdBy, ctx.userId),
    q.status ? eq(sysFeedback.status, q.status) : undefined,
    q.type ? eq(sysFeedback.type, q.type) : undefined,
    q.keyword ? or(ilike(sysFeedback.title, likePattern(q.keyword)), ilike(sysFeedback.description, likePattern(q.keyword))) : undefined,
  );
  const { limit, offset } = pageWindow(q);
  const rows = await db
    .select({ f: sysFeedback, createdBy: sysUser.nickName })
    .from(sysFeedback)
    .leftJoin(sysUser, eq(sysUser.id, sysFeedback.createdBy))
    .where(where)
    .orderBy(desc(sysFeedback.createdAt), desc(sysFeedback.id))
    .limit(limit)
    .offset(offset);
  const [{ total }] = await db.select({ total: count() }).from(sysFeedback).where(where);
  const ids = [...new Set(rows.flatMap((r) => r.f.attachments))];
  const files = ids.length ? await db.select().from(sysFile).where(inArray(sysFile.id, ids)) : [];
  const out: FeedbackRow[] = [];
  for (const { f, createdBy } of rows) {
    const attachments = [];
    for (const id of f.attachments) {
      const file = files.find((x) => x.id === id && !x.deletedAt);
      if (file) attachments.push({ fileId: file.id, fileName: file.originalName, src: await signedFileUrl(db, file.id, file.originalName) });
    }
    out.push({
      id: f.id,
      type: f.type,
      title: f.title,
      description: f.description,
      link: f.link,
      contact: f.contact,
      phone: f.phone,
      status: f.status,
      attachments,
      createdBy,
      createdById: f.createdBy,
      createdAt: f.createdAt.toISOString(),
    });
  }
  return { rows: out, total: Number(total) };
}

/** Removes feedback: the author, or a feedback administrator. */
export async function removeFeedback(db: DbOrTx, ctx: RequestContext, id: number, isAdmin: boolean): Promise<void> {
  const [row] = await db
    .select()
    .from(sysFeedback)
    .where(and(inOrg(sysFeedback, ctx), eq(sysFeedback.id, id)));
  if (!row) throw notFound();
  if (row.createdBy !== ctx.userId && !isAdmin) throw new AppError(403, 'FORBIDDEN', { permission: feedbackPermissions.list });
  await db.delete(sysFeedback).where(eq(sysFeedback.id, id));
}

export async function resolveFeedback(db: DbOrTx, ctx: RequestContext, id: number): Promise<void> {
  const rows = await db
    .update(sysFeedback)
    .set({ status: 'resolved' })
    .where(and(inOrg(sysFeedback, ctx), eq(sysFeedback.id, id)))
    .returning({ id: sysFeedback.id });
  if (!rows.length) throw notFound();
}
