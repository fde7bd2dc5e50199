import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq, sql } from 'drizzle-orm';
import { generate } from 'otplib';
import { SMTPServer } from 'smtp-server';
import { createOtherOrg, createTestApp, TEST_PASSWORD, userId, type TestApp } from '../../../test/harness';
import { COMMON_PASSWORD_COUNT, sysOrg, sysOutbox, sysUser, sysUserTotp } from '../../system';
import { sysAuditLog } from '../../audit';
import { sysVerifyCode } from '../sms/sms.tables';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const form = (url: string, body: Record<string, string>, ip = '10.9.0.1', token?: string) =>
  t.call('POST', `/api/auth${url}`, { form: body, token, headers: { 'x-forwarded-for': ip, 'accept-language': 'en' } });

/** The code of the last SMS in the outbox for a number (no gateway configured in tests). */
async function lastSmsCode(mobile: string): Promise<string> {
  const [row] = await t.db.select().from(sysOutbox).where(eq(sysOutbox.recipient, mobile)).orderBy(desc(sysOutbox.id)).limit(1);
  return /(\d{6})/.exec(row.body)![1];
}
async function freshUser(username: string, mobile?: string) {
  await createOtherOrg(t.db, `o-${username}`, [
    { username, nickName: username, role: 'user', crops: { maize: 'operate' }, ...(mobile ? { phone: mobile } : {}) },
  ]);
  return userId(t.db, username);
}

describe('passwords (security.md item 1)', () => {
  it('ships the 3,000 most common passwords and refuses them, case-insensitively', async () => {
    expect(COMMON_PASSWORD_COUNT).toBe(3000);
    const token = await t.login('breeder');
    for (const pw of ['password1', 'PASSWORD1', 'iloveyou', 'qwertyuiop']) {
      const res = await t.call('PUT', '/api/auth/api/profile/password', {
        token,
        body: { oldPassword: TEST_PASSWORD, newPassword: pw },
        headers: { 'accept-language': 'en' },
      });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ errorCode: 'SYS_PASSWORD_TOO_COMMON', errors: [{ field: 'newPassword', rule: 'common' }] });
    }
  });

  it('accepts 8 to 128 characters without composition rules, refuses 7 and 129, and never truncates', async () => {
    await freshUser('pwlen');
    let token = await t.login('pwlen');
    const short = await t.call('PUT', '/api/auth/api/profile/password', { token, body: { oldPassword: TEST_PASSWORD, newPassword: 'abcdefg' } });
    expect(short.body.errors[0]).toMatchObject({ field: 'newPassword', rule: 'minLength' });
    const long = await t.call('PUT', '/api/auth/api/profile/password', { token, body: { oldPassword: TEST_PASSWORD, newPassword: 'x'.repeat(129) } });
    expect(long.body.errors[0]).toMatchObject({ field: 'newPassword', rule: 'maxLength' });
    // Lower-case letters only: no composition rules.
    expect(
      (await t.call('PUT', '/api/auth/api/profile/password', { token, body: { oldPassword: TEST_PASSWORD, newPassword: 'tractorfieldsun' } })).status,
    ).toBe(200);
    token = await t.login('pwlen', 'tractorfieldsun');
    const max = `${'k'.repeat(127)}A`;
    expect((await t.call('PUT', '/api/auth/api/profile/password', { token, body: { oldPassword: 'tractorfieldsun', newPassword: max } })).status).toBe(200);
    // A password differing only in its 128th character does not match: nothing is truncated.
    const wrong = await t.call('POST', '/api/auth/api/login', {
      form: { username: 'pwlen', password: `${'k'.repeat(127)}B` },
      headers: { 'x-forwarded-for': '10.9.1.1' },
    });
    expect(wrong.body.errorCode).toBe('AUTH_LOGIN_FAILED');
    expect((await t.call('POST', '/api/auth/api/login', { form: { username: 'pwlen', password: max } })).status).toBe(200);
  });

  it('stores argon2id with at least 19 MiB, 2 passes, 1 lane', async () => {
    const [u] = await t.db.select({ hash: sysUser.passwordHash }).from(sysUser).where(eq(sysUser.username, 'admin'));
    const m = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$/.exec(u.hash)!;
    expect(Number(m[1])).toBeGreaterThanOrEqual(19456);
    expect(Number(m[2])).toBeGreaterThanOrEqual(2);
    expect(Number(m[3])).toBe(1);
  });
});

