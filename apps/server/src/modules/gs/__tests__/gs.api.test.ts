import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, waitForTask, type TestApp } from '../../../test/harness';
import { multipartFiles, wheatFiles } from './gs-test-data';
import { plinkZip } from '../gs-fixtures';

let t: TestApp;
let admin: string;
let dir: string;
let files: { zip: string; pheno: string };
let datasetId: number;
const en = { 'accept-language': 'en' };
const zh = { 'accept-language': 'zh-CN' };
const root = path.resolve(__dirname, '../../../../../..');
const call = (method: string, url: string, body?: unknown, headers = en) => t.call(method, `/api/gs/api${url}`, { token: admin, body, headers });

function upload(
  name: string,
  traits: string[],
  pheno: { name: string; content: Buffer },
  geno: { name: string; content: Buffer },
  extra: Record<string, string> = {},
  headers = en,
) {
  const { payload, headers: h } = multipartFiles({ name, ...extra }, [
    { field: 'phenotype', ...pheno },
    { field: 'genotype', ...geno },
  ]);
  const qs = traits.map((c) => `traitCodes=${encodeURIComponent(c)}`).join('&');
  return t.app.inject({ method: 'POST', url: `/api/gs/api/ds/create?${qs}`, headers: { ...h, ...headers, token: admin }, payload });
}

