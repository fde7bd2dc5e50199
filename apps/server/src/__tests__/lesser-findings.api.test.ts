import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { buildApp } from '../app';
import { createOtherOrg, createTestApp, multipartBody, userId, type TestApp } from '../test/harness';
import { sysAuditLog } from '../modules/audit';
import { safeFileName } from '../modules/common/file/file.service';
import { loggerOptions, redactUrl } from '../platform/log';

/** Issue 12 item 6: the access log, file names, audits of foreign-row 404s and PDFs with JavaScript. */
let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await t.login('admin');
});
afterAll(() => t.close());

async function upload(name: string, content: Buffer, fields: Record<string, string> = {}) {
  const { payload, headers } = multipartBody(fields, { name, content });
  const res = await t.app.inject({ method: 'POST', url: '/api/common/upload', payload, headers: { ...headers, token, 'accept-language': 'en' } });
  return res.json();
}

const PDF_WITH_JS = Buffer.from(
  [
    '%PDF-1.4',
    '1 0 obj << /Type /Catalog /Pages 2 0 R /OpenAction 3 0 R >> endobj',
    '2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj',
    "3 0 obj << /S /JavaScript /JS (app.alert\\('pwned'\\)) >> endobj",
    'trailer << /Root 1 0 R >>',
    '%%EOF',
    '',
  ].join('\n'),
);

describe('the access log', () => {
  it('writes signed download links without their signature, and no token from a query', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, cb) {
        lines.push(chunk.toString());
        cb();
      },
    });
    const logged = await buildApp({ config: t.config, database: t.database, logger: { ...loggerOptions({ logLevel: 'info' }), stream }, startJobs: false });
    await logged.ready();
    try {
      const up = await upload('notes.txt', Buffer.from('hello'));
      const src: string = up.data.src;
      const sig = new URL(src, 'http://x').searchParams.get('sig')!;
      expect(sig.length).toBeGreaterThan(20);
      expect((await logged.inject({ method: 'GET', url: src })).statusCode).toBe(200);
      await logged.inject({ method: 'GET', url: '/api/auth/api/getUserIdByExpiredKey?userExpiredKey=s3cr3t-reset-key&x=1' });
      await logged.inject({ method: 'GET', url: '/api/health?token=s3cr3t-session' });
      const text = lines.join('');
      expect(text).toContain('/api/common/download/');
      expect(text).toContain('sig=[redacted]');
      expect(text).not.toContain(sig);
      expect(text).not.toContain(encodeURIComponent(sig));
      expect(text).not.toContain('s3cr3t');
      expect(text).toContain('userExpiredKey=[redacted]&x=1');
    } finally {
      await logged.close();
    }
  });

  it('redactUrl keeps everything but secret values', () => {
    expect(redactUrl('/a/b?exp=1&sig=abc')).toBe('/a/b?exp=1&sig=[redacted]');
    expect(redactUrl('/a?SIG=abc&%73ig=def&token=t&pollSecret=p&keyword=k')).toBe(
      '/a?SIG=[redacted]&%73ig=[redacted]&token=[redacted]&pollSecret=[redacted]&keyword=k',
    );
    expect(redactUrl('/a/b')).toBe('/a/b');
    expect(redactUrl('/a?sig&b=%E0%A4%A')).toBe('/a?sig&b=%E0%A4%A');
  });
});

describe('file names', () => {
  it('drops right-to-left overrides and other bidirectional controls', async () => {
    expect(safeFileName('invoice\u202Etxt.exe')).toBe('invoicetxt.exe');
    expect(safeFileName('\u2066a\u2067b\u2068c\u2069\u200E\u200F\u061C\u202A\u202B\u202C\u202D.txt')).toBe('abc.txt');
    expect(safeFileName('种子\u202E清单.csv')).toBe('种子清单.csv');
    const up = await upload('report\u202Etxt.exe.txt', Buffer.from('plain text'));
    expect(up.data.fileName).toBe('reporttxt.exe.txt');
    const dl = await t.app.inject({ method: 'GET', url: up.data.src });
    expect(dl.headers['content-disposition']).toBe(`inline; filename="reporttxt.exe.txt"; filename*=UTF-8''reporttxt.exe.txt`);
    const listed = await t.call('GET', '/api/common/file/list', { token, query: { keyword: 'reporttxt' } });
    expect(listed.body.rows[0].fileName).toBe('reporttxt.exe.txt');
  });
});

describe('PDFs', () => {
  it('serves a PDF carrying JavaScript as an attachment, sandboxed, by both download routes', async () => {
    const up = await upload('script.pdf', PDF_WITH_JS, { kind: 'document' });
    expect(up.code).toBe(0);
    for (const res of [
      await t.app.inject({ method: 'GET', url: up.data.src }),
      await t.app.inject({ method: 'GET', url: `/api/common/file/${up.data.fileId}`, headers: { token } }),
    ]) {
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(String(res.headers['content-disposition'])).toMatch(/^attachment; /);
      expect(res.headers['content-security-policy']).toBe('sandbox');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
  });
});

describe('a 404 hiding a row of another organisation', () => {
  let outsider: string;
  let outsiderId: number;
  let locationId: number;
  beforeAll(async () => {
    await createOtherOrg(t.db, 'probe', [{ username: 'prober', nickName: 'Prober', role: 'admin', crops: { maize: 'operate' } }]);
    outsider = await t.login('prober');
    outsiderId = await userId(t.db, 'prober');
    const created = await t.call('POST', '/api/doe/api/location/create', { token, body: { name: 'Secret station', code: 'SEC-1' } });
    locationId = created.body.data.id;
  });
  const denials = () =>
    t.db
      .select()
      .from(sysAuditLog)
      .where(and(eq(sysAuditLog.userId, outsiderId), eq(sysAuditLog.action, 'access.denied')));

  it('is audited as a denied access (who, route, table, id); a missing row is not', async () => {
    const res = await t.call('GET', `/api/doe/api/location/detail/${locationId}`, { token: outsider });
    expect(res.status).toBe(404);
    expect(res.text).not.toContain('Secret');
    const missing = await t.call('GET', '/api/doe/api/location/detail/987654321', { token: outsider });
    expect(missing.status).toBe(404);
    const rows = await denials();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ result: 'denied', targetType: 'doe_location', targetId: String(locationId), username: 'prober' });
    expect(rows[0].detail).toMatchObject({ reason: 'otherOrganisation', route: 'GET /api/doe/api/location/detail/:id' });
    // The owner's own 404s (a deleted row) are not denials either.
    const own = await t.call('GET', '/api/doe/api/location/detail/987654321', { token });
    expect(own.status).toBe(404);
  });

  it('finds the id in a JSON body too (the request scope survives body parsing)', async () => {
    const res = await t.call('PUT', '/api/doe/api/location/update', { token: outsider, body: { id: locationId, name: 'Mine now', code: 'SEC-1' } });
    expect(res.status).toBe(404);
    const rows = await denials();
    expect(rows.map((r) => (r.detail as { route: string }).route)).toContain('PUT /api/doe/api/location/update');
  });

  it('is rate-limited: at most 10 records a minute per user', async () => {
    const before = (await denials()).length;
    for (let i = 0; i < 15; i++) expect((await t.call('GET', `/api/doe/api/location/detail/${locationId}`, { token: outsider })).status).toBe(404);
    const after = await denials();
    expect(after.length).toBe(10);
    expect(after.length - before).toBeLessThan(15);
  });
});
