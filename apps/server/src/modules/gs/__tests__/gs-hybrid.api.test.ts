import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readPlink, selectSamples } from '@breedwise/genomics';
import { createTestApp, waitForTask, type TestApp } from '../../../test/harness';
import { multipartFiles } from './gs-test-data';
import { plinkZip } from '../gs-fixtures';

let t: TestApp;
let admin: string;
let dir: string;
let datasetId: number;
let gcaId: number;
const en = { 'accept-language': 'en' };
const zh = { 'accept-language': 'zh-CN' };
const root = path.resolve(__dirname, '../../../../../..');
/** The small Technow hybrid set committed with the engine (30 dent x 25 flint parents, 324 hybrids). */
const FIX = path.join(root, 'packages/genomics/test-data/hybrid/small');
const call = (method: string, url: string, body?: unknown, headers = en) => t.call(method, `/api/gs/api${url}`, { token: admin, body, headers });
const file = (name: string, content?: string | Buffer) => ({
  name,
  content: Buffer.isBuffer(content) ? content : Buffer.from(content ?? fs.readFileSync(path.join(FIX, name))),
});
const pheno = () => file('hybrid_pheno.csv');
const geno = () => file('hybrid_parents.zip');
const pedigree = () => file('hybrid_pedigree.csv');

function upload(
  name: string,
  files: { phenotype?: ReturnType<typeof file>; genotype?: ReturnType<typeof file>; pedigree?: ReturnType<typeof file> },
  type = 'hybrid',
  headers = en,
  traits = ['GY', 'GM'],
) {
  const { payload, headers: h } = multipartFiles(
    { name, type },
    Object.entries(files).flatMap(([field, f]) => (f ? [{ field, ...f }] : [])),
  );
  const qs = traits.map((c) => `traitCodes=${c}`).join('&');
  return t.app.inject({ method: 'POST', url: `/api/gs/api/ds/create?${qs}`, headers: { ...h, ...headers, token: admin }, payload });
}

