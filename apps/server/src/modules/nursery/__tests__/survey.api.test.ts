import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOtherOrg, createTestApp, multipartBody, type TestApp } from '../../../test/harness';
import { pdfPages } from '../../../test/pdf-pages';

const N = '/api/nursery/api';
const D = '/api/doe/api';
const P = '/api/pheno/api';
let t: TestApp, admin: string, outsider: string;
const en = { 'accept-language': 'en' };
const traits: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  await createOtherOrg(t.db, 'rival', [{ username: 'rival-admin', nickName: 'Rival', role: 'admin', crops: { maize: 'operate' } }]);
  outsider = await t.login('rival-admin');
  for (const body of [
    { code: 'SPH', name: 'Plant height', trait: 'Plant height', scaleType: 'numeric', unit: 'cm', minimum: 0, maximum: 400 },
    { code: 'SDS', name: 'Rust score', trait: 'Rust', scaleType: 'ordinal', categories: ['1', '3', '5', '7', '9'].map((value) => ({ value, label: '' })) },
    { code: 'SFD', name: 'Silking date', trait: 'Silking', scaleType: 'date' },
    { code: 'SNOTE', name: 'Note', trait: 'Note', scaleType: 'text' },
    { code: 'SUNUSED', name: 'Unused', trait: 'Unused', scaleType: 'numeric' },
  ]) {
    const res = await t.call('POST', `${P}/variable/create`, { token: admin, body });
    expect(res.status, res.text).toBe(200);
    traits[body.code] = res.body.data.id;
  }
});
afterAll(() => t.close());

let seq = 0;
/** A nursery with three entries from a planting list, surveying plant height, rust, silking date and a note. */
async function nursery() {
  const n = ++seq;
  const list = await t.call('POST', `${D}/germList/create`, {
    token: admin,
    body: {
      name: `SURV list ${n}`,
      type: 'nursery',
      entries: [
        { entryId: 1, materialName: 'A', generation: 'F6', pedigree: 'P1/P2' },
        { entryId: 2, materialName: '郑单', generation: 'F6' },
        { entryId: 3, materialName: 'C', generation: 'F1', pedigree: 'A/B' },
      ],
    },
  });
  const act = await t.call('POST', `${N}/activity/create`, { token: admin, body: { name: `玉米 survey ${n}`, code: `SUR${n}`, year: 2026, season: 'summer' } });
  expect(act.status).toBe(200);
  const id = act.body.data.id as number;
  await t.call('POST', `${N}/entry/fromList`, { token: admin, body: { activityId: id, germListId: list.body.data.id } });
  const set = await t.call('PUT', `${N}/survey/traits`, {
    token: admin,
    body: { activityId: id, variableIds: [traits.SPH, traits.SDS, traits.SFD, traits.SNOTE] },
  });
  expect(set.status, set.text).toBe(200);
  const entries = set.body.data.entries as { id: number; materialNo: string }[];
  return { id, code: `SUR${n}`, entries, e1: entries[0].id, e2: entries[1].id, e3: entries[2].id };
}

const observe = (activityId: number, entryId: number, variableId: number, value: string | null, token = admin) =>
  t.call('PUT', `${N}/survey/observation`, { token, body: { activityId, entryId, variableId, value }, headers: en });
const grid = async (id: number) => (await t.call('GET', `${N}/survey/grid/${id}`, { token: admin })).body.data;

async function download(id: number, format: 'xlsx' | 'pdf', lang = 'en') {
  const res = await t.app.inject({ method: 'GET', url: `${N}/book/${id}`, query: { format }, headers: { token: admin, 'accept-language': lang } });
  return { status: res.statusCode, headers: res.headers, bytes: res.rawPayload };
}

