import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { germLot } from '../lot.tables';
import type { TestApp } from '../../../../test/harness';
import { inventoryFixture, sum } from '../../testing';

type Fixture = Awaited<ReturnType<typeof inventoryFixture>>;
let t: TestApp,
  api: string,
  admin: string,
  breeder: string,
  outsider: string,
  germplasmId: number,
  otherBox: number,
  newLot: Fixture['newLot'],
  ledger: Fixture['ledger'];
beforeAll(async () => {
  ({ t, api, admin, breeder, outsider, germplasmId, otherBox, newLot, ledger } = await inventoryFixture());
});
afterAll(() => t.close());

describe('the ledger', () => {
  it('books every change; the balance is the sum of the transactions', async () => {
    const lot = await newLot(100);
    expect(lot).toMatchObject({ quantity: 100, unit: 'g', placePath: 'Test store / A / Box 1' });
    expect(lot.lotNo).toMatch(/^L\d{4}-\d{6}$/);
    await t.call('POST', `${api}/lot/deposit`, { token: admin, body: { lotId: lot.id, quantity: 20.5, reason: 'harvest' } });
    await t.call('POST', `${api}/lot/withdraw`, { token: admin, body: { lotId: lot.id, quantity: 30, reason: 'trial' } });
    await t.call('POST', `${api}/lot/discard`, { token: admin, body: { lotId: lot.id, quantity: 0.5, reason: 'mould' } });
    const adj = await t.call('POST', `${api}/lot/adjust`, { token: admin, body: { lotId: lot.id, balance: 88, reason: 'count' } });
    expect(adj.body.data.lot.quantity).toBe(88);
    const moved = await t.call('POST', `${api}/lot/transfer`, { token: admin, body: { lotId: lot.id, placeId: otherBox } });
    expect(moved.body.data.lot.placePath).toBe('Test store / A / Box 2');
    const rows = await ledger(lot.id);
    expect(rows.map((r) => [r.type, Number(r.amount)])).toEqual([
      ['deposit', 100],
      ['deposit', 20.5],
      ['withdrawal', -30],
      ['discard', -0.5],
      ['adjustment', -2],
      ['transfer', 0],
    ]);
    expect(sum(rows)).toBe(88);
    const page = await t.call('GET', `${api}/lot/transactions`, { token: breeder, query: { lotId: lot.id } });
    expect(page.body.rows[0]).toMatchObject({
      type: 'transfer',
      toPlace: 'Test store / A / Box 2',
      fromPlace: 'Test store / A / Box 1',
      createdBy: '系统管理员',
    });
  });

  it('refuses to go below zero with insufficient stock, and records nothing', async () => {
    const lot = await newLot(10);
    const res = await t.call('POST', `${api}/lot/withdraw`, { token: admin, body: { lotId: lot.id, quantity: 10.001 }, headers: { 'accept-language': 'en' } });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ errorCode: 'GERM_INSUFFICIENT_STOCK', msg: `Insufficient stock: lot ${lot.lotNo} holds 10 g, 10.001 g needed` });
    expect((await ledger(lot.id)).length).toBe(1);
  });

  it('splits into a new lot and merges back', async () => {
    const lot = await newLot(50);
    const split = await t.call('POST', `${api}/lot/split`, { token: admin, body: { lotId: lot.id, quantity: 20, placeId: otherBox } });
    expect(split.body.data.lot.quantity).toBe(30);
    expect(split.body.data.newLot).toMatchObject({ quantity: 20, germplasmId, placePath: 'Test store / A / Box 2' });
    const merged = await t.call('POST', `${api}/lot/merge`, { token: admin, body: { targetLotId: lot.id, sourceLotIds: [split.body.data.newLot.id] } });
    expect(merged.body.data.lot.quantity).toBe(50);
    expect(sum(await ledger(split.body.data.newLot.id))).toBe(0);
    const seeds = await newLot(10, 'seed');
    const mismatch = await t.call('POST', `${api}/lot/merge`, { token: admin, body: { targetLotId: lot.id, sourceLotIds: [seeds.id] } });
    expect(mismatch.body.errorCode).toBe('GERM_MERGE_MISMATCH');
  });

  it('50 concurrent withdrawals never take a lot below zero; every accepted one is booked once', async () => {
    const lot = await newLot(100);
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => t.call('POST', `${api}/lot/withdraw`, { token: admin, body: { lotId: lot.id, quantity: 3, reason: `race ${i}` } })),
    );
    const accepted = results.filter((r) => r.status === 200);
    const refused = results.filter((r) => r.status !== 200);
    expect(accepted).toHaveLength(33);
    expect(refused.every((r) => r.status === 409 && r.body.errorCode === 'GERM_INSUFFICIENT_STOCK')).toBe(true);
    const rows = await ledger(lot.id);
    expect(rows.filter((r) => r.type === 'withdrawal')).toHaveLength(33);
    expect(new Set(rows.map((r) => r.reason)).size).toBe(rows.length);
    expect(rows.every((r) => Number(r.balanceAfter) >= 0)).toBe(true);
    const [stored] = await t.db.select().from(germLot).where(eq(germLot.id, lot.id));
    expect(Number(stored.quantity)).toBe(1);
    expect(sum(rows)).toBe(1);
    // The balances after each withdrawal are all different: no two saw the same stock.
    expect(new Set(rows.map((r) => Number(r.balanceAfter))).size).toBe(rows.length);
  });

  it('finds a lot by its scanned label code', async () => {
    const lot = await newLot(5);
    const res = await t.call('GET', `${api}/lot/page`, { token: breeder, query: { keyword: lot.lotNo } });
    expect(res.body.rows.map((r: { id: number }) => r.id)).toEqual([lot.id]);
  });

  it('keeps lots of one organisation from another', async () => {
    const lot = await newLot(5);
    expect((await t.call('GET', `${api}/lot/detail/${lot.id}`, { token: outsider })).status).toBe(404);
    const res = await t.call('POST', `${api}/lot/withdraw`, { token: outsider, body: { lotId: lot.id, quantity: 1 } });
    expect(res.status).toBe(404);
    expect((await t.call('GET', `${api}/lot/page`, { token: outsider })).body.total).toBe(0);
  });
});
