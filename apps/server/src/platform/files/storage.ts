import type { Readable } from 'node:stream';

/** Where file bytes live: a local folder by default, S3-compatible object storage at scale. */
export interface ObjectStorage {
  readonly driver: 'local' | 's3';
  /** Stores a file from a local path (uploads are staged on disk first). */
  putFile(key: string, path: string, contentType: string): Promise<void>;
  putBuffer(key: string, body: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<Readable>;
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
}

/** Object keys are ours (organisation, date, random id); still, nothing may climb out of the store. */
export function assertSafeKey(key: string): void {
  if (!/^[A-Za-z0-9][A-Za-z0-9/_.-]{0,300}$/.test(key) || key.includes('..') || key.includes('//')) {
    throw new Error(`unsafe storage key: ${key}`);
  }
}
