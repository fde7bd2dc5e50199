import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { germListIo } from '../germlist.io';
import { GENERATION_PATTERN } from '@breedwise/contracts/doe';
import { validateGeneration } from '@breedwise/trial-design';
import { createTestApp, multipartBody, waitForTask, type TestApp } from '../../../../test/harness';

let t: TestApp;
let admin: string;
const en = { 'accept-language': 'en' };
const call = (method: string, url: string, body?: unknown, token = admin, lang = 'en') =>
  t.call(method, `/api/doe/api/germList${url}`, { token, body, headers: { 'accept-language': lang } });

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
});
afterAll(() => t.close());

const entry = (entryId: number, extra: Record<string, unknown> = {}) => ({ entryId, materialName: `M${entryId}`, generation: 'F2', ...extra });

describe('planting lists', () => {
  it('creates a list with entries; counts materials and checks', async () => {
    const res = await call('POST', '/create', {
      name: 'Summer nursery',
      type: 'nursery',
      year: 2026,
      season: 'summer',
      usage: 'advance F2',
      entries: [entry(1), entry(2, { generation: 'bc1f1' }), entry(3, { isCheck: true, generation: 'D1' })],
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ name: 'Summer nursery', type: 'nursery', materialCount: 3, checkCount: 1, usedBy: 0 });
    const entries = await t.call('GET', `/api/doe/api/germList/entries?listId=${res.body.data.id}`, { token: admin });
    expect(entries.body.rows.map((e: { generation: string }) => e.generation)).toEqual(['F2', 'BC1F1', 'D1']);
  });

  it('requires the generation in F, D or BC form', async () => {
    for (const bad of ['F', 'X1', 'F0', 'BC1', 'BCF1', '1F']) {
      const res = await call('POST', '/create', { name: `Bad ${bad}`, type: 'experiment', entries: [entry(1, { generation: bad })] });
      expect(res.status, bad).toBe(400);
      expect(res.body.errorCode).toBe('DOE_GENERATION_INVALID');
      expect(res.body.errors[0].field).toBe('entries.0.generation');
    }
    const zh = await call('POST', '/create', { name: 'Bad zh', type: 'experiment', entries: [entry(1, { generation: 'G3' })] }, admin, 'zh-CN');
    expect(zh.body.msg).toBe('世代“G3”格式无效，应为 F、D 或 BC 形式（如 F1、D1、BC1F1）');
    const missing = await call('POST', '/create', { name: 'No gen', type: 'experiment', entries: [{ entryId: 1, materialName: 'M' }] });
    expect(missing.body.errors[0]).toMatchObject({ field: 'entries.0.generation', rule: 'required' });
  });

  it('follows the engine’s generation rule exactly', () => {
    for (const code of ['F1', 'F12', 'D0', 'D1', 'BC1F1', 'BC2F3', 'F', 'D', 'BC1', 'F0', 'BC0F1', 'F1000', 'd2', 'x']) {
      const engine = (() => {
        try {
          validateGeneration(code);
          return true;
        } catch {
          return false;
        }
      })();
      expect(GENERATION_PATTERN.test(code.toUpperCase()), code).toBe(engine);
    }
  });

  it('keeps entry ids unique in a list and list names unique in the crop', async () => {
    const dup = await call('POST', '/create', { name: 'Dups', type: 'experiment', entries: [entry(1), entry(1)] });
    expect(dup.body).toMatchObject({ errorCode: 'DOE_LIST_ENTRY_REPEATED', msg: 'Entry id 1 appears twice in list Dups' });
    await call('POST', '/create', { name: 'Unique', type: 'experiment' });
    expect((await call('POST', '/create', { name: 'Unique', type: 'experiment' })).body.errorCode).toBe('DOE_LIST_NAME_EXISTS');
  });

  /** A project, a location and a field: an experiment needs all three. */
  async function place() {
    const post = (url: string, body: unknown) => t.call('POST', `/api/doe/api${url}`, { token: admin, body });
    const projectId = (await post('/project/create', { name: 'List trials', code: 'LT-P' })).body.data.id;
    const locationId = (await post('/location/create', { name: 'List station', code: 'LT-S' })).body.data.id;
    const fieldId = (await post('/field/create', { locationId, name: 'L', code: 'LT-F', type: 1, rows: 4, cols: 4 })).body.data.id;
    return { projectId, locationId, fieldId };
  }

  it('feeds an experiment: its checks become core controls', async () => {
    const list = (await call('POST', '/create', { name: 'For trial', type: 'experiment', entries: [entry(1), entry(2), entry(3, { isCheck: true })] })).body
      .data;
    const exp = (
      await t.call('POST', '/api/doe/api/experiment/create', {
        token: admin,
        body: { name: 'From list', year: 2026, season: 'spring', designMethod: 'rcbd', ...(await place()) },
      })
    ).body.data;
    const res = await t.call('POST', '/api/doe/api/experiment/entries/fromList', { token: admin, body: { id: exp.id, listId: list.id } });
    expect(res.body.data.map((e: { name: string; type: string }) => `${e.name}:${e.type}`)).toEqual(['M1:test', 'M2:test', 'M3:check']);
    expect((await call('GET', `/detail/${list.id}`)).body.data.usedBy).toBe(1);
    // The experiment keeps its copy when the list goes.
    expect((await call('DELETE', `/${list.id}`)).status).toBe(200);
    expect((await t.call('GET', `/api/doe/api/experiment/entries/${exp.id}`, { token: admin })).body.data).toHaveLength(3);
  });
});

