import ExcelJS from 'exceljs';
import { analyseTrait } from '@breedwise/trial-analysis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOtherOrg, createTestApp, multipartBody, waitForTask, type TestApp } from '../../../../test/harness';

let t: TestApp;
let admin: string;
let outsider: string;
let locationId: number;
let projectId: number;
let fieldNo = 0;
const en = { 'accept-language': 'en' };
const api = (method: string, url: string, body?: unknown, token = admin, query?: Record<string, unknown>) =>
  t.call(method, url, { token, body, headers: en, query: query as Record<string, string> });
const pheno = '/api/pheno/api';

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  await createOtherOrg(t.db, 'rival', [{ username: 'rival-admin', nickName: 'Rival', role: 'admin', crops: { maize: 'operate' } }]);
  outsider = await t.login('rival-admin');
  locationId = (await api('POST', '/api/doe/api/location/create', { name: 'Pheno station', code: 'PHENO-LOC' })).body.data.id;
  projectId = (await api('POST', '/api/doe/api/project/create', { name: 'Pheno project', code: 'PHENO-PRJ' })).body.data.id;
});
afterAll(() => t.close());

async function variable(body: Record<string, unknown>) {
  const res = await api('POST', `${pheno}/variable/create`, body);
  expect(res.status, res.text).toBe(200);
  return res.body.data as { id: number; code: string };
}

/** A designed alpha lattice: 20 entries (2 checks), 2 reps, blocks of 5, on an 8 x 5 field of its own. */
async function designedExperiment(design = true) {
  fieldNo += 1;
  const fieldId = (
    await api('POST', '/api/doe/api/field/create', {
      locationId,
      name: `PF${fieldNo}`,
      code: `PF${fieldNo}`,
      type: 1,
      rows: 8,
      cols: 5,
      tiers: 1,
      plantRowsPerPlot: 2,
    })
  ).body.data.id;
  const exp = (
    await api('POST', '/api/doe/api/experiment/create', {
      name: 'Pheno trial',
      year: 2026,
      season: 'summer',
      designMethod: 'alpha',
      reps: 2,
      projectId,
      locationId,
      fieldId,
    })
  ).body.data;
  const entries = Array.from({ length: 20 }, (_, i) => ({ entryNo: i + 1, name: `G${String(i + 1).padStart(2, '0')}`, type: i >= 18 ? 'check' : 'test' }));
  expect((await api('PUT', '/api/doe/api/experiment/entries', { id: exp.id, entries })).status).toBe(200);
  if (design) {
    const saved = await api('POST', '/api/doe/api/experiment/design', {
      id: exp.id,
      planName: 'alpha',
      designMethod: 'alpha',
      reps: 2,
      blockCount: 4,
      rows: 8,
      cols: 5,
      seed: 7,
    });
    expect(saved.status, saved.text).toBe(200);
    expect((await waitForTask(t, admin, saved.body.data.taskId)).status).toBe('succeeded');
  }
  return exp as { id: number; code: string };
}

let codeNo = 0;
async function threeTraits() {
  codeNo += 1;
  const ph = await variable({
    code: `PH${codeNo}`,
    name: 'Plant height',
    trait: 'Plant height',
    scaleType: 'numeric',
    unit: 'cm',
    minimum: 50,
    maximum: 400,
    synonyms: [`PLHT${codeNo}`],
  });
  const yld = await variable({ code: `YLD${codeNo}`, name: 'Plot yield', trait: 'Yield', scaleType: 'numeric', unit: 'kg', minimum: 0, maximum: 40 });
  const nlb = await variable({
    code: `NLB${codeNo}`,
    name: 'Leaf blight',
    trait: 'Northern leaf blight',
    scaleType: 'ordinal',
    categories: [
      { value: '1', label: 'Resistant' },
      { value: '5', label: 'Moderate' },
      { value: '9', label: 'Susceptible' },
    ],
  });
  return { ph, yld, nlb };
}

type Grid = {
  plots: { ref: number; plotId: string; entryNo: number; entryType: string; rep: number; block: number }[];
  cells: { id: number; plotRef: number; variableId: number; value: string }[];
};
const grid = async (id: number) => (await api('GET', `${pheno}/study/grid/${id}`)).body.data as Grid;

async function upload(id: number, csv: string, token = admin) {
  const { payload, headers } = multipartBody({}, { name: 'fieldbook.csv', content: Buffer.from(csv, 'utf8'), type: 'text/csv' });
  const res = await t.app.inject({ method: 'POST', url: `${pheno}/study/fieldbook/import/${id}`, payload, headers: { ...headers, token, ...en } });
  return { status: res.statusCode, body: res.json() };
}

