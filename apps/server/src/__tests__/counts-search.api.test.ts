import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../test/harness';
import { inventoryFixture } from '../modules/germ/testing';

/**
 * Issue 12 item 8: page totals that stay cheap on large tables (sys_tally, kept by statement-level
 * triggers per organisation and crop) and keyword search through trigram indexes (pg_trgm).
 */
let t: TestApp, api: string, admin: string, breeder: string, outsider: string, newLot: Awaited<ReturnType<typeof inventoryFixture>>['newLot'];
beforeAll(async () => {
  ({ t, api, admin, breeder, outsider, newLot } = await inventoryFixture());
});
afterAll(() => t.close());

const total = async (path: string, token: string, query: Record<string, string | number> = {}) => {
  const res = await t.call('GET', `${api}/${path}`, { token, query: { pageNum: 1, pageSize: 5, ...query } });
  expect(res.status, res.text).toBe(200);
  return res.body.total as number;
};
/** The exact counts of the demo organisation's maize, counted the slow way. */
async function counted() {
  const [row] = await t.database.query<{ g: string; l: string; x: string }>(`
    with c as (select c.id, c.org_id from sys_crop c join sys_org o on o.id = c.org_id where o.code = 'demo' and c.code = 'maize')
    select (select count(*) from germ_germplasm g, c where g.org_id = c.org_id and g.crop_id = c.id) as g,
           (select count(*) from germ_lot l, c where l.org_id = c.org_id and l.crop_id = c.id) as l,
           (select count(*) from germ_lot_txn x join germ_lot l on l.id = x.lot_id, c where l.org_id = c.org_id and l.crop_id = c.id) as x`);
  return { germplasm: Number(row.g), lots: Number(row.l), ledger: Number(row.x) };
}
async function pageTotals(token = breeder) {
  return { germplasm: await total('germplasm/page', token), lots: await total('lot/page', token), ledger: await total('lot/transactions', token) };
}

describe('page totals from sys_tally', () => {
  it('equal the exact counts, through creates, imports, movements and deletes', async () => {
    expect(await pageTotals()).toEqual(await counted());
    const created = [];
    for (let i = 0; i < 3; i++) {
      const res = await t.call('POST', `${api}/germplasm/create`, { token: admin, body: { accessionNo: `TALLY-${i}`, name: `Tally ${i}`, type: 'inbred' } });
      expect(res.status).toBe(200);
      created.push(res.body.data.id as number);
    }
    const lot = await newLot(50);
    for (const kind of ['deposit', 'withdraw']) {
      expect((await t.call('POST', `${api}/lot/${kind}`, { token: admin, body: { lotId: lot.id, quantity: 5 } })).status).toBe(200);
    }
    expect((await t.call('DELETE', `${api}/germplasm/${created[0]}`, { token: admin })).status).toBe(200);
    const now = await counted();
    expect(await pageTotals()).toEqual(now);
    // Another organisation's totals are its own.
    expect(await total('germplasm/page', outsider)).toBe(0);
  });

  it('answer a list without a filter from the tally, and count when a filter is set', async () => {
    const exact = await counted();
    // Shift the tally behind the triggers' back: the unfiltered total shows it, a filtered one does not.
    await t.database.query(`
      insert into sys_tally (table_name, org_id, crop_id, shard, n)
      select 'germ_germplasm', c.org_id, c.id, 0, 1000 from sys_crop c join sys_org o on o.id = c.org_id where o.code = 'demo' and c.code = 'maize'
      on conflict (table_name, org_id, crop_id, shard) do update set n = sys_tally.n + 1000`);
    try {
      expect(await total('germplasm/page', breeder)).toBe(exact.germplasm + 1000);
      const byKeyword = await total('germplasm/page', breeder, { keyword: 'TALLY-' });
      expect(byKeyword).toBe(2);
    } finally {
      await t.database.query(`update sys_tally set n = n - 1000 where table_name = 'germ_germplasm' and shard = 0 and n >= 1000`);
    }
    expect(await total('germplasm/page', breeder)).toBe(exact.germplasm);
  });
});

