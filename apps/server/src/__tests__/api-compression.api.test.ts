// Issue 14 item 3: JSON answers of 1 KB and more go compressed (brotli, else gzip) to a client that accepts
// it; small answers and clients that accept nothing get the plain JSON.
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await t.login('admin');
});
afterAll(() => t.close());

const info = (encoding?: string) => t.call('GET', '/api/auth/api/login/info', { token, headers: encoding ? { 'accept-encoding': encoding } : {} });

describe('API answer compression', () => {
  it('sends the login info brotli-compressed to a browser, the same JSON when decoded', async () => {
    const plain = await info();
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.text.length).toBeGreaterThan(1024);

    const res = await t.app.inject({ method: 'GET', url: '/api/auth/api/login/info', headers: { token, 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['vary']).toMatch(/accept-encoding/i);
    expect(res.rawPayload.length).toBeLessThan(plain.text.length / 3);
    expect(JSON.parse(zlib.brotliDecompressSync(res.rawPayload).toString())).toEqual(plain.body);
  });

  it('sends gzip when brotli is not accepted', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/api/login/info', headers: { token, 'accept-encoding': 'gzip' } });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(res.rawPayload).toString()).code).toBe(0);
  });

  it('leaves small answers plain', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'br' } });
    expect(res.rawPayload.length).toBeLessThan(1024);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json().code).toBe(0);
  });
});
