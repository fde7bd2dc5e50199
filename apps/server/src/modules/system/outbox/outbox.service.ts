import { and, count, desc, eq, ilike } from 'drizzle-orm';
import type { OutboxPageQuery, OutboxRow } from '@breedwise/contracts/system';
import type { z } from 'zod';
import type { DbOrTx } from '../../../db/client';
import { likePattern, pageWindow } from '../../../platform/pagination';
import { sysOutbox } from './outbox.tables';

/** The SMS and e-mail outbox (platform administrators): what would have been sent without a gateway. */
export async function listOutbox(db: DbOrTx, q: z.output<typeof OutboxPageQuery>) {
  const where = and(q.channel ? eq(sysOutbox.channel, q.channel) : undefined, q.keyword ? ilike(sysOutbox.recipient, likePattern(q.keyword)) : undefined);
  const { limit, offset } = pageWindow(q);
  const [rows, [{ total }]] = await Promise.all([
    db.select().from(sysOutbox).where(where).orderBy(desc(sysOutbox.createdAt), desc(sysOutbox.id)).limit(limit).offset(offset),
    db.select({ total: count() }).from(sysOutbox).where(where),
  ]);
  return { rows: rows.map((r): OutboxRow => ({ ...r, createdAt: r.createdAt.toISOString() })), total: Number(total) };
}
