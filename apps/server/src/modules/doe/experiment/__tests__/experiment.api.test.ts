import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOtherOrg, createTestApp, waitForTask, type TestApp } from '../../../../test/harness';
import { errorMessages, formatMessage } from '@breedwise/contracts';
import { designIssueParams, designIssues } from '@breedwise/contracts/doe';
import { fieldMapTitle } from '../fieldbook';

let t: TestApp;
let admin: string;
let breeder: string;
let outsider: string;
const base = '/api/doe/api/experiment';
let locationId: number;
let fieldId: number;
let projectId: number;
let fieldNo = 0;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  breeder = await t.login('breeder');
  await createOtherOrg(t.db, 'rival', [{ username: 'rival-admin', nickName: 'Rival', role: 'admin', crops: { maize: 'operate' } }]);
  outsider = await t.login('rival-admin');
  const loc = await t.call('POST', '/api/doe/api/location/create', { token: admin, body: { name: 'Trial station', code: 'EXP-LOC' } });
  locationId = loc.body.data.id;
  const field = await t.call('POST', '/api/doe/api/field/create', {
    token: admin,
    body: { locationId, name: 'North block', code: 'N1', type: 1, rows: 16, cols: 10, length: 80, width: 50, tiers: 2, plantRowsPerPlot: 2 },
  });
  fieldId = field.body.data.id;
  const project = await t.call('POST', '/api/doe/api/project/create', { token: admin, body: { name: 'PYT project', code: 'EXP-PRJ' } });
  projectId = project.body.data.id;
});

/** A field of its own for each experiment, so that layouts of the same season never overlap by accident. */
async function newField(rows = 16, cols = 10) {
  fieldNo += 1;
  const res = await t.call('POST', '/api/doe/api/field/create', {
    token: admin,
    body: { locationId, name: `Field ${fieldNo}`, code: `F${fieldNo}`, type: 1, rows, cols, tiers: 2, plantRowsPerPlot: 2 },
  });
  expect(res.status).toBe(200);
  return res.body.data.id as number;
}
afterAll(() => t.close());

const en = { 'accept-language': 'en' };
const call = (method: string, url: string, body?: unknown, token = admin) => t.call(method, `${base}${url}`, { token, body, headers: en });

async function newExperiment(extra: Record<string, unknown> = {}) {
  const res = await call('POST', '/create', {
    name: 'Maize PYT',
    year: 2026,
    season: 'summer',
    designMethod: 'alpha',
    reps: 2,
    projectId,
    locationId,
    fieldId: 'fieldId' in extra ? extra.fieldId : await newField(),
    ...extra,
  });
  expect(res.status).toBe(200);
  return res.body.data;
}

const entries = (tests: number, checks: number) => [
  ...Array.from({ length: tests }, (_, i) => ({ entryNo: i + 1, name: `ZD${String(i + 1).padStart(3, '0')}`, type: 'test', generation: 'F6' })),
  ...Array.from({ length: checks }, (_, i) => ({ entryNo: tests + i + 1, name: `Check ${i + 1}`, type: 'check' })),
];

const alpha = (id: number, extra: Record<string, unknown> = {}) => ({
  id,
  planName: 'PYT alpha',
  designMethod: 'alpha',
  reps: 2,
  blockCount: 8,
  rows: 16,
  cols: 8,
  filler: 'Filler',
  ...extra,
});

