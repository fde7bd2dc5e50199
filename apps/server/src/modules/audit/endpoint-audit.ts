import type { FastifyInstance } from 'fastify';
import { scopeOf } from '../../platform/request-scope';
import type { EndpointCall } from '../../platform/endpoints';
import { audit, sourceOf } from './audit.service';

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

/**
 * The operation log's one hook: registerEndpoints calls it after every successful create, update,
 * delete, state transition, import, export or other operation of a business module (platform/endpoints.ts
 * decides which). Action `<module>.<resource>.<endpoint>`, the record before and after (read with the
 * resource's `detail`), what was sent and, for imports and exports, the task. A service that writes its
 * own record (with more detail, inside its transaction) is not recorded twice.
 */
export function installEndpointAudit(app: FastifyInstance) {
  app.decorate('endpointAuditor', async (call: EndpointCall) => {
    const { req, endpoint: e, result } = call;
    if (scopeOf(req)?.audited) return;
    try {
      const verb = verbOf(e.id);
      const deleted = e.method === 'DELETE' || verb === 'remove';
      const before = snapshot(call.before);
      const after = deleted ? null : (snapshot(call.readAfter ? await call.readAfter() : undefined) ?? (e.data ? snapshot(result) : null));
      const taskId = result && typeof result === 'object' && 'taskId' in result ? (result as { taskId: unknown }).taskId : undefined;
      const sent = verb === 'create' || verb === 'update' ? null : input(call);
      const id = (after?.id ?? before?.id ?? (req.params as { id?: unknown } | undefined)?.id ?? null) as string | number | null;
      const name = (after ?? before)?.name ?? (after ?? before)?.code ?? (after ?? before)?.docNo ?? null;
      await audit(app.database.db, sourceOf(req), {
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
      });
    } catch (err) {
      req.log.error({ err, endpoint: e.id }, 'operation log record failed');
    }
  });
}
