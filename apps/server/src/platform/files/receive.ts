import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AppError } from '../errors';

export const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 100) / 100;

/**
 * Streams an upload into a staging file, counting bytes as they arrive: one byte over the limit stops
 * the transfer, removes the partial file and refuses with FILE_TOO_LARGE. Nothing is buffered whole.
 */
export async function receiveToTemp(source: Readable, tmpDir: string, maxBytes: number): Promise<{ path: string; size: number }> {
  await fsp.mkdir(tmpDir, { recursive: true });
  const target = path.join(tmpDir, `${randomUUID()}.part`);
  let size = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      size += chunk.length;
      if (size > maxBytes) done(new AppError(413, 'FILE_TOO_LARGE', { limit: mb(maxBytes) }));
      else done(null, chunk);
    },
  });
  try {
    await pipeline(source, counter, fs.createWriteStream(target));
  } catch (err) {
    await fsp.rm(target, { force: true });
    // Drain what the client still sends so the answer can go out.
    source.resume();
    throw err;
  }
  // busboy cuts a file at its own limit without an error: catch that case too.
  if ((source as Readable & { truncated?: boolean }).truncated) {
    await fsp.rm(target, { force: true });
    throw new AppError(413, 'FILE_TOO_LARGE', { limit: mb(maxBytes) });
  }
  if (size === 0) {
    await fsp.rm(target, { force: true });
    throw new AppError(400, 'FILE_EMPTY');
  }
  return { path: target, size };
}
