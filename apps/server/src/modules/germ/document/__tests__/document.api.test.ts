import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../../test/harness';
import { eq } from 'drizzle-orm';
import { inventoryFixture } from '../../testing';
import { sysOutbox, sysUser } from '../../../system';

type Fixture = Awaited<ReturnType<typeof inventoryFixture>>;
let t: TestApp,
  api: string,
  admin: string,
  breeder: string,
  outsider: string,
  clerk: string,
  germplasmId: number,
  box: number,
  newLot: Fixture['newLot'],
  ledger: Fixture['ledger'];
beforeAll(async () => {
  ({ t, api, admin, breeder, outsider, clerk, germplasmId, box, newLot, ledger } = await inventoryFixture());
});
afterAll(() => t.close());

describe('documents', () => {
  let lotId: number;
  beforeAll(async () => {
    lotId = (await newLot(40)).id;
  });

  const create = (kind: string, body: unknown, token = clerk) => t.call('POST', `${api}/${kind}/create`, { token, body });
  const status = (kind: string, id: number, action: string, token = clerk) =>
    t.call('PUT', `${api}/${kind}/status`, { token, body: { id, action }, headers: { 'accept-language': 'en' } });
  const review = (kind: string, id: number, action: string, token = admin) =>
    t.call('PUT', `${api}/${kind}/audit`, { token, body: { id, action, comment: 'ok' }, headers: { 'accept-language': 'en' } });

  it('moves draft -> submitted -> approved and applies the inbound once, creating the new lot', async () => {
    const doc = await create('inbound', {
      title: 'Harvest',
      lines: [
        { lotId, quantity: 10 },
        { germplasmId, placeId: box, unit: 'seed', quantity: 250, harvestYear: 2025 },
      ],
    });
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
    expect((await t.call('PUT', `${api}/outbound/update`, { token: clerk, body: { id, lines: [{ lotId, quantity: 3 }] } })).body.errorCode).toBe(
      'GERM_DOC_NOT_EDITABLE',
    );
    expect((await status('outbound', id, 'withdraw')).body.data.status).toBe('draft');
    expect((await t.call('DELETE', `${api}/outbound/${id}`, { token: clerk })).status).toBe(200);
  });

  it('refuses an approval that would overdraw a lot, and leaves everything as it was', async () => {
    const small = await newLot(3);
    const doc = await create('outbound', {
      lines: [
        { lotId, quantity: 1 },
        { lotId: small.id, quantity: 2 },
      ],
    });
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
    expect(rows.map((r) => [r.type, Number(r.amount)])).toEqual([
      ['deposit', 30],
      ['adjustment', -2.5],
      ['discard', -7.5],
    ]);
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
    const doc = await t.call('POST', `${api}/outbound/createFromCache`, {
      token: clerk,
      body: { recipient: 'Sanya', purpose: 'winter nursery', submit: true },
    });
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

describe('review messages', () => {
  const inbox = async (token: string, lang = 'zh-CN') =>
    (await t.call('GET', '/api/auth/api/message/list', { token, query: { pageNum: 1, pageSize: 5 }, headers: { 'accept-language': lang } })).body.rows as {
      type: string;
      title: string;
      content: string;
      link: string | null;
    }[];
  const submitted = async (title: string) => {
    const lotId = (await newLot(5)).id;
    const doc = await t.call('POST', `${api}/inbound/create`, { token: clerk, body: { title, lines: [{ lotId, quantity: 1 }] } });
    expect(doc.status, JSON.stringify(doc.body)).toBe(200);
    expect((await t.call('PUT', `${api}/inbound/status`, { token: clerk, body: { id: doc.body.data.id, action: 'submit' } })).status).toBe(200);
    return doc.body.data as { id: number; docNo: string };
  };

  it('tells the requester when a document is approved or rejected (inbox, both languages); no e-mail without a mail gateway', async () => {
    await t.db.update(sysUser).set({ email: 'clerk@example.org' }).where(eq(sysUser.username, 'clerk'));
    const a = await submitted('Mouldy seed');
    expect((await t.call('PUT', `${api}/inbound/audit`, { token: admin, body: { id: a.id, action: 'reject', comment: 'count again' } })).status).toBe(200);
    const [rejected] = await inbox(clerk);
    expect(rejected).toMatchObject({ type: 'approval', title: `入库单 ${a.docNo} 被驳回`, link: `/germ/inbound?open=${a.id}` });
    expect(rejected.content).toContain('审核意见：count again');
    const b = await submitted('Old seed');
    expect((await t.call('PUT', `${api}/inbound/audit`, { token: admin, body: { id: b.id, action: 'approve', comment: null } })).status).toBe(200);
    const [approved] = await inbox(clerk, 'en');
    expect(approved).toMatchObject({ title: `Your inbound document ${b.docNo} was approved`, link: `/germ/inbound?open=${b.id}` });
    // The approver is not told of their own review.
    expect((await inbox(admin)).some((m) => m.title.includes(b.docNo))).toBe(false);
    const mails = await t.db.select().from(sysOutbox).where(eq(sysOutbox.purpose, 'germ.document.review'));
    expect(mails).toHaveLength(0);
  });

  it('with a mail gateway configured, also sends the requester an e-mail in their language', async () => {
    const other = await inventoryFixture({ BW_SMTP_URL: 'smtp://127.0.0.1:9', BW_MAIL_FROM: 'breedwise@example.org' });
    try {
      await other.t.db.update(sysUser).set({ email: 'clerk@example.org', locale: 'en' }).where(eq(sysUser.username, 'clerk'));
      const lotId = (await other.newLot(5)).id;
      const doc = await other.t.call('POST', `${other.api}/inbound/create`, { token: other.clerk, body: { title: 'Mail', lines: [{ lotId, quantity: 1 }] } });
      await other.t.call('PUT', `${other.api}/inbound/status`, { token: other.clerk, body: { id: doc.body.data.id, action: 'submit' } });
      const res = await other.t.call('PUT', `${other.api}/inbound/audit`, { token: other.admin, body: { id: doc.body.data.id, action: 'approve' } });
      expect(res.status).toBe(200);
      const [mail] = await other.t.db.select().from(sysOutbox).where(eq(sysOutbox.purpose, 'germ.document.review'));
      // Port 9 refuses the connection: the attempt is recorded as failed, and the approval stands.
      expect(mail).toMatchObject({
        channel: 'email',
        recipient: 'clerk@example.org',
        subject: `Your inbound document ${doc.body.data.docNo} was approved`,
        status: 'failed',
      });
    } finally {
      await other.t.close();
    }
  }, 120_000);
});
