import { and, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { LatestNotice } from '@breedwise/contracts/message';
import type { DbOrTx } from '../../../db/client';
import type { RequestContext } from '../../../platform/context';
import { sysNotice } from '../../system';

/** The newest notice in force for the caller's organisation (or for everyone). */
export async function latestNotice(db: DbOrTx, ctx: RequestContext): Promise<LatestNotice> {
  const now = new Date();
  const [row] = await db
    .select()
    .from(sysNotice)
    .where(
      and(
        eq(sysNotice.status, 'enabled'),
        ctx.orgId === null ? isNull(sysNotice.orgId) : or(isNull(sysNotice.orgId), eq(sysNotice.orgId, ctx.orgId)),
        sql`${sysNotice.publishedAt} <= ${now}`,
        or(isNull(sysNotice.expiresAt), gt(sysNotice.expiresAt, now)),
      ),
    )
    .orderBy(desc(sysNotice.publishedAt), desc(sysNotice.id))
    .limit(1);
  return row ? { id: row.id, title: row.title, content: row.content, level: row.level, publishedAt: row.publishedAt.toISOString() } : null;
}