/** `gs hybrid` on the same data: each pool's parents as its own PLINK .zip, the phenotypes with the parent columns. */
function cliHybrid(trait: string, extra: string[] = []): any {
  const g = readPlink(path.join(FIX, 'hybrid_parents.zip'));
  const pedLines = fs.readFileSync(path.join(FIX, 'hybrid_pedigree.csv'), 'utf8').trim().split('\n').slice(1);
  const parents = new Map(pedLines.map((l) => l.split(',')).map(([h, f, m]) => [h, [f, m]]));
  const females = new Set([...parents.values()].map((p) => p[0]));
  const males = new Set([...parents.values()].map((p) => p[1]));
  const pool = (set: Set<string>) =>
    selectSamples(
      g,
      g.samples.flatMap((s, i) => (set.has(s) ? [i] : [])),
    );
  fs.writeFileSync(path.join(dir, 'pool1.zip'), plinkZip(pool(females), 'pool1'));
  fs.writeFileSync(path.join(dir, 'pool2.zip'), plinkZip(pool(males), 'pool2'));
  const [head, ...rows] = fs.readFileSync(path.join(FIX, 'hybrid_pheno.csv'), 'utf8').trim().split('\n');
  const col = head.split(',').indexOf(trait);
  const lines = ['hybrid,female,male,' + trait, ...rows.map((r) => r.split(',')).map((c) => [c[0], ...parents.get(c[0])!, c[col]].join(','))];
  fs.writeFileSync(path.join(dir, 'cli_pheno.csv'), lines.join('\n') + '\n');
  const out = path.join(dir, `cli-${Math.random().toString(16).slice(2)}.json`);
  execFileSync(
    path.join(root, 'node_modules/.bin/tsx'),
    [
      path.join(root, 'packages/genomics/src/cli.ts'),
      'hybrid',
      '--pool1',
      path.join(dir, 'pool1.zip'),
      '--pool2',
      path.join(dir, 'pool2.zip'),
      '--pheno',
      path.join(dir, 'cli_pheno.csv'),
      '--trait',
      trait,
      '--parent1-col',
      'female',
      '--parent2-col',
      'male',
      ...extra,
      '--out',
      out,
    ],
    { cwd: root, stdio: 'pipe' },
  );
  return JSON.parse(fs.readFileSync(out, 'utf8'));
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gs-hybrid-'));
}, 120_000);
afterAll(async () => {
  await t.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('hybrid datasets', () => {
  it('are created from the hybrids phenotype CSV, the parents PLINK zip and the pedigree', async () => {
    const res = await upload('Technow small', { phenotype: pheno(), genotype: geno(), pedigree: pedigree() });
    expect(res.statusCode, res.body).toBe(200);
    const row = res.json().data;
    expect(row).toMatchObject({ type: 'hybrid', sampleCount: 55, snpCount: 1774, traitCodes: ['GY', 'GM'], pedigreeFileName: 'hybrid_pedigree.csv' });
    datasetId = row.id;
    const detail = (await call('GET', `/ds/detail/${datasetId}`)).body.data;
    expect(detail).toMatchObject({ commonSamples: 324, phenotypedSamples: 324, hybrid: { hybrids: 324, testedCrosses: 324, possibleCrosses: 750 } });
    expect(detail.hybrid.pool1).toHaveLength(30);
    expect(detail.hybrid.pool2).toHaveLength(25);
    expect(detail.hybrid.pool1.every((p: string) => p.startsWith('D'))).toBe(true);
    const tpl = await t.call('GET', '/api/gs/api/ds/download-phenotype-template', { token: admin, query: { traitCodes: 'GY', type: 'pedigree' } });
    expect(tpl.text).toBe('hybrid,female,male\n');
    const tpl2 = await t.call('GET', '/api/gs/api/ds/download-phenotype-template', { token: admin, query: { traitCodes: 'GY', type: 'hybrid' } });
    expect(tpl2.text).toBe('hybrid,GY\n');
  });

  describe('refuse the spec-5 rules naming file, line and rule', () => {
    it('the pedigree file is required, a .csv, its name without spaces', async () => {
      const none = await upload('No pedigree', { phenotype: pheno(), genotype: geno() });
      expect(none.statusCode).toBe(400);
      expect(none.json()).toMatchObject({ errorCode: 'GS_FILE_MISSING' });
      const txt = await upload('Txt pedigree', { phenotype: pheno(), genotype: geno(), pedigree: file('pedigree.txt', 'hybrid,female,male\n') });
      expect(txt.json()).toMatchObject({ errorCode: 'GS_PEDIGREE_NOT_CSV' });
      const spaced = await upload('Spaced', {
        phenotype: pheno(),
        genotype: geno(),
        pedigree: file('my pedigree.csv', fs.readFileSync(path.join(FIX, 'hybrid_pedigree.csv'))),
      });
      expect(spaced.json()).toMatchObject({ errorCode: 'GS_FILE_RULE' });
      expect(spaced.json().msg).toContain('my pedigree.csv');
    });

    it('pedigree codes without Chinese, spaces or commas, naming the line', async () => {
      const lines = fs.readFileSync(path.join(FIX, 'hybrid_pedigree.csv'), 'utf8').split('\n');
      lines[4] = lines[4].replace(/,D\d+,/, ',亲本 1,');
      const res = await upload('Bad pedigree', { phenotype: pheno(), genotype: geno(), pedigree: file('bad_pedigree.csv', lines.join('\n')) });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ errorCode: 'GS_FILE_RULE' });
      expect(res.json().msg).toContain('bad_pedigree.csv line 5');
      const zhRes = await upload('Bad pedigree', { phenotype: pheno(), genotype: geno(), pedigree: file('bad_pedigree.csv', lines.join('\n')) }, 'hybrid', zh);
      expect(zhRes.json().msg).toContain('第 5 行');
    });

    it('every hybrid has both parents, every parent is genotyped, every phenotyped hybrid is in the pedigree', async () => {
      const lines = fs.readFileSync(path.join(FIX, 'hybrid_pedigree.csv'), 'utf8').split('\n');
      const noMale = [...lines];
      noMale[3] = noMale[3].replace(/,F\d+$/, ',');
      const r1 = await upload('No male', { phenotype: pheno(), genotype: geno(), pedigree: file('no_male.csv', noMale.join('\n')) });
      expect(r1.json()).toMatchObject({ errorCode: 'GS_PEDIGREE_PARENTS_MISSING' });
      expect(r1.json().msg).toContain('no_male.csv line 4');
      const unknown = [...lines];
      unknown[6] = unknown[6].replace(/,F\d+$/, ',F999');
      const r2 = await upload('Unknown parent', { phenotype: pheno(), genotype: geno(), pedigree: file('unknown_parent.csv', unknown.join('\n')) });
      expect(r2.json()).toMatchObject({ errorCode: 'GS_PARENT_NOT_GENOTYPED' });
      expect(r2.json().msg).toBe('Pedigree file unknown_parent.csv line 7: parent F999 is not in the genotype file');
      const phenoLines = fs.readFileSync(path.join(FIX, 'hybrid_pheno.csv'), 'utf8').split('\n');
      phenoLines[9] = phenoLines[9].replace(/^H[^,]+/, 'Hnew');
      const r3 = await upload('Stray hybrid', { phenotype: file('stray.csv', phenoLines.join('\n')), genotype: geno(), pedigree: pedigree() });
      expect(r3.json()).toMatchObject({ errorCode: 'GS_HYBRID_NOT_IN_PEDIGREE' });
      expect(r3.json().msg).toContain('stray.csv line 10: hybrid Hnew');
      const dup = [...lines];
      dup[8] = dup[2];
      const r4 = await upload('Dup hybrid', { phenotype: pheno(), genotype: geno(), pedigree: file('dup.csv', dup.join('\n')) });
      expect(r4.json()).toMatchObject({ errorCode: 'GS_FILE_RULE' });
      expect(r4.json().msg).toContain('dup.csv line 9');
    });
  });
});

