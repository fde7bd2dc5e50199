import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readPlink, selectSamples } from '@breedwise/genomics';
import { createTestApp, waitForTask, type TestApp } from '../../../test/harness';
import { multipartFiles } from './gs-test-data';
import { plinkZip } from '../gs-fixtures';
import { DEMO_GCA_NAME, DEMO_HYBRID_NAME, seedGsDemo } from '../seed';

let t: TestApp;
let admin: string;
let dir: string;
const en = { 'accept-language': 'en' };
const root = path.resolve(__dirname, '../../../../../..');
/** The small Technow hybrid set committed with the engine (30 dent x 25 flint parents, 324 hybrids). */
const FIX = path.join(root, 'packages/genomics/test-data/hybrid/small');
const call = (method: string, url: string, body?: unknown, headers = en) => t.call(method, `/api/gs/api${url}`, { token: admin, body, headers });

const pedigree = new Map(
  fs
    .readFileSync(path.join(FIX, 'hybrid_pedigree.csv'), 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((l) => l.split(','))
    .map(([h, f, m]) => [h, [f, m] as const]),
);
const phenoRows = fs
  .readFileSync(path.join(FIX, 'hybrid_pheno.csv'), 'utf8')
  .trim()
  .split('\n')
  .slice(1)
  .map((l) => l.split(','));

/**
 * `gs hybrid` on the given phenotype table (first column the hybrid; the parents are added from the
 * pedigree): each pool's parents as its own PLINK .zip, as the CLI takes them.
 */
function cliHybrid(header: string[], rows: string[][], trait: string, fixed: string[] = []): any {
  const g = readPlink(path.join(FIX, 'hybrid_parents.zip'));
  const females = new Set([...pedigree.values()].map((p) => p[0]));
  const males = new Set([...pedigree.values()].map((p) => p[1]));
  const pool = (set: Set<string>) =>
    selectSamples(
      g,
      g.samples.flatMap((s, i) => (set.has(s) ? [i] : [])),
    );
  fs.writeFileSync(path.join(dir, 'pool1.zip'), plinkZip(pool(females), 'pool1'));
  fs.writeFileSync(path.join(dir, 'pool2.zip'), plinkZip(pool(males), 'pool2'));
  const lines = [['female', 'male', ...header].join(','), ...rows.map((r) => [...pedigree.get(r[0])!, ...r].join(','))];
  fs.writeFileSync(path.join(dir, 'cli_pheno.csv'), lines.join('\n') + '\n');
  const out = path.join(dir, `cli-${Math.random().toString(16).slice(2)}.json`);
  execFileSync(
    path.join(root, 'node_modules/.bin/tsx'),
    [
      path.join(root, 'packages/genomics/src/cli.ts'),
      'hybrid',
      ...['--pool1', path.join(dir, 'pool1.zip'), '--pool2', path.join(dir, 'pool2.zip'), '--pheno', path.join(dir, 'cli_pheno.csv')],
      ...['--trait', trait, '--parent1-col', 'female', '--parent2-col', 'male'],
      ...fixed.flatMap((f) => ['--fixed', f]),
      ...['--out', out],
    ],
    { cwd: root, stdio: 'pipe' },
  );
  return JSON.parse(fs.readFileSync(out, 'utf8'));
}

function expectEngineNumbers(d: any, ref: any) {
  expect(d.n).toBe(ref.n);
  expect(d.varGca1).toBe(ref.varGca1);
  expect(d.varGca2).toBe(ref.varGca2);
  expect(d.varSca).toBe(ref.varSca);
  expect(d.varE).toBe(ref.varE);
  expect(d.logLik).toBe(ref.logLik);
  expect(d.iterations).toBe(ref.iterations);
  expect(d.intercept).toBe(ref.beta[0].value);
  const g1 = new Map(ref.gca1.map((g: { id: string; value: number }) => [g.id, g.value]));
  const g2 = new Map(ref.gca2.map((g: { id: string; value: number }) => [g.id, g.value]));
  expect(d.gca1).toHaveLength(ref.gca1.length);
  expect(d.gca2).toHaveLength(ref.gca2.length);
  for (const g of d.gca1) expect(g.value).toBe(g1.get(g.id));
  for (const g of d.gca2) expect(g.value).toBe(g2.get(g.id));
  const sca = new Map(ref.sca.map((s: { cross: string; value: number }) => [s.cross, s.value]));
  expect(d.sca).toHaveLength(ref.sca.length);
  for (const s of d.sca) expect(s.value).toBe(sca.get(`${s.parent1}:${s.parent2}`));
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gs-gca-demo-'));
}, 120_000);
afterAll(async () => {
  await t.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('demo hybrid dataset', () => {
  it('the demo organisation gets the Technow maize set with a finished GCA task whose numbers are the engine’s', async () => {
    const found = (await t.db.execute(`select id from sys_org where code = 'demo'`)) as unknown as { rows: { id: number }[] };
    const orgId = found.rows[0]!.id;
    const crops = (await t.db.execute(`select id, code from sys_crop where org_id = ${orgId}`)) as unknown as { rows: { id: number; code: string }[] };
    const users = (await t.db.execute(`select id from sys_user where username = 'admin'`)) as unknown as { rows: { id: number }[] };
    const started = Date.now();
    await seedGsDemo(
      t.db,
      { orgId, crops: Object.fromEntries(crops.rows.map((c) => [c.code, c.id])), users: { admin: users.rows[0]!.id } },
      { storage: t.app.storage, config: t.app.config },
    );
    console.info(`gs demo seed (wheat and hybrid): ${((Date.now() - started) / 1000).toFixed(2)} s`);

    const [ds] = (await call('GET', `/ds/page?keyword=${encodeURIComponent(DEMO_HYBRID_NAME)}`)).body.rows;
    expect(ds).toMatchObject({ type: 'hybrid', sampleCount: 55, snpCount: 1774, traitCodes: ['GY', 'GM'], origin: 'upload' });
    expect(ds.buildId).not.toBeNull();
    const detail = (await call('GET', `/ds/detail/${ds.id}`)).body.data;
    expect(detail.hybrid).toMatchObject({ hybrids: 324, testedCrosses: 324, possibleCrosses: 750 });

    const [gca] = (await call('GET', `/predict/gca-page?datasetId=${ds.id}`)).body.rows;
    expect(gca).toMatchObject({ name: DEMO_GCA_NAME, status: 'finished', traitCode: 'GY', sca: true, pool1Count: 30, pool2Count: 25, untestedCount: 426 });
    const d = (await call('GET', `/predict/gca-data?id=${gca.id}`)).body.data;
    expectEngineNumbers(d, cliHybrid(['hybrid', 'GY', 'GM'], phenoRows, 'GY'));
    const fig = (await call('GET', `/predict/gca-figure?id=${gca.id}`)).body.data;
    expect(fig.cells).toHaveLength(750);
    const untested = (await call('GET', `/predict/gca-prediction-result?id=${gca.id}&pageSize=5`)).body;
    expect(untested.total).toBe(426);
  }, 240_000);
});

describe('GCA fixed effects', () => {
  let datasetId: number;
  // Every hybrid observed at two locations; L2 yields about 5 more.
  const header = ['hybrid', 'location', 'GY', 'GM'];
  const rows = phenoRows.flatMap((r, i) => [
    [r[0], 'L1', r[1], r[2]],
    [r[0], 'L2', (Number(r[1]) + 5 + ((i * 37) % 11) / 10).toFixed(2), r[2]],
  ]);

  beforeAll(async () => {
    const csv = [header.join(','), ...rows.map((r) => r.join(','))].join('\n') + '\n';
    const { payload, headers } = multipartFiles({ name: 'Two locations', type: 'hybrid' }, [
      { field: 'phenotype', name: 'two_locations.csv', content: Buffer.from(csv) },
      { field: 'genotype', name: 'hybrid_parents.zip', content: fs.readFileSync(path.join(FIX, 'hybrid_parents.zip')) },
      { field: 'pedigree', name: 'hybrid_pedigree.csv', content: fs.readFileSync(path.join(FIX, 'hybrid_pedigree.csv')) },
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/gs/api/ds/create?traitCodes=GY&traitCodes=GM',
      headers: { ...headers, ...en, token: admin },
      payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    datasetId = res.json().data.id;
  }, 120_000);

  it('gca-columns lists the phenotype file’s other columns with their levels', async () => {
    const res = await call('GET', `/predict/gca-columns?datasetId=${datasetId}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ fileName: 'two_locations.csv', columns: [{ name: 'location', levels: ['L1', 'L2'], missing: 0 }] });
  });

  it('refuses columns that are not in the file, the hybrid column, a trait, or have missing levels', async () => {
    for (const column of ['site', 'hybrid', 'GM']) {
      const r = await call('POST', '/predict/createGcaTask', { name: `Bad ${column}`, datasetId, traitCode: 'GY', fixedEffects: [column] });
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ errorCode: 'GS_GCA_FIXED_UNKNOWN' });
      expect(r.body.msg).toContain(column);
      expect(r.body.msg).toContain('two_locations.csv');
    }
    const zh = await call(
      'POST',
      '/predict/createGcaTask',
      { name: 'Bad zh', datasetId, traitCode: 'GY', fixedEffects: ['site'] },
      { 'accept-language': 'zh-CN' },
    );
    expect(zh.body.msg).toContain('固定效应 site');
    const many = await call('POST', '/predict/createGcaTask', { name: 'Too many', datasetId, traitCode: 'GY', fixedEffects: ['a', 'b', 'c', 'd', 'e', 'f'] });
    expect(many.status).toBe(400);
    expect(many.body.errors[0].field).toBe('fixedEffects');
    const list = (await call('GET', `/predict/gca-page?datasetId=${datasetId}`)).body;
    expect(list.total).toBe(0);
  });

  it('fits location as a fixed effect in the job; the numbers are those of `gs hybrid --fixed location`', async () => {
    const created = await call('POST', '/predict/createGcaTask', { name: 'GY by location', datasetId, traitCode: 'GY', fixedEffects: ['location'] });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const task = await waitForTask(t, admin, created.body.data.taskId, 180_000);
    expect(task.status, task.message).toBe('succeeded');
    const row = (await call('GET', `/predict/gca-detail/${created.body.data.id}`)).body.data;
    expect(row).toMatchObject({ status: 'finished', fixedEffects: ['location'] });
    const d = (await call('GET', `/predict/gca-data?id=${created.body.data.id}`)).body.data;
    const ref = cliHybrid(header, rows, 'GY', ['location']);
    expect(ref.beta.length).toBe(2);
    expectEngineNumbers(d, ref);
    expect(d.n).toBe(648);
    // Without the location effect the fit differs (the location shift goes to the residual).
    const plain = cliHybrid(header, rows, 'GY');
    expect(plain.varE).not.toBe(d.varE);
  }, 240_000);
});
