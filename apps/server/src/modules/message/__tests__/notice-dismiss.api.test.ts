import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOtherOrg, createTestApp, type TestApp } from '../../../test/harness';

let t: TestApp;
let admin: string;
let breeder: string;
let rivalAdmin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  breeder = await t.login('breeder');
  await createOtherOrg(t.db, 'rival-n', [{ username: 'rival-n-admin', nickName: 'Rival', role: 'admin', crops: { maize: 'operate' } }]);
  rivalAdmin = await t.login('rival-n-admin');
});
afterAll(() => t.close());

const openIds = async (token: string) => ((await t.call('GET', '/api/auth/api/notice/open', { token })).body.data as { id: number }[]).map((n) => n.id);
const create = async (body: Record<string, unknown>) => {
  const res = await t.call('POST', '/api/system/notice/create', { token: admin, body: { content: 'Body', level: 'info', ...body } });
  expect(res.status).toBe(200);
  return res.body.data.id as number;
};

describe('notices once per user until dismissed', () => {
  it('a dismissed notice is not listed again for that user, but still for others', async () => {
    const id = await create({ title: 'Field day on Friday' });
    expect(await openIds(breeder)).toContain(id);
    expect(await openIds(admin)).toContain(id);

    expect((await t.call('POST', `/api/auth/api/notice/dismiss/${id}`, { token: breeder })).status).toBe(200);
    // Dismissing twice is harmless.
    expect((await t.call('POST', `/api/auth/api/notice/dismiss/${id}`, { token: breeder })).status).toBe(200);
    expect(await openIds(breeder)).not.toContain(id);
    expect(await openIds(admin)).toContain(id);
  });

  it('expired and disabled notices are not listed; other organisations do not see or dismiss ours', async () => {
    const expired = await create({ title: 'Old harvest meeting', expiresAt: '2020-01-01 10:00:00' });
    const disabled = await create({ title: 'Draft', status: 'disabled' });
    const future = await create({ title: 'Valid until 2099', expiresAt: '2099-12-31 23:00:00' });
    const ids = await openIds(breeder);
    expect(ids).not.toContain(expired);
    expect(ids).not.toContain(disabled);
    expect(ids).toContain(future);

    expect(await openIds(rivalAdmin)).not.toContain(future);
    expect((await t.call('POST', `/api/auth/api/notice/dismiss/${future}`, { token: rivalAdmin })).status).toBe(404);
    expect((await t.call('POST', '/api/auth/api/notice/dismiss/99999999', { token: breeder })).status).toBe(404);
  });

  it('needs a login', async () => {
    expect((await t.call('GET', '/api/auth/api/notice/open')).status).toBe(401);
    expect((await t.call('POST', '/api/auth/api/notice/dismiss/1')).status).toBe(401);
  });
});
