import yauzl from 'yauzl';
import { AppError } from '../errors';

export interface ArchiveLimits {
  maxEntries: number;
  maxTotalBytes: number;
  /** Largest uncompressed/compressed ratio of one entry (only checked above 1 MB unpacked). */
  maxRatio: number;
}

export const DEFAULT_ARCHIVE_LIMITS: ArchiveLimits = { maxEntries: 10_000, maxTotalBytes: 2 * 1024 ** 3, maxRatio: 200 };

const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;

export interface ArchiveEntry {
  name: string;
  size: number;
  compressedSize: number;
}

function fmtBytes(n: number): string {
  return n >= 1024 ** 3 ? `${(n / 1024 ** 3).toFixed(1)} GB` : `${Math.round(n / 1024 ** 2)} MB`;
}

/**
 * Reads a zip's central directory (nothing is unpacked) and refuses zip slip (absolute, `..`,
 * backslash paths, symlinks), encrypted entries, too many entries, too much unpacked data and
 * suspicious compression ratios. Answers the entry list.
 */
export function screenZip(path: string, limits: ArchiveLimits = DEFAULT_ARCHIVE_LIMITS): Promise<ArchiveEntry[]> {
  return new Promise((resolve, reject) => {
    yauzl.open(path, { lazyEntries: true, autoClose: true, strictFileNames: true, validateEntrySizes: true }, (err, zip) => {
      if (err || !zip) {
        reject(new AppError(400, 'ARCHIVE_INVALID'));
        return;
      }
      const entries: ArchiveEntry[] = [];
      let total = 0;
      const fail = (e: AppError) => {
        zip.close();
        reject(e);
      };
      // yauzl validates names itself while decoding them; its refusals are unsafe paths, the rest corruption.
      zip.on('error', (e: Error) =>
        fail(
          /absolute path|invalid relative path|invalid characters/i.test(e.message)
            ? new AppError(400, 'ARCHIVE_UNSAFE_PATH', { path: (/: (.*)$/.exec(e.message)?.[1] ?? '').slice(0, 200) })
            : new AppError(400, 'ARCHIVE_INVALID'),
        ),
      );
      zip.on('entry', (entry: yauzl.Entry) => {
        const name = entry.fileName;
        const problem = yauzl.validateFileName(name) ?? (/^[A-Za-z]:/.test(name) ? 'drive letter' : null);
        if (problem) return fail(new AppError(400, 'ARCHIVE_UNSAFE_PATH', { path: name.slice(0, 200) }));
        if (((entry.externalFileAttributes >>> 16) & S_IFMT) === S_IFLNK) return fail(new AppError(400, 'ARCHIVE_UNSAFE_PATH', { path: name.slice(0, 200) }));
        if (entry.generalPurposeBitFlag & 0x1) return fail(new AppError(400, 'ARCHIVE_ENCRYPTED'));
        if (entries.length + 1 > limits.maxEntries) return fail(new AppError(400, 'ARCHIVE_TOO_MANY_ENTRIES', { max: limits.maxEntries }));
        total += entry.uncompressedSize;
        if (total > limits.maxTotalBytes) return fail(new AppError(400, 'ARCHIVE_TOO_LARGE', { max: fmtBytes(limits.maxTotalBytes) }));
        if (entry.uncompressedSize > 1024 * 1024 && entry.uncompressedSize > limits.maxRatio * Math.max(1, entry.compressedSize)) {
          return fail(new AppError(400, 'ARCHIVE_RATIO'));
        }
        entries.push({ name, size: entry.uncompressedSize, compressedSize: entry.compressedSize });
        zip.readEntry();
      });
      zip.on('end', () => resolve(entries));
      zip.readEntry();
    });
  });
}
