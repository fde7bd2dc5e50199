import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import { GsError, formatGsMessage, readPlink, type Genotypes } from '@breedwise/genomics';
import type { Locale } from '@breedwise/contracts';
import type { ObjectStorage } from '../../platform/files/storage';
import { AppError } from '../../platform/errors';
import { sysFile } from '../common';
import type { DbOrTx } from '../../db/client';
import { eq } from 'drizzle-orm';

/** An engine refusal (file, line, rule) as the API's translated 400. */
export function gsRefusal(err: unknown, locale: Locale): unknown {
  if (!(err instanceof GsError)) return err;
  const detail = formatGsMessage(err.code, err.params, locale);
  return new AppError(
    400,
    'GS_FILE_RULE',
    { detail, rule: err.rule ?? err.code, file: err.file ?? '', line: err.line ?? '' },
    { errors: [{ field: err.file ?? err.code, rule: err.rule ?? err.code, message: detail }] },
  );
}

/** A private working folder under the data directory, removed by `done`. */
export async function workDir(dataDir: string): Promise<{ dir: string; done: () => Promise<void> }> {
  const dir = path.join(dataDir, 'tmp', `gs-${randomUUID()}`);
  await fsp.mkdir(dir, { recursive: true });
  return { dir, done: () => fsp.rm(dir, { recursive: true, force: true }) };
}

/** Copies a stored file to `dir/name` as a stream (the engine reads from a path and names the file in its errors). */
export async function fetchStored(db: DbOrTx, storage: ObjectStorage, fileId: string, dir: string, name: string): Promise<string> {
  const [file] = await db.select().from(sysFile).where(eq(sysFile.id, fileId));
  if (!file) throw new AppError(404, 'RECORD_NOT_FOUND');
  const target = path.join(dir, path.basename(name));
  await pipeline(await storage.get(file.storageKey), fs.createWriteStream(target));
  return target;
}

/** The genotypes of a stored PLINK .zip. */
export async function loadGenotypes(db: DbOrTx, storage: ObjectStorage, fileId: string, dataDir: string, name: string): Promise<Genotypes> {
  const w = await workDir(dataDir);
  try {
    return readPlink(await fetchStored(db, storage, fileId, w.dir, name));
  } finally {
    await w.done();
  }
}