describe('traits (variables)', () => {
  it('refuses a range upside down, a categorical scale without categories, a malformed ontology id and a taken abbreviation', async () => {
    const range = await api('POST', `${pheno}/variable/create`, { code: 'BAD1', name: 'x', trait: 'x', scaleType: 'numeric', minimum: 10, maximum: 5 });
    expect(range.status).toBe(400);
    expect(range.body.errors[0]).toMatchObject({ field: 'maximum', errorCode: 'PHENO_SCALE_RANGE' });
    expect(range.body.errors[0].message).toContain('10');
    const cats = await api('POST', `${pheno}/variable/create`, { code: 'BAD2', name: 'x', trait: 'x', scaleType: 'nominal', categories: [] });
    expect(cats.body.errors[0]).toMatchObject({ field: 'categories', errorCode: 'PHENO_SCALE_CATEGORIES' });
    const pct = await api('POST', `${pheno}/variable/create`, { code: 'BAD3', name: 'x', trait: 'x', scaleType: 'percentage', maximum: 120 });
    expect(pct.body.errors[0]).toMatchObject({ errorCode: 'PHENO_SCALE_PERCENT' });
    const co = await api('POST', `${pheno}/variable/create`, { code: 'BAD4', name: 'x', trait: 'x', scaleType: 'text', ontologyId: 'height' });
    expect(co.body.errors[0]).toMatchObject({ field: 'ontologyId', errorCode: 'PHENO_ONTOLOGY_ID' });
    const format = await api('POST', `${pheno}/variable/create`, { code: '1PH', name: 'x', trait: 'x', scaleType: 'text' });
    expect(format.status).toBe(400);
    expect(format.body.errors[0].field).toBe('code');
    const ok = await variable({
      code: 'EH',
      name: 'Ear height',
      trait: 'Ear height',
      scaleType: 'numeric',
      unit: 'cm',
      minimum: 10,
      maximum: 300,
      ontologyId: 'CO_322:0000234',
      categories: [{ value: 'x' }],
    });
    // What the scale does not use is dropped (a numeric scale has no categories).
    expect(ok).toMatchObject({ code: 'EH', ontologyId: 'CO_322:0000234', categories: [] });
    const again = await api('POST', `${pheno}/variable/create`, { code: 'EH', name: 'Ear height 2', trait: 'Ear height', scaleType: 'numeric' });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ errorCode: 'PHENO_VARIABLE_CODE_EXISTS', msg: 'Trait abbreviation EH already exists' });
    // Another organisation does not see it.
    expect((await api('GET', `${pheno}/variable/detail/${ok.id}`, undefined, outsider)).status).toBe(404);
  });
});

describe('pushing an experiment to phenotyping', () => {
  it('refuses unknown traits, no traits and an experiment without layout; pushes with its traits once', async () => {
    const { ph, yld, nlb } = await threeTraits();
    const bare = await designedExperiment(false);
    const noLayout = await api('POST', `${pheno}/study/push`, { experimentId: bare.id, variableIds: [ph.id] });
    expect(noLayout.status).toBe(400);
    expect(noLayout.body.errorCode).toBe('PHENO_NO_LAYOUT');

    const exp = await designedExperiment();
    const none = await api('POST', `${pheno}/study/push`, { experimentId: exp.id, variableIds: [] });
    expect(none.status).toBe(400);
    expect(none.body.errors[0]).toMatchObject({ field: 'variableIds', errorCode: 'PHENO_TRAITS_REQUIRED', message: 'Choose at least one trait to observe' });
    const unknown = await api('POST', `${pheno}/study/push`, { experimentId: exp.id, variableIds: [ph.id, 999999] });
    expect(unknown.body).toMatchObject({ errorCode: 'PHENO_VARIABLE_NOT_FOUND' });
    // Nothing happened: the experiment is still open.
    expect((await api('GET', `/api/doe/api/experiment/detail/${exp.id}`)).body.data.locked).toBe(false);
    const observeBefore = await api('PUT', `${pheno}/study/observation`, { experimentId: exp.id, plotRef: 1, variableId: ph.id, value: '100' });
    expect(observeBefore.body.errorCode).toBe('PHENO_NOT_PUSHED');
    const analyseBefore = await api('POST', `${pheno}/study/analysis/run`, { experimentId: exp.id });
    expect(analyseBefore.status).toBe(400);
    expect(analyseBefore.body).toMatchObject({ errorCode: 'PHENO_NOT_PUSHED' });
    expect((await api('GET', `${pheno}/study/analysis/${exp.id}`)).body.data).toEqual([]);

    const pushed = await api('POST', `${pheno}/study/push`, { experimentId: exp.id, variableIds: [ph.id, yld.id, nlb.id] });
    expect(pushed.status, pushed.text).toBe(200);
    expect(pushed.body.data).toMatchObject({ pushed: true, plotCount: 40, traitCount: 3 });
    expect(pushed.body.data.traits.map((v: { id: number }) => v.id)).toEqual([ph.id, yld.id, nlb.id]);
    expect((await api('GET', `/api/doe/api/experiment/detail/${exp.id}`)).body.data.locked).toBe(true);
    const twice = await api('POST', `${pheno}/study/push`, { experimentId: exp.id, variableIds: [ph.id] });
    expect(twice.status).toBe(409);
    expect(twice.body.errorCode).toBe('DOE_EXPERIMENT_LOCKED');
    const noTraits = await api('PUT', `${pheno}/study/traits`, { experimentId: exp.id, variableIds: [] });
    expect(noTraits.body.errors[0]).toMatchObject({ field: 'variableIds', errorCode: 'PHENO_TRAITS_REQUIRED' });
    expect((await api('GET', `${pheno}/study/detail/${exp.id}`)).body.data.traitCount).toBe(3);
    // Other organisations do not find it.
    expect((await api('GET', `${pheno}/study/grid/${exp.id}`, undefined, outsider)).status).toBe(404);
    // A trait in use cannot be deleted.
    const del = await api('DELETE', `${pheno}/variable/${ph.id}`);
    expect(del.status).toBe(409);
    expect(del.body.errorCode).toBe('PHENO_VARIABLE_IN_USE');
  });
});

