import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import sharp from 'sharp';
import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createOtherOrg, createTestApp, multipartBody, type TestApp } from '../../../../test/harness';
import { sysOrg } from '../../../system';
import { sysFile } from '../file.tables';

let t: TestApp;
let token: string;
const LIMIT = 256 * 1024;

beforeAll(async () => {
  t = await createTestApp({ BW_UPLOAD_MAX_MB: String(LIMIT / 1024 / 1024) });
  token = await t.login('admin');
});
afterAll(() => t.close());

async function upload(file: { name: string; content: Buffer }, fields: Record<string, string> = {}, as = token, url = '/api/common/upload') {
  const { payload, headers } = multipartBody(fields, file);
  const res = await t.app.inject({ method: 'POST', url, payload, headers: { ...headers, token: as, 'accept-language': 'en' } });
  return { status: res.statusCode, body: res.json() };
}

const filesOnDisk = (dir: string): string[] =>
  fs.existsSync(dir)
    ? fs
        .readdirSync(dir, { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile())
        .map((e) => path.join(e.parentPath, e.name))
    : [];
const staged = () => filesOnDisk(path.join(t.config.dataDir, 'tmp'));
const stored = () => filesOnDisk(path.join(t.config.dataDir, 'files'));

async function png(width = 64, height = 48) {
  return sharp({ create: { width, height, channels: 3, background: '#2f7d32' } })
    .png()
    .toBuffer();
}

/** Sets the "encrypted" bit in every local and central header of a zip. */
function markEncrypted(zip: Uint8Array): Buffer {
  const b = Buffer.from(zip);
  for (let i = 0; i < b.length - 4; i++) {
    const sig = b.readUInt32LE(i);
    if (sig === 0x04034b50) b.writeUInt16LE(b.readUInt16LE(i + 6) | 1, i + 6);
    if (sig === 0x02014b50) b.writeUInt16LE(b.readUInt16LE(i + 8) | 1, i + 8);
  }
  return b;
}

describe('uploads', () => {
  it('stores a file and answers fileName and src; the signed link downloads it', async () => {
    const res = await upload({ name: '种子清单 2026.csv', content: Buffer.from('id,name\n1,郑单958\n') }, { kind: 'text', businessType: 'germ' });
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(0);
    expect(res.body.data).toMatchObject({ fileName: '种子清单 2026.csv', contentType: 'text/csv', size: 20 });
    const dl = await t.app.inject({ method: 'GET', url: res.body.data.src });
    expect(dl.statusCode).toBe(200);
    expect(dl.body).toBe('id,name\n1,郑单958\n');
    expect(dl.headers['content-disposition']).toContain("filename*=UTF-8''%E7%A7%8D");
    expect(dl.headers['x-content-type-options']).toBe('nosniff');
    // The signature binds the link to its file and its expiry.
    const forged = res.body.data.src.replace(/exp=\d+/, 'exp=9999999999');
    expect((await t.app.inject({ method: 'GET', url: forged })).statusCode).toBe(403);
  });

  it('uploadFile is the same service', async () => {
    const res = await upload({ name: 'notes.txt', content: Buffer.from('hello') }, {}, token, '/api/common/uploadFile');
    expect(res.body.data.contentType).toBe('text/plain');
  });

  it('refuses limit+1 bytes while streaming and leaves no file behind', async () => {
    const at = await upload({ name: 'exact.txt', content: Buffer.alloc(LIMIT, 97) });
    expect(at.status).toBe(200);
    const before = stored().length;
    const over = await upload({ name: 'big.txt', content: Buffer.alloc(LIMIT + 1, 97) });
    expect(over.status).toBe(413);
    expect(over.body).toMatchObject({ errorCode: 'FILE_TOO_LARGE', msg: 'The file size cannot exceed 0.25MB' });
    expect(staged()).toEqual([]);
    expect(stored().length).toBe(before);
  });

  it('refuses content that does not match its extension (wrong magic bytes)', async () => {
    const fake = await upload({ name: 'photo.png', content: Buffer.from('MZ\x90\x00 not an image at all') }, { kind: 'image' });
    expect(fake.status).toBe(400);
    expect(fake.body.errorCode).toBe('FILE_NOT_IMAGE');
    const exe = await upload({ name: 'tool.pdf', content: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200)]) });
    expect(exe.status).toBe(400);
    expect(exe.body.errorCode).toBe('FILE_TYPE_NOT_ALLOWED');
    const notImage = await upload({ name: 'table.csv', content: Buffer.from('a,b\n') }, { kind: 'image' });
    expect(notImage.body).toMatchObject({ errorCode: 'FILE_NOT_IMAGE', msg: 'The chosen file is not an image' });
    expect(staged()).toEqual([]);
  });

  it('re-encodes images, dropping metadata and anything appended', async () => {
    const withExif = await sharp(await png())
      .withMetadata({ exif: { IFD0: { Copyright: 'secret-gps-here' } } })
      .jpeg()
      .toBuffer();
    const payload = Buffer.concat([withExif, Buffer.from('<?php evil(); ?>')]);
    const res = await upload({ name: 'plot.jpg', content: payload }, { kind: 'image' });
    expect(res.status).toBe(200);
    const dl = await t.app.inject({ method: 'GET', url: res.body.data.src });
    const bytes = dl.rawPayload;
    expect(bytes.includes(Buffer.from('secret-gps-here'))).toBe(false);
    expect(bytes.includes(Buffer.from('<?php'))).toBe(false);
    const meta = await sharp(bytes).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 64, height: 48 });
  });

  it('refuses pixel floods', async () => {
    // A tiny PNG whose header declares 30,000 x 30,000 pixels (with a valid header checksum).
    const flood = await png(1, 1);
    flood.writeUInt32BE(30000, 16);
    flood.writeUInt32BE(30000, 20);
    flood.writeUInt32BE(zlib.crc32(flood.subarray(12, 29)), 29);
    const res = await upload({ name: 'flood.png', content: flood }, { kind: 'image' });
    expect(res.status).toBe(400);
    expect(res.body.errorCode).toBe('IMAGE_TOO_LARGE');
  });

  it('screens archives: zip bombs, zip slip, symlinks, encrypted and corrupt archives are refused quickly', async () => {
    const cases: [string, Buffer, string][] = [
      ['bomb.zip', Buffer.from(zipSync({ 'zeros.bin': new Uint8Array(40 * 1024 * 1024) }, { level: 9 })), 'ARCHIVE_RATIO'],
      ['slip.zip', Buffer.from(zipSync({ '../../etc/evil.sh': Buffer.from('x') })), 'ARCHIVE_UNSAFE_PATH'],
      ['abs.zip', Buffer.from(zipSync({ '/etc/passwd': Buffer.from('x') })), 'ARCHIVE_UNSAFE_PATH'],
      ['backslash.zip', Buffer.from(zipSync({ 'a\\..\\..\\evil.txt': Buffer.from('x') })), 'ARCHIVE_UNSAFE_PATH'],
      ['link.zip', Buffer.from(zipSync({ link: [Buffer.from('/etc/passwd'), { os: 3, attrs: (0o120777 << 16) >>> 0 }] })), 'ARCHIVE_UNSAFE_PATH'],
      ['secret.zip', markEncrypted(zipSync({ 'a.txt': Buffer.from('hello') })), 'ARCHIVE_ENCRYPTED'],
      ['broken.zip', Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(100, 1)]), 'ARCHIVE_INVALID'],
    ];
    for (const [name, content, code] of cases) {
      expect(content.length).toBeLessThan(LIMIT);
      const started = Date.now();
      const res = await upload({ name, content }, { kind: 'archive' });
      expect({ name, status: res.status, code: res.body.errorCode }).toEqual({ name, status: 400, code });
      expect(Date.now() - started).toBeLessThan(2000);
    }
    expect(staged()).toEqual([]);
    const ok = await upload({ name: 'fine.zip', content: Buffer.from(zipSync({ 'plots/1.txt': Buffer.from('ok') })) }, { kind: 'archive' });
    expect(ok.status).toBe(200);
  });

  it('checks the organisation quota', async () => {
    const org = await createOtherOrg(t.db, 'tiny', [{ username: 'tiny-user', nickName: 'Tiny', role: 'user', crops: {} }]);
    await t.db
      .update(sysOrg)
      .set({ settings: { storageQuotaBytes: 1000 } })
      .where(eq(sysOrg.id, org.orgId));
    const tiny = await t.login('tiny-user');
    expect((await upload({ name: 'a.txt', content: Buffer.alloc(600, 98) }, {}, tiny)).status).toBe(200);
    const over = await upload({ name: 'b.txt', content: Buffer.alloc(600, 98) }, {}, tiny);
    expect(over.status).toBe(413);
    expect(over.body.errorCode).toBe('QUOTA_EXCEEDED');
    const space = await t.call('GET', `/api/auth/storage-space/spaceInfo/${org.orgId}`, { token: tiny });
    expect(space.body.data).toMatchObject({ usedBytes: 600, totalBytes: 1000, percent: 60 });
    const foreign = await t.call('GET', `/api/auth/storage-space/spaceInfo/${org.orgId}`, { token });
    expect(foreign.status).toBe(404);
  });

  it('needs the field "file" and valid fields', async () => {
    const { payload, headers } = multipartBody({ kind: 'image' });
    const none = await t.app.inject({ method: 'POST', url: '/api/common/upload', payload, headers: { ...headers, token } });
    expect(none.json().errorCode).toBe('FILE_REQUIRED');
    const bad = await upload({ name: 'x.txt', content: Buffer.from('x') }, { kind: 'movie' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0]).toMatchObject({ field: 'kind', rule: 'enum' });
    const json = await t.call('POST', '/api/common/upload', { token, body: { file: 'x' } });
    expect(json.status).toBe(415);
  });

  it('lists files of the organisation only, groups them, and lets the uploader delete one', async () => {
    const mine = await upload({ name: 'mine.txt', content: Buffer.from('m') }, { businessType: 'doe' });
    const list = await t.call('GET', '/api/common/file/list', { token, query: { businessType: 'doe' } });
    expect(list.body.rows.map((r: { fileName: string }) => r.fileName)).toContain('mine.txt');
    const menu = await t.call('GET', '/api/common/file/menu', { token });
    expect(menu.body.data).toEqual(expect.arrayContaining([expect.objectContaining({ businessType: 'doe' })]));
    await createOtherOrg(t.db, 'peek', [{ username: 'peeker', nickName: 'P', role: 'admin', crops: {} }]);
    const peeker = await t.login('peeker');
    expect((await t.call('GET', `/api/common/file/${mine.body.data.fileId}`, { token: peeker })).status).toBe(404);
    expect((await t.call('GET', '/api/common/file/list', { token: peeker })).body.total).toBe(0);
    expect((await t.call('DELETE', `/api/common/file/${mine.body.data.fileId}`, { token: peeker })).status).toBe(404);
    const own = await t.call('GET', `/api/common/file/${mine.body.data.fileId}`, { token });
    expect(own.text).toBe('m');
    expect((await t.call('DELETE', `/api/common/file/${mine.body.data.fileId}`, { token })).body.code).toBe(0);
    const [row] = await t.db.select().from(sysFile).where(eq(sysFile.id, mine.body.data.fileId));
    expect(row.deletedAt).not.toBeNull();
    expect((await t.app.inject({ method: 'GET', url: mine.body.data.src })).statusCode).toBe(404);
  });
});
