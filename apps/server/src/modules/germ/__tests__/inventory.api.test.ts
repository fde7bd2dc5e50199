import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createOtherOrg, createTestApp, createUserWithMenus, type TestApp } from '../../../test/harness';
import { sysOrg } from '../../system/system.tables';
import { germLot, germLotTxn } from '../germ.tables';

let t: TestApp;
let admin: string;
let breeder: string;
let outsider: string;
let clerk: string;
const api = '/api/germ/api';
let germplasmId: number;
let box: number;
let otherBox: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  breeder = await t.login('breeder');
  await createOtherOrg(t.db, 'rival', [{ username: 'rival-admin', nickName: 'Rival', role: 'admin', crops: { maize: 'operate' } }]);
  outsider = await t.login('rival-admin');
  const [org] = await t.db.select().from(sysOrg).where(eq(sysOrg.code, 'demo'));
  // Sees the documents, may not approve them.
  await createUserWithMenus(t.db, org.id, 'clerk', ['germ.inbound', 'germ.inbound.add', 'germ.outbound', 'germ.outbound.add']);
  await t.db.execute(sql`insert into sys_user_crop (user_id, crop_id, access) select u.id, c.id, 'operate' from sys_user u, sys_crop c where u.username = 'clerk' and c.org_id = ${org.id} and c.code = 'maize'`);
  clerk = await t.login('clerk');
  germplasmId = (await t.call('POST', `${api}/germplasm/create`, { token: admin, body: { accessionNo: 'INV-1', name: 'Ledger line', type: 'inbred' } })).body.data.id;
  const wh = await t.call('POST', `${api}/place/create`, { token: admin, body: { level: 'warehouse', code: 'T-WH', name: 'Test store' } });
  const shelf = await t.call('POST', `${api}/place/create`, { token: admin, body: { level: 'shelf', parentId: wh.body.data.id, code: 'T-WH-A', name: 'A' } });
  box = (await t.call('POST', `${api}/place/create`, { token: admin, body: { level: 'box', parentId: shelf.body.data.id, code: 'T-WH-A-1', name: 'Box 1' } })).body.data.id;
  otherBox = (await t.call('POST', `${api}/place/create`, { token: admin, body: { level: 'box', parentId: shelf.body.data.id, code: 'T-WH-A-2', name: 'Box 2' } })).body.data.id;
});
afterAll(() => t.close());

const newLot = async (quantity: number, unit = 'g') => (await t.call('POST', `${api}/lot/create`, { token: admin, body: { germplasmId, placeId: box, unit, quantity } })).body.data;
const ledger = async (lotId: number) => t.db.select().from(germLotTxn).where(eq(germLotTxn.lotId, lotId));
const sum = (rows: { amount: number }[]) => Math.round(rows.reduce((s, r) => s + Number(r.amount), 0) * 1000) / 1000;

describe('storage places', () => {
  it('nests warehouse > shelf > box and refuses other nestings', async () => {
    const places = await t.call('GET', `${api}/place/list`, { token: breeder });
    expect(places.body.data.find((p: { id: number }) => p.id === box).path).toBe('Test store / A / Box 1');
    const bad = await t.call('POST', `${api}/place/create`, { token: admin, body: { level: 'box', parentId: box, code: 'T-X', name: 'X' }, headers: { 'accept-language': 'en' } });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe('A box must be inside a shelf');
  });
});

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
    expect(rows.map((r) => [r.type, Number(r.amount)])).toEqual([['deposit', 100], ['deposit', 20.5], ['withdrawal', -30], ['discard', -0.5], ['adjustment', -2], ['transfer', 0]]);
    expect(sum(rows)).toBe(88);
    const page = await t.call('GET', `${api}/lot/transactions`, { token: breeder, query: { lotId: lot.id } });
    expect(page.body.rows[0]).toMatchObject({ type: 'transfer', toPlace: 'Test store / A / Box 2', fromPlace: 'Test store / A / Box 1', createdBy: '系统管理员' });
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
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) =>
      t.call('POST', `${api}/lot/withdraw`, { token: admin, body: { lotId: lot.id, quantity: 3, reason: `race ${i}` } })));
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

