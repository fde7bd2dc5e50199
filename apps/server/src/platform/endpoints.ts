import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import {
  Envelope,
  PageEnvelope,
  type Endpoint,
  type EndpointBody,
  type EndpointParams,
  type EndpointQuery,
  type EndpointSpec,
  type HandlerResult,
} from '@breedwise/contracts';
import type { SerializedData } from './json-cache';
import { ok, page } from './reply';
import { scopeOf } from './request-scope';
import type { Tx } from '../db/client';

/** The request a handler receives: params, query and body as the endpoint's schemas parse them. */
export type EndpointRequest<E extends EndpointSpec> = FastifyRequest<{ Params: EndpointParams<E>; Querystring: EndpointQuery<E>; Body: EndpointBody<E> }>;

/**
 * A handler returns the data (`data` endpoints), `{rows, total, summary?}` (`page` endpoints), or, for
 * `file` and `raw` endpoints, the reply it sent itself. The platform wraps data and pages in the
 * envelope, so handlers never build one. A `data` handler may answer `SerializedData` (its data already
 * encoded by the same contract, e.g. kept in a `JsonCache`): the serializer splices it in.
 */
export type EndpointHandler<E extends EndpointSpec> = (
  req: EndpointRequest<E>,
  reply: FastifyReply,
) => E extends { data: unknown }
  ? Promise<HandlerResult<E> | SerializedData> | HandlerResult<E> | SerializedData
  : E extends { page: unknown }
    ? Promise<HandlerResult<E>> | HandlerResult<E>
    : Promise<unknown> | unknown;

export type Handlers<R extends Record<string, Endpoint>> = { [K in keyof R]: EndpointHandler<R[K]> };

/** What the operation-log hook learns of one successful business call. */
export interface EndpointCall {
  req: FastifyRequest;
  endpoint: Endpoint;
  /** What the handler answered (for a download, the reply). */
  result: unknown;
  /** The record before the call, read with the resource's `detail` handler (update, delete, state transitions). */
  before: unknown;
  /** Reads the record after the call with the resource's `detail` handler (undefined when the resource has none). */
  readAfter?: () => Promise<unknown>;
}
/**
 * Records a call in the operation log; the audit module provides it (the platform imports no module).
 * `draft` writes the line inside the handler's business transaction (what is known before the handler
 * returns); the call itself then completes that line with the record after the call, or writes it when
 * the handler opened no transaction.
 */
export type EndpointAuditor = ((call: EndpointCall) => Promise<void>) & {
  draft?: (tx: Tx, call: Pick<EndpointCall, 'req' | 'endpoint' | 'before'>) => Promise<void>;
};

const WRITE_METHODS = new Set(['POST', 'PUT', 'DELETE', 'PATCH']);
/** Platform services and sessions: their services record what matters themselves (sign-in, password, ...). */
const UNAUDITED_MODULES = new Set(['platform', 'common', 'auth']);

/**
 * Whether a call of this endpoint goes to the operation log: every create, update, delete, state
 * transition, import and export of a business module (a write with a session, or an `export`), unless the
 * definition says `audit: false` (a preview, a check, marking a message read).
 */
export function audited(e: Endpoint): boolean {
  if (e.audit === false) return false;
  if (e.audit === true) return true;
  if (e.auth === 'none' || UNAUDITED_MODULES.has(e.id.split('.')[0])) return false;
  return WRITE_METHODS.has(e.method) || e.id.endsWith('.export');
}

/** The id a call names: the route parameter, else the body's `id`. */
function idOf(req: FastifyRequest): string | number | undefined {
  const params = req.params as Record<string, unknown> | undefined;
  const body = req.body as Record<string, unknown> | undefined;
  const id = params?.id ?? (body && typeof body === 'object' && !Array.isArray(body) ? body.id : undefined);
  return typeof id === 'number' || typeof id === 'string' ? id : undefined;
}

/** Calls a resource's `detail` handler for one id on behalf of the request (its caller, its tenancy). */
async function readDetail(detail: (req: FastifyRequest, reply: FastifyReply) => unknown, req: FastifyRequest, reply: FastifyReply, id: string | number) {
  const numeric = typeof id === 'string' && /^\d{1,15}$/.test(id) ? Number(id) : id;
  const as = Object.create(req, { params: { value: { id: numeric } }, query: { value: {} }, body: { value: undefined } }) as FastifyRequest;
  try {
    return await detail(as, reply);
  } catch {
    return undefined;
  }
}

