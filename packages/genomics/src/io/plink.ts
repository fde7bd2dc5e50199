import { closeSync, existsSync, fstatSync, openSync, readSync, statSync } from 'node:fs';
import { Inflate } from 'fflate';
import { GsError, MAX_SNP } from '../errors.js';
import type { Genotypes } from '../genotype.js';
import { checkFileName, checkSampleCode, displayName } from './text.js';

/** Archive limits: entries, total unpacked size and compression ratio, as the platform's file rules ask. */
export const ZIP_LIMITS = { entries: 16, totalBytes: 4 * 1024 ** 3, ratio: 200 } as const;

/** Bytes read from disk at a time: the files are streamed through blocks of this size, never read whole. */
const BLOCK = 1 << 20;

// Per .bed byte, the four allele counts of A1 it encodes (00 -> 2, 01 missing, 10 -> 1, 11 -> 0).
const DECODE = (() => {
  const t = new Int8Array(256 * 4);
  const code = [2, -1, 1, 0];
  for (let b = 0; b < 256; b++) for (let k = 0; k < 4; k++) t[b * 4 + k] = code[(b >> (2 * k)) & 3];
  return t;
})();

// The same four codes packed into one little-endian 32-bit word.
const DECODE4 = (() => {
  const t = new Int32Array(256);
  const bytes = new Int8Array(t.buffer);
  bytes.set(DECODE);
  return t;
})();
const LITTLE_ENDIAN = new Uint8Array(Uint32Array.of(1).buffer)[0] === 1;

/** One part of a PLINK set (a file, or an archive entry): its name in messages, size, and its bytes as a stream of blocks. */
interface Part {
  name: string;
  size: number;
  /**
   * The content, in order, block by block (pulled synchronously; a block is valid until the next is
   * pulled). Leaving the loop early closes the file.
   */
  blocks(): Generator<Uint8Array, void, undefined>;
}

interface PlinkParts {
  bed: Part;
  bim: Part;
  fam: Part;
}

/** Chromosome, position and alleles per marker, from the .bim. */
export interface PlinkMap {
  names: string[];
  chr: string[];
  pos: number[];
  a1: string[];
  a2: string[];
}

/**
 * Reads PLINK 1 binary genotypes (.bed/.bim/.fam) from a path prefix (with or without an extension) or
 * from a .zip holding the three files (the spec's upload format). Genotypes count the A1 allele of the
 * .bim file; samples are the .fam IIDs.
 *
 * Everything is streamed: a .zip is read through its central directory and each entry inflated block by
 * block (never the archive nor an unpacked entry whole in memory); the .fam and .bim are parsed line by
 * line as they come, and the .bed is decoded block by block straight into the genotype matrix, the only
 * large allocation (n x m bytes).
 */
export function readPlink(path: string): Genotypes {
  const parts = openParts(path);
  const samples = readFam(parts.fam);
  const map = readBim(parts.bim, false);
  const codes = readBed(parts.bed, samples.length, map.names.length);
  return { samples, markers: map.names, codes };
}

/** The .bim of a PLINK set (prefix or .zip) alone: marker names, chromosomes, positions and alleles. */
export function readPlinkMap(path: string): PlinkMap {
  return readBim(openParts(path).bim, true);
}

function openParts(path: string): PlinkParts {
  return path.toLowerCase().endsWith('.zip') ? partsFromZip(path) : partsFromPrefix(path);
}

/** A file on disk as a part, read in blocks. */
function filePart(path: string, name: string): Part {
  return {
    name,
    size: statSync(path).size,
    *blocks() {
      const fd = openSync(path, 'r');
      try {
        const buf = new Uint8Array(BLOCK);
        for (;;) {
          const got = readSync(fd, buf, 0, BLOCK, null);
          if (got <= 0) break;
          yield buf.subarray(0, got);
        }
      } finally {
        closeSync(fd);
      }
    },
  };
}

function partsFromPrefix(path: string): PlinkParts {
  const prefix = path.replace(/\.(bed|bim|fam)$/i, '');
  const names = { bed: `${prefix}.bed`, bim: `${prefix}.bim`, fam: `${prefix}.fam` };
  for (const f of Object.values(names)) {
    checkFileName(f);
    if (!existsSync(f) || !statSync(f).isFile()) throw new GsError('FILE_NOT_FOUND', { file: displayName(f), rule: 'PLINK needs .bed, .bim and .fam' });
  }
  return {
    bed: filePart(names.bed, displayName(names.bed)),
    bim: filePart(names.bim, displayName(names.bim)),
    fam: filePart(names.fam, displayName(names.fam)),
  };
}

