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
import { ok, page } from './reply';

/** The request a handler receives: params, query and body as the endpoint's schemas parse them. */
export type EndpointRequest<E extends EndpointSpec> = FastifyRequest<{ Params: EndpointParams<E>; Querystring: EndpointQuery<E>; Body: EndpointBody<E> }>;

/**
 * A handler returns the data (`data` endpoints), `{rows, total, summary?}` (`page` endpoints), or, for
 * `file` and `raw` endpoints, the reply it sent itself. The platform wraps data and pages in the
 * envelope, so handlers never build one.
 */
export type EndpointHandler<E extends EndpointSpec> = (
  req: EndpointRequest<E>,
  reply: FastifyReply,
) => E extends { data: unknown } | { page: unknown } ? Promise<HandlerResult<E>> | HandlerResult<E> : Promise<unknown> | unknown;

export type Handlers<R extends Record<string, Endpoint>> = { [K in keyof R]: EndpointHandler<R[K]> };

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
  for (const [name, e] of Object.entries(endpoints)) {
    const handler = (handlers as Record<string, (req: FastifyRequest, reply: FastifyReply) => unknown>)[name];
    if (!handler) throw new Error(`${e.method} ${e.url}: no handler for ${e.id}`);
    app.route({
      method: e.method,
      url: e.url,
      config: { auth: e.auth, permission: e.permission, scope: e.scope, endpoint: e },
      schema: routeSchema(e),
      handler: async (req, reply) => {
        const result = await handler(req, reply);
        if (e.data) return ok(req, result);
        if (e.page) {
          const p = result as { rows: unknown[]; total: number; summary?: Record<string, unknown> };
          return page(req, p.rows, p.total, p.summary);
        }
        return result;
      },
    });
  }
}
