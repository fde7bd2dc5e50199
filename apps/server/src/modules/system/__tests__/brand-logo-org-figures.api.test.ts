import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { createOtherOrg, createTestApp, multipartBody, type TestApp } from '../../../test/harness';
import { createHash } from 'node:crypto';
import { sysSession, sysUser } from '..';

/** Sessions are stored by the SHA-256 of their token. */
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

let t: TestApp;
let admin: string;
let breeder: string;
let rivalAdmin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  breeder = await t.login('breeder');
  await createOtherOrg(t.db, 'rival-brand', [{ username: 'rival-brand-admin', nickName: 'Rival', role: 'admin', crops: {} }]);
  await t.db.update(sysUser).set({ platformAdmin: true }).where(eq(sysUser.username, 'rival-brand-admin'));
  rivalAdmin = await t.login('rival-brand-admin');
});
afterAll(() => t.close());

async function upload(token: string, name: string, content: Buffer, kind = 'image') {
  const { payload, headers } = multipartBody({ kind, businessType: 'brand' }, { name, content });
  const res = await t.app.inject({ method: 'POST', url: '/api/common/upload', payload, headers: { ...headers, token } });
  expect(res.statusCode).toBe(200);
  return JSON.parse(res.body).data as { fileId: string; src: string };
}

const brandBody = (over: Record<string, unknown> = {}) => ({
  brandKey: 'seedbank',
  nameZh: '种子库',
  nameEn: 'Seed bank',
  primaryColor: '#2e7d32',
  hosts: [],
  pathPrefix: '/seedbank',
  dashboardType: 'germbank',
  ...over,
});

describe('brand logos uploaded through the uploader', () => {
  it('are kept as a stable reference and given out as a signed link that works before login', async () => {
    const logo = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#2e7d32' } })
      .png()
      .toBuffer();
    const up = await upload(admin, 'logo.png', logo);
    // The form sends back the reference (or the signed link it was shown): both are stored the same way.
    const created = await t.call('POST', '/api/system/brand/create', { token: admin, body: brandBody({ logoUrl: up.src }) });
    expect(created.status).toBe(200);
    expect(created.body.data.logoUrl).toMatch(new RegExp(`^/api/common/download/${up.fileId}/logo\\.png\\?exp=\\d+&sig=`));

    const init = await t.call('GET', '/api/auth/api/login/init', { query: { path: '/seedbank' } });
    const link: string = init.body.data.brand.logoUrl;
    expect(link).toMatch(/^\/api\/common\/download\//);
    // The same link for the rest of the day (cacheable), valid at least until tomorrow.
    expect((await t.call('GET', '/api/auth/api/login/init', { query: { path: '/seedbank' } })).body.data.brand.logoUrl).toBe(link);
    const exp = Number(new URL(link, 'http://x').searchParams.get('exp'));
    expect(exp - Date.now() / 1000).toBeGreaterThan(86_400);
    const img = await t.app.inject({ method: 'GET', url: link });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');

    const row = (await t.call('GET', '/api/system/brand/list', { token: admin })).body.data.find((b: { brandKey: string }) => b.brandKey === 'seedbank');
    const updated = await t.call('PUT', '/api/system/brand/update', { token: admin, body: { ...row, nameEn: 'Seed bank 2' } });
    expect(updated.status).toBe(200);
    expect(updated.body.data.logoUrl).toMatch(new RegExp(`^/api/common/download/${up.fileId}/`));
    const stored = await t.call('PUT', '/api/system/brand/update', { token: admin, body: { ...row, logoUrl: `/api/common/file/${up.fileId}` } });
    expect(stored.body.data.logoUrl).toMatch(new RegExp(`^/api/common/download/${up.fileId}/`));
  });

  it("must be images of the caller's own organisation", async () => {
    const text = await upload(admin, 'notes.txt', Buffer.from('not a logo'), 'text');
    const refused = await t.call('POST', '/api/system/brand/create', {
      token: admin,
      body: brandBody({ brandKey: 'txt', pathPrefix: '/txt', logoUrl: `/api/common/file/${text.fileId}` }),
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errorCode).toBe('FILE_NOT_IMAGE');
    // Another organisation's file is not found, even for a platform administrator of that organisation.
    const logo = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000000' } })
      .png()
      .toBuffer();
    const mine = await upload(admin, 'mine.png', logo);
    const foreign = await t.call('POST', '/api/system/brand/create', {
      token: rivalAdmin,
      body: brandBody({ brandKey: 'foreign', pathPrefix: '/foreign', logoUrl: `/api/common/file/${mine.fileId}` }),
    });
    expect(foreign.status).toBe(404);
    expect(JSON.stringify(foreign.body)).not.toContain(mine.fileId);
  });

  it('other addresses are kept as they are', async () => {
    const res = await t.call('POST', '/api/system/brand/create', {
      token: admin,
      body: brandBody({ brandKey: 'plain', pathPrefix: '/plain', logoUrl: 'https://cdn.example.org/logo.png' }),
    });
    expect(res.body.data.logoUrl).toBe('https://cdn.example.org/logo.png');
  });
});

describe('organisation figures', () => {
  it('count the live sessions of the organisation: ended, expired and idle ones do not count', async () => {
    const before = (await t.call('GET', '/api/system/org/current', { token: admin })).body.data.activeSessions;
    expect(before).toBeGreaterThanOrEqual(2);
    const extra = await t.login('breeder');
    expect((await t.call('GET', '/api/system/org/current', { token: admin })).body.data.activeSessions).toBe(before + 1);
    await t.call('POST', '/api/auth/api/login/logout', { token: extra });
    expect((await t.call('GET', '/api/system/org/current', { token: admin })).body.data.activeSessions).toBe(before);
    // A session idle beyond the window is no longer active.
    const idle = await t.login('breeder');
    expect((await t.call('GET', '/api/system/org/current', { token: admin })).body.data.activeSessions).toBe(before + 1);
    await t.db
      .update(sysSession)
      .set({ lastSeenAt: new Date(Date.now() - (t.config.sessionIdleMinutes + 1) * 60_000) })
      .where(eq(sysSession.tokenHash, hashToken(idle)));
    expect((await t.call('GET', '/api/system/org/current', { token: admin })).body.data.activeSessions).toBe(before);
  });

  it("are the organisation's own and need the organisation permission", async () => {
    const rival = (await t.call('GET', '/api/system/org/current', { token: rivalAdmin })).body.data;
    expect(rival.activeSessions).toBe(1);
    expect((await t.call('GET', '/api/system/org/current', { token: breeder })).status).toBe(403);
    const list = (await t.call('GET', '/api/system/org/list', { token: admin })).body.data;
    expect(list.find((o: { code: string }) => o.code === 'rival-brand').activeSessions).toBe(1);
  });
});
