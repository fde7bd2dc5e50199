import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { requireOrg, type RequestContext } from '../../../platform/context';
import { germCounter } from './counter.tables';

/** The next number of a per-organisation counter (document and lot numbers); atomic under concurrency. */
export async function nextNumber(db: DbOrTx, ctx: RequestContext, key: string): Promise<number> {
  const [row] = await db
    .insert(germCounter)
    .values({ orgId: requireOrg(ctx), key, value: 1 })
    .onConflictDoUpdate({ target: [germCounter.orgId, germCounter.key], set: { value: sql`${germCounter.value} + 1` } })
    .returning({ value: germCounter.value });
  return row.value;
}
