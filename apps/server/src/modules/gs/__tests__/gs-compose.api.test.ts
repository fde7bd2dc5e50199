import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { unzipSync, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeBed, readPlink } from '@breedwise/genomics';
import { createTestApp, waitForTask, type TestApp } from '../../../test/harness';
import { plinkZip } from '../gs-fixtures';
import { multipartFiles } from './gs-test-data';
import { seedGsDemo } from '../seed';

let t: TestApp;
let admin: string;
let dir: string;
const en = { 'accept-language': 'en' };
const call = (method: string, url: string, body?: unknown, headers: Record<string, string> = en) =>
  t.call(method, `/api/gs/api${url}`, { token: admin, body, headers });

/** Random allele counts (a small deterministic generator). */
function genotypes(samples: string[], m: number, seed: number) {
  let s = seed;
  const rnd = () => (s = (s * 1103515245 + 12345) % 2147483648) / 2147483648;
  const codes = new Int8Array(samples.length * m);
  for (let j = 0; j < m; j++) {
    const p = 0.1 + 0.8 * rnd();
    for (let i = 0; i < samples.length; i++) codes[j * samples.length + i] = (rnd() < p ? 1 : 0) + (rnd() < p ? 1 : 0);
  }
  return { samples, markers: Array.from({ length: m }, (_, j) => `snp${j + 1}`), codes };
}

/** A PLINK .zip whose .bim names the alleles (the fixture writer always writes A B). */
function zipWithAlleles(g: ReturnType<typeof genotypes>, base: string, a1: string, a2: string) {
  const bim = g.markers.map((m, j) => `1\t${m}\t0\t${j + 1}\t${a1}\t${a2}`).join('\n') + '\n';
  const fam = g.samples.map((x) => `${x} ${x} 0 0 0 -9`).join('\n') + '\n';
  return Buffer.from(zipSync({ [`${base}.bed`]: encodeBed(g), [`${base}.bim`]: Buffer.from(bim), [`${base}.fam`]: Buffer.from(fam) }));
}

function upload(name: string, traits: string[], pheno: string, zip: Buffer, zipName = 'panel.zip') {
  const { payload, headers } = multipartFiles({ name }, [
    { field: 'phenotype', name: 'panel_pheno.csv', content: Buffer.from(pheno) },
    { field: 'genotype', name: zipName, content: zip },
  ]);
  const qs = traits.map((c) => `traitCodes=${encodeURIComponent(c)}`).join('&');
  return t.app.inject({ method: 'POST', url: `/api/gs/api/ds/create?${qs}`, headers: { ...headers, ...en, token: admin }, payload });
}