describe('observations', () => {
  it('refuses values outside the scale naming plot, trait and rule; keeps the history of a changed value; excludes with a reason', async () => {
    const { ph, yld, nlb } = await threeTraits();
    const other = await variable({ code: `OT${codeNo}`, name: 'Other', trait: 'Other', scaleType: 'date' });
    const exp = await designedExperiment();
    await api('POST', `${pheno}/study/push`, { experimentId: exp.id, variableIds: [ph.id, yld.id, nlb.id] });
    const g = await grid(exp.id);
    const plot = g.plots.find((p) => p.entryType !== 'filler')!;
    const put = (variableId: number, value: string | null, token = admin) =>
      api('PUT', `${pheno}/study/observation`, { experimentId: exp.id, plotRef: plot.ref, variableId, value }, token);

    const high = await put(ph.id, '450');
    expect(high.status).toBe(400);
    expect(high.body).toMatchObject({ errorCode: 'PHENO_OUT_OF_SCALE', msg: `Plot ${plot.plotId}, trait ${ph.code}: value "450" must be between 50 and 400` });
    const zh = await t.call('PUT', `${pheno}/study/observation`, {
      token: admin,
      headers: { 'accept-language': 'zh-CN' },
      body: { experimentId: exp.id, plotRef: plot.ref, variableId: ph.id, value: 'abc' },
    });
    expect(zh.body.msg).toBe(`小区 ${plot.plotId} 的性状 ${ph.code} 值“abc”无效：须为数字`);
    expect((await put(nlb.id, '4')).body.msg).toContain('must be one of the categories 1, 5, 9');
    expect((await put(other.id, '2026-01-01')).body.errorCode).toBe('PHENO_TRAIT_NOT_IN_STUDY');
    const foreignPlot = await api('PUT', `${pheno}/study/observation`, { experimentId: exp.id, plotRef: 99999999, variableId: ph.id, value: '100' });
    expect(foreignPlot.body.errorCode).toBe('PHENO_PLOT_NOT_FOUND');
    expect((await put(ph.id, '100', outsider)).status).toBe(404);

    const first = await put(ph.id, '210');
    expect(first.status, first.text).toBe(200);
    expect(first.body.data.cell).toMatchObject({ value: '210', source: 'grid', versions: 0 });
    // The category's label is accepted and stored as its value.
    expect((await put(nlb.id, 'susceptible')).body.data.cell.value).toBe('9');
    const changed = await put(ph.id, '215.0');
    expect(changed.body.data.cell).toMatchObject({ value: '215', versions: 1 });
    const same = await put(ph.id, '215');
    expect(same.body.data.cell.versions).toBe(1);
    const history = await api('GET', `${pheno}/study/observation/history`, undefined, admin, { observationId: changed.body.data.cell.id });
    expect(history.body.data.map((h: { value: string }) => h.value)).toEqual(['210']);

    const noReason = await api('PUT', `${pheno}/study/observation/exclude`, { observationId: changed.body.data.cell.id, excluded: true });
    expect(noReason.status).toBe(400);
    expect(noReason.body.errorCode).toBe('PHENO_EXCLUDE_REASON');
    const excluded = await api('PUT', `${pheno}/study/observation/exclude`, {
      observationId: changed.body.data.cell.id,
      excluded: true,
      reason: 'lodged plot',
    });
    expect(excluded.body.data).toMatchObject({ excluded: true, excludeReason: 'lodged plot' });

    const cleared = await put(ph.id, '');
    expect(cleared.body.data.cell).toBeNull();
    // A trait with observations stays in the experiment.
    const drop = await api('PUT', `${pheno}/study/traits`, { experimentId: exp.id, variableIds: [ph.id, yld.id] });
    expect(drop.status).toBe(409);
    expect(drop.body.errorCode).toBe('PHENO_TRAIT_HAS_DATA');
    const add = await api('PUT', `${pheno}/study/traits`, { experimentId: exp.id, variableIds: [ph.id, yld.id, nlb.id, other.id] });
    expect(add.body.data.traitCount).toBe(4);
  });
});

