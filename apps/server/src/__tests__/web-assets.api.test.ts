// Issue 14 item 3: the built web app is served precompressed (brotli, gzip) when the browser accepts it,
// fingerprinted files are cached for a year as immutable, and index.html (also as the fallback of client
// routes) is revalidated on every use.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';

const html = `<!doctype html><html><head><script type="module" src="/assets/index-AbC123xy.js"></script></head><body>${'<div></div>'.repeat(200)}</body></html>`;
const js = `export const greeting = ${JSON.stringify('hello '.repeat(500))};\n`;

function writeWithCopies(file: string, text: string) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(text));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(text));
}

let t: TestApp;
let dir: string;
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bw-web-'));
  writeWithCopies(path.join(dir, 'index.html'), html);
  writeWithCopies(path.join(dir, 'assets/index-AbC123xy.js'), js);
  fs.writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  t = await createTestApp({ BW_WEB_DIST: dir });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const get = (url: string, encoding?: string) => t.app.inject({ method: 'GET', url, headers: encoding === undefined ? {} : { 'accept-encoding': encoding } });

describe('web assets', () => {
  it('serve brotli to a browser that accepts it, with the immutable year-long cache', async () => {
    const res = await get('/assets/index-AbC123xy.js', 'gzip, deflate, br, zstd');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['vary']).toMatch(/accept-encoding/i);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(js);
  });

  it('serve gzip when brotli is not accepted, and the plain file when nothing is', async () => {
    const gz = await get('/assets/index-AbC123xy.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(js);
    expect(gz.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const plain = await get('/assets/index-AbC123xy.js', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(js);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('revalidate index.html, at / and as the fallback of a client route, compressed when accepted', async () => {
    for (const url of ['/', '/login', '/doe/experiment']) {
      const res = await get(url, 'br, gzip');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(zlib.brotliDecompressSync(res.rawPayload).toString(), url).toBe(html);
    }
    const plain = await get('/login');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(html);
  });

  it('revalidate files that are not fingerprinted, and keep API misses and missing files out of the fallback', async () => {
    const icon = await get('/favicon.svg', 'br, gzip');
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('no-cache');
    expect((await get('/assets/missing-Zz99.js', 'br')).statusCode).toBe(404);
    expect((await get('/api/no-such-route', 'br')).statusCode).toBe(404);
  });
});
