import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createOtherOrg, createTestApp, TEST_PASSWORD, userId, type TestApp } from '../../../test/harness';
import { sysOrg, sysSession, sysUser } from '../../system';
import { sysCaptcha } from '../captcha/captcha.tables';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const login = (username: string, password: string, extra: Record<string, string> = {}, ip = '10.0.0.1') =>
  t.call('POST', '/api/auth/api/login', { form: { username, password, ...extra }, headers: { 'x-forwarded-for': ip } });

async function plantCaptcha(uuid: string, answer: string) {
  await t.db
    .insert(sysCaptcha)
    .values({ uuid, answerHash: createHash('sha256').update(answer.toLowerCase()).digest('hex'), expiresAt: new Date(Date.now() + 60_000) });
}

describe('login init and captcha', () => {
  it('describes the login page', async () => {
    const res = await t.call('GET', '/api/auth/api/login/init');
    expect(res.body).toMatchObject({
      code: 0,
      data: { captchaEnabled: false, loginMethods: ['password', 'phone', 'qrcode', 'mfa'], appName: 'Breedwise', version: '2.2.26', defaultLocale: 'zh-CN' },
    });
  });

  it('draws a real JPEG bound to the uuid', async () => {
    const uuid = crypto.randomUUID();
    const res = await t.app.inject({ method: 'GET', url: `/api/auth/captcha.jpg?uuid=${uuid}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect([...res.rawPayload.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    const [row] = await t.db.select().from(sysCaptcha).where(eq(sysCaptcha.uuid, uuid));
    expect(row.answerHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses a captcha request without a uuid', async () => {
    const res = await t.call('GET', '/api/auth/captcha.jpg', { query: { uuid: 'not-a-uuid' } });
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatchObject({ field: 'uuid', rule: 'format' });
  });
});

describe('password login', () => {
  it('logs in and answers a token, form-encoded', async () => {
    const res = await login('admin', TEST_PASSWORD);
    expect(res.status).toBe(200);
    expect(res.body.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(new Date(res.body.data.expiresAt).getTime()).toBeGreaterThan(Date.now());
  });

  it('stores only the hash of the token', async () => {
    const token = (await login('breeder', TEST_PASSWORD)).body.data.token;
    const rows = await t.db
      .select()
      .from(sysSession)
      .where(eq(sysSession.tokenHash, createHash('sha256').update(token).digest('hex')));
    expect(rows).toHaveLength(1);
    const leaked = await t.database.query(`select count(*)::int as n from sys_session where token_hash = $1`, [token]);
    expect(leaked[0]).toMatchObject({ n: 0 });
  });

  it('gives a new token at each login', async () => {
    const a = (await login('admin', TEST_PASSWORD)).body.data.token;
    const b = (await login('admin', TEST_PASSWORD)).body.data.token;
    expect(a).not.toBe(b);
  });

  it('accepts the user name in any case', async () => {
    expect((await login('ADMIN', TEST_PASSWORD)).status).toBe(200);
  });

  it('refuses a wrong password and an unknown user alike', async () => {
    const wrong = await login('admin', 'wrong-password', {}, '10.1.0.1');
    const unknown = await login('nobody', 'wrong-password', {}, '10.1.0.2');
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 400, errorCode: 'AUTH_LOGIN_FAILED', msg: '用户名或密码错误' });
    }
  });

  it('names missing fields', async () => {
    const res = await t.call('POST', '/api/auth/api/login', { form: { username: '' }, headers: { 'accept-language': 'en' } });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'username', rule: 'required', message: 'User name is required' }),
        expect.objectContaining({ field: 'password', rule: 'required' }),
      ]),
    );
  });

  it('refuses a disabled account', async () => {
    const [u] = await t.db
      .insert(sysUser)
      .values({
        username: 'gone',
        nickName: 'gone',
        passwordHash: (await t.db.select().from(sysUser).where(eq(sysUser.username, 'admin')))[0].passwordHash,
        status: 'disabled',
      })
      .returning();
    const res = await login('gone', TEST_PASSWORD, {}, '10.2.0.1');
    expect(res.status).toBe(403);
    expect(res.body.errorCode).toBe('AUTH_ACCOUNT_DISABLED');
    await t.db.delete(sysUser).where(eq(sysUser.id, u.id));
  });
});

describe('throttling', () => {
  it('asks for a captcha after 5 failures and pauses the account after 10, with Retry-After', async () => {
    await createOtherOrg(t.db, 'throttle', [{ username: 'victim', nickName: 'victim', role: 'user', crops: {} }]);
    for (let i = 0; i < 5; i++) expect((await login('victim', 'bad', {}, `10.3.0.${i}`)).body.errorCode).toBe('AUTH_LOGIN_FAILED');
    const needsCaptcha = await login('victim', TEST_PASSWORD, {}, '10.3.1.1');
    expect(needsCaptcha.body.errorCode).toBe('AUTH_CAPTCHA_REQUIRED');

    const uuid = crypto.randomUUID();
    await plantCaptcha(uuid, 'AbCd');
    const wrongCaptcha = await login('victim', TEST_PASSWORD, { uuid, code: 'zzzz' }, '10.3.1.2');
    expect(wrongCaptcha.body.errorCode).toBe('AUTH_CAPTCHA_INVALID');
    // Single use: the right answer after a wrong one no longer works.
    expect((await login('victim', TEST_PASSWORD, { uuid, code: 'abcd' }, '10.3.1.3')).body.errorCode).toBe('AUTH_CAPTCHA_INVALID');

    const uuid2 = crypto.randomUUID();
    await plantCaptcha(uuid2, 'WxYz');
    const ok = await login('victim', TEST_PASSWORD, { uuid: uuid2, code: 'wxyz' }, '10.3.1.4');
    expect(ok.status).toBe(200);

    for (let i = 0; i < 3; i++) {
      const u = crypto.randomUUID();
      await plantCaptcha(u, 'q');
      await login('victim', 'bad', { uuid: u, code: 'q' }, `10.3.2.${i}`);
    }
    const paused = await login('victim', TEST_PASSWORD, {}, '10.3.3.1');
    expect(paused.status).toBe(429);
    expect(paused.body.errorCode).toBe('TOO_MANY_REQUESTS');
    expect(Number(paused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(paused.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
  });

  it('never locks the real user out for good: failures age out of the window', async () => {
    await t.database.query(`update sys_login_attempt set created_at = now() - interval '16 minutes' where username = 'victim'`);
    expect((await login('victim', TEST_PASSWORD, {}, '10.3.4.1')).status).toBe(200);
  });

  it('requires the captcha for everyone when it is switched on', async () => {
    const on = await createTestApp({ BW_CAPTCHA: 'on' });
    try {
      const res = await on.call('POST', '/api/auth/api/login', { form: { username: 'admin', password: TEST_PASSWORD } });
      expect(res.body.errorCode).toBe('AUTH_CAPTCHA_REQUIRED');
      const init = await on.call('GET', '/api/auth/api/login/init');
      expect(init.body.data.captchaEnabled).toBe(true);
    } finally {
      await on.close();
    }
  });
});

describe('sessions', () => {
  it('login/info answers every field the spec lists', async () => {
    const token = (await login('breeder', TEST_PASSWORD)).body.data.token;
    const res = await t.call('GET', '/api/auth/api/login/info', { token });
    expect(res.status).toBe(200);
    const data = res.body.data;
    for (const key of [
      'userInfo',
      'permissions',
      'orgInfo',
      'cropInfo',
      'crops',
      'menu',
      'selectOrgUrl',
      'selectCropUrl',
      'authServerUrl',
      'helpUrlBase',
      'chatAiEnable',
    ]) {
      expect(data).toHaveProperty(key);
    }
    expect(data.userInfo).toMatchObject({ userName: 'breeder', role: 'user', roles: ['user'], passExpiredDateCount: null });
    expect(data.permissions).toContain('doe:location:list');
    expect(data.permissions).not.toContain('doe:location:remove');
    expect(data.crops.map((c: { code: string; access: string }) => `${c.code}:${c.access}`)).toEqual([
      'maize:operate',
      'rice:operate',
      'wheat:view',
      'soybean:view',
    ]);
    const titles = JSON.stringify(data.menu);
    expect(titles).toContain('/doe/exp/location');
    expect(titles).not.toContain('/system/user');
    expect(JSON.stringify(data)).not.toMatch(/password_?hash|\$argon2/i);
  });

  it('gives administrators the wildcard and the whole menu', async () => {
    const token = (await login('admin', TEST_PASSWORD)).body.data.token;
    const data = (await t.call('GET', '/api/auth/api/login/info', { token })).body.data;
    expect(data.permissions).toEqual(['*:*:*']);
    expect(data.userInfo.role).toBe('administrator');
    expect(JSON.stringify(data.menu)).toContain('/system/user');
  });

  it('counts the days to password expiry under an organisation policy', async () => {
    const token = (await login('breeder', TEST_PASSWORD)).body.data.token;
    const [org] = await t.db.select().from(sysOrg).where(eq(sysOrg.code, 'demo'));
    await t.db
      .update(sysOrg)
      .set({ settings: { passwordExpiryDays: 90 } })
      .where(eq(sysOrg.id, org.id));
    await t.db
      .update(sysUser)
      .set({ passwordChangedAt: sql`now() - interval '88 days'` })
      .where(eq(sysUser.username, 'breeder'));
    const data = (await t.call('GET', '/api/auth/api/login/info', { token })).body.data;
    expect(data.userInfo.passExpiredDateCount).toBe(2);
    await t.db.update(sysOrg).set({ settings: {} }).where(eq(sysOrg.id, org.id));
  });

  it('ends the session at logout; the next call is 401', async () => {
    const token = (await login('breeder', TEST_PASSWORD)).body.data.token;
    expect((await t.call('POST', '/api/auth/api/login/logout', { token })).body.code).toBe(0);
    const after = await t.call('GET', '/api/auth/api/login/info', { token });
    expect(after.status).toBe(401);
    expect(after.body).toMatchObject({ code: 401, errorCode: 'UNAUTHORIZED' });
    // Logging out without a session is quiet.
    expect((await t.call('POST', '/api/auth/api/login/logout')).body.code).toBe(0);
  });

  it('expires idle sessions and sessions past their absolute lifetime', async () => {
    const idle = (await login('breeder', TEST_PASSWORD)).body.data.token;
    const old = (await login('breeder', TEST_PASSWORD)).body.data.token;
    const hash = (tok: string) => createHash('sha256').update(tok).digest('hex');
    await t.db
      .update(sysSession)
      .set({ lastSeenAt: sql`now() - interval '3 hours'` })
      .where(eq(sysSession.tokenHash, hash(idle)));
    await t.db
      .update(sysSession)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(sysSession.tokenHash, hash(old)));
    expect((await t.call('GET', '/api/auth/api/login/info', { token: idle })).status).toBe(401);
    expect((await t.call('GET', '/api/auth/api/login/info', { token: old })).status).toBe(401);
  });

  it('ends the sessions of a disabled user', async () => {
    await createOtherOrg(t.db, 'disable', [{ username: 'soon-gone', nickName: 'x', role: 'user', crops: {} }]);
    const token = (await login('soon-gone', TEST_PASSWORD, {}, '10.4.0.1')).body.data.token;
    await t.db.update(sysUser).set({ status: 'disabled' }).where(eq(sysUser.username, 'soon-gone'));
    expect((await t.call('GET', '/api/auth/api/login/info', { token })).status).toBe(401);
  });

  it('in single-session mode a new login ends the older one, whose next call gets code 9999', async () => {
    const org = await createOtherOrg(t.db, 'single', [{ username: 'solo', nickName: 'solo', role: 'user', crops: { maize: 'operate' } }]);
    await t.db
      .update(sysOrg)
      .set({ settings: { singleSession: true } })
      .where(eq(sysOrg.id, org.orgId));
    const first = (await login('solo', TEST_PASSWORD, {}, '10.5.0.1')).body.data.token;
    const second = (await login('solo', TEST_PASSWORD, {}, '10.5.0.2')).body.data.token;
    const kicked = await t.call('GET', '/api/auth/api/login/info', { token: first });
    expect(kicked.status).toBe(401);
    expect(kicked.body).toMatchObject({ code: 9999, errorCode: 'SESSION_REPLACED' });
    expect((await t.call('GET', '/api/auth/api/login/info', { token: second })).status).toBe(200);
  });

  it('refuses a malformed or oversized token with 401', async () => {
    for (const token of ['x', 'a'.repeat(500)]) {
      expect((await t.call('GET', '/api/auth/api/login/info', { token })).status).toBe(401);
    }
  });
});

describe('organisation, crop and language', () => {
  it('switches crops the user may see, and remembers the choice in a 7-day cookie', async () => {
    const token = (await login('breeder', TEST_PASSWORD)).body.data.token;
    const info = (await t.call('GET', '/api/auth/api/login/info', { token })).body.data;
    const wheat = info.crops.find((c: { code: string }) => c.code === 'wheat');
    const res = await t.call('POST', `/api/auth/api/login/setCropId/${wheat.cropId}`, { token });
    expect(res.body.code).toBe(0);
    expect(String(res.headers['set-cookie'])).toMatch(/bw_crop=\d+.*Max-Age=604800/);
    const after = (await t.call('GET', '/api/auth/api/login/info', { token })).body.data;
    expect(after.cropInfo).toMatchObject({ code: 'wheat', access: 'view' });
  });

  it('refuses a crop of another organisation', async () => {
    const other = await createOtherOrg(t.db, 'cropsother', []);
    const token = (await login('breeder', TEST_PASSWORD)).body.data.token;
    const res = await t.call('POST', `/api/auth/api/login/setCropId/${other.crops.maize}`, { token });
    expect(res.status).toBe(403);
    expect(res.body.errorCode).toBe('CROP_NOT_ALLOWED');
  });

  it('switches only to organisations the user belongs to', async () => {
    const other = await createOtherOrg(t.db, 'notmine', []);
    const token = (await login('breeder', TEST_PASSWORD)).body.data.token;
    const res = await t.call('POST', `/api/auth/api/login/setOrgId/${other.orgId}`, { token });
    expect(res.status).toBe(403);
    expect(res.body.errorCode).toBe('ORG_NOT_MEMBER');
  });

  it('moves a member to another organisation with one of its crops', async () => {
    const other = await createOtherOrg(t.db, 'second', []);
    const uid = await userId(t.db, 'admin');
    const { sysUserOrg, sysUserCrop } = await import('../../system');
    await t.db.insert(sysUserOrg).values({ userId: uid, orgId: other.orgId });
    await t.db.insert(sysUserCrop).values({ userId: uid, cropId: other.crops.rice, access: 'operate' });
    const token = (await login('admin', TEST_PASSWORD)).body.data.token;
    expect((await t.call('POST', `/api/auth/api/login/setOrgId/${other.orgId}`, { token })).body.code).toBe(0);
    const info = (await t.call('GET', '/api/auth/api/login/info', { token })).body.data;
    expect(info.orgInfo).toMatchObject({ orgId: other.orgId, orgName: 'Org second' });
    expect(info.cropInfo).toMatchObject({ code: 'rice' });
    // Back home for the other tests.
    await t.db
      .update(sysUser)
      .set({ defaultOrgId: (await t.db.select().from(sysOrg).where(eq(sysOrg.code, 'demo')))[0].id })
      .where(eq(sysUser.id, uid));
  });

  it('changes the session language, and answers in it', async () => {
    const token = (await login('breeder', TEST_PASSWORD)).body.data.token;
    expect((await t.call('GET', '/api/auth/api/login/changeLocal/en', { token })).body).toMatchObject({ code: 0, msg: 'Success', data: { locale: 'en' } });
    const info = (await t.call('GET', '/api/auth/api/login/info', { token })).body;
    expect(info.msg).toBe('Success');
    expect(info.data.userInfo.locale).toBe('en');
    const bad = await t.call('GET', '/api/auth/api/login/changeLocal/fr', { token });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0]).toMatchObject({ field: 'locale', rule: 'enum' });
  });
});