describe('experiments: design with preview, re-randomise and save', () => {
  it('designs an alpha lattice for 60 entries and 4 checks in 2 reps, previews, re-randomises and saves', async () => {
    const exp = await newExperiment();
    expect(exp).toMatchObject({ status: 'temporary', locked: false, code: expect.stringMatching(/^E2026-\d{4}$/) });
    expect((await call('PUT', '/entries', { id: exp.id, entries: entries(60, 4) })).status).toBe(200);

    const first = await call('POST', '/preview', alpha(exp.id));
    expect(first.status).toBe(200);
    const p1 = first.body.data;
    expect(p1.summary).toMatchObject({ plots: 128, treatments: 64, checks: 4, entries: 60, blockSize: 8, rows: 16, cols: 8, fillers: 0 });
    expect(p1.plots).toHaveLength(128);
    expect(new Set(p1.plots.map((p: { plotId: string }) => p.plotId)).size).toBe(128);
    expect(p1.statistics.aEfficiency).toBeGreaterThan(0.7);

    const again = await call('POST', '/preview', alpha(exp.id, { seed: p1.seed }));
    expect(again.body.data.plots).toEqual(p1.plots);
    const rerandomised = await call('POST', '/preview', alpha(exp.id));
    expect(rerandomised.body.data.seed).not.toBe(p1.seed);
    expect(rerandomised.body.data.plots.map((p: { name: string }) => p.name)).not.toEqual(p1.plots.map((p: { name: string }) => p.name));

    const saved = await call('POST', '/design', alpha(exp.id, { seed: p1.seed }));
    expect(saved.status).toBe(200);
    const task = await waitForTask(t, admin, saved.body.data.taskId);
    expect(task).toMatchObject({ status: 'succeeded', result: { experimentId: exp.id, plots: 128 } });
    const plots = await call('GET', `/plots/${exp.id}`);
    expect(plots.body.data.map((p: { name: string; row: number; col: number }) => `${p.row}:${p.col}:${p.name}`).sort()).toEqual(
      p1.plots.map((p: { name: string; row: number; col: number }) => `${p.row}:${p.col}:${p.name}`).sort(),
    );
    const detail = await call('GET', `/detail/${exp.id}`);
    expect(detail.body.data).toMatchObject({
      status: 'designed',
      plotCount: 128,
      seed: p1.seed,
      planName: 'PYT alpha',
      design: { planName: 'PYT alpha', seed: p1.seed },
    });
    expect(detail.body.data.actions).toEqual(expect.arrayContaining(['design', 'reset', 'finish', 'push']));

    const csv = await t.app.inject({ method: 'GET', url: `${base}/fieldbook/${exp.id}?format=csv`, headers: { token: admin } });
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'plot_id,plot_number,rep,block,row,column,tier,entry,germplasm_name,entry_type,generation,pedigree,location,field,year,season,experiment',
    );
    expect(lines).toHaveLength(129);
    expect(new Set(lines.slice(1).map((l) => l.split(',')[0])).size).toBe(128);
    // The season in the user's language there too (the Field Book app needs only the column names and plot_id).
    const seasonColumn = lines[0].split(',').indexOf('season');
    expect(lines[1].split(',')[seasonColumn]).toBe('夏季');
    const enCsv = await t.app.inject({ method: 'GET', url: `${base}/fieldbook/${exp.id}?format=csv`, headers: { token: admin, ...en } });
    expect(enCsv.body.split('\r\n')[1].split(',')[seasonColumn]).toBe('Summer');

    const xlsx = await t.app.inject({ method: 'GET', url: `${base}/fieldbook/${exp.id}`, headers: { token: admin, ...en } });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.rawPayload as never);
    expect(wb.worksheets[0].rowCount).toBe(129);
    // The season in the user's language, never the stored key (issue 14 item 11).
    const seasonAt = (book: ExcelJS.Workbook) =>
      book.worksheets[0].getRow(2).getCell((book.worksheets[0].getRow(1).values as unknown[]).indexOf('season')).value;
    expect(seasonAt(wb)).toBe('Summer');
    const zhBook = new ExcelJS.Workbook();
    await zhBook.xlsx.load(
      (await t.app.inject({ method: 'GET', url: `${base}/fieldbook/${exp.id}`, headers: { token: admin, 'accept-language': 'zh-CN' } })).rawPayload as never,
    );
    expect(seasonAt(zhBook)).toBe('夏季');
    const info = JSON.stringify(zhBook.worksheets.map((w) => w.getSheetValues()));
    expect(info).toContain('2026 / 夏季');
    expect(fieldMapTitle(detail.body.data, 'zh-CN')).toContain('2026 夏季');
    expect(fieldMapTitle(detail.body.data, 'en')).toContain('2026 Summer');

    const pdf = await t.app.inject({ method: 'GET', url: `${base}/map/${exp.id}?paper=A4`, headers: { token: admin } });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });
});