/** The OpenAPI/validation schema of a definition. */
export function routeSchema(e: Endpoint): FastifySchema & { tags: string[]; summary: string; hide?: boolean; consumes?: string[] } {
  const response = e.data
    ? { 200: Envelope(e.data) }
    : e.page
      ? { 200: PageEnvelope(e.page, e.pageSummary) }
      : e.raw && e.raw !== true
        ? { 200: e.raw }
        : undefined;
  const consumes =
    e.bodyType === 'multipart'
      ? ['multipart/form-data']
      : e.bodyType === 'form'
        ? ['application/x-www-form-urlencoded']
        : e.bodyType === 'raw'
          ? ['application/offset+octet-stream']
          : undefined;
  return {
    tags: [e.tag],
    summary: e.summary,
    ...(e.description ? { description: e.description } : {}),
    ...(e.params ? { params: e.params } : {}),
    ...(e.query ? { querystring: e.query } : {}),
    ...(e.body && e.bodyType !== 'multipart' && e.bodyType !== 'raw' ? { body: e.body } : {}),
    ...(consumes ? { consumes } : {}),
    ...(response ? { response } : {}),
    ...(e.hidden ? { hide: true } : {}),
  };
}

/**
 * Registers the routes of a resource (or a module) from their definitions: one handler per endpoint,
 * checked by the compiler (a missing or extra handler does not compile). The route carries its
 * definition, so the auth hook and the route table read the access rule from it.
 */
export function registerEndpoints<R extends Record<string, Endpoint>>(app: FastifyInstance, endpoints: R, handlers: Handlers<R>): void {
  const all = handlers as Record<string, (req: FastifyRequest, reply: FastifyReply) => unknown>;
  // The resource's `detail` (GET .../:id) reads a record before and after a write, for the operation log.
  const detailSpec = (endpoints as Record<string, Endpoint>).detail;
  const detail = detailSpec && detailSpec.method === 'GET' && detailSpec.path.includes(':id') && detailSpec.data ? all.detail : undefined;
  for (const [name, e] of Object.entries(endpoints)) {
    const base = all[name];
    if (!base) throw new Error(`${e.method} ${e.url}: no handler for ${e.id}`);
    const handler = !audited(e)
      ? base
      : async (req: FastifyRequest, reply: FastifyReply) => {
          const id = detail && name !== 'create' ? idOf(req) : undefined;
          const before = id !== undefined && detail ? await readDetail(detail, req, reply, id) : undefined;
          const scope = scopeOf(req);
          const draft = app.endpointAuditor?.draft;
          // The log line goes into the handler's first transaction (request-scope.ts: withRequestTransactions).
          if (scope && draft) scope.beforeCommit = (tx) => draft(tx, { req, endpoint: e, before });
          let result: unknown;
          try {
            result = await base(req, reply);
          } finally {
            if (scope) scope.beforeCommit = undefined;
          }
          const auditor = app.endpointAuditor;
          if (auditor) {
            const after = id ?? (result && typeof result === 'object' && 'id' in result ? (result as { id: unknown }).id : undefined);
            await auditor({
              req,
              endpoint: e,
              result,
              before,
              // An endpoint answering with the record as `detail` shows it (a create or update of most
              // resources) has already read it, inside its transaction: the log takes that answer
              // instead of reading the record again after the commit (three queries for a germplasm).
              readAfter:
                detail && (typeof after === 'number' || typeof after === 'string')
                  ? e.data === detailSpec!.data
                    ? async () => result
                    : () => readDetail(detail, req, reply, after)
                  : undefined,
            });
          }
          return result;
        };
    app.route({
      method: e.method,
      url: e.url,
      config: { auth: e.auth, permission: e.permission, scope: e.scope, endpoint: e },
      schema: routeSchema(e),
      handler: async (req, reply) => {
        const result = await handler(req, reply);
        if (e.data) return ok(req, result);
        if (e.page) {
          const p = result as { rows: unknown[]; total: number; totalCapped?: boolean; summary?: Record<string, unknown> };
          return page(req, p.rows, p.total, p.summary, p.totalCapped);
        }
        return result;
      },
    });
  }
}