async function upload(id: number, bytes: Buffer, token = admin) {
  const { payload, headers } = multipartBody(
    {},
    { name: 'book.xlsx', content: bytes, type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
  );
  const res = await t.app.inject({ method: 'POST', url: `${N}/survey/import/${id}`, payload, headers: { ...headers, token, ...en } });
  return { status: res.statusCode, body: res.json() };
}

/** Fills a downloaded book: `values[materialNo][header]`, extra rows and an extra column. */
async function fill(bytes: Buffer, values: Record<string, Record<string, string | number>>, extraRows: (string | number)[][] = [], extraHeader?: string) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(bytes as unknown as ArrayBuffer);
  const ws = wb.worksheets[0];
  const headers = (ws.getRow(1).values as string[]).slice(1);
  if (extraHeader) ws.getRow(1).getCell(headers.length + 1).value = extraHeader;
  ws.eachRow((row, n) => {
    if (n === 1) return;
    const v = values[String(row.getCell(1).value)];
    if (!v) return;
    for (const [h, value] of Object.entries(v)) {
      const at = h === extraHeader ? headers.length + 1 : headers.indexOf(h) + 1;
      expect(at, h).toBeGreaterThan(0);
      row.getCell(at).value = value;
    }
  });
  for (const r of extraRows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

describe('field survey: traits and values', () => {
  it('records values checked against the trait scale, normalised, and keeps the history of a change', async () => {
    const x = await nursery();
    const ok = await observe(x.id, x.e1, traits.SPH, ' 182,5 ');
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data.cell).toMatchObject({ value: '182.5', numeric: 182.5, source: 'grid', versions: 0 });
    expect((await observe(x.id, x.e1, traits.SDS, '5')).body.data.cell).toMatchObject({ value: '5', numeric: 5 });
    expect((await observe(x.id, x.e1, traits.SFD, '2026-07-20')).body.data.cell.value).toBe('2026-07-20');
    expect((await observe(x.id, x.e1, traits.SNOTE, 'lodging')).body.data.cell.value).toBe('lodging');

    const changed = await observe(x.id, x.e1, traits.SPH, '190');
    expect(changed.body.data.cell).toMatchObject({ value: '190', versions: 1 });
    const history = await t.call('GET', `${N}/survey/observation/history`, { token: admin, query: { surveyId: changed.body.data.cell.id } });
    expect(history.body.data).toHaveLength(1);
    expect(history.body.data[0]).toMatchObject({ value: '182.5', source: 'grid' });
    // The same value again changes nothing.
    expect((await observe(x.id, x.e1, traits.SPH, '190')).body.data.cell.versions).toBe(1);
    // Clearing keeps the value in the history.
    const cleared = await observe(x.id, x.e1, traits.SNOTE, null);
    expect(cleared.body.data.cell).toBeNull();
    const g = await grid(x.id);
    expect(g.traits.map((v: { code: string }) => v.code)).toEqual(['SPH', 'SDS', 'SFD', 'SNOTE']);
    expect(g.entries.map((e: { materialNo: string }) => e.materialNo)).toEqual([`${x.code}-001`, `${x.code}-002`, `${x.code}-003`]);
    expect(g.cells.map((c: { value: string }) => c.value).sort()).toEqual(['190', '2026-07-20', '5']);
  });

  it('refuses a value outside the scale, naming the entry, the trait and the rule', async () => {
    const x = await nursery();
    const cases: [number, string, string][] = [
      [traits.SPH, '450', `Entry ${x.code}-002, trait SPH: value "450" must be between 0 and 400`],
      [traits.SPH, 'tall', `Entry ${x.code}-002, trait SPH: value "tall" must be a number`],
      [traits.SDS, '4', `Entry ${x.code}-002, trait SDS: value "4" must be one of the categories 1, 3, 5, 7, 9`],
      [traits.SFD, '2026-02-30', `Entry ${x.code}-002, trait SFD: value "2026-02-30" must be a date (YYYY-MM-DD)`],
    ];
    for (const [v, value, msg] of cases) {
      const res = await observe(x.id, x.e2, v, value);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ errorCode: 'NURSERY_SURVEY_OUT_OF_SCALE', msg });
    }
    const zh = await t.call('PUT', `${N}/survey/observation`, {
      token: admin,
      body: { activityId: x.id, entryId: x.e2, variableId: traits.SPH, value: '450' },
    });
    expect(zh.body.msg).toBe(`材料 ${x.code}-002 的性状 SPH 值“450”无效：须在 0 到 400 之间`);
    expect((await grid(x.id)).cells).toHaveLength(0);
  });

  it('refuses a trait the nursery does not survey, a trait of no crop, and an entry of another nursery', async () => {
    const x = await nursery();
    const y = await nursery();
    const unknown = await observe(x.id, x.e1, traits.SUNUSED, '3');
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({
      errorCode: 'NURSERY_SURVEY_TRAIT_UNKNOWN',
      msg: `Trait ${traits.SUNUSED} is not one of the survey traits of nursery ${x.code}`,
    });
    const stranger = await observe(x.id, y.e1, traits.SPH, '100');
    expect(stranger.status).toBe(400);
    expect(stranger.body.errorCode).toBe('NURSERY_ENTRY_NOT_IN_ACTIVITY');
    const noCrop = await t.call('PUT', `${N}/survey/traits`, { token: admin, body: { activityId: x.id, variableIds: [traits.SPH, 999999] }, headers: en });
    expect(noCrop.status).toBe(400);
    expect(noCrop.body).toMatchObject({ errorCode: 'NURSERY_SURVEY_TRAIT_NOT_IN_CROP', msg: 'Trait 999999 is not a trait of the current crop' });
  });

  it('keeps a trait with values and the variable it uses', async () => {
    const x = await nursery();
    await observe(x.id, x.e3, traits.SDS, '7');
    const drop = await t.call('PUT', `${N}/survey/traits`, { token: admin, body: { activityId: x.id, variableIds: [traits.SPH] }, headers: en });
    expect(drop.status).toBe(409);
    expect(drop.body).toMatchObject({
      errorCode: 'NURSERY_SURVEY_TRAIT_HAS_DATA',
      msg: 'Trait SDS already has 1 survey values and cannot be removed from the nursery',
    });
    const reorder = await t.call('PUT', `${N}/survey/traits`, { token: admin, body: { activityId: x.id, variableIds: [traits.SDS, traits.SPH] } });
    expect(reorder.body.data.traits.map((v: { code: string }) => v.code)).toEqual(['SDS', 'SPH']);
    const del = await t.call('DELETE', `${P}/variable/${traits.SDS}`, { token: admin, headers: en });
    expect(del.status).toBe(409);
    expect(del.body.errorCode).toBe('PHENO_VARIABLE_IN_NURSERY');
  });

  it('is not visible to another organisation', async () => {
    const x = await nursery();
    expect((await t.call('GET', `${N}/survey/grid/${x.id}`, { token: outsider })).status).toBe(404);
    expect((await observe(x.id, x.e1, traits.SPH, '100', outsider)).status).toBe(404);
    expect((await t.call('GET', `${N}/book/${x.id}`, { token: outsider })).status).toBe(404);
    const book = await download(x.id, 'xlsx');
    expect((await upload(x.id, book.bytes, outsider)).status).toBe(404);
  });

  it('refuses every survey change once the nursery is finished, and still prints its book', async () => {
    const x = await nursery();
    const book = await download(x.id, 'xlsx');
    expect((await t.call('PUT', `${N}/activity/finish/${x.id}`, { token: admin })).status).toBe(200);
    const res = await observe(x.id, x.e1, traits.SPH, '100');
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ errorCode: 'NURSERY_FINISHED', msg: `Nursery activity ${x.code} is finished and can no longer be changed` });
    expect((await t.call('PUT', `${N}/survey/traits`, { token: admin, body: { activityId: x.id, variableIds: [traits.SPH] } })).status).toBe(409);
    const filled = await fill(book.bytes, { [`${x.code}-001`]: { 'Plant height (cm) [SPH]': 120 } });
    const imp = await upload(x.id, filled);
    expect(imp.status).toBe(409);
    expect(imp.body.errorCode).toBe('NURSERY_FINISHED');
    expect((await grid(x.id)).finished).toBe(true);
    expect((await download(x.id, 'pdf')).status).toBe(200);
  });
});

