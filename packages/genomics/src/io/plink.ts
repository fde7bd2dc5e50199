import { existsSync, readFileSync, statSync } from 'node:fs';
import { unzipSync } from 'fflate';
import { GsError, MAX_SNP } from '../errors.js';
import type { Genotypes } from '../genotype.js';
import { checkFileName, checkSampleCode, displayName, lines } from './text.js';

/** Archive limits: entries, total unpacked size and compression ratio, as the platform's file rules ask. */
export const ZIP_LIMITS = { entries: 16, totalBytes: 4 * 1024 ** 3, ratio: 200 } as const;

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

interface PlinkParts {
  bed: Uint8Array;
  bim: Buffer;
  fam: Buffer;
  names: { bed: string; bim: string; fam: string };
}

/**
 * Reads PLINK 1 binary genotypes (.bed/.bim/.fam) from a path prefix (with or without an extension) or
 * from a .zip holding the three files (the spec's upload format). Genotypes count the A1 allele of the
 * .bim file; samples are the .fam IIDs.
 */
export function readPlink(path: string): Genotypes {
  return parsePlink(path.toLowerCase().endsWith('.zip') ? partsFromZip(path) : partsFromPrefix(path));
}

function partsFromPrefix(path: string): PlinkParts {
  const prefix = path.replace(/\.(bed|bim|fam)$/i, '');
  const names = { bed: `${prefix}.bed`, bim: `${prefix}.bim`, fam: `${prefix}.fam` };
  for (const f of Object.values(names)) {
    checkFileName(f);
    if (!existsSync(f) || !statSync(f).isFile()) throw new GsError('FILE_NOT_FOUND', { file: displayName(f), rule: 'PLINK needs .bed, .bim and .fam' });
  }
  return {
    bed: readFileSync(names.bed),
    bim: readFileSync(names.bim),
    fam: readFileSync(names.fam),
    names: { bed: displayName(names.bed), bim: displayName(names.bim), fam: displayName(names.fam) },
  };
}

function partsFromZip(path: string): PlinkParts {
  checkFileName(path);
  const file = displayName(path);
  if (!existsSync(path)) throw new GsError('FILE_NOT_FOUND', { file, rule: 'file must exist' });
  const raw = readFileSync(path);
  let count = 0;
  let total = 0;
  const wanted: Record<string, string> = {};
  const reject = (detail: string) => new GsError('ZIP_CONTENT_INVALID', { file, rule: 'one .bed, .bim and .fam with safe paths', params: { detail } });
  let entries: Record<string, Uint8Array>;
  try {
    entries = unzipSync(raw, {
      filter: (f) => {
        count++;
        if (count > ZIP_LIMITS.entries) throw reject(`more than ${ZIP_LIMITS.entries} entries`);
        const name = f.name.replace(/\\/g, '/');
        if (name.startsWith('/') || /^[A-Za-z]:/.test(name) || name.split('/').includes('..')) throw reject(`unsafe path ${f.name}`);
        if (name.endsWith('/') || name.startsWith('__MACOSX/')) return false;
        total += f.originalSize;
        if (total > ZIP_LIMITS.totalBytes) throw reject('unpacked size over the limit');
        if (f.size > 0 && f.originalSize / f.size > ZIP_LIMITS.ratio) throw reject(`compression ratio of ${f.name} over ${ZIP_LIMITS.ratio}`);
        const ext = name.slice(name.lastIndexOf('.') + 1).toLowerCase();
        if (ext === 'bed' || ext === 'bim' || ext === 'fam') {
          if (wanted[ext]) throw reject(`more than one .${ext} file`);
          if (/\s/.test(name)) throw new GsError('FILE_NAME_HAS_SPACE', { file: name, rule: 'file names have no spaces' });
          wanted[ext] = f.name;
          return true;
        }
        return false;
      },
    });
  } catch (err) {
    if (err instanceof GsError) throw err;
    throw reject(`not a readable zip archive (${(err as Error).message})`);
  }
  for (const ext of ['bed', 'bim', 'fam']) if (!wanted[ext]) throw reject(`no .${ext} file`);
  return {
    bed: entries[wanted.bed],
    bim: Buffer.from(entries[wanted.bim]),
    fam: Buffer.from(entries[wanted.fam]),
    names: { bed: `${file}:${wanted.bed}`, bim: `${file}:${wanted.bim}`, fam: `${file}:${wanted.fam}` },
  };
}