describe('SMS codes and phone login', () => {
  it('logs in with a code from the outbox; the code is single use and bound to its attempt', async () => {
    const id = await freshUser('smsuser', '13900000001');
    const sent = await form('/api/sms/send', { mobile: '13900000001', purpose: 'login' }, '10.9.2.1');
    expect(sent.status).toBe(200);
    expect(sent.body.data).toMatchObject({ expiresInSeconds: 600, resendAfterSeconds: 60 });
    const code = await lastSmsCode('13900000001');
    expect(code).toMatch(/^\d{6}$/);
    // Bound to the attempt: another attempt id does not take it.
    const other = await form('/api/login/mobile', { mobile: '13900000001', smsCode: code, attemptId: crypto.randomUUID() }, '10.9.2.2');
    expect(other.body.errorCode).toBe('AUTH_CODE_INVALID');
    const res = await form('/api/login/mobile', { mobile: '13900000001', smsCode: code, attemptId: sent.body.data.attemptId }, '10.9.2.3');
    expect(res.status).toBe(200);
    const info = await t.call('GET', '/api/auth/api/login/info', { token: res.body.data.token });
    expect(info.body.data.userInfo.userId).toBe(id);
    const again = await form('/api/login/mobile', { mobile: '13900000001', smsCode: code, attemptId: sent.body.data.attemptId }, '10.9.2.4');
    expect(again.body.errorCode).toBe('AUTH_CODE_INVALID');
  });

  it('allows at most 5 guesses, and codes last 10 minutes', async () => {
    await freshUser('guesser', '13900000002');
    const sent = await form('/api/sms/send', { mobile: '13900000002', purpose: 'login' }, '10.9.3.1');
    const code = await lastSmsCode('13900000002');
    const wrong = code === '000000' ? '111111' : '000000';
    const answers = [];
    for (let i = 0; i < 5; i++)
      answers.push(
        (await form('/api/login/mobile', { mobile: '13900000002', smsCode: wrong, attemptId: sent.body.data.attemptId }, `10.9.3.${10 + i}`)).body.errorCode,
      );
    expect(answers).toEqual(['AUTH_CODE_INVALID', 'AUTH_CODE_INVALID', 'AUTH_CODE_INVALID', 'AUTH_CODE_INVALID', 'AUTH_CODE_TOO_MANY_GUESSES']);
    // Even the right code is refused now.
    expect((await form('/api/login/mobile', { mobile: '13900000002', smsCode: code, attemptId: sent.body.data.attemptId }, '10.9.3.20')).body.errorCode).toBe(
      'AUTH_CODE_TOO_MANY_GUESSES',
    );

    await t.db
      .update(sysVerifyCode)
      .set({ createdAt: sql`now() - interval '2 minutes'` })
      .where(eq(sysVerifyCode.target, '13900000002'));
    const second = await form('/api/sms/send', { mobile: '13900000002', purpose: 'login' }, '10.9.3.21');
    const code2 = await lastSmsCode('13900000002');
    await t.db
      .update(sysVerifyCode)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(sysVerifyCode.id, second.body.data.attemptId));
    expect(
      (await form('/api/login/mobile', { mobile: '13900000002', smsCode: code2, attemptId: second.body.data.attemptId }, '10.9.3.22')).body.errorCode,
    ).toBe('AUTH_CODE_INVALID');
  });

  it('caps sends: one a minute per number, the daily number limit, and answers unknown numbers alike', async () => {
    await freshUser('capped', '13900000003');
    expect((await form('/api/sms/send', { mobile: '13900000003', purpose: 'login' }, '10.9.4.1')).status).toBe(200);
    const soon = await form('/api/sms/send', { mobile: '13900000003', purpose: 'login' }, '10.9.4.2');
    expect(soon.status).toBe(429);
    expect(soon.body.errorCode).toBe('AUTH_SMS_TOO_SOON');
    expect(Number(soon.headers['retry-after'])).toBeGreaterThan(0);
    for (let i = 0; i < 9; i++) {
      await t.db
        .update(sysVerifyCode)
        .set({ createdAt: sql`now() - interval '2 minutes'` })
        .where(eq(sysVerifyCode.target, '13900000003'));
      expect((await form('/api/sms/send', { mobile: '13900000003', purpose: 'login' }, `10.9.4.${10 + i}`)).status).toBe(200);
    }
    await t.db
      .update(sysVerifyCode)
      .set({ createdAt: sql`now() - interval '2 minutes'` })
      .where(eq(sysVerifyCode.target, '13900000003'));
    const daily = await form('/api/sms/send', { mobile: '13900000003', purpose: 'login' }, '10.9.4.30');
    expect(daily.status).toBe(429);
    expect(daily.body.errorCode).toBe('AUTH_SMS_DAILY_LIMIT');

    const unknown = await form('/api/sms/send', { mobile: '13999999999', purpose: 'login' }, '10.9.4.31');
    expect(unknown.status).toBe(200);
    const outbox = await t.db.select().from(sysOutbox).where(eq(sysOutbox.recipient, '13999999999'));
    expect(outbox).toHaveLength(0);
  });

  it('caps sends per address and day', async () => {
    const capped = await createTestApp({ BW_SMS_IP_DAILY_LIMIT: '2' });
    try {
      const send = (m: string) =>
        capped.call('POST', '/api/auth/api/sms/send', { form: { mobile: m, purpose: 'login' }, headers: { 'x-forwarded-for': '10.9.5.1' } });
      expect((await send('13700000001')).status).toBe(200);
      expect((await send('13700000002')).status).toBe(200);
      const third = await send('13700000003');
      expect(third.status).toBe(429);
      expect(third.body.errorCode).toBe('TOO_MANY_REQUESTS');
    } finally {
      await capped.close();
    }
  });
});

