import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import pg from 'pg';

/** Tables are imported where they are used; drizzle's relational query API (which needs them all here) is not used. */
export type Schema = Record<string, never>;
const schema: Schema = {};
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** A database handle or an open transaction: services accept either so they compose. */
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** True when this process created the embedded database (used to decide on demo data). */
  created: boolean;
  /** Applies the committed migrations, then runs `after` (reference data, seeding) under the same lock. */
  migrate(after?: (db: Db) => Promise<void>): Promise<void>;
  /** Runs `fn` holding the migration lock (set-up that processes starting together must not run at once). */
  withLock<T>(fn: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** A copy of an embedded database's files (tests clone a prepared database from it). */
  dump?(): Promise<Blob>;
  /** Raw SQL for infrastructure (job queue, health): rows as plain objects. */
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  /** pg-boss's database adapter: one self-contained SQL text (several statements allowed without values). */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

const migrationsFolder = path.resolve(import.meta.dirname, '../../drizzle');
/** Arbitrary constant: several API processes starting together must not migrate at the same time. */
const MIGRATION_LOCK_KEY = 7_104_227_911;

export interface OpenOptions {
  databaseUrl?: string;
  dataDir?: string;
  poolSize?: number;
  /** PostgreSQL: name the statements this process runs often, so each connection parses them once (default true). */
  prepared?: boolean;
  /** An in-memory PGlite, optionally restored from a dump (tests). */
  memory?: { loadDataDir?: Blob | File };
}

/** Opens the embedded PGlite database (default) or PostgreSQL when a URL is given: one code path. */
export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl, opts.poolSize ?? 10, opts.prepared ?? true);
  return openPglite(opts);
}

/** Trigram indexes for keyword search (migration 0010 creates the extension where it is available). */
const extensions = { pg_trgm };

async function openPglite(opts: OpenOptions): Promise<Database> {
  let client: PGlite;
  let created = false;
  if (opts.memory) {
    client = await PGlite.create(opts.memory.loadDataDir ? { loadDataDir: opts.memory.loadDataDir, extensions } : { extensions });
    created = !opts.memory.loadDataDir;
  } else {
    const dir = path.join(opts.dataDir ?? './data', 'pglite');
    created = !fs.existsSync(path.join(dir, 'PG_VERSION'));
    fs.mkdirSync(dir, { recursive: true });
    client = await PGlite.create(dir, { extensions });
  }
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    created,
    // One process owns an embedded database, so no lock is needed.
    migrate: async (after) => {
      await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder });
      if (after) await after(db);
    },
    withLock: (fn) => fn(),
    close: () => client.close(),
    dump: () => client.dumpDataDir('none'),
    query: async <T>(text: string, params?: unknown[]) => (await client.query<T>(text, params)).rows,
    executeSql: async (text, values) => {
      if (values && values.length) return { rows: (await client.query(text, values)).rows };
      const results = await client.exec(text);
      return { rows: results.at(-1)?.rows ?? [] };
    },
  };
}

/**
 * Planner settings of the API's PostgreSQL sessions (an `options` parameter in DATABASE_URL replaces
 * them). The API's statements read a page of rows through indexes, many at once: a parallel plan starts
 * worker processes for each (and weighing one is planning time), and Memoize, a cache for repeated inner
 * lookups of a nested loop, costs more to weigh and to set up than the twenty lookups of a page save. The
 * ledger's page took 4.1 ms to plan and 6.5 ms to run with them, 1.8 ms and 0.3 ms without (200,000
 * accessions, 1,000,000 ledger rows; docs/performance.md).
 */
const SESSION_OPTIONS = '-c enable_memoize=off -c max_parallel_workers_per_gather=0';

/** A statement is named once this process has sent its text this many times. */
export const PREPARE_AFTER = 3;
/** At most this many texts are named per process (each connection keeps the ones it has run). */
export const PREPARED_MAX = 200;

