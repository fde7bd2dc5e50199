import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Locale } from '@breedwise/contracts';
import type { MessagePageParsed, MessageRow } from '@breedwise/contracts/message';
import type { DbOrTx } from '../../../db/client';
import type { RequestContext } from '../../../platform/context';
import { AppError } from '../../../platform/errors';
import { pageWindow } from '../../../platform/pagination';
import { sysMessage } from './message.tables';

export interface NewMessage {
  orgId: number | null;
  type: MessageRow['type'];
  title: { 'zh-CN': string; en: string };
  content: { 'zh-CN': string; en: string };
  link?: string | null;
}

/** Puts a message in each user's inbox (inside the caller's transaction). */
export async function sendMessage(db: DbOrTx, userIds: number[], msg: NewMessage): Promise<void> {
  const ids = [...new Set(userIds)];
  if (!ids.length) return;
  await db
    .insert(sysMessage)
    .values(ids.map((userId) => ({ userId, orgId: msg.orgId, type: msg.type, title: msg.title, content: msg.content, link: msg.link ?? null })));
}

export async function listMessages(db: DbOrTx, ctx: RequestContext, q: MessagePageParsed, locale: Locale) {
  const where = and(
    eq(sysMessage.userId, ctx.userId),
    q.read === 'true' ? sql`${sysMessage.readAt} is not null` : q.read === 'false' ? isNull(sysMessage.readAt) : undefined,
  );
  const { limit, offset } = pageWindow(q);
  const [rows, [{ total }]] = await Promise.all([
    db.select().from(sysMessage).where(where).orderBy(desc(sysMessage.createdAt), desc(sysMessage.id)).limit(limit).offset(offset),
    db.select({ total: count() }).from(sysMessage).where(where),
  ]);
  return {
    rows: rows.map((m): MessageRow => ({
      id: m.id,
      type: m.type,
      title: m.title[locale],
      content: m.content[locale],
      link: m.link,
      read: !!m.readAt,
      createdAt: m.createdAt.toISOString(),
    })),
    total: Number(total),
  };
}

export async function noReadCount(db: DbOrTx, ctx: RequestContext): Promise<number> {
  const [{ n }] = await db
    .select({ n: count() })
    .from(sysMessage)
    .where(and(eq(sysMessage.userId, ctx.userId), isNull(sysMessage.readAt)));
  return Number(n);
}

export async function setRead(db: DbOrTx, ctx: RequestContext, id: number): Promise<void> {
  const [row] = await db
    .select({ id: sysMessage.id, readAt: sysMessage.readAt })
    .from(sysMessage)
    .where(and(eq(sysMessage.id, id), eq(sysMessage.userId, ctx.userId)));
  if (!row) throw new AppError(404, 'MSG_NOT_FOUND');
  if (!row.readAt) await db.update(sysMessage).set({ readAt: new Date() }).where(eq(sysMessage.id, id));
}

export async function setReadAll(db: DbOrTx, ctx: RequestContext): Promise<number> {
  const rows = await db
    .update(sysMessage)
    .set({ readAt: new Date() })
    .where(and(eq(sysMessage.userId, ctx.userId), isNull(sysMessage.readAt)))
    .returning({ id: sysMessage.id });
  return rows.length;
}