describe('keyword search through trigram indexes', () => {
  it('has pg_trgm and indexes the searched columns', async () => {
    const ext = await t.database.query(`select extname from pg_extension where extname = 'pg_trgm'`);
    expect(ext).toHaveLength(1);
    const indexes = (await t.database.query<{ indexname: string }>(`select indexname from pg_indexes where indexname like '%_trgm'`)).map((r) => r.indexname);
    expect(indexes).toEqual(
      expect.arrayContaining(['germ_germplasm_accession_trgm', 'germ_germplasm_name_trgm', 'germ_germplasm_search_trgm', 'germ_lot_no_trgm']),
    );
  });

  it('keeps the pending list of every GIN index at 256 kB (migration 0036), so searches never read megabytes of unsorted entries', async () => {
    const rows = await t.database.query<{ name: string; options: string[] | null }>(
      `select c.relname as name, c.reloptions as options from pg_index i join pg_class c on c.oid = i.indexrelid
         join pg_am a on a.oid = c.relam where a.amname = 'gin' and c.relnamespace = current_schema()::regnamespace order by 1`,
    );
    expect(rows.map((r) => r.name)).toEqual(expect.arrayContaining(['germ_germplasm_grams', 'germ_germplasm_search_trgm', 'germ_lot_no_trgm']));
    for (const r of rows) expect(r.options, r.name).toContain('gin_pending_list_limit=256');
  });

  it('plans an infix keyword search of the germplasm list as a trigram index scan', async () => {
    // The test tables are small, so the planner would scan them; with that priced out, what remains is
    // the trigram indexes (without them the plan is still a sequential scan).
    const plan = await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const res = await tx.execute(sql`
        explain select id from germ_germplasm where
          search_text ilike '%ALLY-1%' or accession_no ilike '%ALLY-1%' or name ilike '%ALLY-1%'`);
      return (res as unknown as { rows: Record<string, string>[] }).rows.map((r) => Object.values(r)[0]).join('\n');
    });
    for (const index of ['germ_germplasm_accession_trgm', 'germ_germplasm_name_trgm', 'germ_germplasm_search_trgm']) expect(plan).toContain(index);
    expect(plan).not.toMatch(/Seq Scan/);
  });

  it('finds by infix keyword, case-insensitively', async () => {
    expect(await total('germplasm/page', breeder, { keyword: 'ally-2' })).toBe(1);
    expect(await total('germplasm/page', breeder, { keyword: 'ALLY' })).toBe(2);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)("the API's PostgreSQL sessions", () => {
  it('plan without parallel workers or Memoize (a page of index lookups; db/client.ts)', async () => {
    const rows = await t.database.query<{ memoize: string; parallel: string }>(
      `select current_setting('enable_memoize') as memoize, current_setting('max_parallel_workers_per_gather') as parallel`,
    );
    expect(rows[0]).toEqual({ memoize: 'off', parallel: '0' });
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('named prepared statements for frequent statements (db/client.ts)', () => {
  it('names a statement with parameters once it has been sent PREPARE_AFTER times, and only those', async () => {
    const { default: pg } = await import('pg');
    const { PREPARE_AFTER, prepareFrequentStatements } = await import('../db/client');
    const pool = new pg.Pool({ connectionString: t.databaseUrl, max: 1 });
    prepareFrequentStatements(pool);
    try {
      const named = async () => (await pool.query<{ name: string; generic_plans: string }>(`select name, generic_plans from pg_prepared_statements`)).rows;
      for (let i = 1; i < PREPARE_AFTER; i++) expect((await pool.query('select $1::int + 1 as n', [i])).rows[0].n).toBe(i + 1);
      expect(await named()).toEqual([]);
      for (let i = 0; i < 8; i++) expect((await pool.query('select $1::int + 1 as n', [i])).rows[0].n).toBe(i + 1);
      const [statement] = await named();
      expect(statement.name).toMatch(/^bw_/);
      expect(Number(statement.generic_plans)).toBeGreaterThan(0); // planned once, then reused
      // Without parameters: the simple protocol, several commands in one text still allowed.
      for (let i = 0; i < PREPARE_AFTER + 1; i++) await pool.query('select 1; select 2');
      expect(await named()).toHaveLength(1);
    } finally {
      await pool.end();
    }
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('statements started together on one connection (db/client.ts)', () => {
  it('run one after the other in the order asked, without the driver queueing them (deprecated in pg 8.16)', async () => {
    const { default: pg } = await import('pg');
    const { queueClientStatements } = await import('../db/client');
    const pool = new pg.Pool({ connectionString: t.databaseUrl, max: 1 });
    queueClientStatements(pool);
    const warnings: string[] = [];
    const onWarning = (w: Error) => warnings.push(w.message);
    process.on('warning', onWarning);
    const client = await pool.connect();
    try {
      await client.query('create temporary table queued (n int)');
      // A failing statement in the middle does not stop the ones after it.
      const results = await Promise.allSettled([
        client.query('insert into queued values ($1)', [1]),
        client.query('select pg_sleep(0.05)'),
        client.query('select 1 / $1::int', [0]),
        client.query('insert into queued values ($1)', [2]),
        client.query('select array_agg(n order by n) as ns from queued'),
      ]);
      expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
      expect((results[4] as PromiseFulfilledResult<{ rows: { ns: number[] }[] }>).value.rows[0].ns).toEqual([1, 2]);
      await new Promise((r) => setImmediate(r));
      expect(warnings.filter((w) => w.includes('already executing a query'))).toEqual([]);
    } finally {
      process.off('warning', onWarning);
      client.release();
      await pool.end();
    }
  });
});
