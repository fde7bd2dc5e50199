import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/harness';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp({ BW_RESUMABLE_MAX_MB: '1' });
  token = await t.login('admin');
});
afterAll(() => t.close());

const b64 = (s: string) => Buffer.from(s).toString('base64');
const tus = (method: string, url: string, headers: Record<string, string> = {}, payload?: Buffer) =>
  t.app.inject({ method: method as 'POST', url, payload, headers: { 'tus-resumable': '1.0.0', token, ...headers } });

describe('resumable uploads (tus 1.0)', () => {
  it('announces its capabilities', async () => {
    const res = await t.app.inject({ method: 'OPTIONS', url: '/api/common/tus' });
    expect(res.statusCode).toBe(204);
    expect(res.headers).toMatchObject({ 'tus-version': '1.0.0', 'tus-extension': 'creation,termination,expiration', 'tus-max-size': String(1024 * 1024) });
  });

  it('uploads in pieces, survives an interrupted piece, and stores the result', async () => {
    const content = Buffer.from('id,trait\n' + Array.from({ length: 4000 }, (_, i) => `${i},${(i * 7) % 13}`).join('\n'));
    const created = await tus('POST', '/api/common/tus', {
      'upload-length': String(content.length),
      'upload-metadata': `filename ${b64('trait scores.csv')},kind ${b64('text')},businessType ${b64('ihup')}`,
    });
    expect(created.statusCode).toBe(201);
    const url = created.headers.location as string;
    expect(url).toMatch(/^\/api\/common\/tus\/[0-9a-f-]{36}$/);
    const patch = (offset: number, piece: Buffer) =>
      tus('PATCH', url, { 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' }, piece);

    const first = await patch(0, content.subarray(0, 10_000));
    expect(first.statusCode).toBe(204);
    expect(first.headers['upload-offset']).toBe('10000');
    // A client that lost track sends the wrong offset: refused, nothing changes.
    const wrong = await patch(5000, content.subarray(5000, 6000));
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json().errorCode).toBe('UPLOAD_OFFSET_MISMATCH');
    const head = await tus('HEAD', url);
    expect(head.headers).toMatchObject({ 'upload-offset': '10000', 'upload-length': String(content.length), 'cache-control': 'no-store' });
    expect((await tus('GET', `${url}/result`)).statusCode).toBe(409);

    const rest = await patch(10_000, content.subarray(10_000));
    expect(rest.statusCode).toBe(204);
    expect(rest.headers['upload-offset']).toBe(String(content.length));
    const result = (await tus('GET', `${url}/result`)).json().data;
    expect(result).toMatchObject({ fileName: 'trait scores.csv', size: content.length, contentType: 'text/csv' });
    const dl = await t.app.inject({ method: 'GET', url: result.src });
    expect(dl.body).toBe(content.toString());
  });

  it('refuses too much data, wrong types, missing protocol headers and other users', async () => {
    expect((await tus('POST', '/api/common/tus', { 'upload-length': String(2 * 1024 * 1024) })).statusCode).toBe(413);
    expect((await tus('POST', '/api/common/tus', { 'upload-length': 'abc' })).statusCode).toBe(400);
    const created = await tus('POST', '/api/common/tus', { 'upload-length': '10', 'upload-metadata': `filename ${b64('a.txt')}` });
    const url = created.headers.location as string;
    const over = await tus('PATCH', url, { 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' }, Buffer.alloc(11, 97));
    expect(over.statusCode).toBe(413);
    expect((await tus('PATCH', url, { 'upload-offset': '0', 'content-type': 'text/plain' }, Buffer.from('x'))).statusCode).toBe(415);
    const noHeader = await t.app.inject({ method: 'HEAD', url, headers: { token } });
    expect(noHeader.statusCode).toBe(412);
    const breeder = await t.login('breeder');
    expect((await t.app.inject({ method: 'HEAD', url, headers: { token: breeder, 'tus-resumable': '1.0.0' } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: '/api/common/tus', headers: { 'tus-resumable': '1.0.0', 'upload-length': '5' } })).statusCode).toBe(401);
    expect((await tus('DELETE', url)).statusCode).toBe(204);
    expect((await tus('HEAD', url)).statusCode).toBe(404);
  });

  it('checks the finished file like any upload', async () => {
    const fake = Buffer.from('not really a png');
    const created = await tus('POST', '/api/common/tus', {
      'upload-length': String(fake.length),
      'upload-metadata': `filename ${b64('map.png')},kind ${b64('image')}`,
    });
    const done = await tus('PATCH', created.headers.location as string, { 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' }, fake);
    expect(done.statusCode).toBe(400);
    expect(done.json().errorCode).toBe('FILE_NOT_IMAGE');
    expect((await tus('HEAD', created.headers.location as string)).statusCode).toBe(404);
  });
});
