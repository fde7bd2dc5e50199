import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { createTestApp, multipartBody, waitForTask, type TestApp } from '../../../test/harness';
import { pdfPages } from '../../../test/pdf-pages';
import { layoutPlaces } from '../entry/entry-layout.service';

/** Issue 16 items 1 and 2: a nursery's entries laid out on its DOE field, plot labels, and entries imported from xlsx. */
const N = '/api/nursery/api';
const D = '/api/doe/api';
const G = '/api/germ/api';
const en = { 'accept-language': 'en' };
let t: TestApp, admin: string, location: number, field: number, small: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  const call = (url: string, body: unknown) => t.call('POST', `${D}${url}`, { token: admin, body });
  location = (await call('/location/create', { name: 'Layout station', code: 'LAY-ST' })).body.data.id;
  field = (await call('/field/create', { locationId: location, name: 'L14x12', code: 'L1', type: 1, rows: 14, cols: 12 })).body.data.id;
  small = (await call('/field/create', { locationId: location, name: 'L2x2', code: 'L2', type: 1, rows: 2, cols: 2 })).body.data.id;
}, 180_000);
afterAll(() => t.close());

let seq = 0;
async function nursery(opts: { fieldId?: number | null; season?: string; entries?: number } = {}) {
  const n = ++seq;
  const body = {
    name: `Layout ${n}`,
    code: `LAY${n}`,
    year: 2026,
    season: opts.season ?? 'spring',
    fieldId: opts.fieldId === undefined ? field : opts.fieldId,
  };
  const act = await t.call('POST', `${N}/activity/create`, { token: admin, body });
  expect(act.status).toBe(200);
  const count = opts.entries ?? 3;
  if (count) {
    const members = Array.from({ length: count }, (_, i) => ({ materialName: `LAY${n}-M${i + 1}`, generation: 'F2' }));
    const g = (await t.call('POST', `${D}/entryGroup/create`, { token: admin, body: { name: `Layout group ${n}`, members } })).body.data.id;
    await t.call('POST', `${N}/entry/fromGroup`, { token: admin, body: { activityId: act.body.data.id, entryGroupId: g } });
  }
  return { id: act.body.data.id as number, code: `LAY${n}` };
}
const layout = (activityId: number, extra: Record<string, unknown> = {}) =>
  t.call('POST', `${N}/entry/layout`, { token: admin, body: { activityId, ...extra }, headers: en });

describe('layout order', () => {
  it('runs from the corner along a range, serpentine or not, each entry taking its rows', () => {
    expect(layoutPlaces(5, 4, 3, 'bottom-left', true, 1)).toEqual([
      { row: 1, rows: 1, range: 1 },
      { row: 2, rows: 1, range: 1 },
      { row: 3, rows: 1, range: 1 },
      { row: 4, rows: 1, range: 1 },
      { row: 4, rows: 1, range: 2 },
    ]);
    expect(layoutPlaces(3, 4, 3, 'top-right', false, 2)).toEqual([
      { row: 3, rows: 2, range: 3 },
      { row: 1, rows: 2, range: 3 },
      { row: 3, rows: 2, range: 2 },
    ]);
    expect(layoutPlaces(7, 5, 3, 'bottom-left', true, 2)).toBeNull();
    expect(layoutPlaces(6, 5, 3, 'bottom-left', true, 2)?.[2]).toEqual({ row: 4, rows: 2, range: 2 });
  });
});