describe('TOTP', () => {
  it('enrols by QR, then asks for a code at login; recovery codes work once', async () => {
    await freshUser('totpuser');
    const token = await t.login('totpuser');
    const setup = await t.call('POST', '/api/auth/api/profile/totp/setup', { token });
    expect(setup.body.data.otpauthUrl).toMatch(/^otpauth:\/\/totp\/Breedwise:totpuser\?/);
    expect(setup.body.data.qrDataUrl).toMatch(/^data:image\/png;base64,/);
    const secret = setup.body.data.secret as string;
    const bad = await t.call('POST', '/api/auth/api/profile/totp/enable', { token, body: { totpCode: '000000' } });
    expect(bad.body.errorCode).toBe('AUTH_MFA_INVALID');
    const enabled = await t.call('POST', '/api/auth/api/profile/totp/enable', { token, body: { totpCode: await generate({ secret }) } });
    expect(enabled.status).toBe(200);
    const recovery = enabled.body.data.recoveryCodes as string[];
    expect(recovery).toHaveLength(10);

    const first = await form('/api/login', { username: 'totpuser', password: TEST_PASSWORD }, '10.9.6.1');
    expect(first.body.data).toEqual({ mfaRequired: true, mfaToken: expect.any(String) });
    // The code just used at enrolment is not accepted twice.
    await t.db
      .update(sysUserTotp)
      .set({ lastTimeStep: Math.floor(Date.now() / 30_000) - 2 })
      .where(eq(sysUserTotp.userId, await userId(t.db, 'totpuser')));
    const wrong = await form('/api/login/mfa', { mfaToken: first.body.data.mfaToken, code: '123456' }, '10.9.6.2');
    expect(wrong.body.errorCode).toBe('AUTH_MFA_INVALID');
    const ok = await form('/api/login/mfa', { mfaToken: first.body.data.mfaToken, code: await generate({ secret }) }, '10.9.6.3');
    expect(ok.status).toBe(200);
    expect(ok.body.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // The challenge is used up.
    expect((await form('/api/login/mfa', { mfaToken: first.body.data.mfaToken, code: recovery[0] }, '10.9.6.4')).body.errorCode).toBe(
      'AUTH_MFA_CHALLENGE_EXPIRED',
    );

    const second = await form('/api/login', { username: 'totpuser', password: TEST_PASSWORD }, '10.9.6.5');
    expect((await form('/api/login/mfa', { mfaToken: second.body.data.mfaToken, code: recovery[0] }, '10.9.6.6')).status).toBe(200);
    const third = await form('/api/login', { username: 'totpuser', password: TEST_PASSWORD }, '10.9.6.7');
    expect((await form('/api/login/mfa', { mfaToken: third.body.data.mfaToken, code: recovery[0] }, '10.9.6.8')).body.errorCode).toBe('AUTH_MFA_INVALID');

    const profile = await t.call('GET', '/api/auth/api/profile', { token });
    expect(profile.body.data).toMatchObject({ totpEnabled: true, recoveryCodesLeft: 9 });
    // The secret never leaves again.
    expect(JSON.stringify(profile.body)).not.toContain(secret);
  });

  it('allows 5 tries per second step', async () => {
    const [row] = await t.db
      .select()
      .from(sysUserTotp)
      .where(eq(sysUserTotp.userId, await userId(t.db, 'totpuser')));
    const first = await form('/api/login', { username: 'totpuser', password: TEST_PASSWORD }, '10.9.7.1');
    for (let i = 0; i < 5; i++) await form('/api/login/mfa', { mfaToken: first.body.data.mfaToken, code: '999999' }, `10.9.7.${2 + i}`);
    const late = await form('/api/login/mfa', { mfaToken: first.body.data.mfaToken, code: await generate({ secret: row.secret }) }, '10.9.7.9');
    expect(late.body.errorCode).toBe('AUTH_MFA_CHALLENGE_EXPIRED');
  });
});

describe('password flows end sessions (security.md item 3)', () => {
  it('changing the password ends the other sessions (next call 401) and keeps this one', async () => {
    await freshUser('changer');
    const a = await t.login('changer');
    const b = await t.login('changer');
    expect(
      (await t.call('PUT', '/api/auth/api/profile/password', { token: a, body: { oldPassword: TEST_PASSWORD, newPassword: 'new pass for changer' } })).status,
    ).toBe(200);
    expect((await t.call('GET', '/api/auth/api/login/info', { token: b })).status).toBe(401);
    expect((await t.call('GET', '/api/auth/api/login/info', { token: a })).status).toBe(200);
  });

  it('the login page edit-password form ends every session', async () => {
    await freshUser('editor');
    const a = await t.login('editor');
    const res = await form('/api/login/editPassword', { username: 'editor', oldPassword: TEST_PASSWORD, newPassword: 'edited pass 2026' }, '10.9.8.1');
    expect(res.status).toBe(200);
    expect((await t.call('GET', '/api/auth/api/login/info', { token: a })).status).toBe(401);
    expect((await form('/api/login', { username: 'editor', password: 'edited pass 2026' }, '10.9.8.2')).status).toBe(200);
  });

  it('an expired password (organisation policy) refuses login until changed', async () => {
    const id = await freshUser('expired');
    const [org] = await t.db.select().from(sysOrg).where(eq(sysOrg.code, 'o-expired'));
    await t.db
      .update(sysOrg)
      .set({ settings: { passwordExpiryDays: 30 } })
      .where(eq(sysOrg.id, org.id));
    await t.db
      .update(sysUser)
      .set({ passwordChangedAt: sql`now() - interval '40 days'` })
      .where(eq(sysUser.id, id));
    const res = await form('/api/login', { username: 'expired', password: TEST_PASSWORD }, '10.9.9.1');
    expect(res.status).toBe(403);
    expect(res.body.errorCode).toBe('AUTH_PASSWORD_EXPIRED');
    expect(
      (await form('/api/login/editPassword', { username: 'expired', oldPassword: TEST_PASSWORD, newPassword: 'fresh pass 2026' }, '10.9.9.2')).status,
    ).toBe(200);
    expect((await form('/api/login', { username: 'expired', password: 'fresh pass 2026' }, '10.9.9.3')).status).toBe(200);
  });

  it('resets by e-mail link (30 minutes, single use), without telling who has an account', async () => {
    await createOtherOrg(t.db, 'o-resetter', [{ username: 'resetter', nickName: 'R', email: 'resetter@example.org', role: 'user', crops: {} }]);
    const before = await t.login('resetter');
    expect((await form('/api/sendResetPasswordEmail', { account: 'nobody-here' }, '10.9.10.1')).body.code).toBe(0);
    expect((await form('/api/sendResetPasswordEmail', { account: 'RESETTER@example.org' }, '10.9.10.2')).body.code).toBe(0);
    const [mail] = await t.db.select().from(sysOutbox).where(eq(sysOutbox.recipient, 'resetter@example.org'));
    const key = /key=([A-Za-z0-9_-]+)/.exec(mail.body)![1];
    const who = await t.call('GET', '/api/auth/api/getUserIdByExpiredKey', { query: { userExpiredKey: key } });
    expect(who.body.data).toMatchObject({ userName: 'resetter' });
    expect((await form('/api/resetPassword', { userExpiredKey: key, password: '12345678' }, '10.9.10.3')).body.errorCode).toBe('SYS_PASSWORD_TOO_COMMON');
    expect((await form('/api/resetPassword', { userExpiredKey: key, password: 'reset pass 2026' }, '10.9.10.4')).status).toBe(200);
    expect((await form('/api/resetPassword', { userExpiredKey: key, password: 'reset pass 2027' }, '10.9.10.5')).body.errorCode).toBe('AUTH_RESET_KEY_INVALID');
    expect((await t.call('GET', '/api/auth/api/login/info', { token: before })).status).toBe(401);
  });

  it('retrieves a password with an SMS code (retrievePasswrd)', async () => {
    await freshUser('retriever', '13900000004');
    const sent = await form('/api/sms/send', { mobile: '13900000004', purpose: 'reset' }, '10.9.11.1');
    const code = await lastSmsCode('13900000004');
    const res = await form(
      '/api/retrievePasswrd',
      { mobile: '13900000004', smsCode: code, attemptId: sent.body.data.attemptId, password: 'retrieved pass 1' },
      '10.9.11.2',
    );
    expect(res.status).toBe(200);
    expect((await form('/api/login', { username: 'retriever', password: 'retrieved pass 1' }, '10.9.11.3')).status).toBe(200);
  });
});

describe('registration', () => {
  it('is closed by default, open or with approval per organisation', async () => {
    expect((await t.call('GET', '/api/auth/api/registerInit')).body.data).toMatchObject({ enabled: false, orgs: [] });
    // The login page hides its registration link while no organisation accepts registrations.
    expect((await t.call('GET', '/api/auth/api/login/init')).body.data.registerEnabled).toBe(false);
    const org = await createOtherOrg(t.db, 'open-org', [{ username: 'open-admin', nickName: 'A', role: 'admin', crops: { maize: 'operate' } }]);
    await t.db
      .update(sysOrg)
      .set({ settings: { registration: 'approval' } })
      .where(eq(sysOrg.id, org.orgId));
    const init = await t.call('GET', '/api/auth/api/registerInit');
    expect(init.body.data.orgs).toEqual([{ orgCode: 'open-org', orgName: 'Org open-org', approval: true }]);
    expect((await t.call('GET', '/api/auth/api/login/init')).body.data.registerEnabled).toBe(true);
    const body = { orgCode: 'open-org', username: 'newbie', nickName: 'New Bie', password: 'my new password', email: 'newbie@example.org' };
    const res = await t.call('POST', '/api/auth/register/register-submit', { body });
    expect(res.body.data).toEqual({ status: 'pending' });
    expect((await t.call('POST', '/api/auth/register/register-submit', { body })).body.errorCode).toBe('SYS_USERNAME_TAKEN');
    const pending = await form('/api/login', { username: 'newbie', password: 'my new password' }, '10.9.12.1');
    expect(pending.body.errorCode).toBe('AUTH_ACCOUNT_PENDING');
    // The administrators got a message; one approves.
    const admin = await t.login('open-admin');
    expect((await t.call('GET', '/api/auth/api/message/noReadCount', { token: admin })).body.data.count).toBe(1);
    const id = await userId(t.db, 'newbie');
    expect((await t.call('PUT', '/api/system/user/approve', { token: admin, body: { id, approve: true } })).status).toBe(200);
    const ok = await form('/api/login', { username: 'newbie', password: 'my new password' }, '10.9.12.2');
    expect(ok.status).toBe(200);
    const info = (await t.call('GET', '/api/auth/api/login/info', { token: ok.body.data.token })).body.data;
    expect(info.userInfo.roles).toEqual(['user']);
    expect(info.crops.every((c: { access: string }) => c.access === 'view')).toBe(true);
    const closed = await t.call('POST', '/api/auth/register/register-submit', { body: { ...body, orgCode: 'demo', username: 'other' } });
    expect(closed.body.errorCode).toBe('AUTH_REGISTER_CLOSED');
  });
});

describe('sessions, QR-code login and scan identities', () => {
  it('lists my sessions and ends one of them', async () => {
    await freshUser('sessions');
    const a = await t.login('sessions');
    const b = await t.login('sessions');
    const list = await t.call('GET', '/api/auth/api/profile/sessions', { token: a });
    expect(list.body.data).toHaveLength(2);
    expect(list.body.data.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    const other = list.body.data.find((s: { current: boolean }) => !s.current);
    expect((await t.call('DELETE', `/api/auth/api/profile/sessions/${other.id}`, { token: a })).status).toBe(200);
    expect((await t.call('GET', '/api/auth/api/login/info', { token: b })).status).toBe(401);
    // Someone else's session is not found.
    const mine = (await t.call('GET', '/api/auth/api/profile/sessions', { token: a })).body.data[0].id;
    const breeder = await t.login('breeder');
    expect((await t.call('DELETE', `/api/auth/api/profile/sessions/${mine}`, { token: breeder })).status).toBe(404);
  });

  it('a signed-in phone confirms a QR code; only the generating browser gets the session, once', async () => {
    const gen = (await t.call('GET', '/api/auth/api/login/qrcode/generate')).body.data;
    expect(gen.content).toContain(`/m/qrcode?id=${gen.qrId}`);
    const check = () => t.call('GET', '/api/auth/api/login/qrcode/check', { query: { qrId: gen.qrId, pollSecret: gen.pollSecret } });
    expect((await check()).body.data.status).toBe('waiting');
    expect((await t.call('GET', '/api/auth/api/login/qrcode/check', { query: { qrId: gen.qrId, pollSecret: 'x'.repeat(43) } })).status).toBe(404);
    expect((await t.call('POST', '/api/auth/api/login/qrcode/scan', { body: { qrId: gen.qrId } })).status).toBe(401);
    const phone = await t.login('breeder');
    expect((await t.call('POST', '/api/auth/api/login/qrcode/scan', { token: phone, body: { qrId: gen.qrId } })).body.data.status).toBe('scanned');
    expect((await check()).body.data.status).toBe('scanned');
    expect((await t.call('POST', '/api/auth/api/login/qrcode/confirm', { token: phone, body: { qrId: gen.qrId, approve: true } })).status).toBe(200);
    const done = await check();
    expect(done.body.data.status).toBe('confirmed');
    const info = await t.call('GET', '/api/auth/api/login/info', { token: done.body.data.token });
    expect(info.body.data.userInfo.userName).toBe('breeder');
    expect((await check()).body.data).toMatchObject({ status: 'expired', token: null });
  });

  it('binds a scan identity (cas), which can then confirm QR logins; checkCode answers raw', async () => {
    const desktop = await t.login('breeder');
    const qr = (await t.call('GET', '/api/auth/cas/getQrcode', { token: desktop })).body.data;
    const raw = await t.call('GET', '/api/auth/cas/checkCode', { token: desktop, query: { code: qr.code } });
    expect(raw.text).toBe('waiting');
    expect(raw.headers['content-type']).toContain('text/plain');
    const bound = await t.call('GET', '/api/auth/cas/bindQrcode', { query: { code: qr.code, deviceName: 'Field phone' } });
    expect(bound.body.data).toMatchObject({ userName: 'breeder', deviceName: 'Field phone' });
    expect((await t.call('GET', '/api/auth/cas/checkCode', { token: desktop, query: { code: qr.code } })).text).toBe('bound');
    expect((await t.call('GET', '/api/auth/cas/bindQrcode', { query: { code: qr.code } })).body.errorCode).toBe('AUTH_BIND_CODE_INVALID');

    const gen = (await t.call('GET', '/api/auth/api/login/qrcode/generate')).body.data;
    const device = { 'x-device-key': bound.body.data.deviceKey };
    expect((await t.call('POST', '/api/auth/api/login/qrcode/scan', { headers: device, body: { qrId: gen.qrId } })).status).toBe(200);
    expect((await t.call('POST', '/api/auth/api/login/qrcode/confirm', { headers: device, body: { qrId: gen.qrId, approve: true } })).status).toBe(200);
    const done = await t.call('GET', '/api/auth/api/login/qrcode/check', { query: { qrId: gen.qrId, pollSecret: gen.pollSecret } });
    expect(done.body.data.status).toBe('confirmed');

    const ids = (await t.call('GET', '/api/auth/api/profile/scan-identities', { token: desktop })).body.data;
    expect(ids).toHaveLength(1);
    await t.call('DELETE', `/api/auth/api/profile/scan-identities/${ids[0].id}`, { token: desktop });
    const gen2 = (await t.call('GET', '/api/auth/api/login/qrcode/generate')).body.data;
    expect((await t.call('POST', '/api/auth/api/login/qrcode/scan', { headers: device, body: { qrId: gen2.qrId } })).status).toBe(401);
  });

  it('a phone confirms a bound number, which then receives login codes', async () => {
    await freshUser('binder');
    const token = await t.login('binder');
    const sent = await t.call('POST', '/api/auth/api/profile/phone/send', {
      token,
      body: { mobile: '13600000009' },
      headers: { 'x-forwarded-for': '10.9.13.1' },
    });
    const code = await lastSmsCode('13600000009');
    expect(
      (await t.call('POST', '/api/auth/api/profile/phone', { token, body: { mobile: '13600000009', smsCode: code, attemptId: sent.body.data.attemptId } }))
        .status,
    ).toBe(200);
    expect((await t.call('GET', '/api/auth/api/profile', { token })).body.data).toMatchObject({ phone: '13600000009', phoneVerified: true, smsLogin: true });
  });

  it('keeps the department scope within the organisation', async () => {
    const token = await t.login('breeder');
    const data = (await t.call('GET', '/api/auth/api/user/viewDeptIds', { token })).body.data;
    expect(data.depts[0].children.length).toBeGreaterThanOrEqual(3);
    const ids = [data.depts[0].id, data.depts[0].children[0].id];
    expect((await t.call('POST', '/api/auth/api/user/viewDeptIds', { token, body: { deptIds: ids } })).status).toBe(200);
    expect((await t.call('GET', '/api/auth/api/user/viewDeptIds', { token })).body.data.deptIds).toEqual(ids);
    const foreign = await createOtherOrg(t.db, 'depts-other', []);
    void foreign;
    const bad = await t.call('POST', '/api/auth/api/user/viewDeptIds', { token, body: { deptIds: [999999] } });
    expect(bad.body.errorCode).toBe('SYS_DEPT_NOT_FOUND');
  });
});

describe('senders: HTTP SMS gateway and SMTP, each against a local server speaking its protocol', () => {
  let gateway: Server;
  let smtp: SMTPServer;
  const sms: { auth?: string; body: { to: string; text: string; sender: string } }[] = [];
  const mails: string[] = [];
  let app: TestApp;
  beforeAll(async () => {
    gateway = createServer((req, res) => {
      let data = '';
      req.on('data', (c) => (data += c));
      req.on('end', () => {
        sms.push({ auth: req.headers.authorization, body: JSON.parse(data) });
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"code":0}');
      });
    });
    await new Promise<void>((r) => gateway.listen(0, '127.0.0.1', r));
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, cb) {
        let text = '';
        stream.on('data', (c: Buffer) => (text += c.toString()));
        stream.on('end', () => {
          mails.push(text);
          cb();
        });
      },
    });
    await new Promise<void>((r) => smtp.listen(0, '127.0.0.1', r));
    const gw = gateway.address() as AddressInfo;
    const sm = smtp.server.address() as AddressInfo;
    app = await createTestApp({
      BW_SMS_URL: `http://127.0.0.1:${gw.port}/send`,
      BW_SMS_TOKEN: 'gw-secret',
      BW_SMTP_URL: `smtp://127.0.0.1:${sm.port}`,
      BW_MAIL_FROM: 'Breedwise <noreply@test.local>',
    });
  });
  afterAll(async () => {
    await app.close();
    gateway.close();
    await new Promise<void>((r) => smtp.close(() => r()));
  });

  it('posts the SMS to the gateway with its token, and keeps only a masked copy', async () => {
    const res = await app.call('POST', '/api/auth/api/sms/send', { form: { mobile: '13800000002', purpose: 'login' } });
    expect(res.status).toBe(200);
    expect(sms).toHaveLength(1);
    expect(sms[0].auth).toBe('Bearer gw-secret');
    expect(sms[0].body).toMatchObject({ to: '13800000002', sender: 'Breedwise' });
    const code = /(\d{6})/.exec(sms[0].body.text)![1];
    const [row] = await app.db.select().from(sysOutbox).where(eq(sysOutbox.recipient, '13800000002'));
    expect(row.status).toBe('sent');
    expect(row.body).not.toContain(code);
    const login = await app.call('POST', '/api/auth/api/login/mobile', { form: { mobile: '13800000002', smsCode: code, attemptId: res.body.data.attemptId } });
    expect(login.status).toBe(200);
    expect((await app.call('GET', '/api/auth/api/getEnv')).body.data).toMatchObject({ smsConfigured: true, mailConfigured: true });
  });

  it('sends the reset e-mail over SMTP', async () => {
    expect((await app.call('POST', '/api/auth/api/sendResetPasswordEmail', { form: { account: 'breeder' } })).status).toBe(200);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('breeder@demo.breedwise.local');
    // Quoted-printable turns "=" into "=3D".
    expect(mails[0].replace(/=\r?\n/g, '')).toMatch(/reset_password\?key(=3D|=)/);
  });
});

describe('audit of logins (security.md item 11)', () => {
  it('records successes and failures with who, when (UTC) and where, never the password', async () => {
    await form('/api/login', { username: 'admin', password: 'a wrong secret value' }, '10.9.14.1');
    await form('/api/login', { username: 'admin', password: TEST_PASSWORD }, '10.9.14.2');
    const rows = await t.db.select().from(sysAuditLog).where(eq(sysAuditLog.action, 'auth.login')).orderBy(desc(sysAuditLog.id)).limit(2);
    expect(rows.map((r) => [r.result, r.ip, r.username])).toEqual([
      ['success', '10.9.14.2', 'admin'],
      ['failure', '10.9.14.1', 'admin'],
    ]);
    expect(rows[0].at.getTime()).toBeLessThanOrEqual(Date.now());
    const all = await t.database.query<{ d: string }>(`select detail::text as d from sys_audit_log`);
    const text = all.map((r) => r.d).join('\n');
    for (const secret of [TEST_PASSWORD, 'a wrong secret value', 'reset pass 2026', 'my new password']) expect(text).not.toContain(secret);
  });
});
