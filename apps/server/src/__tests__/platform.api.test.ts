import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp({ BW_BODY_LIMIT_MB: '0.1' });
  token = await t.login('admin');
});
afterAll(() => t.close());

describe('platform', () => {
  it('answers health with the database kind', async () => {
    const res = await t.call('GET', '/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: 0, data: { status: 'ok', databaseOk: true, version: '2.2.26' } });
    expect(['pglite', 'postgres']).toContain(res.body.data.database);
  });

  it('gives every answer a request id, and keeps a valid incoming one', async () => {
    const res = await t.call('GET', '/api/health', { headers: { 'x-request-id': 'proxy-req-12345' } });
    expect(res.headers['x-request-id']).toBe('proxy-req-12345');
    const fresh = await t.call('GET', '/api/health', { headers: { 'x-request-id': 'bad id!' } });
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers unknown API paths with a JSON 404 in the envelope', async () => {
    const res = await t.call('GET', '/api/doe/api/nothing-here', { token });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: 404, errorCode: 'ROUTE_NOT_FOUND' });
    expect(res.body.msg).toContain('/api/doe/api/nothing-here');
  });

  it('serves the web app for client routes, but not for missing files', async () => {
    const page = await t.call('GET', '/doe/exp/location');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.text).toContain('Breedwise test shell');
    const root = await t.call('GET', '/');
    expect(root.text).toContain('Breedwise test shell');
    const missing = await t.call('GET', '/assets/missing.js');
    expect(missing.status).toBe(404);
  });

  it('refuses malformed JSON with 400 BAD_JSON, translated', async () => {
    const zh = await t.call('POST', '/api/doe/api/location/create', { token, raw: '{"name":', headers: { 'content-type': 'application/json' } });
    expect(zh.status).toBe(400);
    expect(zh.body).toMatchObject({ code: 400, errorCode: 'BAD_JSON', msg: '请求体不是合法的 JSON' });
    const en = await t.call('POST', '/api/doe/api/location/create', {
      token,
      raw: '{',
      headers: { 'content-type': 'application/json', 'accept-language': 'en' },
    });
    expect(en.body.msg).toBe('The request body is not valid JSON');
  });

  it('refuses an oversize body with 413 in the envelope', async () => {
    const res = await t.call('POST', '/api/doe/api/location/create', { token, body: { name: 'x'.repeat(200_000), code: 'BIG' } });
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ code: 413, errorCode: 'BODY_TOO_LARGE' });
  });

  it('refuses an unsupported content type with 415', async () => {
    const res = await t.call('POST', '/api/doe/api/location/create', { token, raw: '<x/>', headers: { 'content-type': 'application/xml' } });
    expect(res.status).toBe(415);
    expect(res.body.errorCode).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('names the field and the rule in validation errors', async () => {
    const res = await t.call('GET', '/api/doe/api/location/page', { token, query: { pageSize: 500, pageNum: 0 }, headers: { 'accept-language': 'en' } });
    expect(res.status).toBe(400);
    expect(res.body.errorCode).toBe('VALIDATION_FAILED');
    expect(res.body.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'pageSize', rule: 'max', message: 'Page size must be at most 200' }),
        expect.objectContaining({ field: 'pageNum', rule: 'min' }),
      ]),
    );
  });

  it('publishes OpenAPI generated from the contracts', async () => {
    const res = await t.call('GET', '/api/docs/json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toMatch(/^3\./);
    expect(Object.keys(res.body.paths)).toEqual(expect.arrayContaining(['/api/auth/api/login', '/api/doe/api/location/page']));
    const ui = await t.call('GET', '/api/docs/');
    expect(ui.status).toBe(200);
  });

  it("sets helmet's security headers on every answer (worked out once at start-up)", async () => {
    const { default: helmet } = await import('helmet');
    for (const path of ['/', '/api/auth/api/login/init', '/api/nowhere']) {
      const res = await t.call('GET', path);
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
      expect(res.headers['content-security-policy']).toContain("style-src 'self' 'unsafe-inline'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['strict-transport-security']).toMatch(/^max-age=\d+/);
      expect(res.headers['cross-origin-embedder-policy']).toBeUndefined();
    }
    // The same headers helmet itself sets for these options.
    const { securityHeaders } = await import('../platform/security-headers');
    const options = { contentSecurityPolicy: { directives: { defaultSrc: ["'self'"] } } };
    const seen: Record<string, string> = {};
    helmet(options)({} as never, { setHeader: (k: string, v: string) => (seen[k] = v), removeHeader: () => undefined } as never, () => undefined);
    expect(securityHeaders(options).set).toEqual(seen);
  });
});

describe('generated files', () => {
  it('openapi.json is up to date with the contracts (npm run -w @breedwise/server openapi)', async () => {
    const fs = await import('node:fs');
    const path = await import('node:path');
    const { openApiDocument } = await import('../openapi');
    const committed = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '../../openapi.json'), 'utf8'));
    expect(JSON.parse(JSON.stringify(await openApiDocument()))).toEqual(committed);
  });
});