describe('feedback books', () => {
  it('writes the xlsx with the entries and a blank column per survey trait, in the user language', async () => {
    const x = await nursery();
    const res = await download(x.id, 'xlsx', 'zh-CN');
    expect(res.status).toBe(200);
    expect(String(res.headers['content-disposition'])).toContain(encodeURIComponent(`${x.code}-记载本.xlsx`));
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.bytes as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect((ws.getRow(1).values as string[]).slice(1)).toEqual([
      '材料编号',
      '材料号',
      '材料名称',
      '系谱',
      '世代',
      '小区号',
      '田间编号',
      'Plant height (cm) [SPH]',
      'Rust score [SDS]',
      'Silking date [SFD]',
      'Note [SNOTE]',
    ]);
    expect((ws.getRow(3).values as unknown[]).slice(1, 7)).toEqual([`${x.code}-002`, 2, '郑单', undefined, 'F6', 2]);
    expect(ws.getRow(2).getCell(8).value).toBeNull();
    expect(ws.rowCount).toBe(4);
    expect(wb.worksheets[1].getRow(2).values).toContain('0 – 400');
  });

  it('prints the PDF with the embedded Chinese font, landscape A4', async () => {
    const x = await nursery();
    const res = await download(x.id, 'pdf', 'zh-CN');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const pages = pdfPages(res.bytes);
    expect(pages.count).toBe(2);
    expect(pages.sizesMm[0]).toEqual({ width: 297, height: 210 });
    expect(res.bytes.toString('latin1')).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSansSC/);
  });

  it('imports a filled book with a row report; re-importing the same file changes nothing', async () => {
    const x = await nursery();
    const y = await nursery();
    await observe(x.id, x.e3, traits.SPH, '150');
    const book = await download(x.id, 'xlsx');
    const filled = await fill(
      book.bytes,
      {
        [`${x.code}-001`]: { 'Plant height (cm) [SPH]': 210, 'Rust score [SDS]': '3', 'Silking date [SFD]': '2026-07-21', '[SUNUSED]': 4 },
        [`${x.code}-002`]: { 'Plant height (cm) [SPH]': 999, 'Note [SNOTE]': '=1+1' },
        [`${x.code}-003`]: { 'Plant height (cm) [SPH]': 160 },
      },
      [[`${y.code}-001`, 1, 'A', '', 'F6', 1, '', 100]],
      '[SUNUSED]',
    );
    const first = await upload(x.id, filled);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const r = first.body.data;
    expect({ inserted: r.inserted, updated: r.updated, unchanged: r.unchanged, refused: r.refused }).toEqual({
      inserted: 4,
      updated: 1,
      unchanged: 0,
      refused: 3,
    });
    const refused = r.rows.filter((row: { status: string }) => row.status === 'refused');
    expect(refused).toEqual([
      {
        row: 2,
        materialNo: `${x.code}-001`,
        trait: 'SUNUSED',
        value: '4',
        status: 'refused',
        errorCode: 'NURSERY_SURVEY_TRAIT_UNKNOWN',
        message: `Trait SUNUSED is not one of the survey traits of nursery ${x.code}`,
      },
      {
        row: 3,
        materialNo: `${x.code}-002`,
        trait: 'SPH',
        value: '999',
        status: 'refused',
        errorCode: 'NURSERY_SURVEY_OUT_OF_SCALE',
        message: `Entry ${x.code}-002, trait SPH: value "999" must be between 0 and 400`,
      },
      {
        row: 5,
        materialNo: `${y.code}-001`,
        trait: 'SPH',
        value: '100',
        status: 'refused',
        errorCode: 'NURSERY_SURVEY_ENTRY_UNKNOWN',
        message: `Material no. ${y.code}-001 is not an entry of nursery ${x.code}`,
      },
    ]);
    const g = await grid(x.id);
    const value = (entryId: number, v: number) =>
      g.cells.find((c: { entryId: number; variableId: number }) => c.entryId === entryId && c.variableId === v)?.value;
    expect(value(x.e1, traits.SPH)).toBe('210');
    expect(value(x.e1, traits.SDS)).toBe('3');
    expect(value(x.e1, traits.SFD)).toBe('2026-07-21');
    expect(value(x.e2, traits.SPH)).toBeUndefined();
    // A formula-like note is kept as text, never run.
    expect(value(x.e2, traits.SNOTE)).toBe('=1+1');
    expect(value(x.e3, traits.SPH)).toBe('160');
    expect(g.cells.find((c: { entryId: number; variableId: number }) => c.entryId === x.e3 && c.variableId === traits.SPH).source).toBe('import');
    expect((await grid(y.id)).cells).toHaveLength(0);

    const again = await upload(x.id, filled);
    expect(again.body.data).toMatchObject({ inserted: 0, updated: 0, unchanged: 5, refused: 3 });
    const g2 = await grid(x.id);
    expect(g2.cells.map((c: { versions: number }) => c.versions).sort()).toEqual(g.cells.map((c: { versions: number }) => c.versions).sort());
  });

  it('refuses a file that is not a record book', async () => {
    const x = await nursery();
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('x').addRow(['name', 'height']);
    const notBook = await upload(x.id, Buffer.from(await wb.xlsx.writeBuffer()));
    expect(notBook.status).toBe(400);
    expect(notBook.body.errorCode).toBe('NURSERY_SURVEY_BOOK_FORMAT');
    const notXlsx = await upload(x.id, Buffer.from('plain text'));
    expect(notXlsx.status).toBe(400);
    expect(notXlsx.body.errorCode).toBe('IMPORT_NOT_XLSX');
  });
});

describe('demo data', () => {
  it('holds survey values on the demo nursery', async () => {
    const page = await t.call('GET', `${N}/activity/page`, { token: admin, query: { keyword: 'NUR-2026-S' } });
    const g = await grid(page.body.rows[0].id);
    expect(g.traits.map((v: { code: string }) => v.code)).toEqual(['PH', 'DTS', 'NLB']);
    expect(g.cells).toHaveLength(g.entries.length * 3);
    expect(g.cells.every((c: { person: string }) => c.person === '王育种')).toBe(true);
  });
});
