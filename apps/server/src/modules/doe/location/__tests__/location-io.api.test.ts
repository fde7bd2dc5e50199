import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { locationIo } from '../location.io';
import { createOtherOrg, createTestApp, multipartBody, waitForTask, type TestApp } from '../../../../test/harness';

let t: TestApp;
let admin: string;
const base = '/api/doe/api/location';

beforeAll(async () => {
  t = await createTestApp({ BW_EXPORT_DIRECT_ROWS: '4', BW_EXPORT_MAX_ROWS: '40' });
  admin = await t.login('admin');
});
afterAll(() => t.close());

async function xlsx(headers: string[], rows: unknown[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Sheet1');
  ws.addRow(headers);
  rows.forEach((r) => ws.addRow(r));
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function readXlsx(buffer: Buffer): Promise<string[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buffer as never);
  const out: string[][] = [];
  wb.worksheets[0].eachRow((row) => out.push((row.values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? '' : String(v)))));
  return out;
}

async function startImport(content: Buffer, mode: 'all' | 'valid', name = 'locations.xlsx', token = admin) {
  const { payload, headers } = multipartBody({ mode }, { name, content });
  const res = await t.app.inject({ method: 'POST', url: `${base}/import`, payload, headers: { ...headers, token, 'accept-language': 'en' } });
  return { status: res.statusCode, body: res.json() };
}

const count = async (q: Record<string, string> = {}) =>
  (await t.call('GET', `${base}/page`, { token: admin, query: { pageSize: 200, ...q } })).body.total as number;

