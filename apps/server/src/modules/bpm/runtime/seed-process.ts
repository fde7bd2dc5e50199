import type { DbOrTx } from '../../../db/client';
import type { RequestContext } from '../../../platform/context';
import type { AuditSource } from '../../audit';
import { decideTaskIn, initBusinessProcessIn, myOpenTaskFor } from './runtime.service';

/** A context for demo data: the given user of the organisation acting with every right. */
function seedCtx(orgId: number, userId: number): RequestContext {
  return {
    sessionId: 'seed',
    userId,
    username: 'seed',
    orgId,
    cropId: null,
    cropAccess: null,
    roles: ['admin'],
    permissions: ['*:*:*'],
    platformAdmin: false,
    locale: 'zh-CN',
    ip: '127.0.0.1',
  };
}

/**
 * Demo data of a module: the process of one business record, started by its requester and, when given,
 * decided by the reviewer (the owning module's handler sees a record already in its final state and
 * leaves it; the demo rows carry their own effect).
 */
export async function seedBusinessProcess(
  db: DbOrTx,
  p: {
    orgId: number;
    starterId: number;
    businessType: string;
    businessKey: string;
    variables?: Record<string, unknown>;
    decision?: { userId: number; outcome: 'approve' | 'reject'; comment: string | null };
    /** Only decide the next open task of the record's running process (a later step of the demo). */
    decideOnly?: boolean;
  },
): Promise<number> {
  const src: AuditSource = { orgId: p.orgId, userId: p.starterId, username: 'seed', ip: null, userAgent: null, requestId: null };
  return db.transaction(async (tx) => {
    const id = p.decideOnly ? 0 : await initBusinessProcessIn(tx, seedCtx(p.orgId, p.starterId), src, p.businessType, p.businessKey, p.variables ?? {});
    if (p.decision) {
      const ctx = seedCtx(p.orgId, p.decision.userId);
      const taskId = await myOpenTaskFor(tx, ctx, p.businessType, p.businessKey);
      if (taskId !== null)
        await decideTaskIn(
          tx,
          ctx,
          { ...src, userId: p.decision.userId },
          { id: taskId, outcome: p.decision.outcome, comment: p.decision.comment, noAudit: true },
        );
    }
    return id;
  });
}
