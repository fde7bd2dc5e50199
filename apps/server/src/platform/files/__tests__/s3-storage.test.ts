import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import S3rver from 's3rver';
import { S3Storage, signV4 } from '../s3-storage';

let server: S3rver;
let dir: string;
let endpoint: string;
const creds = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

async function text(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString();
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bw-s3-'));
  server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: dir, configureBuckets: [{ name: 'breedwise', configs: [] }] });
  const { port } = await server.run();
  endpoint = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  await server.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('S3 storage driver (against a server that checks SigV4 signatures)', () => {
  it('puts, reads, checks and deletes objects', async () => {
    const s3 = new S3Storage({ endpoint, region: 'us-east-1', bucket: 'breedwise', forcePathStyle: true, ...creds });
    await s3.putBuffer('org-1/2026-11/a.txt', Buffer.from('hello 育种'), 'text/plain');
    expect(await s3.exists('org-1/2026-11/a.txt')).toBe(true);
    expect(await text(await s3.get('org-1/2026-11/a.txt'))).toBe('hello 育种');
    const staged = path.join(dir, 'staged.bin');
    fs.writeFileSync(staged, Buffer.alloc(300_000, 7));
    await s3.putFile('org-1/2026-11/big.bin', staged, 'application/octet-stream');
    expect(fs.existsSync(staged)).toBe(false);
    expect((await text(await s3.get('org-1/2026-11/big.bin'))).length).toBe(300_000);
    await s3.delete('org-1/2026-11/a.txt');
    expect(await s3.exists('org-1/2026-11/a.txt')).toBe(false);
    await s3.delete('org-1/2026-11/never-there.txt');
  });

  it('signs exactly as AWS documents it (SigV4 example "GET Object")', () => {
    const headers = signV4({
      method: 'GET',
      url: new URL('https://examplebucket.s3.amazonaws.com/test.txt'),
      headers: { Range: 'bytes=0-9' },
      payloadHash: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
      date: new Date('2013-05-24T00:00:00Z'),
      region: 'us-east-1',
      accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
      secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
    });
    expect(headers.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
  });

  it('fails loudly when the store refuses', async () => {
    const s3 = new S3Storage({ endpoint, region: 'us-east-1', bucket: 'no-such-bucket', forcePathStyle: true, ...creds });
    await expect(s3.putBuffer('x.txt', Buffer.from('x'), 'text/plain')).rejects.toThrow(/S3 PUT x.txt failed: 404/);
  });

  it('refuses keys that could climb out of the store', async () => {
    const s3 = new S3Storage({ endpoint, region: 'us-east-1', bucket: 'breedwise', forcePathStyle: true, ...creds });
    await expect(s3.putBuffer('../etc/x', Buffer.from('x'), 'text/plain')).rejects.toThrow(/unsafe storage key/);
  });
});