/** The engine's CLI on the same files (the numbers the API must answer). */
function cli(args: string[]): any {
  const out = path.join(dir, `cli-${Math.random().toString(16).slice(2)}.json`);
  execFileSync(path.join(root, 'node_modules/.bin/tsx'), [path.join(root, 'packages/genomics/src/cli.ts'), ...args, '--out', out], {
    cwd: root,
    stdio: 'pipe',
  });
  return JSON.parse(fs.readFileSync(out, 'utf8'));
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gs-api-'));
  files = wheatFiles(dir);
}, 120_000);
afterAll(async () => {
  await t.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const wheatPheno = () => ({ name: 'wheat_pheno.csv', content: fs.readFileSync(files.pheno) });
const wheatGeno = () => ({ name: 'wheat.zip', content: fs.readFileSync(files.zip) });

describe('datasets', () => {
  it('are created from the template CSV and a PLINK zip, with counts, QC and trait distributions', async () => {
    const res = await upload('Wheat 599', ['1', '2'], wheatPheno(), wheatGeno(), { description: 'BGLR wheat' });
    expect(res.statusCode, res.body).toBe(200);
    const row = res.json().data;
    expect(row).toMatchObject({ name: 'Wheat 599', sampleCount: 599, snpCount: 1279, traitCount: 2, traitCodes: ['1', '2'], genotypeFileName: 'wheat.zip' });
    datasetId = row.id;
    const detail = (await call('GET', `/ds/detail/${datasetId}`)).body.data;
    expect(detail).toMatchObject({ commonSamples: 599, phenotypedSamples: 599, qc: { samples: 599, markers: 1279, missingCalls: 0, meanCallRate: 1 } });
    expect(detail.qc.mafHistogram.counts.reduce((s: number, c: number) => s + c, 0)).toBe(1279);
    expect(detail.traits.map((x: { code: string; n: number }) => [x.code, x.n])).toEqual([
      ['1', 599],
      ['2', 599],
    ]);
    expect(detail.traits[0].histogram.counts.reduce((s: number, c: number) => s + c, 0)).toBe(599);
    expect((await call('GET', `/ds/trait-list/${datasetId}`)).body.data).toEqual([
      { code: '1', n: 599 },
      { code: '2', n: 599 },
    ]);
    const page = await call('GET', '/ds/page?keyword=Wheat 599');
    expect(page.body.rows.map((r: { id: number }) => r.id)).toContain(datasetId);
  });

  it('offers the phenotype template and exports the dataset', async () => {
    const tpl = await t.call('GET', '/api/gs/api/ds/download-phenotype-template', { token: admin, query: { traitCodes: 'yield' } });
    expect(tpl.status).toBe(200);
    expect(tpl.text).toBe('sample,yield\n');
    const exp = await t.app.inject({ method: 'POST', url: `/api/gs/api/ds/export-file/${datasetId}`, headers: { token: admin } });
    expect(exp.statusCode).toBe(200);
    expect(exp.headers['content-type']).toBe('application/zip');
    expect(exp.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  describe('refuse every rule of spec section 5 with file, line and rule', () => {
    it('name at most 25 and description at most 50', async () => {
      const long = await upload('x'.repeat(26), ['1'], wheatPheno(), wheatGeno());
      expect(long.statusCode).toBe(400);
      expect(long.json()).toMatchObject({ errorCode: 'VALIDATION_FAILED' });
      expect(long.json().errors[0]).toMatchObject({ field: 'name' });
      const desc = await upload('Desc too long', ['1'], wheatPheno(), wheatGeno(), { description: 'd'.repeat(51) });
      expect(desc.statusCode).toBe(400);
      expect(desc.json().errors[0]).toMatchObject({ field: 'description' });
    });

    it('names are unique', async () => {
      const res = await upload('Wheat 599', ['1'], wheatPheno(), wheatGeno());
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ errorCode: 'GS_NAME_EXISTS', msg: 'Name duplicate: Wheat 599' });
    });

    it('sample codes without Chinese, spaces, commas or special characters, naming the line', async () => {
      const bad = fs.readFileSync(files.pheno, 'utf8').split('\n');
      bad[3] = bad[3].replace(/^"?\d+"?/, '"样品 1"');
      const res = await upload('Bad codes', ['1'], { name: 'bad_codes.csv', content: Buffer.from(bad.join('\n')) }, wheatGeno());
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ errorCode: 'GS_FILE_RULE' });
      expect(res.json().msg).toContain('bad_codes.csv line 4');
      expect(res.json().errors[0]).toMatchObject({ field: 'bad_codes.csv' });
      const zhRes = await upload('Bad codes', ['1'], { name: 'bad_codes.csv', content: Buffer.from(bad.join('\n')) }, wheatGeno(), {}, zh);
      expect(zhRes.json().msg).toContain('第 4 行');
    });

    it('file names without spaces', async () => {
      const res = await upload('Spaced', ['1'], { name: 'wheat pheno.csv', content: fs.readFileSync(files.pheno) }, wheatGeno());
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe('File name "wheat pheno.csv" must not contain spaces (rule: file names have no spaces)');
    });

    it('a .csv phenotype file and a PLINK .zip', async () => {
      const pheno = await upload('Not csv', ['1'], { name: 'wheat.txt', content: fs.readFileSync(files.pheno) }, wheatGeno());
      expect(pheno.json()).toMatchObject({ errorCode: 'GS_PHENOTYPE_NOT_CSV' });
      const geno = await upload('Not zip', ['1'], wheatPheno(), { name: 'wheat.bed', content: fs.readFileSync(files.zip) });
      expect(geno.json()).toMatchObject({ errorCode: 'GS_GENOTYPE_NOT_ZIP' });
      const broken = await upload('Broken zip', ['1'], wheatPheno(), { name: 'broken.zip', content: Buffer.from('PK\u0003\u0004 not really') });
      expect(broken.statusCode).toBe(400);
    });

    it('at most 100,000 SNP loci', async () => {
      const m = 100_001;
      // Random calls (a constant pattern would be refused by the zip screen's compression-ratio rule first).
      let seed = 7;
      const rnd = () => (seed = (seed * 1103515245 + 12345) % 2147483648) % 3;
      const g = { samples: ['S1', 'S2', 'S3', 'S4'], markers: Array.from({ length: m }, (_, j) => `m${j}`), codes: new Int8Array(4 * m).map(rnd) };
      const res = await upload(
        'Too many SNPs',
        ['y'],
        { name: 'small.csv', content: Buffer.from('sample,y\nS1,1\nS2,2\nS3,3\nS4,4\n') },
        { name: 'big.zip', content: plinkZip(g, 'big') },
      );
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        errorCode: 'GS_FILE_RULE',
        msg: 'File big.zip:big.bim has more than 100000 SNP loci, more than the limit of 100000 (rule: at most 100000 SNP loci)',
      });
    });

    it('trait codes without Chinese or special characters, present in the file', async () => {
      const bad = await upload('Bad trait', ['产量'], wheatPheno(), wheatGeno());
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors[0]).toMatchObject({ field: 'traitCodes.0' });
      const spaced = await upload('Spaced trait', ['grain yield'], wheatPheno(), wheatGeno());
      expect(spaced.statusCode).toBe(400);
      expect(spaced.json().errors[0]).toMatchObject({ field: 'traitCodes.0' });
      // Repeated parameters keep each code whole: a comma inside one code is refused, not split.
      const comma = await upload('Comma trait', ['1', 'a,b'], wheatPheno(), wheatGeno());
      expect(comma.statusCode).toBe(400);
      expect(comma.json().errors[0]).toMatchObject({ field: 'traitCodes.1' });
      const missing = await upload('Missing trait', ['yield'], wheatPheno(), wheatGeno());
      expect(missing.json()).toMatchObject({ errorCode: 'GS_TRAIT_NOT_IN_FILE', msg: 'Trait yield is not a column of the phenotype file wheat_pheno.csv' });
    });

    it('non-numeric phenotypes name file, line and column', async () => {
      const bad = fs.readFileSync(files.pheno, 'utf8').split('\n');
      const cells = bad[5].split(',');
      cells[1] = 'high';
      bad[5] = cells.join(',');
      const res = await upload('Bad values', ['1'], { name: 'bad_values.csv', content: Buffer.from(bad.join('\n')) }, wheatGeno());
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toContain('bad_values.csv');
      expect(res.json().msg).toContain('6');
    });
  });
});