describe('Field Book round trip', () => {
  it('exports the field and trait files, imports both CSV formats with a row report, and a re-import changes nothing', async () => {
    const { ph, yld, nlb } = await threeTraits();
    const exp = await designedExperiment();
    await api('POST', `${pheno}/study/push`, { experimentId: exp.id, variableIds: [ph.id, yld.id, nlb.id] });
    const g = await grid(exp.id);
    const plots = g.plots.filter((p) => p.entryType !== 'filler');

    const field = await t.app.inject({ method: 'GET', url: `${pheno}/study/fieldbook/field/${exp.id}`, headers: { token: admin } });
    expect(field.statusCode).toBe(200);
    const lines = field.body.trim().split('\r\n');
    expect(lines[0]).toBe('plot_id,plot_number,rep,block,row,col,entry,name');
    expect(lines).toHaveLength(plots.length + 1);
    expect(lines[1].split(',')[0]).toBe(plots[0].plotId);
    const trt = await t.app.inject({ method: 'GET', url: `${pheno}/study/fieldbook/trait/${exp.id}`, headers: { token: admin } });
    expect(trt.headers['content-disposition']).toContain('.trt');
    const trtLines = trt.body.trim().split('\r\n');
    expect(trtLines[0]).toBe('"trait","format","defaultValue","minimum","maximum","details","categories","isVisible","realPosition"');
    expect(trtLines[1]).toMatch(new RegExp(`^"${ph.code}","numeric","","50","400",`));
    expect(trtLines[3]).toContain('"categorical"');
    expect(trtLines[3]).toContain('"1/5/9"');

    // Database format: one line per value, one of them out of range.
    const rows = plots.flatMap((p, i) => [
      `${p.plotId},${ph.code},${i === 3 ? 999 : 200 + (i % 7) * 3},2026-07-01 10:00:00.000-0500,Li Ming,,1`,
      `${p.plotId},${yld.code},${(8 + (i % 5) * 0.4).toFixed(1)},2026-09-20 09:00:00.000+0800,Li Ming,,1`,
    ]);
    const csv = ['plot_id,trait,value,timestamp,person,location,number', ...rows, 'NOPE-1,' + ph.code + ',100,,,,1', `${plots[0].plotId},UNKNOWN,1,,,,1`].join(
      '\n',
    );
    const first = await upload(exp.id, csv);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const r = first.body.data;
    expect(r).toMatchObject({ format: 'database', inserted: plots.length * 2 - 1, updated: 0, unchanged: 0, refused: 3 });
    const refused = r.rows.filter((x: { status: string }) => x.status === 'refused');
    expect(refused[0]).toMatchObject({ line: 8, plotId: plots[3].plotId, trait: ph.code, value: '999', errorCode: 'PHENO_OUT_OF_SCALE' });
    expect(refused[0].message).toBe(`Plot ${plots[3].plotId}, trait ${ph.code}: value "999" must be between 50 and 400`);
    expect(refused[1]).toMatchObject({ errorCode: 'PHENO_FIELDBOOK_PLOT' });
    expect(refused[2]).toMatchObject({ errorCode: 'PHENO_FIELDBOOK_TRAIT' });
    const cellsAfter = (await grid(exp.id)).cells;
    expect(cellsAfter).toHaveLength(plots.length * 2 - 1);

    const again = await upload(exp.id, csv);
    expect(again.body.data).toMatchObject({ inserted: 0, updated: 0, unchanged: plots.length * 2 - 1, refused: 3 });
    expect((await grid(exp.id)).cells).toEqual(cellsAfter);

    // Table format: one line per plot, traits named by abbreviation or synonym; one changed value.
    const table = [
      `plot_id,plot_number,rep,block,row,col,entry,name,PLHT${codeNo},${nlb.code}`,
      ...plots.map((p, i) => `${p.plotId},1,1,1,1,1,${p.entryNo},x,${i === 0 ? 260 : i === 3 ? '' : 200 + (i % 7) * 3},${i % 2 ? 1 : 9}`),
    ].join('\r\n');
    const tab = await upload(exp.id, table);
    expect(tab.body.data).toMatchObject({ format: 'table', inserted: plots.length, updated: 1, unchanged: plots.length - 2, refused: 0 });
    const tabAgain = await upload(exp.id, table);
    expect(tabAgain.body.data).toMatchObject({ inserted: 0, updated: 0, unchanged: plots.length * 2 - 1, refused: 0 });
    const changedCell = (await grid(exp.id)).cells.find((c) => c.plotRef === plots[0].ref && c.variableId === ph.id)!;
    const history = await api('GET', `${pheno}/study/observation/history`, undefined, admin, { observationId: changedCell.id });
    expect(history.body.data).toHaveLength(1);

    const junk = await upload(exp.id, 'a,b,c\n1,2,3');
    expect(junk.status).toBe(400);
    expect(junk.body.errorCode).toBe('PHENO_FIELDBOOK_FORMAT');
    expect((await upload(exp.id, csv, outsider)).status).toBe(404);
  });
});

