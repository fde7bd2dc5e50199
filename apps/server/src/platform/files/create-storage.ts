import type { Config } from '../../config';
import type { ObjectStorage } from './storage';
import { LocalStorage } from './local-storage';
import { S3Storage } from './s3-storage';

/** The configured storage: a local folder by default, S3 with BW_STORAGE=s3. */
export function createStorage(config: Pick<Config, 'storage' | 'dataDir'>): ObjectStorage {
  const s = config.storage;
  if (s.driver === 's3') return new S3Storage(s);
  return new LocalStorage(`${config.dataDir}/files`);
}