/**
 * Named prepared statements for the statements this process sends often. A statement with parameters
 * that has been sent `PREPARE_AFTER` times gets a name derived from its text; each connection then parses
 * and analyses it once, and PostgreSQL may keep a generic plan for it (plan_cache_mode auto: after five
 * runs, when the generic plan costs no more than the custom ones: a record read by id, the session, the
 * ancestry). Statements with a `LIMIT $n` (every list's page and capped count) keep custom plans, since a
 * generic plan cannot know the limit; the planner sees each keyword and filter value. At most
 * `PREPARED_MAX` texts per process, so a connection's statement cache stays bounded. Statements without
 * parameters keep the simple protocol (they may hold several commands). `DATABASE_PREPARED=off` turns this
 * off (e.g. behind a connection pooler in transaction mode without prepared statement support).
 */
export function prepareFrequentStatements(pool: pg.Pool): void {
  const sent = new Map<string, number>();
  const names = new Map<string, string>();
  const nameOf = (text: string): string | undefined => {
    const name = names.get(text);
    if (name !== undefined || names.size >= PREPARED_MAX) return name;
    const n = (sent.get(text) ?? 0) + 1;
    if (n < PREPARE_AFTER) {
      // Texts seen fewer times are forgotten in bulk, so one-off statements do not pile up.
      if (sent.size >= 2_000) sent.clear();
      sent.set(text, n);
      return undefined;
    }
    sent.delete(text);
    const named = `bw_${createHash('sha1').update(text).digest('base64url')}`;
    names.set(text, named);
    return named;
  };
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as unknown as { query: (...args: unknown[]) => unknown }).query = (config: unknown, ...rest: unknown[]) => {
      // (text, values, callback) or ({text, values, ...}, values?, callback?), as pg takes them.
      const c = (typeof config === 'string' ? { text: config } : config) as { text?: unknown; values?: unknown[]; name?: string } | null;
      if (c && typeof c === 'object' && !c.name && typeof c.text === 'string') {
        const values = Array.isArray(rest[0]) ? rest[0] : c.values;
        const name = values?.length ? nameOf(c.text) : undefined;
        if (name) return query({ ...c, name }, ...rest);
      }
      return query(config, ...rest);
    };
  });
}

/**
 * One statement at a time per connection, in the order they were asked. Reads started together on a
 * transaction (`Promise.all` in a service called with `tx`, e.g. the survey sheet while the demo is
 * seeded) share its one connection; node-postgres queues them itself but deprecates that (pg 8.16: "Calling
 * client.query() when the client is already executing a query", removed in pg 9). Here each promise-style
 * call waits for the previous one of its connection instead. Calls with a callback, and submittables
 * (cursors, COPY streams), go straight through. Registered after `prepareFrequentStatements`, so it wraps it.
 */
export function queueClientStatements(pool: pg.Pool): void {
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    let last: Promise<unknown> = Promise.resolve();
    (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
      const first = args[0] as { submit?: unknown } | string | null;
      if (args.some((a) => typeof a === 'function') || (first && typeof first === 'object' && typeof first.submit === 'function')) return query(...args);
      const run = () => query(...args) as Promise<unknown>;
      const next = last.then(run, run);
      last = next.then(
        () => undefined,
        () => undefined,
      );
      return next;
    };
  });
}

async function openPostgres(url: string, poolSize: number, prepared: boolean): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, application_name: 'breedwise', options: SESSION_OPTIONS });
  if (prepared) prepareFrequentStatements(pool);
  queueClientStatements(pool);
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it. Queries in flight report their own error.
  });
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    created: false,
    migrate: async (after) => {
      const conn = await pool.connect();
      try {
        await conn.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        await migratePg(drizzlePg(conn, { schema }), { migrationsFolder });
        if (after) await after(drizzlePg(conn, { schema }) as unknown as Db);
      } finally {
        await conn.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
        conn.release();
      }
    },
    withLock: async (fn) => {
      const conn = await pool.connect();
      try {
        await conn.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        return await fn();
      } finally {
        await conn.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
        conn.release();
      }
    },
    close: () => pool.end(),
    query: async <T>(text: string, params?: unknown[]) => (await pool.query(text, params as unknown[])).rows as T[],
    executeSql: async (text, values) => ({ rows: (await pool.query(text, values as unknown[])).rows }),
  };
}
