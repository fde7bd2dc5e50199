import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../../test/harness';
import { pdfPages } from '../../../../test/pdf-pages';
import { inventoryFixture } from '../../testing';

let t: TestApp, api: string, admin: string, germplasmId: number;
beforeAll(async () => {
  let newLot: Awaited<ReturnType<typeof inventoryFixture>>['newLot'];
  ({ t, api, admin, germplasmId, newLot } = await inventoryFixture());
  // A withdrawal this month, as the ledger tests booked before these ran when they shared one file.
  const lot = await newLot(10);
  await t.call('POST', `${api}/lot/withdraw`, { token: admin, body: { lotId: lot.id, quantity: 1, reason: 'statistics' } });
});
afterAll(() => t.close());

describe('statistics and labels', () => {
  it('answers the statistics calls of the spec', async () => {
    const info = await t.call('GET', '/api/auth/api/login/info', { token: admin });
    const maize = info.body.data.crops.find((c: { code: string }) => c.code === 'maize').cropId;
    const types = await t.call('GET', `${api}/statistics/cropTypeStatistic/${maize}`, { token: admin });
    expect(types.body.data.find((r: { type: string }) => r.type === 'inbred').count).toBeGreaterThan(10);
    const five = await t.call('GET', `${api}/statistics/fiveYearStatistic`, { token: admin });
    expect(five.body.data).toHaveLength(5);
    expect(five.body.data.reduce((s: number, r: { accessions: number }) => s + r.accessions, 0)).toBeGreaterThan(300);
    const months = await t.call('GET', `${api}/statistics/inRecentYear`, { token: admin });
    expect(months.body.data).toHaveLength(12);
    expect(months.body.data.at(-1).withdrawals).toBeGreaterThan(0);
    const crops = await t.call('GET', `${api}/statistics/cropStatistic`, { token: admin });
    expect(crops.body.data.find((c: { code: string }) => c.code === 'maize').accessions).toBeGreaterThanOrEqual(500);
    const inv = await t.call('GET', `${api}/statistics/inventoryStatistic`, { token: admin });
    expect(inv.body.data.byWarehouse.map((w: { name: string }) => w.name)).toEqual(expect.arrayContaining(['低温库 1 号', '中期库', 'Test store']));
    expect((await t.call('GET', `${api}/statistics/cropTypeStatistic/999999`, { token: admin })).status).toBe(404);
  });

  it('prints label sheets as PDF with the embedded Chinese font', async () => {
    const lots = (await t.call('GET', `${api}/lot/page`, { token: admin, query: { pageSize: 30 } })).body.rows.map((r: { id: number }) => r.id);
    const res = await t.app.inject({
      method: 'POST',
      url: `${api}/label/pdf`,
      headers: { token: admin },
      payload: { target: 'lot', ids: lots, fields: ['lotNo', 'name', 'place', 'quantity'], code: 'both', layout: 'a4-3x8' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const pdf = res.rawPayload.toString('latin1');
    expect(pdf.startsWith('%PDF')).toBe(true);
    expect(pdf).toMatch(/NotoSansSC/);
    expect(pdf.match(/\/Type \/Page\b/g)).toHaveLength(2);
    expect(pdfPages(res.rawPayload).sizesMm[0]).toEqual({ width: 210, height: 297 });
  });

  it('prints seed labels on thermal rolls, one label per page, in the formats plot labels share', async () => {
    const lots = (await t.call('GET', `${api}/lot/page`, { token: admin, query: { pageSize: 5 } })).body.rows.map((r: { id: number }) => r.id);
    for (const [layout, size] of [
      ['roll-50x30', { width: 50, height: 30 }],
      ['roll-60x40', { width: 60, height: 40 }],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: `${api}/label/pdf`,
        headers: { token: admin },
        payload: { target: 'lot', ids: lots, fields: ['lotNo', 'name', 'quantity'], code: 'both', layout, copies: 2 },
      });
      expect(res.statusCode).toBe(200);
      const pages = pdfPages(res.rawPayload);
      expect(pages.count).toBe(lots.length * 2);
      expect(pages.sizesMm.every((s) => s.width === size.width && s.height === size.height)).toBe(true);
    }
    const bad = await t.call('POST', `${api}/label/pdf`, {
      token: admin,
      body: { target: 'germplasm', ids: [germplasmId], fields: ['lotNo'] },
      headers: { 'accept-language': 'en' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0]).toMatchObject({ errorCode: 'GERM_LABEL_FIELD' });
  });
});