describe('quality checks and single-trial analysis', () => {
  it('finds missing plots and robust outliers, draws the heat map, and analyses the alpha lattice', async () => {
    const { ph, yld, nlb } = await threeTraits();
    const exp = await designedExperiment();
    await api('POST', `${pheno}/study/push`, { experimentId: exp.id, variableIds: [ph.id, yld.id, nlb.id] });
    const plots = (await grid(exp.id)).plots.filter((p) => p.entryType !== 'filler');
    // Yield: entry effect + rep effect + a fixed wobble; one plot far off; one plot missing.
    const lines = plots.flatMap((p, i) => {
      if (i === 5) return [];
      const v = i === 9 ? 30 : 8 + (p.entryNo % 6) * 0.5 + (p.rep === 2 ? 0.3 : 0) + ((i * 7) % 5) * 0.1;
      return [`${p.plotId},${yld.code},${v.toFixed(2)}`];
    });
    expect((await upload(exp.id, ['plot_id,trait,value', ...lines].join('\n'))).body.data.inserted).toBe(plots.length - 1);

    const qc = await api('GET', `${pheno}/study/qc/${exp.id}`, undefined, admin, { variableId: yld.id });
    expect(qc.status, qc.text).toBe(200);
    expect(qc.body.data.missing.map((m: { plotId: string }) => m.plotId)).toEqual([plots[5].plotId]);
    expect(qc.body.data.outliers).toHaveLength(1);
    expect(qc.body.data.outliers[0]).toMatchObject({ plotId: plots[9].plotId, value: 30 });
    expect(qc.body.data.outliers[0].z).toBeGreaterThan(3.5);
    expect(qc.body.data.heat).toHaveLength(plots.length);
    expect(qc.body.data.histogram.reduce((a: number, b: { count: number }) => a + b.count, 0)).toBe(plots.length - 1);
    await api('PUT', `${pheno}/study/observation/exclude`, { observationId: qc.body.data.outliers[0].observationId, excluded: true, reason: 'typing error' });
    const qc2 = (await api('GET', `${pheno}/study/qc/${exp.id}`, undefined, admin, { variableId: yld.id })).body.data;
    expect(qc2.outliers[0].excluded).toBe(true);
    expect(qc2.stats.n).toBe(plots.length - 2);

    const run = await api('POST', `${pheno}/study/analysis/run`, { experimentId: exp.id });
    expect(run.status, run.text).toBe(200);
    const yr = run.body.data.results.find((r: { variableId: number }) => r.variableId === yld.id);
    expect(yr).toMatchObject({ design: 'alpha', n: plots.length - 2, missing: 2 });
    expect(yr.entries).toHaveLength(20);
    expect(yr.heritability).toBeGreaterThan(0.5);
    expect(yr.heritability).toBeLessThanOrEqual(1);
    expect(yr.cv).toBeGreaterThan(0);
    expect(yr.varianceComponents.map((c: { name: string }) => c.name)).toEqual(expect.arrayContaining(['rep:block', 'Residual']));
    expect(yr.entries.find((e: { name: string }) => e.name === 'G05').blue).toBeGreaterThan(yr.entries.find((e: { name: string }) => e.name === 'G06').blue);
    // Plant height has no values: reported, not saved; the ordinal trait has none either.
    expect(run.body.data.failures.map((f: { variableId: number }) => f.variableId)).toEqual(expect.arrayContaining([ph.id, nlb.id]));
    expect(run.body.data.failures[0].message).toContain('failed');
    const saved = await api('GET', `${pheno}/study/analysis/${exp.id}`);
    expect(saved.body.data).toHaveLength(1);
    expect(saved.body.data[0].heritability).toBe(yr.heritability);
    expect((await api('GET', `${pheno}/study/page`, undefined, admin, { keyword: exp.code })).body.rows[0]).toMatchObject({
      observationCount: plots.length - 1,
    });
  });
});