describe('experiments: the design rules of spec section 5', () => {
  let exp: { id: number };
  beforeAll(async () => {
    exp = await newExperiment({ name: 'Rules' });
    await call('PUT', '/entries', { id: exp.id, entries: entries(60, 4) });
  });
  const preview = (extra: Record<string, unknown>, lang = 'en') =>
    t.call('POST', `${base}/preview`, { token: admin, body: alpha(exp.id, extra), headers: { 'accept-language': lang } });

  it('requires a project, a location and a field on the server, naming each field by its label (issue 14 item 2)', async () => {
    const res = await call('POST', '/create', { name: 'Nowhere', year: 2026, season: 'summer', designMethod: 'alpha' });
    expect(res.status).toBe(400);
    const byField = Object.fromEntries(res.body.errors.map((e: { field: string; message: string }) => [e.field, e.message]));
    expect(byField).toMatchObject({ projectId: 'Project is required', locationId: 'Location is required', fieldId: 'Field is required' });
    const zh = await t.call('POST', `${base}/create`, {
      token: admin,
      body: { name: 'Nowhere', year: 2026, season: 'summer', designMethod: 'alpha', projectId, locationId, fieldId: null },
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(zh.status).toBe(400);
    expect(zh.body.errors).toEqual([expect.objectContaining({ field: 'fieldId', message: '田块必填' })]);
  });

  it('needs entries and at least one core control material', async () => {
    const empty = await newExperiment({ name: 'Empty' });
    expect((await call('POST', '/preview', alpha(empty.id))).body).toMatchObject({ errorCode: 'DOE_ENTRIES_REQUIRED' });
    await call('PUT', '/entries', { id: empty.id, entries: entries(20, 0) });
    const res = await t.call('POST', `${base}/preview`, { token: admin, body: alpha(empty.id), headers: { 'accept-language': 'zh-CN' } });
    expect(res.body).toMatchObject({ errorCode: 'DOE_CHECK_REQUIRED', msg: '至少需要一个核心对照材料' });
    expect(res.body.errors[0].field).toBe('entries');
  });

  it('asks for what the design method needs: block count, check start and interval, reps', async () => {
    expect((await preview({ blockCount: null })).body).toMatchObject({
      errorCode: 'DOE_DESIGN_PARAM_MISSING',
      msg: 'The alpha lattice design needs Block count',
    });
    const order = await preview({ designMethod: 'entry-order', checkStart: null, checkInterval: 10 });
    expect(order.body).toMatchObject({ errorCode: 'DOE_DESIGN_PARAM_MISSING', msg: 'The entry-order design needs Check start' });
    expect((await preview({ designMethod: 'rcbd', reps: null })).body.errors[0]).toMatchObject({ field: 'reps' });
    const zh = await preview({ designMethod: 'augmented', blockCount: null }, 'zh-CN');
    expect(zh.body.msg).toBe('增广设计需要填写区组数');
  });

  it('requires rows and columns, within the field, giving enough plots for varieties times repeats', async () => {
    expect((await preview({ cols: null })).body).toMatchObject({ errorCode: 'DOE_DESIGN_ROWS_COLS_REQUIRED', msg: 'Rows and columns are both required' });
    expect((await preview({ rows: 20 })).body).toMatchObject({ errorCode: 'DOE_DESIGN_EXCEEDS_FIELD' });
    const few = await preview({ rows: 10, cols: 10 });
    expect(few.status).toBe(400);
    expect(few.body).toMatchObject({
      errorCode: 'DOE_INSUFFICIENT_PLOTS',
      msg: 'Insufficient plots: 10 rows × 10 columns give 100 plots, but 64 varieties × 2 repeats need 128',
    });
    const zh = await preview({ rows: 10, cols: 10 }, 'zh-CN');
    expect(zh.body.msg).toBe('小区不足：10 行 × 10 列只有 100 个小区，64 个品种 × 2 次重复需要 128 个');
    // Designs with unequal replication are counted by the engine.
    const augmented = await preview({ designMethod: 'augmented', blockCount: 40, rows: 10, cols: 10 });
    expect(augmented.body).toMatchObject({ errorCode: 'DOE_DESIGN_INSUFFICIENT_PLOTS' });
  });

  it('answers every problem at once, under its field, with the messages of the rules the design form shares (issue 14 item 5)', async () => {
    const res = await preview({ blockCount: null, rows: 40, cols: null });
    expect(res.status).toBe(400);
    // The first problem is the answer's code; each one is named under its field, in the form's words.
    expect(res.body).toMatchObject({ errorCode: 'DOE_DESIGN_PARAM_MISSING', msg: 'The alpha lattice design needs Block count' });
    expect(res.body.errors).toEqual([
      { field: 'blockCount', rule: 'invalid', errorCode: 'DOE_DESIGN_PARAM_MISSING', message: 'The alpha lattice design needs Block count' },
      { field: 'cols', rule: 'invalid', errorCode: 'DOE_DESIGN_ROWS_COLS_REQUIRED', message: 'Rows and columns are both required' },
    ]);
    // Exactly what the shared rules say, labelled as the web labels them.
    const expected = designIssues(
      { designMethod: 'alpha', reps: 2, blockCount: null, rows: 40, cols: null, checkStart: null, checkInterval: null, factor: null },
      { entries: 64, checks: 4, fieldRows: 16, fieldCols: 10 },
    ).map((i) => ({ field: i.field, errorCode: i.errorCode, message: formatMessage(errorMessages[i.errorCode].en, designIssueParams(i, 'alpha', 'en')) }));
    expect(res.body.errors.map(({ field, errorCode, message }: Record<string, string>) => ({ field, errorCode, message }))).toEqual(expected);
    const both = await preview({ rows: 20, cols: 11 });
    expect(both.body.errors.map((e: { field: string }) => e.field)).toEqual(['rows', 'cols']);
  });

  it('needs a filler when plots are left over, and refuses a block count above the maximum', async () => {
    const spare = await preview({ rows: 16, cols: 10, filler: null });
    expect(spare.body).toMatchObject({ errorCode: 'DOE_FILLER_REQUIRED', msg: '32 plots are left over; a filler is required' });
    expect((await preview({ rows: 16, cols: 10 })).body.data.summary).toMatchObject({ fillers: 32, plots: 128 });
    const many = await preview({ designMethod: 'augmented', blockCount: 1001 });
    expect(many.body).toMatchObject({ errorCode: 'DOE_BLOCK_COUNT_EXCEEDED', msg: 'Block count 1001 exceeds the maximum of 1000' });
  });

  it('refuses serial numbers longer than the chosen digits, and designs that do not exist, in the caller’s language', async () => {
    const digits = await preview({ numbering: { mode: 'continuous', startNumber: 1, digits: 2 } });
    expect(digits.status).toBe(400);
    expect(digits.body.errorCode).toBe('DOE_DESIGN_DIGITS_TOO_FEW');
    expect(digits.body.msg).toMatch(/^Plot numbers need 3 digits but numbering.digits is 2/);
    expect(digits.body.errors[0].field).toBe('numbering.digits');
    const odd = await newExperiment({ name: 'Odd' });
    await call('PUT', '/entries', { id: odd.id, entries: entries(29, 1) });
    const lattice = await t.call('POST', `${base}/preview`, {
      token: admin,
      body: alpha(odd.id, { designMethod: 'lattice' }),
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(lattice.body.errorCode).toBe('DOE_DESIGN_NO_DESIGN_EXISTS');
    expect(lattice.body.msg).toContain('不存在 lattice 设计');
  });

  it('requires a plan name', async () => {
    const res = await preview({ planName: '  ' });
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatchObject({ field: 'planName', rule: 'required', message: 'Plan name is required' });
  });

  it('refuses a disabled or discarded field for a design', async () => {
    const other = await t.call('POST', '/api/doe/api/field/create', {
      token: admin,
      body: { locationId, name: 'Spare', code: 'SPARE', type: 1, rows: 16, cols: 10 },
    });
    const e = await newExperiment({ name: 'Spare field', fieldId: other.body.data.id });
    await call('PUT', '/entries', { id: e.id, entries: entries(60, 4) });
    await t.call('PUT', '/api/doe/api/field/discard', { token: admin, body: { ids: [other.body.data.id], discarded: true } });
    expect((await call('POST', '/preview', alpha(e.id))).body).toMatchObject({ errorCode: 'DOE_FIELD_UNAVAILABLE' });
    const fresh = await call('POST', '/create', {
      name: 'X',
      year: 2026,
      season: 'summer',
      designMethod: 'alpha',
      projectId,
      locationId,
      fieldId: other.body.data.id,
    });
    expect(fresh.body.errorCode).toBe('DOE_FIELD_UNAVAILABLE');
  });

  it('designs an augmented trial with checks in every block', async () => {
    const e = await newExperiment({ name: 'Augmented', designMethod: 'augmented' });
    await call('PUT', '/entries', { id: e.id, entries: entries(53, 5) });
    const res = await call('POST', '/preview', { id: e.id, planName: 'Aug', designMethod: 'augmented', blockCount: 5, rows: 16, cols: 10, filler: 'Filler' });
    expect(res.status).toBe(200);
    const blocks = new Map<number, number>();
    for (const p of res.body.data.plots.filter((x: { entryType: string }) => x.entryType === 'check')) blocks.set(p.block, (blocks.get(p.block) ?? 0) + 1);
    expect([...blocks.values()]).toEqual([5, 5, 5, 5, 5]);
  });
});

describe('experiments: states and the push lock', () => {
  async function designed(name: string) {
    const e = await newExperiment({ name });
    await call('PUT', '/entries', { id: e.id, entries: entries(60, 4) });
    const p = await call('POST', '/preview', alpha(e.id));
    const task = await waitForTask(t, admin, (await call('POST', '/design', alpha(e.id, { seed: p.body.data.seed }))).body.data.taskId);
    expect(task.status).toBe('succeeded');
    return e.id as number;
  }
  const act = (id: number, action: string, token = admin) => t.call('PUT', `${base}/status`, { token, body: { id, action }, headers: en });

  it('walks temporary -> designed -> finished -> harvested, and refuses every other step', async () => {
    const e = await newExperiment({ name: 'Walk' });
    for (const a of ['finish', 'reopen', 'harvest', 'reset', 'push']) {
      const res = await act(e.id, a);
      expect(res.status, a).toBe(409);
      expect(res.body.errorCode).toBe('DOE_EXPERIMENT_TRANSITION_INVALID');
    }
    expect((await act(e.id, 'finish')).body.msg).toBe('The experiment is in temporary storage; it cannot be finished');
    const id = await designed('Walk 2');
    for (const a of ['reopen', 'harvest']) expect((await act(id, a)).status, a).toBe(409);
    expect((await act(id, 'finish')).body.data.status).toBe('finished');
    for (const a of ['finish', 'reset']) expect((await act(id, a)).status, a).toBe(409);
    expect((await call('POST', '/preview', alpha(id))).status).toBe(409);
    expect((await act(id, 'reopen')).body.data.status).toBe('designed');
    expect((await act(id, 'finish')).body.data.status).toBe('finished');
    expect((await act(id, 'harvest')).body.data.status).toBe('harvested');
    for (const a of ['finish', 'reopen', 'harvest', 'reset']) expect((await act(id, a)).status, a).toBe(409);
    const del = await call('DELETE', `/${id}`);
    expect(del.body).toMatchObject({ errorCode: 'DOE_EXPERIMENT_DELETE_STATE', msg: 'An experiment that is harvested cannot be deleted' });
  });

  it('resets a design back to temporary storage, dropping its plots, and fixes entries, location and field while designed', async () => {
    const id = await designed('Reset me');
    const fixed = await call('PUT', '/entries', { id, entries: entries(10, 1) });
    expect(fixed.body.errorCode).toBe('DOE_EXPERIMENT_ENTRIES_FIXED');
    const detail = (await call('GET', `/detail/${id}`)).body.data;
    const moved = await call('PUT', '/update', { ...detail, fieldId: await newField() });
    expect(moved.body).toMatchObject({ errorCode: 'DOE_EXPERIMENT_LAYOUT_FIXED' });
    expect((await call('PUT', '/update', { ...detail, name: 'Renamed', remark: 'ok' })).body.data.name).toBe('Renamed');
    const reset = await act(id, 'reset');
    expect(reset.body.data).toMatchObject({ status: 'temporary', plotCount: 0, planName: null });
  });

  it("serves an experiment's plots from the process's cache until a write to them raises plots_version", async () => {
    const { sql } = await import('drizzle-orm');
    const id = await designed('Cached plots');
    const version = async () =>
      Number(((await t.db.execute(sql`select plots_version as v from doe_experiment where id = ${id}`)) as unknown as { rows: { v: number }[] }).rows[0].v);
    const names = async () => ((await call('GET', `/plots/${id}`)).body.data as { plotNumber: number; name: string }[]).map((p) => `${p.plotNumber}:${p.name}`);
    const first = await call('GET', `/plots/${id}`);
    expect(first.body).toMatchObject({ code: 0, msg: expect.any(String) });
    expect(first.body.data).toHaveLength(128);
    const before = await names();
    const [n1, n2] = (first.body.data as { plotNumber: number }[]).map((p) => p.plotNumber);
    const v0 = await version();
    expect(v0).toBeGreaterThan(0); // the design's insert raised it
    // A change the triggers do not see is not seen by the answer either: it comes from the cache.
    await t.db.execute(sql`alter table doe_plot disable trigger doe_plot_version_upd`);
    await t.db.execute(sql`update doe_plot set name = 'Unseen' where experiment_id = ${id} and plot_number = ${n1}`);
    await t.db.execute(sql`alter table doe_plot enable trigger doe_plot_version_upd`);
    expect(await version()).toBe(v0);
    expect(await names()).toEqual(before);
    // Any write the triggers see (here one made outside the API) raises the version: the next answer is read again.
    await t.db.execute(sql`update doe_plot set name = 'Seen' where experiment_id = ${id} and plot_number = ${n2}`);
    expect(await version()).toBe(v0 + 1);
    const after = await names();
    expect(after).toContain(`${n1}:Unseen`);
    expect(after).toContain(`${n2}:Seen`);
    // A reset drops the plots: the answer is empty at once.
    expect((await act(id, 'reset')).status).toBe(200);
    expect(await version()).toBeGreaterThan(v0 + 1);
    expect((await call('GET', `/plots/${id}`)).body.data).toEqual([]);
    // The cache never crosses organisations: another organisation's user gets 404, as before.
    expect((await call('GET', `/plots/${id}`, undefined, outsider)).status).toBe(404);
  });

  it('pushing to the phenotype system locks the experiment information for good', async () => {
    const id = await designed('Locked');
    const pushed = await act(id, 'push');
    expect(pushed.body.data).toMatchObject({ locked: true, status: 'designed', pushedAt: expect.any(String) });
    const detail = (await call('GET', `/detail/${id}`)).body.data;
    expect(detail.actions).not.toContain('edit');
    const refusals = [
      await call('PUT', '/update', { ...detail, name: 'changed' }),
      await call('PUT', '/entries', { id, entries: entries(60, 4) }),
      await call('POST', '/preview', alpha(id)),
      await call('POST', '/design', alpha(id, { seed: 1 })),
      await act(id, 'reset'),
      await act(id, 'push'),
      await call('DELETE', `/${id}`),
    ];
    for (const res of refusals) {
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({
        errorCode: 'DOE_EXPERIMENT_LOCKED',
        msg: 'The experiment was pushed to the phenotype system; its information is locked',
      });
    }
    expect((await call('GET', `/detail/${id}`)).body.data.name).toBe('Locked');
    // The season goes on: a locked experiment is still finished and harvested.
    expect((await act(id, 'finish')).body.data.status).toBe('finished');
  });

  it('a layout save that finds the experiment locked meanwhile fails and changes nothing', async () => {
    const e = await newExperiment({ name: 'Race' });
    await call('PUT', '/entries', { id: e.id, entries: entries(60, 4) });
    const p = await call('POST', '/preview', alpha(e.id));
    const id = await designed('Race pushed');
    await act(id, 'push');
    const res = await call('POST', '/design', alpha(id, { seed: p.body.data.seed }));
    expect(res.status).toBe(409);
  });

  it('pushing needs its own permission; status changes need crop write access', async () => {
    const id = await designed('Perm');
    const { createUserWithMenus } = await import('../../../../test/harness');
    const [{ orgId }] = await t.database.query<{ orgId: number }>(
      `select org_id as "orgId" from sys_org o join sys_user_org uo on uo.org_id = o.id join sys_user u on u.id = uo.user_id where u.username = 'admin'`,
    );
    const uid = await createUserWithMenus(t.db, orgId, 'status-only', ['doe', 'doe.design', 'doe.experiment.status']);
    const [{ maize }] = await t.database.query<{ maize: number }>(`select id as maize from sys_crop where org_id = $1 and code = 'maize'`, [orgId]);
    await t.database.query(`insert into sys_user_crop (user_id, crop_id, access) values ($1, $2, 'operate')`, [uid, maize]);
    const token = await t.login('status-only');
    const push = await act(id, 'push', token);
    expect(push.status).toBe(403);
    expect(push.body.msg).toContain('doe:experiment:push');
    expect((await act(id, 'finish', token)).status).toBe(200);
  });
});

describe('experiments: tenancy, crop scope and the dashboard', () => {
  it('hides experiments from another organisation and from another crop', async () => {
    const e = await newExperiment({ name: '机密试验' });
    for (const res of [
      await call('GET', `/detail/${e.id}`, undefined, outsider),
      await call('PUT', '/status', { id: e.id, action: 'finish' }, outsider),
      await call('GET', `/plots/${e.id}`, undefined, outsider),
      await call('DELETE', `/${e.id}`, undefined, outsider),
      await t.app
        .inject({ method: 'GET', url: `${base}/fieldbook/${e.id}`, headers: { token: outsider } })
        .then((r) => ({ status: r.statusCode, text: r.body })),
    ]) {
      expect(res.status).toBe(404);
      expect(JSON.stringify(res)).not.toContain('机密');
    }
    const list = await call('GET', '/page', undefined, outsider);
    expect(list.body.total).toBe(0);
    // The breeder sees maize; switched to wheat (view only), the experiment is not there and nothing can be written.
    expect((await call('GET', `/detail/${e.id}`, undefined, breeder)).status).toBe(200);
    const crops = await t.call('GET', '/api/auth/api/login/info', { token: breeder });
    const wheat = crops.body.data.crops.find((c: { code?: string; name: string }) => c.code === 'wheat' || /wheat|小麦/i.test(c.name));
    await t.call('POST', `/api/auth/api/login/setCropId/${wheat.cropId ?? wheat.id}`, { token: breeder });
    expect((await call('GET', `/detail/${e.id}`, undefined, breeder)).status).toBe(404);
    const write = await call('POST', '/create', { name: 'W', year: 2026, season: 'spring', designMethod: 'rcbd', projectId, locationId, fieldId }, breeder);
    expect(write.status).toBe(403);
    expect(write.body.errorCode).toBe('CROP_READ_ONLY');
  });

  it('lists the experiments of every crop on a field, with their plots there; only the current crop opens (issue 14 item 1)', async () => {
    const fid = await newField();
    const e = await newExperiment({ name: 'On the shared field', fieldId: fid });
    const mine = await call('GET', `/onField/${fid}`);
    expect(mine.status).toBe(200);
    expect(mine.body.data).toEqual([
      expect.objectContaining({ id: e.id, name: 'On the shared field', cropName: 'Maize', currentCrop: true, season: 'summer', plotCount: 0 }),
    ]);
    // A breeder working in wheat still sees it (the field is shared by the crops), named in Chinese for a Chinese caller.
    const crops = await t.call('GET', '/api/auth/api/login/info', { token: breeder });
    const wheat = crops.body.data.crops.find((c: { code?: string; name: string }) => c.code === 'wheat' || /wheat|小麦/i.test(c.name));
    await t.call('POST', `/api/auth/api/login/setCropId/${wheat.cropId ?? wheat.id}`, { token: breeder });
    const other = await t.call('GET', `${base}/onField/${fid}`, { token: breeder, headers: { 'accept-language': 'zh-CN' } });
    expect(other.body.data).toEqual([expect.objectContaining({ id: e.id, cropName: '玉米', currentCrop: false })]);
    // Another organisation's field is not found.
    expect((await call('GET', `/onField/${fid}`, undefined, outsider)).status).toBe(404);
  });

  it('counts experiments over the recent five seasons, five years and twelve months', async () => {
    const res = await call('GET', '/statistics');
    expect(res.body.data.seasons).toHaveLength(5);
    expect(res.body.data.years).toHaveLength(5);
    expect(res.body.data.months).toHaveLength(12);
    const y2026 = res.body.data.years.find((y: { year: number }) => y.year === 2026);
    const total = (await call('GET', '/page', undefined)).body.total;
    if (y2026) expect(y2026.count).toBeGreaterThan(0);
    expect(Object.values(res.body.data.byStatus).reduce((a: number, b) => a + (b as number), 0)).toBe(total);
  });
});