describe('location template', () => {
  it('has the columns in the caller’s language, required ones marked, and an instructions sheet', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${base}/template`, headers: { token: admin } });
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toContain('template.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as never);
    expect((wb.worksheets[0].getRow(1).values as string[]).slice(1)).toEqual(['地点名称*', '地点编码*', '国家', '省份', '城市', '经度', '纬度', '备注']);
    expect(wb.worksheets[1].name).toBe('填写说明');
  });
});

describe('location import', () => {
  const header = ['Name*', 'Code*', 'Province', 'Longitude', 'Latitude'];

  it('imports the valid rows and reports every invalid one with its row, field and reason', async () => {
    const file = await xlsx(header, [
      ['Hefei station', 'AH-HF', 'Anhui', 117.28, 31.86],
      ['', 'NO-NAME', '', '', ''],
      ['Far east', 'FAR-E', '', 181, 10],
      ['Half', 'HALF-1', '', 100, ''],
      ['Sanya again', 'HN-SY', 'Hainan', '', ''],
      ['Twin A', 'TWIN', '', '', ''],
      ['Twin B', 'TWIN', '', '', ''],
      ['Text number', 'TXT-N', '', '118.5', '32'],
    ]);
    const before = await count();
    const start = await startImport(file, 'valid');
    expect(start.status).toBe(200);
    const task = await waitForTask(t, admin, start.body.data.taskId);
    expect(task.status).toBe('succeeded');
    const report = task.result;
    expect(report).toMatchObject({ mode: 'valid', total: 8, valid: 3, invalid: 5, imported: 3, refused: false });
    // Errors name the template's column (its label); the message is keyed here by row and the field's key.
    const byRow = Object.fromEntries(report.errors.map((e: { row: number; field: string; message: string }) => [`${e.row}:${keyOf(e.field)}`, e.message]));
    expect(byRow['3:name']).toBe('Name is required');
    expect(byRow['4:longitude']).toBe('Longitude must be at most 180');
    expect(byRow['5:latitude']).toBe('Longitude and latitude must be given together or both left empty');
    expect(byRow['6:code']).toBe('Location code HN-SY already exists');
    expect(byRow['8:code']).toBe('Location code TWIN appears twice in the file (already used in row 7)');
    expect(await count()).toBe(before + 3);
    expect(await count({ keyword: 'TXT-N' })).toBe(1);

    // The row errors download as xlsx.
    const report2 = await t.app.inject({ method: 'GET', url: `/api/common/task/report/${task.id}`, headers: { token: admin, 'accept-language': 'en' } });
    const rows = await readXlsx(report2.rawPayload);
    expect(rows[0]).toEqual(['Row', 'Field', 'Problem']);
    expect(rows).toHaveLength(6);

    // The log tells what happened.
    const logs = await t.call('GET', '/api/doe/api/common/logs', { token: admin, query: { taskId: task.id, type: 'doe.location.import' } });
    expect(logs.body.data.map((l: { message: string }) => l.message).join('\n')).toContain('8 rows: 3 valid, 5 invalid');
  });

  it('all or nothing: one bad row means nothing is imported', async () => {
    const before = await count();
    const file = await xlsx(header, [
      ['Good one', 'GOOD-1', '', '', ''],
      ['Bad one', 'bad code!', '', '', ''],
    ]);
    const task = await waitForTask(t, admin, (await startImport(file, 'all')).body.data.taskId);
    expect(task.result).toMatchObject({ total: 2, valid: 1, invalid: 1, imported: 0, refused: true });
    expect(await count()).toBe(before);
  });

  it('names missing columns, refuses non-xlsx files and files without rows', async () => {
    const noCode = await waitForTask(t, admin, (await startImport(await xlsx(['Name'], [['x']]), 'valid')).body.data.taskId);
    expect(noCode).toMatchObject({ status: 'failed', message: 'The import file lacks the columns: Code' });
    const empty = await waitForTask(t, admin, (await startImport(await xlsx(header, []), 'valid')).body.data.taskId);
    expect(empty.message).toBe('The import file holds no data rows');
    const csv = await startImport(Buffer.from('a,b'), 'valid', 'locations.csv');
    expect(csv.status).toBe(400);
    expect(csv.body.errorCode).toBe('IMPORT_NOT_XLSX');
    const fake = await startImport(Buffer.from('not a zip at all'), 'valid', 'locations.xlsx');
    expect(fake.status).toBe(400);
    expect(fake.body.errorCode).toBe('FILE_TYPE_NOT_ALLOWED');
  });

  it('another user cannot read the task', async () => {
    const task = (await startImport(await xlsx(header, [['Solo', 'SOLO-1', '', '', '']]), 'valid')).body.data.taskId;
    await waitForTask(t, admin, task);
    const breeder = await t.login('breeder');
    expect((await t.call('GET', `/api/common/task/detail/${task}`, { token: breeder })).status).toBe(404);
    expect((await t.call('GET', '/api/common/logs', { token: breeder, query: { taskId: task } })).status).toBe(404);
  });
});

describe('location filters and export', () => {
  it('applies the filter drawer’s filters safely', async () => {
    const q = (filters: unknown) =>
      t.call('GET', `${base}/page`, { token: admin, query: { pageSize: 200, filters: JSON.stringify(filters) }, headers: { 'accept-language': 'en' } });
    const like = await q([{ key: 'name', value: '试验站|like' }]);
    expect(like.body.rows.length).toBeGreaterThan(0);
    expect(like.body.rows.every((r: { name: string }) => r.name.includes('试验站'))).toBe(true);
    const north = await q([{ key: 'latitude', value: '40|gt' }]);
    expect(north.body.rows.map((r: { code: string }) => r.code).sort()).toEqual(['BJ-CP', 'JL-GZL']);
    const band = await q([
      { key: 'latitude', value: '20|gt' },
      { key: 'latitude', value: '36|lt' },
    ]);
    expect(band.body.rows.map((r: { code: string }) => r.code).sort()).toEqual(expect.arrayContaining(['HA-XX', 'YN-YM']));
    const status = await q([{ key: 'status', value: 'disabled,enabled|eq' }]);
    expect(status.body.total).toBe(await count());
    const notBegins = await q([{ key: 'code', value: 'H|notBegins' }]);
    expect(notBegins.body.rows.some((r: { code: string }) => r.code.startsWith('H'))).toBe(false);
    // The demo rows were made when the test database was prepared, which may have been just before midnight.
    const today = new Date().toISOString().slice(0, 10);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    expect((await q([{ key: 'createdAt', value: `${yesterday},${today}|between` }])).body.total).toBe(await count());
    expect((await q([{ key: 'createdAt', value: '2000-01-01,2000-12-31|between' }])).body.total).toBe(0);
    const injection = await q([{ key: 'name', value: "x' or 1=1 --|eq" }]);
    expect(injection.body.total).toBe(0);

    const unknown = await q([{ key: 'orgId', value: '1|eq' }]);
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ errorCode: 'FILTER_FIELD_UNKNOWN', msg: 'Cannot filter by orgId' });
    const badOp = await q([{ key: 'status', value: 'enabled|like' }]);
    expect(badOp.body).toMatchObject({ errorCode: 'FILTER_OPERATOR_INVALID', msg: 'Filter operator like is not valid for status; use eq, ne' });
    expect((await q([{ key: 'latitude', value: 'north|gt' }])).body.errorCode).toBe('FILTER_VALUE_INVALID');
    expect(
      (
        await q([
          { key: 'status', value: 'enabled|eq' },
          { key: 'status', value: 'disabled|eq' },
        ])
      ).body.errorCode,
    ).toBe('FILTER_FIELD_REPEATED');
    const garbage = await t.call('GET', `${base}/page`, { token: admin, query: { filters: 'not json' } });
    expect(garbage.status).toBe(400);
    expect(garbage.body.errors[0].field).toBe('filters');
  });

  it('exports what the filter shows, directly when small', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${base}/export`,
      headers: { token: admin, 'accept-language': 'en' },
      query: { filters: JSON.stringify([{ key: 'latitude', value: '40|gt' }]), orderByColumn: 'code', isAsc: 'asc' },
    });
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toMatch(/Locations-\d{4}-\d{2}-\d{2}\.xlsx/);
    const rows = await readXlsx(res.rawPayload);
    expect(rows[0]).toEqual(['Name', 'Code', 'Country', 'Province', 'City', 'Longitude', 'Latitude', 'Remark', 'Status', 'Created by', 'Updated']);
    expect(rows.slice(1).map((r) => r[1])).toEqual(['BJ-CP', 'JL-GZL']);
  });

  it('runs a larger export as a task and serves the file through fileExport', async () => {
    const res = await t.call('GET', `${base}/export`, { token: admin, query: { keyword: '' } });
    const total = await count();
    expect(total).toBeGreaterThan(4);
    expect(res.body.data.taskId).toBeGreaterThan(0);
    const task = await waitForTask(t, admin, res.body.data.taskId);
    expect(task).toMatchObject({ status: 'succeeded', result: { rows: total } });
    const file = await t.app.inject({ method: 'GET', url: `/api/common/fileExport?taskId=${task.id}`, headers: { token: admin } });
    expect((await readXlsx(file.rawPayload)).length).toBe(total + 1);
  });

  it('refuses an export over the maximum: filter first', async () => {
    const other = await createOtherOrg(t.db, 'many', [{ username: 'many-admin', nickName: 'M', role: 'admin', crops: {} }]);
    const token = await t.login('many-admin');
    const rows = Array.from({ length: 41 }, (_, i) => [`L${i}`, `C-${i}`, '', '', '']);
    await waitForTask(
      t,
      token,
      (await startImport(await xlsx(['Name', 'Code', 'Province', 'Longitude', 'Latitude'], rows), 'all', 'many.xlsx', token)).body.data.taskId,
    );
    const res = await t.call('GET', `${base}/export`, { token, headers: { 'accept-language': 'en' } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ errorCode: 'EXPORT_TOO_LARGE', msg: 'Download exceeds the maximum entries (40), filter first' });
    expect(other.orgId).toBeGreaterThan(0);
  });
});

/** The field key of a report's column label (reports name the template's columns, in the user's language). */
function keyOf(label: string): string {
  return locationIo.columns.find((c) => c.label.en === label || c.label['zh-CN'] === label)?.key ?? label;
}