describe('trait list rules', () => {
  it('refuses a category value given twice, and an import naming one abbreviation twice', async () => {
    const twice = await api('POST', `${pheno}/variable/create`, {
      code: 'REPCAT',
      name: 'Score',
      trait: 'Score',
      scaleType: 'ordinal',
      categories: [
        { value: '1', label: 'Low' },
        { value: '1', label: 'Also low' },
      ],
    });
    expect(twice.status).toBe(400);
    expect(twice.body.errors[0]).toMatchObject({ field: 'categories', errorCode: 'PHENO_SCALE_CATEGORY_REPEATED', message: 'Category value 1 appears twice' });

    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Traits');
    ws.addRow(['Abbreviation', 'Variable name', 'Trait', 'Scale type', 'Unit', 'Minimum', 'Maximum']);
    ws.addRow(['IMPH', 'Plant height', 'Plant height', 'numeric', 'cm', 50, 400]);
    ws.addRow(['IMEH', 'Ear height', 'Ear height', 'numeric', 'cm', 10, 300]);
    ws.addRow(['IMPH', 'Plant height again', 'Plant height', 'numeric', 'cm', 50, 400]);
    const { payload, headers } = multipartBody({ mode: 'all' }, { name: 'traits.xlsx', content: Buffer.from(await wb.xlsx.writeBuffer()) });
    const res = await t.app.inject({ method: 'POST', url: `${pheno}/variable/import`, headers: { ...headers, token: admin, ...en }, payload });
    expect(res.statusCode, res.body).toBe(200);
    const task = await waitForTask(t, admin, res.json().data.taskId);
    expect(task.result).toMatchObject({ total: 3, imported: 0, refused: true });
    const messages = task.result.errors.map((e: { message: string }) => e.message);
    expect(messages).toContain('Trait abbreviation IMPH appears twice in the file (already used in row 2)');
    expect((await api('GET', `${pheno}/variable/page`, undefined, admin, { keyword: 'IMPH' })).body.total).toBe(0);
  });
});

/** A designed experiment of the given design on a field of its own (fillers fill the plots left over). */
async function designedWith(spec: { designMethod: string; entries: number; checks: number; reps?: number; blockCount?: number; rows: number; cols: number }) {
  fieldNo += 1;
  const fieldId = (
    await api('POST', '/api/doe/api/field/create', {
      locationId,
      name: `PF${fieldNo}`,
      code: `PF${fieldNo}`,
      type: 1,
      rows: spec.rows,
      cols: spec.cols,
      tiers: 1,
      plantRowsPerPlot: 2,
    })
  ).body.data.id;
  const exp = (
    await api('POST', '/api/doe/api/experiment/create', {
      name: `Pheno ${spec.designMethod}`,
      year: 2026,
      season: 'summer',
      designMethod: spec.designMethod,
      ...(spec.reps ? { reps: spec.reps } : {}),
      projectId,
      locationId,
      fieldId,
    })
  ).body.data as { id: number; code: string };
  expect(exp?.id).toBeDefined();
  const entries = Array.from({ length: spec.entries }, (_, i) => ({
    entryNo: i + 1,
    name: `G${String(i + 1).padStart(2, '0')}`,
    type: i >= spec.entries - spec.checks ? 'check' : 'test',
  }));
  expect((await api('PUT', '/api/doe/api/experiment/entries', { id: exp.id, entries })).status).toBe(200);
  const saved = await api('POST', '/api/doe/api/experiment/design', {
    id: exp.id,
    planName: spec.designMethod,
    designMethod: spec.designMethod,
    reps: spec.reps ?? null,
    blockCount: spec.blockCount ?? null,
    rows: spec.rows,
    cols: spec.cols,
    filler: 'Guard',
    seed: 11,
  });
  expect(saved.status, saved.text).toBe(200);
  expect((await waitForTask(t, admin, saved.body.data.taskId)).status).toBe('succeeded');
  return exp;
}

