import { AsyncLocalStorage, AsyncResource } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** What the platform notes about one request while it runs, wherever in the call tree that happens. */
export interface RequestScope {
  /** Tables queried with the organisation condition (`inOrg`): where a 404 may hide a foreign row. */
  orgTables: Set<object>;
  /** A service wrote its own operation-log record: the endpoint hook adds none. */
  audited?: boolean;
}

const storage = new AsyncLocalStorage<RequestScope>();
const resourceOf = new WeakMap<FastifyRequest, AsyncResource>();

/** The scope of the request being served, or undefined outside one (jobs, start-up). */
export const requestScope = (): RequestScope | undefined => storage.getStore();

const scopes = new WeakMap<FastifyRequest, RequestScope>();
/** The scope noted for a request (read in its onResponse hook). */
export const scopeOf = (req: FastifyRequest): RequestScope | undefined => scopes.get(req);

/**
 * Runs every request in its own scope. Reading the body leaves the async context the request started
 * in, so validation and the handler re-enter it (as @fastify/request-context does). Register first.
 */
export function installRequestScope(app: FastifyInstance) {
  app.addHook('onRequest', (req, _reply, done) => {
    const scope: RequestScope = { orgTables: new Set() };
    scopes.set(req, scope);
    storage.run(scope, () => {
      resourceOf.set(req, new AsyncResource('bw-request-scope'));
      done();
    });
  });
  app.addHook('preValidation', (req, _reply, done) => {
    const resource = resourceOf.get(req);
    if (resource) resource.runInAsyncScope(done, req.raw);
    else done();
  });
}
