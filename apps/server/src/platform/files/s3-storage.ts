import { createHash, createHmac } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import { Readable } from 'node:stream';
import { assertSafeKey, type ObjectStorage } from './storage';

export interface S3Options {
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();
const encodeKey = (key: string) => key.split('/').map(encodeURIComponent).join('/');

/** A small S3 client (PUT, GET, DELETE, HEAD) signing requests with AWS Signature Version 4. */
export class S3Storage implements ObjectStorage {
  readonly driver = 's3' as const;
  constructor(private readonly o: S3Options) {}

  private url(key: string): URL {
    assertSafeKey(key);
    const base = new URL(this.o.endpoint);
    if (this.o.forcePathStyle) return new URL(`${base.origin}/${this.o.bucket}/${encodeKey(key)}`);
    return new URL(`${base.protocol}//${this.o.bucket}.${base.host}/${encodeKey(key)}`);
  }

  /** Signs a request (SigV4, header form) and sends it. */
  async send(method: string, key: string, body?: Buffer | Readable, headers: Record<string, string> = {}): Promise<Response> {
    const url = this.url(key);
    // A streamed body is not hashed up front: S3 accepts it signed as UNSIGNED-PAYLOAD (TLS protects it).
    const payloadHash = body instanceof Readable ? 'UNSIGNED-PAYLOAD' : sha256(body ?? '');
    const signed = signV4({
      method,
      url,
      headers,
      payloadHash,
      date: new Date(),
      region: this.o.region,
      accessKeyId: this.o.accessKeyId,
      secretAccessKey: this.o.secretAccessKey,
    });
    const payload = body instanceof Readable ? (Readable.toWeb(body) as ReadableStream) : body ? new Uint8Array(body) : undefined;
    return fetch(url, { method, body: payload, headers: signed, ...(body instanceof Readable ? { duplex: 'half' } : {}) } as RequestInit);
  }

  private async ok(res: Response, what: string): Promise<Response> {
    if (!res.ok) throw new Error(`S3 ${what} failed: ${res.status} ${(await res.text()).slice(0, 300)}`);
    return res;
  }

  /** Streams the staged file (one PUT: up to 5 GB, the S3 single-request limit). */
  async putFile(key: string, path: string, contentType: string): Promise<void> {
    const { size } = await fsp.stat(path);
    const res = await this.send('PUT', key, fs.createReadStream(path), { 'content-type': contentType, 'content-length': String(size) });
    await this.ok(res, `PUT ${key}`);
    await fsp.rm(path, { force: true });
  }

  async putBuffer(key: string, body: Buffer, contentType: string): Promise<void> {
    await this.ok(await this.send('PUT', key, body, { 'content-type': contentType, 'content-length': String(body.length) }), `PUT ${key}`);
  }

  async get(key: string): Promise<Readable> {
    const res = await this.ok(await this.send('GET', key), `GET ${key}`);
    return Readable.fromWeb(res.body as never);
  }

  async delete(key: string): Promise<void> {
    const res = await this.send('DELETE', key);
    if (!res.ok && res.status !== 404) await this.ok(res, `DELETE ${key}`);
  }

  async exists(key: string): Promise<boolean> {
    const res = await this.send('HEAD', key);
    if (res.status === 404) return false;
    await this.ok(res, `HEAD ${key}`);
    return true;
  }
}

export interface SignInput {
  method: string;
  url: URL;
  headers: Record<string, string>;
  payloadHash: string;
  date: Date;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/**
 * AWS Signature Version 4 for S3, header form: answers the headers to send (with x-amz-date,
 * x-amz-content-sha256 and authorization; host is set by the HTTP client).
 */
export function signV4(i: SignInput): Record<string, string> {
  const amzDate = i.date.toISOString().replace(/[:-]|\.\d{3}/g, '');
  const day = amzDate.slice(0, 8);
  const all: Record<string, string> = { ...i.headers, host: i.url.host, 'x-amz-content-sha256': i.payloadHash, 'x-amz-date': amzDate };
  const lower = Object.fromEntries(Object.entries(all).map(([k, v]) => [k.toLowerCase(), v.trim()]));
  const names = Object.keys(lower).sort();
  const query = [...i.url.searchParams.entries()]
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
    .sort()
    .join('&');
  const canonical = [i.method, i.url.pathname, query, names.map((n) => `${n}:${lower[n]}\n`).join(''), names.join(';'), i.payloadHash].join('\n');
  const scope = `${day}/${i.region}/s3/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonical)].join('\n');
  const signingKey = hmac(hmac(hmac(hmac(`AWS4${i.secretAccessKey}`, day), i.region), 's3'), 'aws4_request');
  const signature = createHmac('sha256', signingKey).update(toSign).digest('hex');
  const { host: _host, ...send } = lower;
  return { ...send, authorization: `AWS4-HMAC-SHA256 Credential=${i.accessKeyId}/${scope}, SignedHeaders=${names.join(';')}, Signature=${signature}` };
}