describe('GCA tasks', () => {
  it('refuse inbred datasets, names over 20, traits the dataset lacks; models refuse hybrid datasets', async () => {
    const inbred = await upload(
      'Parents inbred',
      { phenotype: file('parents.csv', 'sample,GY\nD545,1.2\nD560,0.4\nF305,2.2\nF323,-0.3\n'), genotype: geno() },
      'inbred',
      en,
      ['GY'],
    );
    expect(inbred.statusCode, inbred.body).toBe(200);
    const r1 = await call('POST', '/predict/createGcaTask', { name: 'On inbred', datasetId: inbred.json().data.id, traitCode: 'GY' });
    expect(r1.status).toBe(400);
    expect(r1.body).toMatchObject({ errorCode: 'GS_DATASET_NOT_HYBRID', msg: 'Dataset Parents inbred is an inbred dataset: GCA tasks need a hybrid dataset' });
    const r2 = await call('POST', '/predict/createGcaTask', { name: 'x'.repeat(21), datasetId, traitCode: 'GY' });
    expect(r2.status).toBe(400);
    expect(r2.body.errors[0]).toMatchObject({ field: 'name' });
    const r3 = await call('POST', '/predict/createGcaTask', { name: 'No trait', datasetId, traitCode: 'YLD' });
    expect(r3.body).toMatchObject({ errorCode: 'GS_TRAIT_NOT_IN_DATASET' });
    const r4 = await call('POST', '/model/create', { name: 'On hybrid', datasetId, traitCode: 'GY', algorithm: 'gblup' });
    expect(r4.body).toMatchObject({ errorCode: 'GS_DATASET_HYBRID' });
    const r5 = await call('GET', '/predict/gca-data?id=999999');
    expect(r5.status).toBe(404);
  });

  it('fit GCA of both pools and SCA as a job; the API answers the numbers of `gs hybrid` on the same input', async () => {
    const created = await call('POST', '/predict/createGcaTask', { name: 'GY GCA', datasetId, traitCode: 'GY' });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    gcaId = created.body.data.id;
    const early = (await call('GET', `/predict/gca-detail/${gcaId}`)).body.data.status;
    expect(['queued', 'creating', 'finished']).toContain(early);
    if (early !== 'finished') {
      const notYet = await call('GET', `/predict/gca-data?id=${gcaId}`);
      expect([200, 409]).toContain(notYet.status);
    }
    const task = await waitForTask(t, admin, created.body.data.taskId, 180_000);
    expect(task.status, task.message).toBe('succeeded');
    const row = (await call('GET', `/predict/gca-detail/${gcaId}`)).body.data;
    expect(row).toMatchObject({ status: 'finished', pool1Count: 30, pool2Count: 25, testedCount: 324, untestedCount: 426, sca: true, method: 'ai-reml' });

    const d = (await call('GET', `/predict/gca-data?id=${gcaId}`)).body.data;
    const ref = cliHybrid('GY');
    expect(d.n).toBe(ref.n);
    expect(d.varGca1).toBe(ref.varGca1);
    expect(d.varGca2).toBe(ref.varGca2);
    expect(d.varSca).toBe(ref.varSca);
    expect(d.varE).toBe(ref.varE);
    expect(d.logLik).toBe(ref.logLik);
    expect(d.iterations).toBe(ref.iterations);
    expect(d.intercept).toBe(ref.beta[0].value);
    expect(d.gca1).toHaveLength(30);
    expect(d.gca2).toHaveLength(25);
    const g1 = new Map(ref.gca1.map((g: { id: string; value: number }) => [g.id, g.value]));
    for (const g of d.gca1) expect(g.value).toBe(g1.get(g.id));
    expect(d.gca1[0].value).toBe(Math.max(...ref.gca1.map((g: { value: number }) => g.value)));
    const g2 = new Map(ref.gca2.map((g: { id: string; value: number }) => [g.id, g.value]));
    for (const g of d.gca2) expect(g.value).toBe(g2.get(g.id));
    expect(d.sca).toHaveLength(ref.sca.length);
    expect(d.fittedR).toBeGreaterThan(0);

    const fig = (await call('GET', `/predict/gca-figure?id=${gcaId}`)).body.data;
    expect(fig.pool1).toEqual(d.gca1.map((g: { id: string }) => g.id));
    expect(fig.cells).toHaveLength(750);
    expect(fig.cells.filter((c: number[]) => c[3] === 1)).toHaveLength(324);
    const refPred = new Map<string, number>(
      ref.predictions.map((p: { parent1: string; parent2: string; value: number }) => [`${p.parent1}:${p.parent2}`, p.value]),
    );
    const [c0, r0, v0] = fig.cells[0];
    expect(v0).toBe(refPred.get(`${fig.pool1[r0]}:${fig.pool2[c0]}`));
    expect(fig.max).toBe(Math.max(...refPred.values()));

    const untested = ref.predictions.filter((p: { observed: boolean }) => !p.observed).sort((a: { value: number }, b: { value: number }) => b.value - a.value);
    const page = (await call('GET', `/predict/gca-prediction-result?id=${gcaId}&pageSize=10`)).body;
    expect(page.total).toBe(426);
    expect(page.rows[0]).toMatchObject({ rank: 1, parent1: untested[0].parent1, parent2: untested[0].parent2, value: untested[0].value, observed: false });
    expect(page.rows[0].gca1 + page.rows[0].gca2 + page.rows[0].sca + d.intercept).toBeCloseTo(page.rows[0].value, 8);
    const all = (await call('GET', `/predict/gca-prediction-result?id=${gcaId}&scope=all&pageSize=5`)).body;
    expect(all.total).toBe(750);
  });

  it('exports the hybrid template of untested crosses and predicts a filled one', async () => {
    const tpl = await t.call('GET', `/api/gs/api/predict/export-hg-template/${gcaId}`, { token: admin });
    expect(tpl.status).toBe(200);
    const lines = tpl.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toBe('female,male');
    expect(lines).toHaveLength(427);
    const chosen = [lines[1], lines[2], lines[3]];
    const ref = cliHybrid('GY');
    const refPred = new Map<string, number>(
      ref.predictions.map((p: { parent1: string; parent2: string; value: number }) => [`${p.parent1}:${p.parent2}`, p.value]),
    );
    const imp = async (name: string, text: string, headers = en) => {
      const { payload, headers: h } = multipartFiles({}, [{ field: 'file', name, content: Buffer.from(text) }]);
      return t.app.inject({ method: 'POST', url: `/api/gs/api/predict/import-hg-template/${gcaId}`, headers: { ...h, ...headers, token: admin }, payload });
    };
    const ok = await imp('crosses.csv', ['female,male', ...chosen].join('\n') + '\n');
    expect(ok.statusCode, ok.body).toBe(200);
    const rows = ok.json().data.rows;
    expect(rows.map((r: { line: number }) => r.line)).toEqual([2, 3, 4]);
    for (const r of rows) expect(r.value).toBe(refPred.get(`${r.parent1}:${r.parent2}`));
    const bad = await imp('crosses.csv', ['female,male', chosen[0], 'F305,D545'].join('\n'));
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ errorCode: 'GS_HG_PARENT_UNKNOWN', msg: 'Hybrid template crosses.csv line 3: F305 is not a parent of pool 1' });
    const cols = await imp('crosses.csv', 'a,b\nD545,F305\n', zh);
    expect(cols.json()).toMatchObject({ errorCode: 'GS_HG_COLUMNS' });
    expect(cols.json().msg).toContain('female');
    const empty = await imp('crosses.csv', 'female,male\n');
    expect(empty.json()).toMatchObject({ errorCode: 'GS_HG_EMPTY' });
    const csv = await t.call('GET', `/api/gs/api/predict/gca-export-result/${gcaId}`, { token: admin });
    const out = csv.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(out[0]).toBe('rank,female,male,gca1,gca2,sca,GY,tested');
    expect(out).toHaveLength(751);
  });

  it('a GCA-only task (no SCA, sommer iteration) equals `gs hybrid --no-sca --method sommer`', async () => {
    const created = await call('POST', '/predict/createGcaTask', { name: 'GM GCA only', datasetId, traitCode: 'GM', sca: false, method: 'sommer' });
    expect(created.status).toBe(200);
    const task = await waitForTask(t, admin, created.body.data.taskId, 180_000);
    expect(task.status, task.message).toBe('succeeded');
    const d = (await call('GET', `/predict/gca-data?id=${created.body.data.id}`)).body.data;
    const ref = cliHybrid('GM', ['--no-sca', '--method', 'sommer']);
    expect(d.varSca).toBeNull();
    expect(d.varGca1).toBe(ref.varGca1);
    expect(d.varGca2).toBe(ref.varGca2);
    expect(d.varE).toBe(ref.varE);
    expect(d.converged).toBe(ref.converged);
    const top = (await call('GET', `/predict/gca-prediction-result?id=${created.body.data.id}&pageSize=1`)).body.rows[0];
    expect(top.sca).toBeNull();
    const page = (await call('GET', `/predict/gca-page?datasetId=${datasetId}`)).body;
    expect(page.rows.map((r: { name: string }) => r.name)).toEqual(['GM GCA only', 'GY GCA']);
  });

  it('reset runs a finished task again (refused while queued or running); delete removes it', async () => {
    const before = (await call('GET', `/predict/gca-data?id=${gcaId}`)).body.data;
    const reset = await call('POST', `/predict/resetGcaTask/${gcaId}`);
    expect(reset.status).toBe(200);
    expect(reset.body.data.id).toBe(gcaId);
    const again = await call('POST', `/predict/resetGcaTask/${gcaId}`);
    if (again.status !== 200) {
      expect(again.status).toBe(409);
      expect(again.body).toMatchObject({ errorCode: 'GS_GCA_RUNNING' });
    }
    const taskId = again.status === 200 ? again.body.data.taskId : reset.body.data.taskId;
    const task = await waitForTask(t, admin, taskId, 180_000);
    expect(task.status).toBe('succeeded');
    const after = (await call('GET', `/predict/gca-data?id=${gcaId}`)).body.data;
    expect(after.varGca1).toBe(before.varGca1);
    expect(after.gca2).toEqual(before.gca2);
    const del = await call('DELETE', `/predict/delGcaTask/${gcaId}`);
    expect(del.status).toBe(200);
    expect((await call('GET', `/predict/gca-detail/${gcaId}`)).status).toBe(404);
  });
});