// ---- .zip through its central directory ------------------------------------------------------------

interface ZipEntry {
  name: string;
  method: number;
  flags: number;
  compressedSize: number;
  size: number;
  localOffset: number;
}

class ZipFormatError extends Error {}

function readAt(fd: number, length: number, position: number): Buffer {
  const buf = Buffer.alloc(length);
  let done = 0;
  while (done < length) {
    const got = readSync(fd, buf, done, length - done, position + done);
    if (got <= 0) throw new ZipFormatError('unexpected end of file');
    done += got;
  }
  return buf;
}

/** The central directory's entries (zip64 included). */
function centralDirectory(fd: number, fileSize: number): ZipEntry[] {
  const tailLength = Math.min(fileSize, 22 + 0xffff);
  const tail = readAt(fd, tailLength, fileSize - tailLength);
  let eocd = -1;
  for (let i = tail.length - 22; i >= 0; i--) {
    if (tail.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new ZipFormatError('no end of central directory record');
  let count = tail.readUInt16LE(eocd + 10);
  let cdSize = tail.readUInt32LE(eocd + 12);
  let cdOffset = tail.readUInt32LE(eocd + 16);
  if (count === 0xffff || cdSize === 0xffffffff || cdOffset === 0xffffffff) {
    const locatorAt = fileSize - tailLength + eocd - 20;
    if (locatorAt < 0) throw new ZipFormatError('no zip64 locator');
    const locator = readAt(fd, 20, locatorAt);
    if (locator.readUInt32LE(0) !== 0x07064b50) throw new ZipFormatError('no zip64 locator');
    const z64 = readAt(fd, 56, Number(locator.readBigUInt64LE(8)));
    if (z64.readUInt32LE(0) !== 0x06064b50) throw new ZipFormatError('no zip64 end of central directory');
    count = Number(z64.readBigUInt64LE(32));
    cdSize = Number(z64.readBigUInt64LE(40));
    cdOffset = Number(z64.readBigUInt64LE(48));
  }
  if (cdOffset + cdSize > fileSize) throw new ZipFormatError('central directory outside the file');
  // A directory of more entries than allowed is refused by the caller before any is read further.
  const cd = readAt(fd, Math.min(cdSize, 1 << 24), cdOffset);
  const entries: ZipEntry[] = [];
  let p = 0;
  for (let e = 0; e < count; e++) {
    if (p + 46 > cd.length || cd.readUInt32LE(p) !== 0x02014b50) throw new ZipFormatError('bad central directory entry');
    const flags = cd.readUInt16LE(p + 8);
    const method = cd.readUInt16LE(p + 10);
    let compressedSize = cd.readUInt32LE(p + 20);
    let size = cd.readUInt32LE(p + 24);
    const nameLength = cd.readUInt16LE(p + 28);
    const extraLength = cd.readUInt16LE(p + 30);
    const commentLength = cd.readUInt16LE(p + 32);
    let localOffset = cd.readUInt32LE(p + 42);
    const nameBytes = cd.subarray(p + 46, p + 46 + nameLength);
    // Names are UTF-8 when the archive says so (bit 11), else read as Latin-1 (as fflate does).
    const name = flags & 0x800 ? nameBytes.toString('utf8') : nameBytes.toString('latin1');
    let x = p + 46 + nameLength;
    const extraEnd = x + extraLength;
    while (x + 4 <= extraEnd) {
      const id = cd.readUInt16LE(x);
      const len = cd.readUInt16LE(x + 2);
      if (id === 0x0001) {
        let y = x + 4;
        if (size === 0xffffffff) {
          size = Number(cd.readBigUInt64LE(y));
          y += 8;
        }
        if (compressedSize === 0xffffffff) {
          compressedSize = Number(cd.readBigUInt64LE(y));
          y += 8;
        }
        if (localOffset === 0xffffffff) localOffset = Number(cd.readBigUInt64LE(y));
      }
      x += 4 + len;
    }
    entries.push({ name, method, flags, compressedSize, size, localOffset });
    p = extraEnd + commentLength;
    if (entries.length > ZIP_LIMITS.entries) break;
  }
  return entries;
}

function partsFromZip(path: string): PlinkParts {
  checkFileName(path);
  const file = displayName(path);
  if (!existsSync(path)) throw new GsError('FILE_NOT_FOUND', { file, rule: 'file must exist' });
  const reject = (detail: string) => new GsError('ZIP_CONTENT_INVALID', { file, rule: 'one .bed, .bim and .fam with safe paths', params: { detail } });
  const unreadable = (err: unknown) => reject(`not a readable zip archive (${(err as Error).message})`);
  let entries: ZipEntry[];
  let fileSize: number;
  const fd = openSync(path, 'r');
  try {
    fileSize = fstatSync(fd).size;
    entries = centralDirectory(fd, fileSize);
  } catch (err) {
    if (err instanceof ZipFormatError) throw unreadable(err);
    throw err;
  } finally {
    closeSync(fd);
  }
  // The screening of the archive, entry by entry, from its directory: count, safe paths, unpacked size
  // and compression ratio (as declared; the inflated bytes are held to the declared size as they come).
  let count = 0;
  let total = 0;
  const wanted: Partial<Record<'bed' | 'bim' | 'fam', ZipEntry>> = {};
  for (const f of entries) {
    count++;
    if (count > ZIP_LIMITS.entries) throw reject(`more than ${ZIP_LIMITS.entries} entries`);
    const name = f.name.replace(/\\/g, '/');
    if (name.startsWith('/') || /^[A-Za-z]:/.test(name) || name.split('/').includes('..')) throw reject(`unsafe path ${f.name}`);
    if (name.endsWith('/') || name.startsWith('__MACOSX/')) continue;
    total += f.size;
    if (total > ZIP_LIMITS.totalBytes) throw reject('unpacked size over the limit');
    if (f.compressedSize > 0 && f.size / f.compressedSize > ZIP_LIMITS.ratio) throw reject(`compression ratio of ${f.name} over ${ZIP_LIMITS.ratio}`);
    const ext = name.slice(name.lastIndexOf('.') + 1).toLowerCase();
    if (ext === 'bed' || ext === 'bim' || ext === 'fam') {
      if (wanted[ext]) throw reject(`more than one .${ext} file`);
      if (/\s/.test(name)) throw new GsError('FILE_NAME_HAS_SPACE', { file: name, rule: 'file names have no spaces' });
      if (f.flags & 1) throw reject(`${f.name} is encrypted`);
      if (f.method !== 0 && f.method !== 8) throw reject(`${f.name} uses an unsupported compression (${f.method})`);
      if (f.localOffset + f.compressedSize > fileSize) throw unreadable(new Error(`${f.name} lies outside the file`));
      wanted[ext] = f;
    }
  }
  for (const ext of ['bed', 'bim', 'fam'] as const) if (!wanted[ext]) throw reject(`no .${ext} file`);
  const part = (entry: ZipEntry): Part => ({
    name: `${file}:${entry.name}`,
    size: entry.size,
    *blocks() {
      const zfd = openSync(path, 'r');
      try {
        const local = readAt(zfd, 30, entry.localOffset);
        if (local.readUInt32LE(0) !== 0x04034b50) throw new ZipFormatError(`bad local header of ${entry.name}`);
        let at = entry.localOffset + 30 + local.readUInt16LE(26) + local.readUInt16LE(28);
        const end = at + entry.compressedSize;
        if (end > fileSize) throw new ZipFormatError(`${entry.name} lies outside the file`);
        let out = 0;
        // Inflated blocks (fresh arrays from fflate) wait here until they are pulled.
        const queue: Uint8Array[] = [];
        const emit = (chunk: Uint8Array) => {
          out += chunk.length;
          if (out > entry.size) throw reject(`${entry.name} unpacks to more than its declared ${entry.size} bytes`);
          if (chunk.length) queue.push(chunk);
        };
        const inflate = entry.method === 8 ? new Inflate((chunk) => emit(chunk)) : undefined;
        const buf = new Uint8Array(BLOCK);
        while (at < end) {
          const want = Math.min(BLOCK, end - at);
          const got = readSync(zfd, buf, 0, want, at);
          if (got <= 0) throw new ZipFormatError('unexpected end of file');
          at += got;
          if (inflate) inflate.push(buf.subarray(0, got), at >= end);
          else emit(buf.subarray(0, got));
          while (queue.length) yield queue.shift()!;
        }
        if (out !== entry.size) throw reject(`${entry.name} unpacks to ${out} bytes, not its declared ${entry.size}`);
      } catch (err) {
        if (err instanceof GsError) throw err;
        throw unreadable(err);
      } finally {
        closeSync(zfd);
      }
    },
  });
  return { bed: part(wanted.bed!), bim: part(wanted.bim!), fam: part(wanted.fam!) };
}

// ---- .fam and .bim, line by line ---------------------------------------------------------------------

/**
 * Calls `onLine` for each non-blank line of a part as its blocks arrive (1-based numbers counting blank
 * lines too; a UTF-8 byte-order mark and CR line ends dropped), as `lines()` does for a whole buffer.
 */
function eachLine(part: Part, onLine: (line: string, lineNo: number) => void): void {
  let carry: Buffer | null = null;
  let lineNo = 0;
  let first = true;
  const emit = (buf: Buffer, start: number, end: number) => {
    lineNo++;
    const stop = end > start && buf[end - 1] === 13 ? end - 1 : end;
    const line = buf.toString('utf8', start, stop);
    if (line.trim() !== '') onLine(line, lineNo);
  };
  for (const chunk of part.blocks()) {
    let buf = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.length);
    if (carry) {
      buf = Buffer.concat([carry, buf]);
      carry = null;
    }
    let start = 0;
    if (first) {
      if (buf.length < 3) {
        carry = Buffer.from(buf);
        continue;
      }
      first = false;
      if (buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf) start = 3;
    }
    for (;;) {
      const end = buf.indexOf(10, start);
      if (end < 0) break;
      emit(buf, start, end);
      start = end + 1;
    }
    // The unfinished last line waits for the next block (copied: the block buffer is reused).
    if (start < buf.length) carry = Buffer.from(buf.subarray(start));
  }
  if (carry) {
    const rest: Buffer = carry;
    let start = first && rest.length >= 3 && rest[0] === 0xef && rest[1] === 0xbb && rest[2] === 0xbf ? 3 : 0;
    while (start < rest.length) {
      let end = rest.indexOf(10, start);
      if (end < 0) end = rest.length;
      emit(rest, start, end);
      start = end + 1;
    }
  }
}

/**
 * `line.trim().split(/\s+/)` for a line that is not blank, without a regular expression for ASCII lines
 * (a .bim has a line per marker); any other line goes through the expression itself.
 */
function splitFields(line: string): string[] {
  const out: string[] = [];
  const length = line.length;
  let i = 0;
  while (i < length) {
    let c = line.charCodeAt(i);
    if (c > 127) return line.trim().split(/\s+/);
    if (c === 32 || (c >= 9 && c <= 13)) {
      i++;
      continue;
    }
    const start = i;
    while (i < length) {
      c = line.charCodeAt(i);
      if (c > 127) return line.trim().split(/\s+/);
      if (c === 32 || (c >= 9 && c <= 13)) break;
      i++;
    }
    out.push(line.slice(start, i));
  }
  return out;
}

function readFam(part: Part): string[] {
  const samples: string[] = [];
  const seen = new Set<string>();
  eachLine(part, (line, lineNo) => {
    const f = splitFields(line);
    if (f.length < 6)
      throw new GsError('FILE_FORMAT_INVALID', { file: part.name, line: lineNo, rule: '.fam has 6 columns', params: { detail: `${f.length} columns` } });
    const id = f[1];
    checkSampleCode(id, part.name, lineNo);
    if (seen.has(id)) throw new GsError('DUPLICATE_SAMPLE', { file: part.name, line: lineNo, rule: 'sample codes are unique', params: { code: id } });
    seen.add(id);
    samples.push(id);
  });
  return samples;
}

function readBim(part: Part, full: boolean): PlinkMap {
  const map: PlinkMap = { names: [], chr: [], pos: [], a1: [], a2: [] };
  const names = new Set<string>();
  eachLine(part, (line, lineNo) => {
    const f = splitFields(line);
    if (f.length < 6)
      throw new GsError('FILE_FORMAT_INVALID', { file: part.name, line: lineNo, rule: '.bim has 6 columns', params: { detail: `${f.length} columns` } });
    if (names.has(f[1])) throw new GsError('DUPLICATE_MARKER', { file: part.name, line: lineNo, rule: 'marker names are unique', params: { code: f[1] } });
    names.add(f[1]);
    map.names.push(f[1]);
    if (full) {
      map.chr.push(f[0]);
      map.pos.push(Number(f[3]) || 0);
      map.a1.push(f[4]);
      map.a2.push(f[5]);
    }
    if (map.names.length > MAX_SNP) {
      throw new GsError('SNP_LIMIT_EXCEEDED', {
        file: part.name,
        line: lineNo,
        rule: `at most ${MAX_SNP} SNP loci`,
        params: { count: `more than ${MAX_SNP}`, max: MAX_SNP },
      });
    }
  });
  return map;
}

// ---- .bed, block by block into the matrix -------------------------------------------------------------

/**
 * The body of a .bed of n samples x m markers (the bytes after its 3-byte header), block by block as it
 * streams in, once the magic bytes and the size (known before a byte is read: the file size, or the
 * archive's declared size) are checked; a body that ends short is refused at its end.
 */
function* bedBody(part: Part, n: number, m: number): Generator<Uint8Array, void, undefined> {
  const stride = Math.ceil(n / 4);
  const expected = 3 + stride * m;
  const invalid = (rule: string, detail: string) => new GsError('FILE_FORMAT_INVALID', { file: part.name, line: 1, rule, params: { detail } });
  const header: number[] = [];
  const checkHeader = () => {
    if (header.length < 3 || header[0] !== 0x6c || header[1] !== 0x1b) return invalid('PLINK 1 .bed magic bytes', 'not a PLINK .bed file');
    if (header[2] !== 0x01) return invalid('SNP-major .bed', 'individual-major .bed is not supported');
    return null;
  };
  const sizeError = () => invalid('.bed size matches .bim and .fam', `${part.size} bytes, expected ${expected}`);
  if (part.size < 3) throw checkHeader()!;
  const bodyBytes = stride * m;
  let p = 0; // body bytes passed on so far
  let sizeChecked = false;
  for (const chunk of part.blocks()) {
    let k = 0;
    while (header.length < 3 && k < chunk.length) header.push(chunk[k++]);
    if (header.length < 3) continue;
    if (!sizeChecked) {
      const bad = checkHeader();
      if (bad) throw bad;
      if (part.size !== expected) throw sizeError();
      sizeChecked = true;
    }
    if (p + (chunk.length - k) > bodyBytes) throw sizeError();
    if (k === chunk.length) continue;
    p += chunk.length - k;
    yield k === 0 ? chunk : chunk.subarray(k);
  }
  if (header.length < 3) throw checkHeader()!;
  if (p !== bodyBytes) throw sizeError();
}

/**
 * Decodes the .bed of n samples x m markers block by block as it streams in. With `window` = m the
 * target is the whole genotype matrix (returned); with a smaller window, markers are decoded into a ring
 * of `window` markers and each is handed to `visit` as soon as it is complete (then overwritten).
 */
function readBed(part: Part, n: number, m: number, window = m, visit?: (j: number, codes: Int8Array) => void): Int8Array {
  const stride = Math.ceil(n / 4);
  const w = Math.max(1, Math.min(window, m));
  const codes = new Int8Array(n * w);
  // Whole bytes are decoded four codes at a time through a 32-bit view when every marker's first code
  // is 4-byte aligned (n a multiple of 4, little-endian host): then body byte p is word p of the ring.
  // Otherwise byte by byte, at marker p / stride, sample 4 (p % stride).
  const words = n % 4 === 0 && LITTLE_ENDIAN ? new Int32Array(codes.buffer, codes.byteOffset, (n * w) / 4) : undefined;
  const ringBytes = stride * w;
  let p = 0; // body bytes decoded so far
  let visited = 0; // markers handed to `visit`
  for (const chunk of bedBody(part, n, m)) {
    let k = 0;
    while (k < chunk.length) {
      // Never past the end of the ring before its completed markers are visited.
      const r0 = p % ringBytes;
      const len = Math.min(chunk.length - k, ringBytes - r0);
      if (words) {
        for (let q = 0; q < len; q++) words[r0 + q] = DECODE4[chunk[k + q]];
        k += len;
        p += len;
      } else {
        const end = k + len;
        while (k < end) {
          const j = Math.floor(p / stride);
          const b0 = p - j * stride;
          const take = Math.min(end - k, stride - b0);
          const dst = (j % w) * n;
          for (let q = 0; q < take; q++) {
            const t = chunk[k + q] * 4;
            const i = (b0 + q) * 4;
            const lim = Math.min(4, n - i);
            for (let r = 0; r < lim; r++) codes[dst + i + r] = DECODE[t + r];
          }
          k += take;
          p += take;
        }
      }
      if (visit) {
        const done = Math.floor(p / stride);
        for (; visited < done; visited++) visit(visited, codes.subarray((visited % w) * n, (visited % w) * n + n));
      }
    }
  }
  return codes;
}

/**
 * A PLINK set opened for streaming its genotypes as the .bed packs them: per marker `stride` bytes, four
 * samples a byte, two bits each (00 two copies of A1, 01 missing, 10 one, 11 none; unused high bits of a
 * marker's last byte are padding).
 */
export interface PackedPlink {
  samples: string[];
  markers: string[];
  /** Bytes per marker, ceil(n / 4). */
  stride: number;
  /**
   * Copies the packed bytes of the next markers, as many whole markers as fit, into `dst`; returns how
   * many (0 at the end, once the whole .bed has been read and checked).
   */
  read(dst: Uint8Array): number;
  /** Closes the files when the reading stops before the end. */
  close(): void;
}

/**
 * Opens a PLINK set (prefix or .zip) for reading its .bed in packed form, block by block: the .fam and
 * .bim are read at once, the .bed as the caller pulls (no genotype matrix is built).
 */
export function openPlinkPacked(path: string): PackedPlink {
  const parts = openParts(path);
  const samples = readFam(parts.fam);
  const markers = readBim(parts.bim, false).names;
  const stride = Math.ceil(samples.length / 4);
  const body = bedBody(parts.bed, samples.length, markers.length);
  let chunk: Uint8Array = new Uint8Array(0);
  let k = 0;
  let ended = false;
  return {
    samples,
    markers,
    stride,
    read(dst) {
      const want = Math.floor(dst.length / Math.max(1, stride)) * stride;
      let got = 0;
      while (got < want && !ended) {
        if (k === chunk.length) {
          const next = body.next();
          if (next.done) ended = true;
          else {
            chunk = next.value;
            k = 0;
          }
          continue;
        }
        // Copied out before the next block is pulled (the file's block buffer is reused).
        const take = Math.min(want - got, chunk.length - k);
        dst.set(chunk.subarray(k, k + take), got);
        got += take;
        k += take;
      }
      return stride === 0 ? 0 : got / stride;
    },
    close() {
      body.return();
    },
  };
}

/**
 * Streams a PLINK set (prefix or .zip) marker by marker without building the genotype matrix: the
 * samples and the .bim's map are returned, and `visit(j, codes)` sees marker j's n allele counts (a
 * view into a small ring buffer, valid during the call). Memory stays at a few MB whatever the size.
 */
export function scanPlink(path: string, visit: (j: number, codes: Int8Array) => void): { samples: string[]; map: PlinkMap } {
  const parts = openParts(path);
  const samples = readFam(parts.fam);
  const map = readBim(parts.bim, true);
  const n = samples.length;
  readBed(parts.bed, n, map.names.length, Math.max(1, Math.floor((4 << 20) / Math.max(1, n))), visit);
  return { samples, map };
}

/** Encodes genotypes as PLINK 1 .bed bytes (SNP-major), the inverse of the reader; used for exports and tests. */
export function encodeBed(g: Genotypes): Uint8Array {
  const n = g.samples.length;
  const m = g.markers.length;
  const stride = Math.ceil(n / 4);
  const out = new Uint8Array(3 + stride * m);
  out.set([0x6c, 0x1b, 0x01]);
  const bits = (c: number) => (c === 2 ? 0 : c === 1 ? 2 : c === 0 ? 3 : 1);
  for (let j = 0; j < m; j++) {
    for (let i = 0; i < n; i++) out[3 + j * stride + (i >> 2)] |= bits(g.codes[j * n + i]) << (2 * (i & 3));
  }
  return out;
}