function parsePlink(parts: PlinkParts): Genotypes {
  const samples: string[] = [];
  const seen = new Set<string>();
  for (const [line, lineNo] of lines(parts.fam)) {
    const f = line.trim().split(/\s+/);
    if (f.length < 6)
      throw new GsError('FILE_FORMAT_INVALID', { file: parts.names.fam, line: lineNo, rule: '.fam has 6 columns', params: { detail: `${f.length} columns` } });
    const id = f[1];
    checkSampleCode(id, parts.names.fam, lineNo);
    if (seen.has(id)) throw new GsError('DUPLICATE_SAMPLE', { file: parts.names.fam, line: lineNo, rule: 'sample codes are unique', params: { code: id } });
    seen.add(id);
    samples.push(id);
  }
  const markers: string[] = [];
  const names = new Set<string>();
  for (const [line, lineNo] of lines(parts.bim)) {
    const f = line.trim().split(/\s+/);
    if (f.length < 6)
      throw new GsError('FILE_FORMAT_INVALID', { file: parts.names.bim, line: lineNo, rule: '.bim has 6 columns', params: { detail: `${f.length} columns` } });
    if (names.has(f[1]))
      throw new GsError('DUPLICATE_MARKER', { file: parts.names.bim, line: lineNo, rule: 'marker names are unique', params: { code: f[1] } });
    names.add(f[1]);
    markers.push(f[1]);
    if (markers.length > MAX_SNP) {
      throw new GsError('SNP_LIMIT_EXCEEDED', {
        file: parts.names.bim,
        line: lineNo,
        rule: `at most ${MAX_SNP} SNP loci`,
        params: { count: `more than ${MAX_SNP}`, max: MAX_SNP },
      });
    }
  }
  const n = samples.length;
  const m = markers.length;
  const bed = parts.bed;
  const stride = Math.ceil(n / 4);
  if (bed.length < 3 || bed[0] !== 0x6c || bed[1] !== 0x1b) {
    throw new GsError('FILE_FORMAT_INVALID', { file: parts.names.bed, line: 1, rule: 'PLINK 1 .bed magic bytes', params: { detail: 'not a PLINK .bed file' } });
  }
  if (bed[2] !== 0x01)
    throw new GsError('FILE_FORMAT_INVALID', {
      file: parts.names.bed,
      line: 1,
      rule: 'SNP-major .bed',
      params: { detail: 'individual-major .bed is not supported' },
    });
  if (bed.length !== 3 + stride * m) {
    throw new GsError('FILE_FORMAT_INVALID', {
      file: parts.names.bed,
      line: 1,
      rule: '.bed size matches .bim and .fam',
      params: { detail: `${bed.length} bytes, expected ${3 + stride * m}` },
    });
  }
  const codes = new Int8Array(n * m);
  // Whole bytes are decoded four codes at a time through a 32-bit view when every marker's first code
  // is 4-byte aligned (n a multiple of 4, little-endian host); the rest byte by byte.
  const words = n % 4 === 0 && LITTLE_ENDIAN ? new Int32Array(codes.buffer, codes.byteOffset, (n * m) / 4) : undefined;
  for (let j = 0; j < m; j++) {
    const src = 3 + j * stride;
    const dst = j * n;
    if (words) {
      const w0 = dst / 4;
      for (let b = 0; b < stride; b++) words[w0 + b] = DECODE4[bed[src + b]];
      continue;
    }
    for (let b = 0; b < stride; b++) {
      const t = bed[src + b] * 4;
      const i = b * 4;
      const lim = Math.min(4, n - i);
      for (let k = 0; k < lim; k++) codes[dst + i + k] = DECODE[t + k];
    }
  }
  return { samples, markers, codes };
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
