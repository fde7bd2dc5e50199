import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { assertSafeKey, type ObjectStorage } from './storage';

export class LocalStorage implements ObjectStorage {
  readonly driver = 'local' as const;
  constructor(private readonly root: string) {}

  private path(key: string): string {
    assertSafeKey(key);
    return path.join(this.root, key);
  }

  async putFile(key: string, source: string): Promise<void> {
    const target = this.path(key);
    await fsp.mkdir(path.dirname(target), { recursive: true });
    try {
      await fsp.rename(source, target);
    } catch {
      // Different file systems: copy, then remove the staged file.
      await fsp.copyFile(source, target);
      await fsp.rm(source, { force: true });
    }
  }

  async putBuffer(key: string, body: Buffer): Promise<void> {
    const target = this.path(key);
    await fsp.mkdir(path.dirname(target), { recursive: true });
    await fsp.writeFile(target, body);
  }

  async get(key: string): Promise<Readable> {
    const p = this.path(key);
    await fsp.access(p);
    return fs.createReadStream(p);
  }

  async delete(key: string): Promise<void> {
    await fsp.rm(this.path(key), { force: true });
  }

  async exists(key: string): Promise<boolean> {
    return fsp.access(this.path(key)).then(
      () => true,
      () => false,
    );
  }
}