describe('models', () => {
  let gblupId: number;
  let bayesId: number;

  it('refuse a name over 20 characters and a trait the dataset lacks', async () => {
    const long = await call('POST', '/model/create', { name: 'm'.repeat(21), datasetId, traitCode: '1', algorithm: 'gblup' });
    expect(long.status).toBe(400);
    expect(long.body.errors[0]).toMatchObject({ field: 'name' });
    const trait = await call('POST', '/model/create', { name: 'No trait', datasetId, traitCode: '4', algorithm: 'gblup' });
    expect(trait.body).toMatchObject({ errorCode: 'GS_TRAIT_NOT_IN_DATASET' });
  });

  it('train GBLUP with 5-fold CV as a job; the API answers the CLI numbers on the same input', async () => {
    const created = await call('POST', '/model/create', { name: 'Wheat GBLUP', datasetId, traitCode: '1', algorithm: 'gblup', folds: 5, seed: 123 });
    expect(created.status).toBe(200);
    gblupId = created.body.data.id;
    const queued = (await call('GET', `/model/detail/${gblupId}`)).body.data.status;
    expect(['queued', 'creating', 'finished']).toContain(queued);
    const task = await waitForTask(t, admin, created.body.data.taskId, 120_000);
    expect(task.status).toBe('succeeded');
    const d = (await call('GET', `/model/detail/${gblupId}`)).body.data;
    expect(d).toMatchObject({ status: 'finished', n: 599, m: 1279, folds: 5 });
    const ref = cli(['fit', '--geno', files.zip, '--pheno', files.pheno, '--trait', '1', '--model', 'gblup', '--k', '5', '--seed', '123']);
    expect(d.varU).toBe(ref.varU);
    expect(d.varE).toBe(ref.varE);
    expect(d.h2).toBeCloseTo(ref.h2, 6);
    expect(d.logLik).toBe(ref.logLik);
    expect(d.accuracy).toBeCloseTo(ref.cv.meanR, 6);
    expect(d.rmse).toBeCloseTo(ref.cv.meanRMSE, 6);
    expect(d.mse).toBeCloseTo(ref.cv.meanMSE, 6);
    expect(d.cvFolds.map((f: { r: number }) => f.r)).toEqual(ref.cv.folds.map((f: { r: number }) => f.r));
    expect(d.predictions).toHaveLength(599);
    expect(d.predictions.slice(0, 5)).toEqual(ref.cv.predictions.slice(0, 5));
    // and rrBLUP's mixed.solve on A.mat(2X-1) (reference README): Vu 0.3014842767, Ve 0.540997722
    expect(d.varU).toBeCloseTo(0.3014842767, 6);
    expect(d.varE).toBeCloseTo(0.540997722, 6);
    const logs = await t.call('GET', '/api/gs/api/common/logs', { token: admin, query: { taskId: task.id } });
    const text = logs.body.data.map((l: { message: string }) => l.message).join('\n');
    expect(text).toContain('599 samples x 1279 SNPs');
    expect(text).toContain('fold 5:');
  }, 180_000);

  it('train RR-BLUP with marker effects along the genome', async () => {
    const created = await call('POST', '/model/create', { name: 'Wheat RR', datasetId, traitCode: '1', algorithm: 'rrblup', folds: 5, seed: 123 });
    expect((await waitForTask(t, admin, created.body.data.taskId, 120_000)).status).toBe('succeeded');
    const d = (await call('GET', `/model/detail/${created.body.data.id}`)).body.data;
    const ref = cli(['fit', '--geno', files.zip, '--pheno', files.pheno, '--trait', '1', '--model', 'rrblup', '--k', '5', '--seed', '123']);
    expect(d.markerEffects).toHaveLength(1279);
    expect(d.markerEffects[0]).toMatchObject({ marker: ref.markerEffects[0].marker, value: ref.markerEffects[0].value, chr: '1', pos: 1 });
    expect(d.accuracy).toBeCloseTo(ref.cv.meanR, 6);
  }, 180_000);

  it('train BayesB, compare fold by fold, mark a favourite', async () => {
    const created = await call('POST', '/model/create', {
      name: 'Wheat BayesB',
      datasetId,
      traitCode: '1',
      algorithm: 'bayesb',
      folds: 5,
      seed: 123,
      iter: 600,
      burnin: 100,
    });
    bayesId = created.body.data.id;
    expect((await waitForTask(t, admin, created.body.data.taskId, 240_000)).status).toBe('succeeded');
    const d = (await call('GET', `/model/detail/${bayesId}`)).body.data;
    expect(d.status).toBe('finished');
    expect(d.accuracy).toBeGreaterThan(0.3);
    const cmp = (await call('GET', `/model/comparative-analysis?ids=${gblupId},${bayesId}`)).body.data;
    expect(cmp.models.map((m: { algorithm: string }) => m.algorithm)).toEqual(['gblup', 'bayesb']);
    expect(cmp.models[0].folds).toHaveLength(5);
    expect(cmp.models[1].folds.map((f: { fold: number }) => f.fold)).toEqual([1, 2, 3, 4, 5]);
    const one = await call('GET', `/model/comparative-analysis?ids=${gblupId}`);
    expect(one.status).toBe(400);
    const fav = await call('PUT', '/model/favorite', { id: bayesId, favorite: true });
    expect(fav.body.data.favorite).toBe(true);
    const favs = (await call('GET', `/model/page?favorite=true&datasetId=${datasetId}`)).body.rows;
    expect(favs.map((r: { id: number }) => r.id)).toEqual([bayesId]);
  }, 300_000);

  it('a failing fit fails the task (state failed) with the engine message', async () => {
    // Trait 2 with a single observation left: too few records to fit.
    const lines = fs.readFileSync(files.pheno, 'utf8').trim().split('\n');
    const few = [lines[0], ...lines.slice(1).map((l, i) => (i < 1 ? l : l.replace(/^([^,]+),[^,]+,/, '$1,NA,')))].join('\n');
    const ds = await upload('Few records', ['1'], { name: 'few.csv', content: Buffer.from(few) }, wheatGeno());
    expect(ds.statusCode, ds.body).toBe(200);
    const created = await call('POST', '/model/create', { name: 'Too few', datasetId: ds.json().data.id, traitCode: '1', algorithm: 'gblup' });
    const task = await waitForTask(t, admin, created.body.data.taskId, 60_000);
    expect(task.status).toBe('failed');
    expect((await call('GET', `/model/detail/${created.body.data.id}`)).body.data.status).toBe('failed');
  }, 120_000);

  describe('prediction', () => {
    it('refuses two models of one trait and models of different datasets; names at most 20', async () => {
      const two = await call('POST', '/predict/create', { name: 'Two per trait', modelIds: [gblupId, bayesId], sampleCodes: ['775'] });
      expect(two.body).toMatchObject({ errorCode: 'GS_MODEL_TRAIT_REPEATED' });
      // A finished model of another dataset (the same wheat files uploaded again, trait 2).
      const copy = await upload('Wheat copy', ['2'], wheatPheno(), wheatGeno());
      expect(copy.statusCode, copy.body).toBe(200);
      const other = await call('POST', '/model/create', { name: 'Copy GBLUP', datasetId: copy.json().data.id, traitCode: '2', algorithm: 'gblup', folds: 2 });
      expect((await waitForTask(t, admin, other.body.data.taskId, 120_000)).status).toBe('succeeded');
      const mixed = await call('POST', '/predict/create', { name: 'Two datasets', modelIds: [gblupId, other.body.data.id], sampleCodes: ['775'] });
      expect(mixed.status).toBe(400);
      expect(mixed.body).toMatchObject({
        errorCode: 'GS_MODELS_DIFFERENT_DATASETS',
        msg: 'Predictions must come from the same test group: the chosen models belong to different datasets',
      });
      const long = await call('POST', '/predict/create', { name: 'p'.repeat(21), modelIds: [gblupId], sampleCodes: ['775'] });
      expect(long.body.errors[0]).toMatchObject({ field: 'name' });
      const unknown = await call('POST', '/predict/create', { name: 'Unknown', modelIds: [gblupId], sampleCodes: ['nobody'] });
      expect(unknown.body).toMatchObject({ errorCode: 'GS_SAMPLES_UNKNOWN' });
      const empty = await call('POST', '/predict/create', { name: 'Empty', modelIds: [gblupId] });
      expect(empty.body).toMatchObject({ errorCode: 'GS_TEST_GROUP_EMPTY' });
    }, 180_000);

    it('predicts a test group ranked, exports it and reports the realised accuracy (validating)', async () => {
      const codes = fs
        .readFileSync(files.pheno, 'utf8')
        .trim()
        .split('\n')
        .slice(1, 61)
        .map((l) => l.split(',')[0].replace(/"/g, ''));
      const created = await call('POST', '/predict/create', { name: 'Wheat test 60', modelIds: [gblupId], sampleCodes: codes });
      expect(created.status).toBe(200);
      expect((await waitForTask(t, admin, created.body.data.taskId, 60_000)).status).toBe('succeeded');
      const d = (await call('GET', `/predict/detail/${created.body.data.id}`)).body.data;
      expect(d).toMatchObject({ status: 'finished', sampleCount: 60, traits: ['1'] });
      const gebv = cli(['fit', '--geno', files.zip, '--pheno', files.pheno, '--trait', '1', '--model', 'gblup']).gebv as Array<{ id: string; value: number }>;
      const want = gebv.filter((g) => codes.includes(g.id)).sort((a, b) => b.value - a.value);
      expect(d.rows.map((r: { id: string }) => r.id)).toEqual(want.map((g) => g.id));
      expect(d.rows[0]).toMatchObject({ rank: 1, values: { '1': want[0].value } });
      const csv = await t.call('GET', `/api/gs/api/predict/export-result/${created.body.data.id}`, { token: admin });
      expect(csv.text.split('\n')[1]).toBe(`1,${want[0].id},${want[0].value}`);
      const observed = ['sample,1', ...codes.map((c, i) => `${c},${i % 7}`)].join('\n');
      const verify = (name: string) => {
        const { payload, headers } = multipartFiles({ id: String(created.body.data.id), name }, [
          { field: 'file', name: 'observed.csv', content: Buffer.from(observed) },
        ]);
        return t.app.inject({ method: 'POST', url: '/api/gs/api/predict/verify-result', headers: { ...headers, ...en, token: admin }, payload });
      };
      // The validation task's name: at most 25 characters (spec 5).
      const long = await verify('v'.repeat(26));
      expect(long.statusCode).toBe(400);
      expect(long.json()).toMatchObject({ errorCode: 'VALIDATION_FAILED' });
      expect(long.json().errors[0]).toMatchObject({ field: 'name' });
      const v = await verify('Field check 2026');
      expect(v.statusCode, v.body).toBe(200);
      expect(v.json().data).toMatchObject({
        status: 'validating',
        verification: { fileName: 'observed.csv', name: 'Field check 2026', traits: [{ trait: '1', n: 60 }] },
      });
    }, 120_000);

    it('ranks a two-trait prediction by a selection index (weights sum to 100; Smith-Hazel and desired gains from the engine), adds, removes and exports candidates', async () => {
      const second = await call('POST', '/model/create', { name: 'Wheat GBLUP 2', datasetId, traitCode: '2', algorithm: 'gblup', folds: 5, seed: 123 });
      expect((await waitForTask(t, admin, second.body.data.taskId, 120_000)).status).toBe('succeeded');
      const codes = fs
        .readFileSync(files.pheno, 'utf8')
        .trim()
        .split('\n')
        .slice(1, 101)
        .map((l) => l.split(',')[0].replace(/"/g, ''));
      const pred = await call('POST', '/predict/create', { name: 'Index group', modelIds: [gblupId, second.body.data.id], sampleCodes: codes });
      expect((await waitForTask(t, admin, pred.body.data.taskId, 60_000)).status).toBe('succeeded');
      const predictId = pred.body.data.id;
      const assess = (await call('GET', `/sample/getAssess/${predictId}`)).body.data;
      expect(assess.traits.map((x: { trait: string; n: number }) => [x.trait, x.n])).toEqual([
        ['1', 100],
        ['2', 100],
      ]);
      const bad = await call('POST', '/sample/page', {
        predictId,
        weights: [
          { trait: '1', trend: '+', weight: 60 },
          { trait: '2', trend: '-', weight: 30 },
        ],
      });
      expect(bad.status).toBe(400);
      expect(bad.body.msg).toContain('100');
      // Each row needs its trend and its weight (spec 5).
      const noTrend = await call('POST', '/sample/page', {
        predictId,
        weights: [
          { trait: '1', weight: 60 },
          { trait: '2', trend: '-', weight: 40 },
        ],
      });
      expect(noTrend.status).toBe(400);
      expect(noTrend.body.errors[0]).toMatchObject({ field: 'weights.0.trend' });
      const noWeight = await call('POST', '/sample/page', {
        predictId,
        weights: [
          { trait: '1', trend: '+', weight: 100 },
          { trait: '2', trend: '-' },
        ],
      });
      expect(noWeight.status).toBe(400);
      expect(noWeight.body.errors[0]).toMatchObject({ field: 'weights.1.weight' });
      const weights = [
        { trait: '1', trend: '+', weight: 60 },
        { trait: '2', trend: '-', weight: 40 },
      ];
      const ranked = (await call('POST', '/sample/page', { predictId, weights, select: 10 })).body.data;
      expect(ranked.coefficients).toEqual({ '1': 0.6, '2': -0.4 });
      expect(ranked.rows).toHaveLength(100);
      expect(ranked.rows.filter((r: { proposed: boolean }) => r.proposed)).toHaveLength(10);
      // The weighted index by hand: sum of coefficient x standardised GEBV.
      const z = (trait: string) => {
        const v = ranked.rows.map((r: { values: Record<string, number> }) => r.values[trait]);
        const m = v.reduce((a: number, b: number) => a + b, 0) / v.length;
        const sd = Math.sqrt(v.reduce((a: number, b: number) => a + (b - m) ** 2, 0) / (v.length - 1));
        return (x: number) => (x - m) / sd;
      };
      const [z1, z2] = [z('1'), z('2')];
      const top = ranked.rows[0];
      expect(top.index).toBeCloseTo(0.6 * z1(top.values['1']) - 0.4 * z2(top.values['2']), 10);
      expect(ranked.gains['1']).toBeGreaterThan(0);
      const sh = (await call('POST', '/sample/page', { predictId, weights, method: 'smith-hazel', select: 10 })).body.data;
      expect(sh.method).toBe('smith-hazel');
      expect(sh.coefficients['1']).toBeCloseTo(60, 6);
      const dg = (await call('POST', '/sample/page', { predictId, weights, method: 'desired-gains', select: 10 })).body.data;
      expect(dg.rows).toHaveLength(100);
      const proposed = ranked.rows.filter((r: { proposed: boolean }) => r.proposed).map((r: { id: string; index: number }) => ({ id: r.id, index: r.index }));
      expect((await call('POST', '/sample/addCandidates', { predictId, method: 'weighted', samples: proposed })).body.data).toEqual({ added: 10 });
      expect((await call('DELETE', '/sample/delCandidates', { predictId, sampleIds: [proposed[9].id] })).body.data).toEqual({ removed: 1 });
      const cands = (await t.call('GET', '/api/gs/api/sample/getCandidates/', { token: admin, query: { predictId } })).body.data;
      expect(cands.map((c: { sampleId: string }) => c.sampleId)).toEqual(proposed.slice(0, 9).map((p: { id: string }) => p.id));
      const csv = await t.app.inject({ method: 'POST', url: `/api/gs/api/sample/candidatesExport/${predictId}`, headers: { token: admin } });
      expect(csv.statusCode).toBe(200);
      const lines = csv.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\n');
      expect(lines[0]).toBe('rank,sample,index,method,GEBV 1,GEBV 2');
      expect(lines).toHaveLength(10);
      expect(lines[1].split(',')[1]).toBe(proposed[0].id);
    }, 180_000);
  });
});