describe('documents', () => {
  let lotId: number;
  beforeAll(async () => {
    lotId = (await newLot(40)).id;
  });

  const create = (kind: string, body: unknown, token = clerk) => t.call('POST', `${api}/${kind}/create`, { token, body });
  const status = (kind: string, id: number, action: string, token = clerk) => t.call('PUT', `${api}/${kind}/status`, { token, body: { id, action }, headers: { 'accept-language': 'en' } });
  const review = (kind: string, id: number, action: string, token = admin) => t.call('PUT', `${api}/${kind}/audit`, { token, body: { id, action, comment: 'ok' }, headers: { 'accept-language': 'en' } });

  it('moves draft -> submitted -> approved and applies the inbound once, creating the new lot', async () => {
    const doc = await create('inbound', { title: 'Harvest', lines: [{ lotId, quantity: 10 }, { germplasmId, placeId: box, unit: 'seed', quantity: 250, harvestYear: 2025 }] });
    expect(doc.status).toBe(200);
    expect(doc.body.data).toMatchObject({ status: 'draft', actions: ['submit'], lineCount: 2 });
    expect(doc.body.data.docNo).toMatch(/^IN-\d{4}-\d{5}$/);
    // Approving a draft is not in the table.
    const early = await review('inbound', doc.body.data.id, 'approve');
    expect(early.status).toBe(409);
    expect(early.body.msg).toBe(`Document ${doc.body.data.docNo} is draft and cannot be approved`);
    expect((await status('inbound', doc.body.data.id, 'submit')).body.data.status).toBe('submitted');
    // The clerk may not approve.
    expect((await review('inbound', doc.body.data.id, 'approve', clerk)).status).toBe(403);
    const done = await review('inbound', doc.body.data.id, 'approve');
    expect(done.body.data).toMatchObject({ status: 'approved', reviewedBy: '系统管理员', reviewComment: 'ok' });
    expect(done.body.data.lines[1].newLotNo).toMatch(/^L/);
    expect(done.body.data.lines[1].currentBalance).toBe(250);
    expect(done.body.data.events.map((e: { action: string }) => e.action)).toEqual(['create', 'submit', 'approve']);
    const lot = await t.call('GET', `${api}/lot/detail/${lotId}`, { token: admin });
    expect(lot.body.data.quantity).toBe(50);
    // Approved is final.
    expect((await review('inbound', doc.body.data.id, 'reject')).status).toBe(409);
    expect((await status('inbound', doc.body.data.id, 'withdraw')).status).toBe(409);
  });

  it('applies an approval once even when it is sent twice at the same time', async () => {
    const doc = await create('outbound', { title: 'Nursery', recipient: 'Station', lines: [{ lotId, quantity: 5 }] });
    await status('outbound', doc.body.data.id, 'submit');
    const before = (await ledger(lotId)).length;
    const both = await Promise.all([review('outbound', doc.body.data.id, 'approve'), review('outbound', doc.body.data.id, 'approve')]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    const rows = await ledger(lotId);
    expect(rows.length).toBe(before + 1);
    expect(rows.filter((r) => r.documentId === doc.body.data.id)).toHaveLength(1);
    expect((await t.call('GET', `${api}/lot/detail/${lotId}`, { token: admin })).body.data.quantity).toBe(45);
  });

  it('rejects, reopens, edits and resubmits; only the creator moves a draft', async () => {
    const doc = await create('outbound', { lines: [{ lotId, quantity: 1 }] });
    const id = doc.body.data.id;
    expect((await status('outbound', id, 'submit', breeder)).status).toBe(403);
    await status('outbound', id, 'submit');
    expect((await review('outbound', id, 'reject')).body.data.status).toBe('rejected');
    expect((await status('outbound', id, 'reopen')).body.data.status).toBe('draft');
    const edited = await t.call('PUT', `${api}/outbound/update`, { token: clerk, body: { id, lines: [{ lotId, quantity: 2 }] } });
    expect(edited.body.data.lines[0].quantity).toBe(2);
    await status('outbound', id, 'submit');
    // Submitted documents cannot be edited.
    expect((await t.call('PUT', `${api}/outbound/update`, { token: clerk, body: { id, lines: [{ lotId, quantity: 3 }] } })).body.errorCode).toBe('GERM_DOC_NOT_EDITABLE');
    expect((await status('outbound', id, 'withdraw')).body.data.status).toBe('draft');
    expect((await t.call('DELETE', `${api}/outbound/${id}`, { token: clerk })).status).toBe(200);
  });

  it('refuses an approval that would overdraw a lot, and leaves everything as it was', async () => {
    const small = await newLot(3);
    const doc = await create('outbound', { lines: [{ lotId, quantity: 1 }, { lotId: small.id, quantity: 2 }] });
    await status('outbound', doc.body.data.id, 'submit');
    // Meanwhile the small lot is used up directly.
    await t.call('POST', `${api}/lot/withdraw`, { token: admin, body: { lotId: small.id, quantity: 2 } });
    const before = (await t.call('GET', `${api}/lot/detail/${lotId}`, { token: admin })).body.data.quantity;
    const res = await review('outbound', doc.body.data.id, 'approve');
    expect(res.status).toBe(409);
    expect(res.body.errorCode).toBe('GERM_INSUFFICIENT_STOCK');
    expect((await t.call('GET', `${api}/outbound/detail/${doc.body.data.id}`, { token: admin })).body.data.status).toBe('submitted');
    expect((await t.call('GET', `${api}/lot/detail/${lotId}`, { token: admin })).body.data.quantity).toBe(before);
  });

  it('stocktaking books the counted-minus-booked difference on approval; scrap discards', async () => {
    const lot = await newLot(30);
    const st = await create('stocktaking', { placeId: box, lines: [{ lotId: lot.id, countedQuantity: 27.5 }] }, admin);
    expect(st.body.data.lines[0]).toMatchObject({ bookedQuantity: 30, countedQuantity: 27.5, difference: -2.5 });
    await status('stocktaking', st.body.data.id, 'submit', admin);
    await review('stocktaking', st.body.data.id, 'approve');
    const sc = await create('scrap', { lines: [{ lotId: lot.id, quantity: 7.5 }] }, admin);
    await status('scrap', sc.body.data.id, 'submit', admin);
    await review('scrap', sc.body.data.id, 'approve');
    const rows = await ledger(lot.id);
    expect(rows.map((r) => [r.type, Number(r.amount)])).toEqual([['deposit', 30], ['adjustment', -2.5], ['discard', -7.5]]);
    expect((await t.call('GET', `${api}/lot/detail/${lot.id}`, { token: admin })).body.data.quantity).toBe(20);
  });

  it('the outbound cart becomes a submitted document, and the dashboard to-do counts it', async () => {
    const todo0 = (await t.call('GET', '/api/germ/common/my-todo-statistic', { token: admin })).body.data;
    expect(Object.keys(todo0).sort()).toEqual(['inbound', 'outbound', 'scrap', 'stocktaking']);
    const over = await t.call('POST', `${api}/outbound/addOutboundToCache`, { token: clerk, body: { items: [{ lotId, quantity: 1e6 }] } });
    expect(over.body.errorCode).toBe('GERM_INSUFFICIENT_STOCK');
    const cart = await t.call('POST', `${api}/outbound/addOutboundToCache`, { token: clerk, body: { items: [{ lotId, quantity: 4 }] } });
    expect(cart.body.data).toEqual([expect.objectContaining({ lotId, quantity: 4 })]);
    await t.call('POST', `${api}/outbound/addOutboundToCache`, { token: clerk, body: { items: [{ lotId, quantity: 6 }] } });
    const doc = await t.call('POST', `${api}/outbound/createFromCache`, { token: clerk, body: { recipient: 'Sanya', purpose: 'winter nursery', submit: true } });
    expect(doc.body.data).toMatchObject({ status: 'submitted', recipient: 'Sanya', lines: [expect.objectContaining({ lotId, quantity: 6 })] });
    expect((await t.call('GET', `${api}/outbound/cache`, { token: clerk })).body.data).toEqual([]);
    expect((await t.call('POST', `${api}/outbound/createFromCache`, { token: clerk, body: {} })).body.errorCode).toBe('GERM_CART_EMPTY');
    const todo1 = (await t.call('GET', '/api/germ/common/my-todo-statistic', { token: admin })).body.data;
    expect(todo1.outbound).toBe(todo0.outbound + 1);
    // Without approve rights, no to-do kinds.
    expect((await t.call('GET', '/api/germ/common/my-todo-statistic', { token: clerk })).body.data).toEqual({});
  });

  it('hides documents from another organisation', async () => {
    const doc = await create('scrap', { lines: [{ lotId, quantity: 1 }] }, admin);
    expect((await t.call('GET', `${api}/scrap/detail/${doc.body.data.id}`, { token: outsider })).status).toBe(404);
    expect((await t.call('PUT', `${api}/scrap/audit`, { token: outsider, body: { id: doc.body.data.id, action: 'approve' } })).status).toBe(404);
  });
});

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
    const res = await t.app.inject({ method: 'POST', url: `${api}/label/pdf`, headers: { token: admin }, payload: { target: 'lot', ids: lots, fields: ['lotNo', 'name', 'place', 'quantity'], code: 'both', layout: 'a4-3x8' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const pdf = res.rawPayload.toString('latin1');
    expect(pdf.startsWith('%PDF')).toBe(true);
    expect(pdf).toMatch(/NotoSansSC/);
    expect(pdf.match(/\/Type \/Page\b/g)).toHaveLength(2);
    const bad = await t.call('POST', `${api}/label/pdf`, { token: admin, body: { target: 'germplasm', ids: [germplasmId], fields: ['lotNo'] }, headers: { 'accept-language': 'en' } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0]).toMatchObject({ errorCode: 'GERM_LABEL_FIELD' });
  });
});