type FullPlot = { ref: number; plotId: string; entryNo: number; entryType: string; rep: number; block: number; row: number; col: number };

/** A value per plot with entry, rep, row and column effects and a fixed wobble (the same every run). */
const plotValue = (p: FullPlot, i: number) => 100 + (p.entryNo % 7) * 4.5 + p.rep * 3 + (p.row % 3) * 1.1 + (p.col % 2) * 0.8 + ((i * 37) % 11) * 0.9;

describe('designs other than the alpha lattice', () => {
  it('refuses a value on a filler plot from the grid and from a Field Book file', async () => {
    const { ph } = await threeTraits();
    const exp = await designedWith({ designMethod: 'rcbd', entries: 13, checks: 1, reps: 2, rows: 6, cols: 5 });
    await api('POST', `${pheno}/study/push`, { experimentId: exp.id, variableIds: [ph.id] });
    const filler = (await grid(exp.id)).plots.find((p) => p.entryType === 'filler')!;
    expect(filler).toBeDefined();
    const cell = await api('PUT', `${pheno}/study/observation`, { experimentId: exp.id, plotRef: filler.ref, variableId: ph.id, value: '120' });
    expect(cell.status).toBe(400);
    expect(cell.body).toMatchObject({ errorCode: 'PHENO_PLOT_FILLER', msg: `Plot ${filler.plotId} is a filler and takes no observations` });
    const file = await upload(exp.id, ['plot_id,trait,value', `${filler.plotId},${ph.code},120`].join('\n'));
    expect(file.body.data).toMatchObject({ inserted: 0, refused: 1 });
    expect(file.body.data.rows[0]).toMatchObject({ plotId: filler.plotId, errorCode: 'PHENO_PLOT_FILLER' });
    expect((await grid(exp.id)).cells).toEqual([]);
  });

  for (const [designMethod, engineDesign, spec] of [
    ['rcbd', 'rcbd', { entries: 13, checks: 1, reps: 2, rows: 6, cols: 5 }],
    ['rowcol', 'row-column', { entries: 12, checks: 1, reps: 2, rows: 6, cols: 4 }],
    ['augmented', 'augmented', { entries: 20, checks: 3, blockCount: 3, rows: 6, cols: 5 }],
  ] as const) {
    it(`analyses a ${designMethod} trial through the API as the engine does directly`, async () => {
      const { ph, nlb } = await threeTraits();
      const note = await variable({ code: `NOTE${codeNo}`, name: 'Note', trait: 'Note', scaleType: 'text' });
      const exp = await designedWith({ designMethod, ...spec });
      const pushed = await api('POST', `${pheno}/study/push`, { experimentId: exp.id, variableIds: [ph.id, nlb.id, note.id] });
      expect(pushed.status, pushed.text).toBe(200);
      const plots = ((await grid(exp.id)).plots as FullPlot[]).filter((p) => p.entryType !== 'filler');
      const values = plots.map((p, i) => (i === 4 ? null : Math.round(plotValue(p, i) * 10) / 10));
      const lines = plots.flatMap((p, i) => (values[i] === null ? [] : [`${p.plotId},${ph.code},${values[i]}`]));
      expect((await upload(exp.id, ['plot_id,trait,value', ...lines].join('\n'))).body.data.inserted).toBe(lines.length);

      const run = await api('POST', `${pheno}/study/analysis/run`, { experimentId: exp.id });
      expect(run.status, run.text).toBe(200);
      // The text trait cannot be analysed; the ordinal one has no values.
      const notNumeric = run.body.data.failures.find((f: { variableId: number }) => f.variableId === note.id);
      expect(notNumeric).toMatchObject({ code: 'PHENO_TRAIT_NOT_NUMERIC', message: `Trait ${note.code} is not numeric and cannot be analysed` });
      expect(run.body.data.failures.find((f: { variableId: number }) => f.variableId === nlb.id)).toMatchObject({ code: 'PHENO_ANALYSIS_FAILED' });
      const got = run.body.data.results.find((r: { variableId: number }) => r.variableId === ph.id);
      expect(got).toMatchObject({ design: engineDesign, n: plots.length - 1, missing: 1 });

      const direct = analyseTrait({
        design: engineDesign,
        trait: ph.code,
        plots: plots.map((p, i) => ({
          plotId: p.plotId,
          entry: String(p.entryNo),
          rep: p.rep,
          block: p.block,
          row: p.row,
          col: p.col,
          isCheck: p.entryType === 'check',
          value: values[i],
        })),
      });
      const close = (a: number | null, b: number | null) => {
        if (a === null || b === null || !Number.isFinite(b)) expect(a).toBe(Number.isFinite(b as number) ? b : null);
        else expect(Math.abs(a - b)).toBeLessThanOrEqual(1e-9 * Math.max(1, Math.abs(b)));
      };
      expect(got.varianceComponents.map((c: { name: string }) => c.name)).toEqual(direct.varianceComponents.map((c) => c.name));
      got.varianceComponents.forEach((c: { variance: number }, i: number) => close(c.variance, direct.varianceComponents[i].value));
      close(got.heritability, direct.heritability);
      close(got.cv, direct.cv);
      close(got.lsd, direct.lsd);
      close(got.grandMean, direct.grandMean);
      expect(got.formulaBlue).toBe(direct.fits.blue.formula);
      expect(got.entries).toHaveLength(direct.blues.length);
      for (const b of direct.blues) {
        const e = got.entries.find((x: { entry: string }) => x.entry === b.entry);
        close(e.blue, b.value);
        close(e.se, b.se);
        close(e.blup, direct.blups.find((x) => x.entry === b.entry)?.value ?? null);
        expect(e.isCheck).toBe(b.isCheck);
      }
      // What was saved is what was answered.
      const saved = (await api('GET', `${pheno}/study/analysis/${exp.id}`)).body.data.find((r: { variableId: number }) => r.variableId === ph.id);
      expect(saved.heritability).toBe(got.heritability);
    });
  }

  it('refuses to analyse a design that has no model (a latin square)', async () => {
    const { ph } = await threeTraits();
    const exp = await designedWith({ designMethod: 'latin', entries: 4, checks: 1, rows: 4, cols: 4 });
    expect((await api('POST', `${pheno}/study/push`, { experimentId: exp.id, variableIds: [ph.id] })).status).toBe(200);
    const run = await api('POST', `${pheno}/study/analysis/run`, { experimentId: exp.id });
    expect(run.status).toBe(400);
    expect(run.body).toMatchObject({ errorCode: 'PHENO_DESIGN_UNSUPPORTED' });
    expect(run.body.msg).toContain('latin');
  });
});

