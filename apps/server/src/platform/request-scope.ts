import { AsyncLocalStorage, AsyncResource } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db, Tx } from '../db/client';

/** What the platform notes about one request while it runs, wherever in the call tree that happens. */
export interface RequestScope {
  /** Tables queried with the organisation condition (`inOrg`): where a 404 may hide a foreign row. */
  orgTables: Set<object>;
  /** A service wrote its own operation-log record: the endpoint hook adds none. */
  audited?: boolean;
  /**
   * Set while an audited endpoint's handler runs: the first transaction the handler opens on the
   * database writes the operation-log line inside itself, just before it commits (see `withRequestTransactions`).
   */
  beforeCommit?: (tx: Tx) => Promise<void>;
  /** The operation-log line written inside the business transaction, completed after the handler returns. */
  auditRowId?: number;
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

/**
 * The database handle every module uses, made aware of the request: when an audited endpoint's handler
 * opens a transaction (`db.transaction(fn)`), the operation-log line is written inside that transaction
 * after `fn` succeeds, so the business change and its log line commit together or not at all (issue 14
 * item 12). Only the first transaction of the handler carries it; nested transactions (savepoints on
 * `tx`) and everything outside a request (jobs, start-up) go to the database unchanged.
 */
const PROXIED = Symbol('bw-request-transactions');

export function withRequestTransactions(db: Db): Db {
  // Already wrapped, or a stand-in without transactions (the offline OpenAPI build).
  if (typeof db?.transaction !== 'function' || (db as unknown as Record<symbol, boolean>)[PROXIED]) return db;
  const transaction = db.transaction.bind(db) as Db['transaction'];
  const wrapped: Db['transaction'] = (fn, config) =>
    transaction(async (tx) => {
      const result = await fn(tx);
      const scope = storage.getStore();
      const hook = scope?.beforeCommit;
      if (scope && hook) {
        // Claimed before the write: a second transaction of the same handler does not write it again.
        scope.beforeCommit = undefined;
        await hook(tx);
      }
      return result;
    }, config);
  return new Proxy(db, {
    get(target, prop) {
      if (prop === PROXIED) return true;
      if (prop === 'transaction') return storage.getStore()?.beforeCommit ? wrapped : transaction;
      const value = Reflect.get(target, prop, target) as unknown;
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