describe('nursery field layout', () => {
  it('lays the entries out, stores row, range and plot on each, and shows them on the map', async () => {
    const x = await nursery();
    const res = await layout(x.id, { corner: 'bottom-left', serpentine: true, rowsPerEntry: 2 });
    expect(res.status).toBe(200);
    expect(res.body.data.field).toMatchObject({ id: field, rows: 14, cols: 12 });
    expect(res.body.data.plots.map((p: { plotNo: number; row: number; rows: number; range: number }) => [p.plotNo, p.row, p.rows, p.range])).toEqual([
      [1, 1, 2, 1],
      [2, 3, 2, 1],
      [3, 5, 2, 1],
    ]);
    const rows = (await t.call('GET', `${N}/entry/page`, { token: admin, query: { activityId: x.id } })).body.rows;
    expect(rows[1]).toMatchObject({ plotNo: 2, fieldRow: 3, fieldRows: 2, fieldRange: 1 });
    const map = await t.call('GET', `${N}/entry/map/${x.id}`, { token: admin });
    expect(map.body.data).toMatchObject({ unplaced: 0, plots: [{ materialNo: `${x.code}-001` }, {}, {}] });
    // Laid out again elsewhere: its own old places do not count as taken.
    expect((await layout(x.id, { corner: 'bottom-left', rowsPerEntry: 1 })).status).toBe(200);
  });

  it('refuses a nursery without a field, without entries, a field too small and a finished nursery', async () => {
    const none = await nursery({ fieldId: null });
    const a = await layout(none.id);
    expect(a.status).toBe(409);
    expect(a.body).toMatchObject({ errorCode: 'NURSERY_LAYOUT_NO_FIELD', msg: `The nursery ${none.code} has no field to lay out on` });
    const empty = await nursery({ entries: 0 });
    expect((await layout(empty.id)).body.errorCode).toBe('NURSERY_LAYOUT_NO_ENTRIES');
    const big = await nursery({ fieldId: small, entries: 5, season: 'winter' });
    const b = await layout(big.id);
    expect(b.status).toBe(400);
    expect(b.body).toMatchObject({ errorCode: 'NURSERY_LAYOUT_TOO_MANY', msg: 'The field L2x2 cannot hold 5 entries: with 1 row(s) an entry it holds 4' });
    expect(b.body.errors[0].field).toBe('rowsPerEntry');
    const zh = await t.call('POST', `${N}/entry/layout`, { token: admin, body: { activityId: big.id }, headers: { 'accept-language': 'zh-CN' } });
    expect(zh.body.msg).toBe('田块 L2x2 放不下 5 份材料：每份 1 行时最多 4 份');
    expect((await layout(big.id, { rowsPerEntry: 0 })).status).toBe(400);
    const done = await nursery({ season: 'autumn' });
    await t.call('PUT', `${N}/activity/finish/${done.id}`, { token: admin });
    const c = await layout(done.id);
    expect(c.status).toBe(409);
    expect(c.body.errorCode).toBe('NURSERY_FINISHED');
  });

  it('refuses plots another nursery of the season uses on that field, not those of another season', async () => {
    const first = await nursery({ season: 'summer' });
    expect((await layout(first.id)).status).toBe(200);
    const second = await nursery({ season: 'summer' });
    const res = await layout(second.id);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      errorCode: 'NURSERY_LAYOUT_IN_USE',
      msg: `3 plot(s) of the field L14x12 are used this season by Layout ${seq - 1} (${first.code})`,
    });
    expect((await t.call('GET', `${N}/entry/map/${second.id}`, { token: admin })).body.data).toMatchObject({ plots: [], unplaced: 3 });
    expect((await layout(second.id, { corner: 'top-right' })).status).toBe(200);
  });

  it("refuses plots an experiment of the season uses on that field (DOE's over-booking rule)", async () => {
    const projectId = (await t.call('POST', `${D}/project/create`, { token: admin, body: { name: 'Layout P', code: 'LAY-P' } })).body.data.id;
    const exp = await t.call('POST', `${D}/experiment/create`, {
      token: admin,
      body: { name: 'Plot owner', year: 2026, season: 'spring', designMethod: 'rcbd', reps: 2, projectId, locationId: location, fieldId: field },
    });
    const id = exp.body.data.id;
    const entries = [...Array.from({ length: 9 }, (_, i) => ({ entryNo: i + 1, name: `E${i + 1}`, type: 'test' })), { entryNo: 10, name: 'C', type: 'check' }];
    await t.call('PUT', `${D}/experiment/entries`, { token: admin, body: { id, entries } });
    const design = await t.call('POST', `${D}/experiment/design`, {
      token: admin,
      body: { id, planName: 'RCBD', designMethod: 'rcbd', reps: 2, rows: 4, cols: 5, seed: 3 },
    });
    expect(design.status).toBe(200);
    expect(await waitForTask(t, admin, design.body.data.taskId)).toMatchObject({ status: 'succeeded' });
    const x = await nursery({ season: 'spring' });
    const res = await layout(x.id, { corner: 'bottom-left' });
    expect(res.status).toBe(409);
    expect(res.body.errorCode).toBe('NURSERY_LAYOUT_IN_USE');
    expect(res.body.msg).toContain('Plot owner (');
    expect((await layout(x.id, { corner: 'top-right' })).status).toBe(200);
  });

  it('prints plot labels of the laid-out entries with row and range; none laid out is refused', async () => {
    const x = await nursery({ season: 'autumn' });
    const none = await t.call('POST', `${N}/entry/labels`, { token: admin, body: { activityId: x.id }, headers: en });
    expect(none.status).toBe(409);
    expect(none.body.errorCode).toBe('NURSERY_PLOT_LABELS_NONE');
    expect((await layout(x.id, { corner: 'top-left' })).status).toBe(200);
    const res = await t.app.inject({
      method: 'POST',
      url: `${N}/entry/labels`,
      headers: { token: admin, ...en },
      payload: { activityId: x.id, labelFormat: 'roll-50x30', copies: 2 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/pdf');
    expect(pdfPages(res.rawPayload).count).toBe(6);
  });
});

async function workbook(rows: (string | number | null)[][]) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Entries');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}
async function upload(activityId: number, name: string, content: Buffer) {
  const { payload, headers } = multipartBody({}, { name, content });
  const res = await t.app.inject({ method: 'POST', url: `${N}/entry/import?activityId=${activityId}`, payload, headers: { ...headers, token: admin, ...en } });
  return { status: res.statusCode, body: res.json() };
}
const entryRows = async (activityId: number) => (await t.call('GET', `${N}/entry/page`, { token: admin, query: { activityId } })).body.rows;

describe('entries from xlsx', () => {
  it('imports rows linked to germplasm by accession number or name, generations canonical, all or nothing', async () => {
    await t.call('POST', `${G}/germplasm/create`, { token: admin, body: { accessionNo: 'LAYG-1', name: 'Layout inbred', type: 'inbred', generation: 'F8' } });
    const x = await nursery({ fieldId: null, entries: 0 });
    const bad = await workbook([
      ['Name', 'Generation', 'Pedigree', 'Female parent', 'Male parent'],
      ['LAYG-1', '', null, null, null],
      ['Free line', 'f3', 'A/B', 'A', 'B'],
      ['Bad line', 'G7', null, null, null],
      [null, 'F2', 'X/Y', null, null],
    ]);
    const refused = await upload(x.id, 'entries.xlsx', bad);
    expect(refused.status).toBe(200);
    expect(refused.body.data).toMatchObject({ total: 4, valid: 2, invalid: 2, imported: 0, refused: true });
    expect(refused.body.data.errors).toEqual([
      { row: 4, field: 'generation', message: 'Generation G7 is not in F, D or BC form (F2, D0, BC1F1)' },
      { row: 5, field: 'name', message: 'The name is missing' },
    ]);
    expect(await entryRows(x.id)).toEqual([]);
    const good = await upload(
      x.id,
      'entries.xlsx',
      await workbook([['名称', '世代', '系谱', '母本', '父本'], ...[['LAYG-1'], ['Free line', 'f3', 'A/B', 'A', 'B']]]),
    );
    expect(good.body.data).toMatchObject({ total: 2, imported: 2, refused: false, errors: [] });
    const rows = await entryRows(x.id);
    expect(rows.map((r: Record<string, unknown>) => [r.name, r.generation, r.pedigree, r.femaleParent, r.plotNo, r.germplasmId !== null])).toEqual([
      ['Layout inbred', 'F8', null, null, 1, true],
      ['Free line', 'F3', 'A/B', 'A', 2, false],
    ]);
  });

  it('re-imports its own export into another nursery, and reports duplicates into the same one', async () => {
    const x = await nursery({ fieldId: null, entries: 2 });
    const file = await t.app.inject({ method: 'GET', url: `${N}/entry/export?activityId=${x.id}`, headers: { token: admin, ...en } });
    const bytes = file.rawPayload;
    const same = await upload(x.id, 'export.xlsx', bytes);
    expect(same.body.data).toMatchObject({ total: 2, imported: 0, refused: true });
    expect(same.body.data.errors[0]).toEqual({
      row: 2,
      field: 'materialNo',
      message: `Material number ${x.code}-001 is already an entry of this nursery (duplicate)`,
    });
    const y = await nursery({ fieldId: null, entries: 0 });
    const other = await upload(y.id, 'export.xlsx', bytes);
    expect(other.body.data).toMatchObject({ total: 2, imported: 2, refused: false });
    expect((await entryRows(y.id)).map((r: { name: string; generation: string }) => [r.name, r.generation])).toEqual(
      (await entryRows(x.id)).map((r: { name: string; generation: string }) => [r.name, r.generation]),
    );
    const twice = await upload(
      y.id,
      'twice.xlsx',
      await workbook([
        ['Material no.', 'Name', 'Generation'],
        ['OTHER-001', 'A', 'F2'],
        ['other-001', 'B', 'F2'],
      ]),
    );
    expect(twice.body.data.errors).toEqual([{ row: 3, field: 'materialNo', message: 'Material number other-001 already appears in row 2' }]);
  });

  it('refuses a file without the columns, an empty file, a non-xlsx file and a finished nursery', async () => {
    const x = await nursery({ fieldId: null, entries: 0, season: 'winter' });
    const noGen = await upload(x.id, 'e.xlsx', await workbook([['Name'], ['A']]));
    expect(noGen.status).toBe(400);
    expect(noGen.body.errorCode).toBe('NURSERY_ENTRY_IMPORT_FORMAT');
    expect((await upload(x.id, 'e.xlsx', await workbook([['Name', 'Generation']]))).body.errorCode).toBe('NURSERY_ENTRY_IMPORT_EMPTY');
    expect((await upload(x.id, 'e.csv', Buffer.from('Name,Generation\nA,F2\n'))).body.errorCode).toBe('NURSERY_ENTRY_IMPORT_FORMAT');
    await t.call('PUT', `${N}/activity/finish/${x.id}`, { token: admin });
    const done = await upload(
      x.id,
      'e.xlsx',
      await workbook([
        ['Name', 'Generation'],
        ['A', 'F2'],
      ]),
    );
    expect(done.status).toBe(409);
    expect(done.body.errorCode).toBe('NURSERY_FINISHED');
  });
});