describe('saving a row of the grid', () => {
  it("saves a plot's values of several traits together, or none when one is refused", async () => {
    const { ph, yld, nlb } = await threeTraits();
    const exp = await designedExperiment();
    await api('POST', `${pheno}/study/push`, { experimentId: exp.id, variableIds: [ph.id, yld.id, nlb.id] });
    const plot = (await grid(exp.id)).plots.find((p) => p.entryType !== 'filler')!;
    const row = (values: { variableId: number; value: string | null }[]) =>
      api('PUT', `${pheno}/study/observation/row`, { experimentId: exp.id, plotRef: plot.ref, values });
    const ok = await row([
      { variableId: ph.id, value: '210' },
      { variableId: yld.id, value: '8.5' },
      { variableId: nlb.id, value: 'moderate' },
    ]);
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body.data.cells.map((c: { value: string; source: string }) => [c.value, c.source])).toEqual([
      ['210', 'grid'],
      ['8.5', 'grid'],
      ['5', 'grid'],
    ]);
    // One value outside its scale: nothing of the row is saved, and every refused value is named.
    const bad = await row([
      { variableId: ph.id, value: '230' },
      { variableId: yld.id, value: '99' },
      { variableId: nlb.id, value: '4' },
    ]);
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ errorCode: 'PHENO_OUT_OF_SCALE', msg: `Plot ${plot.plotId}, trait ${yld.code}: value "99" must be between 0 and 40` });
    expect(bad.body.errors.map((e: { field: string }) => e.field)).toEqual(['values.1.value', 'values.2.value']);
    const cells = (await grid(exp.id)).cells.filter((c) => c.plotRef === plot.ref);
    expect(cells.map((c) => c.value).sort()).toEqual(['210', '5', '8.5']);
    // A cleared value and a changed one in one request; the change keeps its history.
    const mixed = await row([
      { variableId: ph.id, value: '240' },
      { variableId: nlb.id, value: null },
    ]);
    expect(mixed.body.data.cells[0]).toMatchObject({ value: '240', versions: 1 });
    expect(mixed.body.data.cells[1]).toBeNull();
    const other = await variable({ code: `ROW${codeNo}`, name: 'Row other', trait: 'Other', scaleType: 'text' });
    expect((await row([{ variableId: other.id, value: 'x' }])).body.errorCode).toBe('PHENO_TRAIT_NOT_IN_STUDY');
    expect(
      (await api('PUT', `${pheno}/study/observation/row`, { experimentId: exp.id, plotRef: plot.ref, values: [{ variableId: ph.id, value: '1' }] }, outsider))
        .status,
    ).toBe(404);
  });
});
