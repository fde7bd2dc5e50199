import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUserWithMenus, type TestApp } from '../../../test/harness';

let t: TestApp;
let admin: string;
let outsider: string;
const en = { 'accept-language': 'en' };
const root = path.resolve(__dirname, '../../../../../..');
const FIX = path.join(root, 'packages/genomics/test-data/hybrid/small');
const call = (method: string, url: string, opts: { token?: string; form?: Record<string, string> } = {}) =>
  t.call(method, `/api/gs/api/gws${url}`, { token: opts.token ?? admin, headers: en, form: opts.form });
const setBuild = (buildId: number) => call('POST', '/changeBuild/setCurrentBuildId', { form: { currentBuildId: String(buildId) } });

/** A multipart body with text fields and several files (the gs dataset form). */
function multipartFiles(fields: Record<string, string>, files: Array<{ field: string; name: string; content: Buffer }>) {
  const boundary = `----gws${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  for (const f of files) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${f.field}"; filename="${f.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    );
    parts.push(f.content, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  const found = (await t.db.execute(`select id from sys_org where code = 'demo'`)) as unknown as { rows: { id: number }[] };
  await createUserWithMenus(t.db, found.rows[0]!.id, 'gws-outsider', []);
  outsider = await t.login('gws-outsider');
}, 120_000);
afterAll(async () => {
  await t.close();
});

describe('gws lists', () => {
  it('refuse callers without a session (401) or without gs:dataset:list (403)', async () => {
    for (const url of ['/get-build-list', '/get-panel-list', '/get-project-list']) {
      const anon = await t.call('GET', `/api/gs/api/gws${url}`, { headers: en });
      expect(anon.status, url).toBe(401);
      const denied = await call('GET', url, { token: outsider });
      expect(denied.status, url).toBe(403);
    }
  });

  it('get-build-list: the crop’s builds with descriptions, the current one marked; panels follow the current build', async () => {
    const before = (await call('GET', '/get-build-list')).body.data;
    expect(before.cropId).not.toBeNull();
    expect(before.rows.length).toBeGreaterThanOrEqual(2);
    expect(before.rows.filter((r: { current: boolean }) => r.current)).toHaveLength(1);
    expect(before.rows.find((r: { current: boolean }) => r.current).buildId).toBe(before.currentBuildId);
    const [first, second] = before.rows;
    if (before.currentBuildId !== first.buildId) {
      expect((await setBuild(first.buildId)).status).toBe(200);
    }

    // A dataset records the current build: its PLINK file is a panel of that build.
    const { payload, headers } = multipartFiles({ name: 'Panel on first build', type: 'hybrid' }, [
      { field: 'phenotype', name: 'hybrid_pheno.csv', content: fs.readFileSync(path.join(FIX, 'hybrid_pheno.csv')) },
      { field: 'genotype', name: 'hybrid_parents.zip', content: fs.readFileSync(path.join(FIX, 'hybrid_parents.zip')) },
      { field: 'pedigree', name: 'hybrid_pedigree.csv', content: fs.readFileSync(path.join(FIX, 'hybrid_pedigree.csv')) },
    ]);
    const up = await t.app.inject({ method: 'POST', url: '/api/gs/api/ds/create?traitCodes=GY', headers: { ...headers, ...en, token: admin }, payload });
    expect(up.statusCode, up.body).toBe(200);
    const ds = up.json().data;

    const panels = (await call('GET', '/get-panel-list')).body;
    expect(panels.rows.map((r: { datasetId: number }) => r.datasetId)).toContain(ds.id);
    expect(panels.rows.find((r: { datasetId: number }) => r.datasetId === ds.id)).toMatchObject({
      datasetName: 'Panel on first build',
      type: 'hybrid',
      fileName: 'hybrid_parents.zip',
      sampleCount: 55,
      snpCount: 1774,
      buildId: first.buildId,
    });
    const counted = (await call('GET', '/get-build-list')).body.data.rows;
    expect(counted.find((r: { buildId: number }) => r.buildId === first.buildId).panelCount).toBe(panels.total);

    // Switching the current build: the panel list follows it; an explicit buildId still answers the other.
    const switched = await setBuild(second.buildId);
    expect(switched.status).toBe(200);
    const after = (await call('GET', '/get-build-list')).body.data;
    expect(after.currentBuildId).toBe(second.buildId);
    expect(after.rows.find((r: { current: boolean }) => r.current).buildId).toBe(second.buildId);
    const none = (await call('GET', '/get-panel-list')).body;
    expect(none.rows.map((r: { datasetId: number }) => r.datasetId)).not.toContain(ds.id);
    const explicit = (await call('GET', `/get-panel-list?buildId=${first.buildId}&keyword=first build`)).body;
    expect(explicit.total).toBe(1);
    expect(explicit.rows[0].datasetId).toBe(ds.id);
    await setBuild(first.buildId);
  }, 120_000);

  it('get-project-list: the crop’s projects with their experiments and analysed traits', async () => {
    const res = await call('GET', '/get-project-list');
    expect(res.status).toBe(200);
    const rows = res.body.data;
    expect(rows.length).toBeGreaterThan(0);
    const analysed = rows.filter((r: { analysedExperimentCount: number }) => r.analysedExperimentCount > 0);
    expect(analysed.length).toBeGreaterThan(0);
    expect(analysed[0].experimentCount).toBeGreaterThanOrEqual(analysed[0].analysedExperimentCount);
    expect(analysed.flatMap((r: { traits: string[] }) => r.traits)).toContain('PH');
    // The analysed experiment counts agree with the analyses the pheno module keeps for the crop's experiments.
    const sql = `select count(distinct a.experiment_id)::int as n from pheno_analysis a join doe_experiment e on e.id = a.experiment_id
      join doe_project p on p.id = e.project_id where p.id = ${analysed[0].projectId}`;
    const direct = (await t.db.execute(sql)) as unknown as { rows: { n: number }[] };
    expect(analysed[0].analysedExperimentCount).toBe(Number(direct.rows[0]!.n));
  });
});
