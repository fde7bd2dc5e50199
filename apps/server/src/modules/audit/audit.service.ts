import type { FastifyRequest } from 'fastify';
import type { DbOrTx } from '../../db/client';
import { sysAuditLog } from './audit.tables';
import { toWellFormed } from '../../platform/unicode';
import { requestScope } from '../../platform/request-scope';

/** Who acted and from where: the request's caller, address, user agent and id. */
export interface AuditSource {
  orgId: number | null;
  userId: number | null;
  username: string | null;
  ip: string | null;
  userAgent: string | null;
  requestId: string | null;
}

export function sourceOf(req: FastifyRequest): AuditSource {
  const ctx = req.maybeCtx;
  const ua = req.headers['user-agent'];
  return {
    orgId: ctx?.orgId ?? null,
    userId: ctx?.userId ?? null,
    username: ctx?.username ?? null,
    ip: req.ip ?? null,
    userAgent: typeof ua === 'string' ? ua.slice(0, 300) : null,
    requestId: req.id ?? null,
  };
}

export interface AuditEvent {
  action: string;
  result?: 'success' | 'failure' | 'denied';
  targetType?: string;
  targetId?: string | number | null;
  detail?: Record<string, unknown>;
  /** Overrides of the source (a login names its user before any session exists). */
  userId?: number | null;
  username?: string | null;
  orgId?: number | null;
}

const SECRET_KEY = /pass(word)?|secret|token|otp|hash|recovery|captcha|devicekey|expiredkey|smscode|totpcode|^uuid$|^file$/i;
/** A one-time code of a sign-in sits at the top of a detail; a record's `code` (a location's) is no secret. */
const TOP_SECRET_KEY = /^code$/i;

/** Removes anything secret-looking from a detail object, however deep. Secrets never reach the log. */
export function redact(value: unknown, depth = 0): unknown {
  if (depth > 5) return '[…]';
  if (Array.isArray(value)) return value.slice(0, 50).map((v) => redact(v, depth + 1));
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([k, v]) => [
        k,
        SECRET_KEY.test(k) || (depth === 0 && TOP_SECRET_KEY.test(k)) ? '[redacted]' : redact(v, depth + 1),
      ]),
    );
  }
  // toWellFormed: a cut between the halves of a surrogate pair would be refused by PostgreSQL's JSON.
  if (typeof value === 'string' && value.length > 500) return `${toWellFormed(value.slice(0, 500))}…`;
  return value;
}

/** Writes one audit record (inside the caller's transaction when given one). Times are UTC. */
export async function audit(db: DbOrTx, src: AuditSource, event: AuditEvent): Promise<void> {
  // The request's own record: the endpoint hook (endpoint-audit.ts) adds no second one.
  const scope = requestScope();
  if (scope) scope.audited = true;
  await auditRow(db, src, event);
}

/** Inserts one audit record and answers its id, without marking the request as audited by a service. */
export async function auditRow(db: DbOrTx, src: AuditSource, event: AuditEvent): Promise<number> {
  const [row] = await db
    .insert(sysAuditLog)
    .values({
      at: new Date(),
      orgId: event.orgId !== undefined ? event.orgId : src.orgId,
      userId: event.userId !== undefined ? event.userId : src.userId,
      username: event.username !== undefined ? event.username : src.username,
      action: event.action,
      targetType: event.targetType ?? null,
      targetId: event.targetId === undefined || event.targetId === null ? null : String(event.targetId),
      result: event.result ?? 'success',
      ip: src.ip,
      userAgent: src.userAgent,
      requestId: src.requestId,
      detail: redact(event.detail ?? {}) as Record<string, unknown>,
    })
    .returning({ id: sysAuditLog.id });
  return row.id;
}
