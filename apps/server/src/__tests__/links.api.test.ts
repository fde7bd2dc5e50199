import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../test/harness';
import { sysOutbox } from '../modules/system';
import { isAllowedHost } from '../platform/public-url';

/**
 * Issue 12 item 1: links in mails, SMS and QR codes come from configuration only. A forged `Host`
 * (or `X-Forwarded-Host` behind a trusted proxy) gets no link, and no mail leaves with it.
 */
async function outboxFor(t: TestApp, to: string) {
  return t.db.select().from(sysOutbox).where(eq(sysOutbox.recipient, to)).orderBy(desc(sysOutbox.id));
}
const reset = (t: TestApp, headers: Record<string, string>, account = 'breeder') =>
  t.call('POST', '/api/auth/api/sendResetPasswordEmail', { form: { account }, headers: { 'accept-language': 'en', ...headers } });

describe('default configuration (no BW_PUBLIC_URL, no BW_ALLOWED_HOSTS)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('refuses a reset mail for a forged Host and mails nothing', async () => {
    const res = await reset(t, { host: 'evil.example' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 400, errorCode: 'HOST_NOT_ALLOWED' });
    expect(res.body.msg).toContain('evil.example');
    expect(await outboxFor(t, 'breeder@demo.breedwise.local')).toHaveLength(0);
  });

  it('refuses a forged X-Forwarded-Host behind a trusted proxy', async () => {
    const res = await reset(t, { host: 'localhost', 'x-forwarded-host': 'evil.example' });
    expect(res.body.errorCode).toBe('HOST_NOT_ALLOWED');
    expect(await outboxFor(t, 'breeder@demo.breedwise.local')).toHaveLength(0);
  });

  it('makes no QR-login or binding link for a forged Host', async () => {
    const qr = await t.call('GET', '/api/auth/api/login/qrcode/generate', { headers: { host: 'evil.example:8080' } });
    expect(qr.status).toBe(400);
    expect(qr.body.errorCode).toBe('HOST_NOT_ALLOWED');
    expect(qr.text).not.toContain('qrcode?id=');
    const token = await t.login('admin');
    const bind = await t.call('GET', '/api/auth/cas/getQrcode', { token, headers: { host: 'evil.example' } });
    expect(bind.status).toBe(400);
    expect(bind.body.errorCode).toBe('HOST_NOT_ALLOWED');
  });

  it('still works out of the box on localhost (demo and development)', async () => {
    const res = await reset(t, { host: 'localhost:8080' });
    expect(res.status).toBe(200);
    const [mail] = await outboxFor(t, 'breeder@demo.breedwise.local');
    expect(mail.body).toContain('http://localhost:8080/reset_password?key=');
    const qr = await t.call('GET', '/api/auth/api/login/qrcode/generate', { headers: { host: '127.0.0.1:8080' } });
    expect(qr.body.data.content).toMatch(/^http:\/\/127\.0\.0\.1:8080\/m\/qrcode\?id=/);
  });
});

describe('BW_ALLOWED_HOSTS', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ BW_ALLOWED_HOSTS: 'breeding.example.org, lab.example.org:8443' });
  });
  afterAll(() => t.close());

  it('links to a listed host (any port when the entry has none, else that port), over the forwarded protocol', async () => {
    const ok = await reset(t, { host: 'Breeding.Example.org', 'x-forwarded-proto': 'https' });
    expect(ok.status).toBe(200);
    const [mail] = await outboxFor(t, 'breeder@demo.breedwise.local');
    expect(mail.body).toContain('https://breeding.example.org/reset_password?key=');
    const qr = await t.call('GET', '/api/auth/api/login/qrcode/generate', { headers: { host: 'lab.example.org:8443' } });
    expect(qr.body.data.content).toMatch(/^http:\/\/lab\.example\.org:8443\/m\/qrcode/);
    const wrongPort = await t.call('GET', '/api/auth/api/login/qrcode/generate', { headers: { host: 'lab.example.org:9000' } });
    expect(wrongPort.body.errorCode).toBe('HOST_NOT_ALLOWED');
  });

  it('refuses any other host', async () => {
    for (const host of ['evil.example', 'breeding.example.org.evil.example', 'evil.example#breeding.example.org']) {
      expect((await reset(t, { host }, 'admin')).body.errorCode).toBe('HOST_NOT_ALLOWED');
    }
    expect(await outboxFor(t, 'admin@demo.breedwise.local')).toHaveLength(0);
  });
});

describe('BW_PUBLIC_URL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ BW_PUBLIC_URL: 'https://breedwise.example.com/' });
  });
  afterAll(() => t.close());

  it('is the only address links carry, whatever Host the request names', async () => {
    expect((await reset(t, { host: 'evil.example', 'x-forwarded-host': 'evil2.example' })).status).toBe(200);
    const [mail] = await outboxFor(t, 'breeder@demo.breedwise.local');
    expect(mail.body).toContain('https://breedwise.example.com/reset_password?key=');
    expect(mail.body).not.toContain('evil');
    const qr = await t.call('GET', '/api/auth/api/login/qrcode/generate', { headers: { host: 'evil.example' } });
    expect(qr.body.data.content).toMatch(/^https:\/\/breedwise\.example\.com\/m\/qrcode\?id=/);
  });
});

describe('isAllowedHost', () => {
  it('accepts loopback names and listed hosts only', () => {
    const cfg = { allowedHosts: ['app.example.org', '[2001:db8::1]:8443'] };
    for (const h of ['localhost', 'localhost:3000', '127.0.0.1', '127.0.0.1:8080', '[::1]:8080', 'tab.localhost', 'APP.example.org:80', '[2001:db8::1]:8443'])
      expect(isAllowedHost(cfg, h), h).toBe(true);
    for (const h of [
      '',
      'evil.example',
      'localhost.evil.example',
      '127.0.0.1.nip.io',
      'app.example.org.evil',
      '[2001:db8::1]:80',
      'app.example.org:x',
      undefined,
    ])
      expect(isAllowedHost(cfg, h), String(h)).toBe(false);
  });
});
