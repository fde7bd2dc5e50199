import type { FastifyInstance } from 'fastify';
import { scopeOf } from '../../platform/request-scope';
import { eq } from 'drizzle-orm';
import type { EndpointAuditor, EndpointCall } from '../../platform/endpoints';
import { audit, auditRow, redact, sourceOf, type AuditEvent } from './audit.service';
import { sysAuditLog } from './audit.tables';

/** At most this many fields of a record are kept in a snapshot. */
const MAX_FIELDS = 60;

/**
 * A record as the operation log keeps it: its own fields (texts, numbers, flags, short lists), without
 * nested structures (plots, layouts, graphs) that would bloat the log and that the before/after view
 * cannot show as one value.
 */
export function snapshot(value: unknown): Record<string, unknown> | null {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    if (Object.keys(out).length >= MAX_FIELDS) break;
    if (v === null || ['string', 'number', 'boolean'].includes(typeof v)) out[k] = v;
    else if (Array.isArray(v) && v.length <= 20 && v.every((x) => x === null || ['string', 'number', 'boolean'].includes(typeof x))) out[k] = v;
    else if (typeof v === 'object' && !Array.isArray(v) && JSON.stringify(v).length <= 200) out[k] = v;
  }
  return out;
}

/** What the caller sent (body or, for an export, the filter), for operations that are no plain CRUD. */
function input(call: EndpointCall): Record<string, unknown> | null {
  const e = call.endpoint;
  if (e.bodyType === 'multipart' || e.bodyType === 'raw') return null;
  return snapshot(e.method === 'GET' ? call.req.query : call.req.body);
}

const verbOf = (id: string) => id.slice(id.lastIndexOf('.') + 1);
const subjectOf = (id: string) => id.slice(id.indexOf('.') + 1, id.lastIndexOf('.'));

type Known = Pick<EndpointCall, 'req' | 'endpoint' | 'before'> & { result?: unknown; after?: Record<string, unknown> | null };

/** The operation-log line of a call: as much as is known (inside the transaction), or all of it (after). */
function eventOf(call: Known, sent: Record<string, unknown> | null): AuditEvent {
  const { req, endpoint: e, result } = call;
  const before = snapshot(call.before);
  const after = call.after ?? null;
  const taskId = result && typeof result === 'object' && 'taskId' in result ? (result as { taskId: unknown }).taskId : undefined;
  const id = (after?.id ?? before?.id ?? (req.params as { id?: unknown } | undefined)?.id ?? null) as string | number | null;
  const known = after ?? before ?? sent;
  const name = known?.name ?? known?.code ?? known?.docNo ?? null;
  return {
    action: e.id,
    targetType: subjectOf(e.id),
    targetId: typeof id === 'number' || typeof id === 'string' ? id : null,
    detail: {
      ...(name !== null ? { name } : {}),
      ...(before ? { before } : {}),
      ...(after ? { after } : {}),
      ...(sent && Object.keys(sent).length ? { input: sent } : {}),
      ...(taskId !== undefined ? { taskId } : {}),
    },
  };
}

const sentOf = (call: Pick<EndpointCall, 'req' | 'endpoint'>) => {
  const verb = verbOf(call.endpoint.id);
  return verb === 'create' || verb === 'update' ? null : input(call as EndpointCall);
};

/**
 * The operation log's one hook: registerEndpoints calls it around every successful create, update,
 * delete, state transition, import, export or other operation of a business module (platform/endpoints.ts
 * decides which). Action `<module>.<resource>.<endpoint>`, the record before and after (read with the
 * resource's `detail`), what was sent and, for imports and exports, the task. A service that writes its
 * own record (with more detail, inside its transaction) is not recorded twice.
 *
 * The line is written in the business transaction (`draft`, called by the handler's first
 * `db.transaction` just before it commits: platform/request-scope.ts), so an operation never commits
 * without its line, even if the process dies right after. After the handler returns, the line is completed
 * with what only then is known (the record after the call, a new record's id, the task). A handler that
 * opens no transaction (a single statement) gets its line written after it, as before.
 */
export function installEndpointAudit(app: FastifyInstance) {
  const auditor: EndpointAuditor = async (call: EndpointCall) => {
    const { req, endpoint: e, result } = call;
    const scope = scopeOf(req);
    const drafted = scope?.auditRowId;
    try {
      if (scope?.audited) {
        // A service recorded the call itself (after the draft, in a later transaction): keep its line only.
        if (drafted !== undefined) await app.database.db.delete(sysAuditLog).where(eq(sysAuditLog.id, drafted));
        return;
      }
      const deleted = e.method === 'DELETE' || verbOf(e.id) === 'remove';
      const after = deleted ? null : (snapshot(call.readAfter ? await call.readAfter() : undefined) ?? (e.data ? snapshot(result) : null));
      const event = eventOf({ ...call, after }, sentOf(call));
      if (drafted !== undefined) {
        const done = await app.database.db
          .update(sysAuditLog)
          .set({
            targetId: event.targetId === undefined || event.targetId === null ? null : String(event.targetId),
            detail: redact(event.detail ?? {}) as Record<string, unknown>,
          })
          .where(eq(sysAuditLog.id, drafted))
          .returning({ id: sysAuditLog.id });
        if (done.length) return;
      }
      await audit(app.database.db, sourceOf(req), event);
    } catch (err) {
      req.log.error({ err, endpoint: e.id }, 'operation log record failed');
    }
  };
  auditor.draft = async (tx, call) => {
    const scope = scopeOf(call.req);
    if (!scope || scope.audited) return;
    // What was sent, even for a create or update: the line must say what was done should the process die
    // before it is completed (the completion replaces it with the record before and after).
    scope.auditRowId = await auditRow(tx, sourceOf(call.req), eventOf(call, input(call as EndpointCall)));
  };
  app.decorate('endpointAuditor', auditor);
}
