import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../../test/harness';
import { sysUser } from '../../../system';
import { sendMessage } from '../message.service';

let t: TestApp;
let admin: string;
let breeder: string;
let breederId: number;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  breeder = await t.login('breeder');
  [{ id: breederId }] = await t.db.select({ id: sysUser.id }).from(sysUser).where(eq(sysUser.username, 'breeder'));
});
afterAll(() => t.close());

describe('messages', () => {
  it('lists my messages in my language, counts and marks them read; another user’s message is not found (MSG_NOT_FOUND)', async () => {
    const before = (await t.call('GET', '/api/auth/api/message/noReadCount', { token: breeder })).body.data.count as number;
    await sendMessage(t.db, [breederId], {
      orgId: null,
      type: 'system',
      title: { 'zh-CN': '试验已提交', en: 'Trial submitted' },
      content: { 'zh-CN': '请审核', en: 'Please review' },
      link: '/doe/exp/design',
    });
    expect((await t.call('GET', '/api/auth/api/message/noReadCount', { token: breeder })).body.data.count).toBe(before + 1);

    const unread = await t.call('GET', '/api/auth/api/message/list', { token: breeder, query: { read: 'false' }, headers: { 'accept-language': 'en' } });
    expect(unread.status).toBe(200);
    const mine = unread.body.rows.find((m: { title: string }) => m.title === 'Trial submitted');
    expect(mine).toMatchObject({ type: 'system', content: 'Please review', link: '/doe/exp/design', read: false });

    const foreign = await t.call('POST', `/api/auth/api/message/setRead/${mine.id}`, { token: admin });
    expect(foreign.status).toBe(404);
    expect(foreign.body.errorCode).toBe('MSG_NOT_FOUND');

    expect((await t.call('POST', `/api/auth/api/message/setRead/${mine.id}`, { token: breeder })).status).toBe(200);
    const read = await t.call('GET', '/api/auth/api/message/list', { token: breeder, query: { read: 'true' } });
    expect(read.body.rows.map((m: { id: number }) => m.id)).toContain(mine.id);

    const all = await t.call('POST', '/api/auth/api/message/setReadAll', { token: breeder });
    expect(all.body.data.updated).toBe(before);
    expect((await t.call('GET', '/api/auth/api/message/noReadCount', { token: breeder })).body.data.count).toBe(0);
  });

  it('getEnv is public and tells the version, the senders and the login methods', async () => {
    const env = await t.call('GET', '/api/auth/api/getEnv');
    expect(env.status).toBe(200);
    expect(env.body.data).toMatchObject({ smsConfigured: expect.any(Boolean), mailConfigured: expect.any(Boolean), chatAiEnable: expect.any(Boolean) });
    expect(env.body.data.loginMethods).toContain('password');
    expect(Date.parse(env.body.data.serverTime)).not.toBeNaN();
  });
});
