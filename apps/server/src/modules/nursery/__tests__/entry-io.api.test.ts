import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { createTestApp, type TestApp } from '../../../test/harness';

const N = '/api/nursery/api';
const D = '/api/doe/api';
const en = { 'accept-language': 'en' };
let t: TestApp, admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
}, 180_000);
afterAll(() => t.close());

let seq = 0;
async function nursery() {
  const n = ++seq;
  const act = await t.call('POST', `${N}/activity/create`, { token: admin, body: { name: `Entry io ${n}`, code: `EIO${n}`, year: 2026, season: 'summer' } });
  return { id: act.body.data.id as number, code: `EIO${n}` };
}
const group = async (name: string, members: Record<string, unknown>[]) =>
  (await t.call('POST', `${D}/entryGroup/create`, { token: admin, body: { name, members } })).body.data.id as number;

describe('entries from DOE entry groups', () => {
  it('adds the members in order, linked to germplasm where the name matches, with plot numbers following on', async () => {
    const x = await nursery();
    const g = await group('EIO group', [
      { materialName: 'G-A', generation: 'F5', pedigree: 'P1/P2' },
      { materialName: 'G-B', generation: 'bc1f2' },
    ]);
    const res = await t.call('POST', `${N}/entry/fromGroup`, { token: admin, body: { activityId: x.id, entryGroupId: g } });
    expect(res.body.data).toEqual({ updated: 2 });
    const rows = (await t.call('GET', `${N}/entry/page`, { token: admin, query: { activityId: x.id } })).body.rows;
    expect(rows.map((r: { name: string; generation: string; plotNo: number; source: string }) => [r.name, r.generation, r.plotNo, r.source])).toEqual([
      ['G-A', 'F5', 1, 'group:EIO group'],
      ['G-B', 'BC1F2', 2, 'group:EIO group'],
    ]);
  });

  it('refuses an empty group, a member without an F, D or BC generation, an unknown group and a finished nursery', async () => {
    const x = await nursery();
    const empty = await group('EIO empty', []);
    const res = await t.call('POST', `${N}/entry/fromGroup`, { token: admin, body: { activityId: x.id, entryGroupId: empty }, headers: en });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ errorCode: 'NURSERY_GROUP_EMPTY', msg: 'The entry group EIO empty has no members' });
    const noGen = await group('EIO no generation', [{ materialName: 'G-C' }]);
    const bad = await t.call('POST', `${N}/entry/fromGroup`, { token: admin, body: { activityId: x.id, entryGroupId: noGen } });
    expect(bad.status).toBe(400);
    expect(bad.body.errorCode).toBe('NURSERY_GENERATION_INVALID');
    expect((await t.call('GET', `${N}/entry/page`, { token: admin, query: { activityId: x.id } })).body.total).toBe(0);
    expect((await t.call('POST', `${N}/entry/fromGroup`, { token: admin, body: { activityId: x.id, entryGroupId: 999_999 } })).status).toBe(404);
    await t.call('PUT', `${N}/activity/finish/${x.id}`, { token: admin });
    const ok = await group('EIO ok', [{ materialName: 'G-D', generation: 'F2' }]);
    const finished = await t.call('POST', `${N}/entry/fromGroup`, { token: admin, body: { activityId: x.id, entryGroupId: ok } });
    expect(finished.status).toBe(409);
    expect(finished.body.errorCode).toBe('NURSERY_FINISHED');
  });
});

describe('entries export', () => {
  it('writes the entries with the filter as xlsx, formula-looking names kept as text', async () => {
    const x = await nursery();
    const g = await group('EIO export', [
      { materialName: '=HYPERLINK("x")', generation: 'F3' },
      { materialName: 'E-B', generation: 'F4', pedigree: 'Q1/Q2' },
    ]);
    await t.call('POST', `${N}/entry/fromGroup`, { token: admin, body: { activityId: x.id, entryGroupId: g } });
    const res = await t.app.inject({ method: 'GET', url: `${N}/entry/export?activityId=${x.id}`, headers: { token: admin, ...en } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain(`EIO${seq}.xlsx`);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect(ws.getRow(1).getCell(1).value).toBe('Material no.');
    expect(ws.getRow(2).getCell(1).value).toBe(`${x.code}-001`);
    const name = ws.getRow(2).getCell(3).value;
    expect(typeof name).toBe('string');
    expect(String(name).startsWith('=')).toBe(false);
    expect(ws.getRow(3).getCell(5).value).toBe('Q1/Q2');
    const filtered = await t.app.inject({
      method: 'GET',
      url: `${N}/entry/export?activityId=${x.id}&filters=${encodeURIComponent(JSON.stringify([{ key: 'generation', value: 'F4' }]))}`,
      headers: { token: admin },
    });
    const wb2 = new ExcelJS.Workbook();
    await wb2.xlsx.load(filtered.rawPayload as unknown as ArrayBuffer);
    expect(wb2.worksheets[0].rowCount).toBe(2);
    expect((await t.app.inject({ method: 'GET', url: `${N}/entry/export?activityId=999999`, headers: { token: admin } })).statusCode).toBe(404);
  });
});