let experimentId: number;
let entries: Array<{ name: string; blue: number }>;
let panelId: number;
let checkAccession: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gs-compose-'));
  const studies = await t.call('GET', '/api/pheno/api/study/page', { token: admin, query: { keyword: 'E2025-PYT01' } });
  experimentId = studies.body.rows[0].experimentId;
  const saved = await t.call('GET', `/api/pheno/api/study/analysis/${experimentId}`, { token: admin });
  const ph = saved.body.data.find((r: { code: string; site: number }) => r.code === 'PH' && r.site === 1);
  entries = ph.entries;
  const found = (await t.db.execute(`select accession_no as "a" from germ_germplasm where name = '郑单958' limit 1`)) as unknown as { rows: { a: string }[] };
  checkAccession = found.rows[0]!.a;
}, 120_000);
afterAll(async () => {
  await t.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('createBySystem', () => {
  it('lists the analysed experiments of the crop with their traits', async () => {
    const res = await call('GET', '/ds/system-sources');
    expect(res.status).toBe(200);
    const exp = res.body.data.find((e: { experimentId: number }) => e.experimentId === experimentId);
    expect(exp).toMatchObject({ code: 'E2025-PYT01' });
    expect(exp.traits.map((x: { code: string }) => x.code)).toEqual(['DTS', 'PH', 'YLD']);
  });

  it('takes the entry BLUEs of an experiment, matched to a stored panel by sample code or germplasm accession', async () => {
    // The panel: the coded entries, the check 郑单958 under its germplasm accession, and lines never tested.
    const coded = entries.map((e) => e.name).filter((n) => /^[A-Za-z0-9_.-]+$/.test(n));
    expect(coded.length).toBeGreaterThan(20);
    const samples = [...coded, checkAccession, 'NEW-1', 'NEW-2', 'NEW-3'];
    const zip = plinkZip(genotypes(samples, 300, 11), 'panel');
    const created = await upload('Maize panel', ['dummy'], `sample,dummy\n${coded[0]},1\n${coded[1]},2\n`, zip);
    expect(created.statusCode, created.body).toBe(200);
    panelId = created.json().data.id;

    const res = await call('POST', '/ds/createBySystem', {
      name: 'Maize PYT BLUEs',
      panelDatasetId: panelId,
      experimentIds: [experimentId],
      traitCodes: ['PH', 'YLD'],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const row = res.body.data;
    expect(row).toMatchObject({ origin: 'system', traitCodes: ['PH', 'YLD'], sampleCount: samples.length, snpCount: 300 });
    expect(row.notes.matched).toBe(coded.length + 1);
    expect(row.notes.unmatched).toContain('先玉335');
    expect(row.notes.unmatched).not.toContain('郑单958');
    const detail = (await call('GET', `/ds/detail/${row.id}`)).body.data;
    expect(detail.phenotypedSamples).toBe(coded.length + 1);
    // The trait mean is the mean of the matched entries' BLUEs.
    const matched = entries.filter((e) => coded.includes(e.name) || e.name === '郑单958');
    const mean = matched.reduce((s, e) => s + e.blue, 0) / matched.length;
    expect(detail.traits[0]).toMatchObject({ code: 'PH', n: matched.length });
    expect(detail.traits[0].mean).toBeCloseTo(mean, 8);
    const samplesOf = (await call('GET', `/ds/samples/${row.id}`)).body.data;
    expect(samplesOf.unphenotyped.sort()).toEqual(['NEW-1', 'NEW-2', 'NEW-3']);
  });

  it('refuses a trait without analysis, a panel without common samples, and a duplicate name', async () => {
    const trait = await call('POST', '/ds/createBySystem', {
      name: 'No analysis',
      panelDatasetId: panelId,
      experimentIds: [experimentId],
      traitCodes: ['LDG'],
    });
    expect(trait.status).toBe(400);
    expect(trait.body).toMatchObject({ errorCode: 'GS_SYSTEM_TRAIT_NOT_ANALYSED' });
    expect(trait.body.msg).toContain('LDG');
    const other = await upload(
      'Foreign panel',
      ['y'],
      'sample,y\nA1,1\nA2,2\nA3,3\n',
      plinkZip(genotypes(['A1', 'A2', 'A3', 'A4'], 50, 3), 'foreign'),
      'foreign.zip',
    );
    expect(other.statusCode, other.body).toBe(200);
    const none = await call('POST', '/ds/createBySystem', {
      name: 'No overlap',
      panelDatasetId: other.json().data.id,
      experimentIds: [experimentId],
      traitCodes: ['PH'],
    });
    expect(none.status).toBe(400);
    expect(none.body).toMatchObject({ errorCode: 'GS_SYSTEM_NO_OVERLAP' });
    expect(none.body.msg).toContain('Foreign panel');
    const dup = await call('POST', '/ds/createBySystem', { name: 'Maize panel', panelDatasetId: panelId, experimentIds: [experimentId], traitCodes: ['PH'] });
    expect(dup.status).toBe(409);
    const code = await call('POST', '/ds/createBySystem', { name: 'Bad code', panelDatasetId: panelId, experimentIds: [experimentId], traitCodes: ['P H'] });
    expect(code.status).toBe(400);
    expect(code.body.errors[0]).toMatchObject({ field: 'traitCodes.0' });
  });
});

describe('createByMerge', () => {
  it('merges two datasets of one build: the union of samples and traits on the shared markers', async () => {
    const a = genotypes(['S1', 'S2', 'S3', 'S4', 'S5', 'S6'], 40, 5);
    // B: samples S5, S6 (shared) and S7..S9; markers snp11..snp50 (snp41..snp50 only in B).
    const b = genotypes(['S5', 'S6', 'S7', 'S8', 'S9'], 50, 9);
    b.markers = Array.from({ length: 50 }, (_, j) => `snp${j + 11}`);
    const da = await upload('Merge A', ['y'], 'sample,y\nS1,1\nS2,2\nS3,3\nS4,4\nS5,5\n', plinkZip(a, 'a'), 'a.zip');
    const db_ = await upload(
      'Merge B',
      ['y', 'z'],
      'sample,y,z\nS5,50,1\nS6,6,2\nS7,7,3\nS8,8,4\nS9,9,5\n',
      plinkZip(b, 'b', { chr: b.markers.map(() => '1'), pos: b.markers.map((_, j) => j + 11) }),
      'b.zip',
    );
    expect(da.statusCode, da.body).toBe(200);
    expect(db_.statusCode, db_.body).toBe(200);
    const ids = [da.json().data.id, db_.json().data.id];
    const res = await call('POST', '/ds/createByMerge', { name: 'Merged AB', datasetIds: ids });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const row = res.body.data;
    expect(row).toMatchObject({ origin: 'merge', sampleCount: 9, snpCount: 30, traitCodes: ['y', 'z'] });
    expect(row.notes).toMatchObject({ matched: 2, markers: 30, markersDropped: 10 + 20 });
    expect(row.buildId).toBe(da.json().data.buildId);
    // The stored files: B's lines carry B's calls on the shared markers; S5 keeps A's y (5), S6 takes B's (6).
    const exp = await t.app.inject({ method: 'POST', url: `/api/gs/api/ds/export-file/${row.id}`, headers: { token: admin } });
    const files = unzipSync(new Uint8Array(exp.rawPayload));
    fs.writeFileSync(path.join(dir, 'merged.zip'), files['merged.zip']);
    const g = readPlink(path.join(dir, 'merged.zip'));
    expect(g.samples).toEqual(['S1', 'S2', 'S3', 'S4', 'S5', 'S6', 'S7', 'S8', 'S9']);
    expect(g.markers[0]).toBe('snp11');
    const s7 = 6;
    for (let k = 0; k < 30; k++) expect(g.codes[k * 9 + s7]).toBe(b.codes[k * 5 + 2]);
    const pheno = Buffer.from(files['merged_phenotype.csv']).toString('utf8').trim().split('\n');
    expect(pheno[0]).toBe('sample,y,z');
    expect(pheno).toContain('S5,5,1');
    expect(pheno).toContain('S6,6,2');
  });

  it('refuses the same dataset twice, different maps, and datasets without a shared marker', async () => {
    const [a] = (await call('GET', '/ds/page?keyword=Merge A')).body.rows;
    const same = await call('POST', '/ds/createByMerge', { name: 'Same', datasetIds: [a.id, a.id] });
    expect(same.body).toMatchObject({ errorCode: 'GS_MERGE_SAME_DATASET' });
    const c = genotypes(['T1', 'T2', 'T3'], 40, 21);
    const moved = await upload(
      'Moved map',
      ['y'],
      'sample,y\nT1,1\nT2,2\n',
      plinkZip(c, 'c', { chr: c.markers.map(() => '2'), pos: c.markers.map((_, j) => j + 1) }),
      'c.zip',
    );
    const map = await call('POST', '/ds/createByMerge', { name: 'Map clash', datasetIds: [a.id, moved.json().data.id] });
    expect(map.status).toBe(400);
    expect(map.body).toMatchObject({ errorCode: 'GS_MERGE_MAP_DIFFERS' });
    expect(map.body.msg).toContain('snp1');
    const d = genotypes(['U1', 'U2', 'U3'], 20, 31);
    d.markers = d.markers.map((m) => `x${m}`);
    const disjoint = await upload('Disjoint', ['y'], 'sample,y\nU1,1\nU2,2\n', plinkZip(d, 'd'), 'd.zip');
    const none = await call('POST', '/ds/createByMerge', { name: 'No markers', datasetIds: [a.id, disjoint.json().data.id] });
    expect(none.body).toMatchObject({ errorCode: 'GS_MERGE_NO_COMMON_MARKERS' });
  });

  it('recodes a dataset whose alleles are swapped and refuses other alleles', async () => {
    const [a] = (await call('GET', '/ds/page?keyword=Merge A')).body.rows;
    // The same 40 markers with the alleles written the other way round: the calls count the other allele.
    const w = genotypes(['W1', 'W2', 'W3'], 40, 41);
    const swapped = { ...w, codes: w.codes.map((c) => 2 - c) };
    const up = await upload('Swapped', ['y'], 'sample,y\nW1,1\nW2,2\n', zipWithAlleles(swapped, 'w', 'B', 'A'), 'w.zip');
    expect(up.statusCode, up.body).toBe(200);
    const res = await call('POST', '/ds/createByMerge', { name: 'Swapped merge', datasetIds: [a.id, up.json().data.id] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.notes).toMatchObject({ markers: 40, markersDropped: 0 });
    const exp = await t.app.inject({ method: 'POST', url: `/api/gs/api/ds/export-file/${res.body.data.id}`, headers: { token: admin } });
    fs.writeFileSync(path.join(dir, 'swapped.zip'), unzipSync(new Uint8Array(exp.rawPayload))['merged.zip']);
    const g = readPlink(path.join(dir, 'swapped.zip'));
    expect(g.samples.slice(-3)).toEqual(['W1', 'W2', 'W3']);
    for (let k = 0; k < 40; k++) for (let i = 0; i < 3; i++) expect(g.codes[k * 9 + 6 + i]).toBe(w.codes[k * 3 + i]);
    const other = await upload('Other alleles', ['y'], 'sample,y\nV1,1\nV2,2\n', zipWithAlleles(genotypes(['V1', 'V2'], 40, 43), 'v', 'C', 'G'), 'v.zip');
    const clash = await call('POST', '/ds/createByMerge', { name: 'Allele clash', datasetIds: [a.id, other.json().data.id] });
    expect(clash.status).toBe(400);
    expect(clash.body).toMatchObject({ errorCode: 'GS_MERGE_ALLELES_DIFFER' });
  });

  it('refuses datasets of two genome builds', async () => {
    const [a] = (await call('GET', '/ds/page?keyword=Merge A')).body.rows;
    const [b] = (await call('GET', '/ds/page?keyword=Merge B')).body.rows;
    const builds = (await t.call('GET', '/api/gs/api/gws/getBuildList', { token: admin })).body.data;
    expect(builds.builds.length).toBeGreaterThan(1);
    const other = builds.builds.find((x: { buildId: number }) => x.buildId !== a.buildId).buildId;
    await t.db.execute(`update gs_dataset set build_id = ${other} where id = ${b.id}`);
    const res = await call('POST', '/ds/createByMerge', { name: 'Two builds', datasetIds: [a.id, b.id] });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      errorCode: 'GS_MERGE_BUILD_DIFFERS',
      msg: 'Datasets Merge A and Merge B use different genome builds and cannot be merged',
    });
  });
});

describe('candidates to a DOE planting list', () => {
  it('refuses candidates without a germplasm record, then creates the list of their germplasm in index order', async () => {
    const [ds] = (await call('GET', '/ds/page?keyword=Maize PYT BLUEs')).body.rows;
    const model = await call('POST', '/model/create', { name: 'Maize PH', datasetId: ds.id, traitCode: 'PH', algorithm: 'gblup', folds: 3 });
    expect((await waitForTask(t, admin, model.body.data.taskId, 120_000)).status).toBe('succeeded');
    const codes = (await call('GET', `/ds/samples/${ds.id}`)).body.data.genotyped as string[];
    const pred = await call('POST', '/predict/create', { name: 'Maize all', modelIds: [model.body.data.id], sampleCodes: codes });
    expect((await waitForTask(t, admin, pred.body.data.taskId, 60_000)).status).toBe('succeeded');
    const predictId = pred.body.data.id;
    const send = (body: Record<string, unknown> = {}) =>
      call('POST', '/sample/sendToPlantingList', { predictId, listName: 'GS candidates 2027', generation: 'F6', year: 2027, ...body });
    expect((await send()).body).toMatchObject({ errorCode: 'GS_CANDIDATES_EMPTY' });
    const ranked = (await call('POST', '/sample/page', { predictId, weights: [{ trait: 'PH', trend: '+', weight: 100 }], select: 3 })).body.data;
    const noGerm = ranked.rows.find((r: { id: string }) => r.id !== checkAccession);
    const check = ranked.rows.find((r: { id: string }) => r.id === checkAccession);
    await call('POST', '/sample/addCandidates', { predictId, method: 'weighted', samples: [noGerm, check].map((r) => ({ id: r.id, index: r.index })) });
    const refused = await send();
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ errorCode: 'GS_CANDIDATES_NO_GERMPLASM' });
    expect(refused.body.msg).toContain(noGerm.id);
    expect(refused.body.msg).not.toContain(checkAccession);
    const badGen = await send({ generation: 'G7' });
    expect(badGen.status).toBe(400);
    expect(badGen.body.errors[0]).toMatchObject({ field: 'generation' });
    await call('DELETE', '/sample/delCandidates', { predictId, sampleIds: [noGerm.id] });
    const ok = await send();
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data).toMatchObject({ listName: 'GS candidates 2027', entries: 1 });
    const list = await t.call('GET', `/api/doe/api/germList/entries`, { token: admin, query: { listId: ok.body.data.listId } });
    expect(list.status, list.text).toBe(200);
    expect(list.body.rows[0]).toMatchObject({ entryId: 1, materialName: '郑单958', generation: 'F6' });
    const dup = await send();
    expect(dup.status).toBe(409);
  }, 240_000);
});

