import { and, eq, isNull, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { sysSession } from './session.tables';

/** Why a session ended (kept on the row: a replaced session tells its user so). */
export type EndReason = NonNullable<(typeof sysSession.$inferSelect)['endReason']>;

/** Ends every live session of a user, optionally sparing one (the caller's own). */
export async function endUserSessions(db: DbOrTx, userId: number, reason: EndReason, exceptSessionId?: string): Promise<number> {
  const rows = await db
    .update(sysSession)
    .set({ endedAt: new Date(), endReason: reason })
    .where(and(eq(sysSession.userId, userId), isNull(sysSession.endedAt), exceptSessionId ? ne(sysSession.id, exceptSessionId) : undefined))
    .returning({ id: sysSession.id });
  return rows.length;
}