describe('planting list import', () => {
  async function xlsx(rows: unknown[][]) {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Sheet1');
    ws.addRow(['List name*', 'List type*', 'Year', 'Season', 'Entry id*', 'Material*', 'Generation*', 'Pedigree', 'Check']);
    rows.forEach((r) => ws.addRow(r));
    return Buffer.from(await wb.xlsx.writeBuffer());
  }
  const start = async (content: Buffer, mode: string) => {
    const { payload, headers } = multipartBody({ mode }, { name: 'lists.xlsx', content });
    const res = await t.app.inject({ method: 'POST', url: '/api/doe/api/germList/import', payload, headers: { ...headers, token: admin, ...en } });
    return waitForTask(t, admin, res.json().data.taskId);
  };

  it('groups rows by list name, appends to an existing list, and reports every bad row', async () => {
    await call('POST', '/create', { name: 'Existing', type: 'experiment', entries: [entry(1)] });
    const task = await start(
      await xlsx([
        ['Imported A', '试验', 2026, '夏季', 1, 'A1', 'F3', 'A × B', ''],
        ['Imported A', 'experiment', 2026, 'summer', 2, 'A2', 'F3', '', '是'],
        ['Imported A', 'experiment', 2026, 'summer', 2, 'A2 again', 'F3', '', ''],
        ['Existing', 'experiment', '', '', 2, 'E2', 'BC1F2', '', ''],
        ['Existing', 'experiment', '', '', 1, 'E1 clash', 'F1', '', ''],
        ['Existing', 'nursery', '', '', 3, 'E3', 'F1', '', ''],
        ['Imported B', 'germplasm', '', '', 1, 'B1', 'Q5', '', ''],
        ['Imported B', 'garden', '', '', 2, 'B2', 'F1', '', ''],
      ]),
      'valid',
    );
    expect(task.status).toBe('succeeded');
    expect(task.result).toMatchObject({ total: 8, valid: 3, invalid: 5, imported: 3 });
    // Errors name the template's column (its label); the message is keyed here by row and the field's key.
    const byRow = Object.fromEntries(task.result.errors.map((e: { row: number; field: string; message: string }) => [`${e.row}:${keyOf(e.field)}`, e.message]));
    expect(byRow['4:entryId']).toBe('Entry id 2 appears twice in list Imported A');
    expect(byRow['6:entryId']).toBe('Entry id 1 appears twice in list Existing');
    expect(byRow['7:listType']).toBe('List Existing exists with another type');
    expect(byRow['8:generation']).toBe('Generation "Q5" must be in F, D or BC form (for example F1, D1, BC1F1)');
    // Row 9's type is checked against the template's list and against the existing list: both are reported.
    expect(task.result.errors.filter((e: { row: number }) => e.row === 9).map((e: { message: string }) => e.message)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^List type must be one of/)]),
    );
    const lists = await t.call('GET', '/api/doe/api/germList/page?pageSize=200&keyword=Imported', { token: admin });
    expect(
      lists.body.rows.map(
        (l: { name: string; materialCount: number; checkCount: number; season: string }) => `${l.name}:${l.materialCount}:${l.checkCount}:${l.season}`,
      ),
    ).toEqual(['Imported A:2:1:summer']);
    const existing = (await t.call('GET', '/api/doe/api/germList/page?keyword=Existing', { token: admin })).body.rows[0];
    expect(existing.materialCount).toBe(2);
  });

  it('exports the entries of the lists the filter shows', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/doe/api/germList/export', query: { keyword: 'Imported A' }, headers: { token: admin, ...en } });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as never);
    const rows: string[][] = [];
    wb.worksheets[0].eachRow((r) => rows.push((r.values as unknown[]).slice(1).map((v) => String(v ?? ''))));
    expect(rows[0].slice(0, 7)).toEqual(['List name', 'List type', 'Year', 'Season', 'Usage', 'Entry id', 'Material']);
    expect(rows.slice(1).map((r) => r[6])).toEqual(['A1', 'A2']);
  });
});

/** The field key of a report's column label (reports name the template's columns, in the user's language). */
function keyOf(label: string): string {
  return germListIo.columns.find((c) => c.label.en === label || c.label['zh-CN'] === label)?.key ?? label;
}