describe('demo data', () => {
  it('seeds the wheat set as a dataset with a trained 5-fold GBLUP and a prediction, through the upload checks', async () => {
    const found = (await t.db.execute(`select id from sys_org where code = 'demo'`)) as unknown as { rows: { id: number }[] };
    const orgId = found.rows[0]!.id;
    const crops = (await t.db.execute(`select id, code from sys_crop where org_id = ${orgId}`)) as unknown as { rows: { id: number; code: string }[] };
    const users = (await t.db.execute(`select id, username from sys_user where username = 'admin'`)) as unknown as { rows: { id: number; username: string }[] };
    await seedGsDemo(
      t.db,
      { orgId, crops: Object.fromEntries(crops.rows.map((c) => [c.code, c.id])), users: { admin: users.rows[0]!.id } },
      { storage: t.app.storage, config: t.app.config },
    );
    const [ds] = (await call('GET', '/ds/page?keyword=小麦 599')).body.rows;
    expect(ds).toMatchObject({ sampleCount: 599, snpCount: 1279, traitCodes: ['GY_E1', 'GY_E2', 'GY_E4', 'GY_E5'] });
    const models = (await call('GET', `/model/page?datasetId=${ds.id}`)).body.rows;
    expect(models).toHaveLength(1);
    const m = (await call('GET', `/model/detail/${models[0].id}`)).body.data;
    expect(m).toMatchObject({ status: 'finished', algorithm: 'gblup', folds: 5, n: 599, m: 1279 });
    // rrBLUP's mixed.solve on the same data (trait 1 = GY_E1): Vu 0.3014842767, Ve 0.540997722.
    expect(m.varU).toBeCloseTo(0.3014842767, 6);
    expect(m.varE).toBeCloseTo(0.540997722, 6);
    expect(m.cvFolds).toHaveLength(5);
    const preds = (await call('GET', `/predict/page?datasetId=${ds.id}`)).body.rows;
    expect(preds[0]).toMatchObject({ status: 'finished', sampleCount: 100 });
    const d = (await call('GET', `/predict/detail/${preds[0].id}`)).body.data;
    const gebv = new Map(m.predictions.map((p: { id: string }) => [p.id, p]));
    expect(d.rows).toHaveLength(100);
    expect(gebv.size).toBe(599);
  }, 120_000);

  it('refuses a panel of another crop and a merge across crops', async () => {
    const [wheat] = (await call('GET', '/ds/page?keyword=小麦 599')).body.rows;
    const panel = await call('POST', '/ds/createBySystem', {
      name: 'Wheat panel',
      panelDatasetId: wheat.id,
      experimentIds: [experimentId],
      traitCodes: ['PH'],
    });
    expect(panel.status).toBe(400);
    expect(panel.body).toMatchObject({ errorCode: 'GS_PANEL_OTHER_CROP' });
    const merge = await call('POST', '/ds/createByMerge', { name: 'Across crops', datasetIds: [panelId, wheat.id] });
    expect(merge.status).toBe(400);
    expect(merge.body).toMatchObject({ errorCode: 'GS_MERGE_CROP_DIFFERS' });
  });
});
