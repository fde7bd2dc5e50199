import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { unzipSync, zipSync, type Zippable } from 'fflate';
import { describe, expect, it } from 'vitest';
import { GsError } from '../errors.js';
import type { Genotypes } from '../genotype.js';
import { Rng } from '../random.js';
import { testData } from '../test/fixtures.js';
import { encodeBed, openPlinkPacked, readPlink, readPlinkMap, scanPlink } from './plink.js';

// The streamed reader (central directory, entries inflated block by block, .bed decoded in blocks into
// the matrix) against the whole-buffer decoding it replaced, on panels larger than one 1 MiB block.

const dir = mkdtempSync(join(tmpdir(), 'gs-plink-stream-'));
const write = (name: string, bytes: Uint8Array | string) => {
  const path = join(dir, name);
  writeFileSync(path, bytes);
  return path;
};

function caught(f: () => unknown): GsError {
  try {
    f();
  } catch (err) {
    if (err instanceof GsError) return err;
    throw err;
  }
  throw new Error('expected a GsError');
}

function panel(n: number, m: number, seed = 7): Genotypes {
  const rng = new Rng(seed);
  const codes = new Int8Array(n * m);
  for (let x = 0; x < codes.length; x++) {
    const u = rng.uniform();
    codes[x] = u < 0.02 ? -1 : u < 0.35 ? 0 : u < 0.7 ? 1 : 2;
  }
  return { samples: Array.from({ length: n }, (_, i) => `S${i + 1}`), markers: Array.from({ length: m }, (_, j) => `snp_${j + 1}`), codes };
}

const bimText = (g: Genotypes, eol = '\n') => g.markers.map((name, j) => `${1 + (j % 7)}\t${name}\t0\t${1000 + j}\tA\tG`).join(eol) + eol;
const famText = (g: Genotypes, eol = '\n') => g.samples.map((s) => `F ${s} 0 0 0 -9`).join(eol) + eol;

/** Same samples, markers and codes (the codes compared as bytes: element-wise equality is slow on millions). */
function expectSame(actual: Genotypes, expected: Genotypes, label = '') {
  expect(actual.samples, label).toEqual(expected.samples);
  expect(actual.markers, label).toEqual(expected.markers);
  expect(actual.codes.length, label).toBe(expected.codes.length);
  expect(
    Buffer.from(actual.codes.buffer, actual.codes.byteOffset, actual.codes.length).equals(
      Buffer.from(expected.codes.buffer, expected.codes.byteOffset, expected.codes.length),
    ),
    label,
  ).toBe(true);
}

/** The reference: the whole .bed decoded at once, as the reader did before streaming. */
function wholeDecode(bed: Uint8Array, n: number, m: number): Int8Array {
  const stride = Math.ceil(n / 4);
  const out = new Int8Array(n * m);
  const code = [2, -1, 1, 0];
  for (let j = 0; j < m; j++) for (let i = 0; i < n; i++) out[j * n + i] = code[(bed[3 + j * stride + (i >> 2)] >> (2 * (i & 3))) & 3];
  return out;
}

describe('streamed PLINK reader', () => {
  it('reads multi-block panels from a prefix and from .zip archives in any entry order, stored or deflated', () => {
    // 401 samples (partial last byte, byte-wise path) and 400 (whole words); .bed of 1.2 MB, .bim of
    // more than one block, so every part crosses block boundaries.
    for (const n of [401, 400]) {
      const m = 12_000 + (n % 4);
      const g = panel(n, m, n);
      const bed = encodeBed(g);
      const bim = Buffer.from(bimText(g));
      const fam = Buffer.from(famText(g));
      expect(bed.length).toBeGreaterThan(1 << 20);
      const prefix = join(dir, `p${n}`);
      writeFileSync(`${prefix}.bed`, bed);
      writeFileSync(`${prefix}.bim`, bim);
      writeFileSync(`${prefix}.fam`, fam);
      const expected = { samples: g.samples, markers: g.markers, codes: wholeDecode(bed, n, m) };
      expectSame(expected, g);
      expectSame(readPlink(prefix), expected);
      const orders: Array<[string, Zippable]> = [
        ['bed-first', { 'x.bed': bed, 'x.bim': bim, 'x.fam': fam }],
        ['bed-last', { 'd/x.fam': fam, 'd/x.bim': bim, 'd/x.bed': bed }],
        ['stored', { 'x.bim': [bim, { level: 0 }], 'x.bed': [bed, { level: 0 }], 'x.fam': [fam, { level: 0 }] }],
      ];
      for (const [label, entries] of orders) {
        const zip = write(`p${n}-${label}.zip`, zipSync(entries));
        expectSame(readPlink(zip), expected, label);
      }
      // Marker by marker through a ring of about 4 MB / n markers (10,000 here: it wraps once).
      const seen = new Int8Array(n * m);
      let next = 0;
      const scanned = scanPlink(join(dir, `p${n}-bed-first.zip`), (j, codes) => {
        expect(j).toBe(next++);
        seen.set(codes, j * n);
      });
      expect(next).toBe(m);
      expect(scanned.map.pos[m - 1]).toBe(1000 + m - 1);
      expectSame({ samples: scanned.samples, markers: scanned.map.names, codes: seen }, expected, 'scan');
    }
  });

  it('gives the same result as before on the fixtures, and the map of the .bim', () => {
    const a = readPlink(testData('plink/small.zip'));
    const entries = unzipSync(readFileSync(testData('plink/small.zip')));
    const bedName = Object.keys(entries).find((k) => k.endsWith('.bed'))!;
    expectSame(a, { ...a, codes: wholeDecode(entries[bedName], a.samples.length, a.markers.length) });
    const map = readPlinkMap(testData('plink/small.zip'));
    const lines = readFileSync(testData('plink/small.bim'), 'utf8').trim().split('\n');
    expect(map.names).toEqual(a.markers);
    expect(map.chr[5]).toBe(lines[5].split(/\s+/)[0]);
    expect(map.pos[5]).toBe(Number(lines[5].split(/\s+/)[3]));
    expect(map.a1[5]).toBe(lines[5].split(/\s+/)[4]);
  });

  it('reads CRLF lines, a byte-order mark and blank lines across blocks, and reports line numbers across them', () => {
    const g = panel(8, 60_000);
    const bom = Buffer.from([0xef, 0xbb, 0xbf]);
    const bim = Buffer.concat([bom, Buffer.from(bimText(g, '\r\n').replace('\r\nsnp', '\r\n\r\nsnp'))]);
    expect(bim.length).toBeGreaterThan(1 << 20);
    const zip = write('crlf.zip', zipSync({ 'c.bed': encodeBed(g), 'c.bim': bim, 'c.fam': Buffer.from(famText(g, '\r\n')) }));
    expectSame(readPlink(zip), g);
    // A duplicate marker far past the first block: the line counts the blank line too.
    const dupNames = g.markers.slice();
    dupNames[50_000] = dupNames[10];
    const dupBim = Buffer.from(bimText({ ...g, markers: dupNames }));
    const dup = write('dup.zip', zipSync({ 'c.bed': encodeBed(g), 'c.bim': dupBim, 'c.fam': Buffer.from(famText(g)) }));
    const err = caught(() => readPlink(dup));
    expect(err.code).toBe('DUPLICATE_MARKER');
    expect(err.line).toBe(50_001);
    expect(err.file).toBe('dup.zip:c.bim');
  });

  it('hands out the packed .bed marker by marker, in blocks of any size, with the same checks', () => {
    const g = panel(1001, 3000, 3);
    const bed = encodeBed(g);
    write('pk.bed', bed);
    write('pk.bim', bimText(g));
    write('pk.fam', famText(g));
    const src = openPlinkPacked(join(dir, 'pk'));
    expect(src.stride).toBe(251);
    expect(src.markers).toEqual(g.markers);
    const got: Uint8Array[] = [];
    for (const size of [1, 2500, 7 * 251 + 3, 1 << 20]) {
      const dst = new Uint8Array(size);
      const k = src.read(dst);
      got.push(dst.slice(0, k * 251));
    }
    expect(src.read(new Uint8Array(251))).toBe(0);
    expect(Buffer.concat(got).equals(Buffer.from(bed.subarray(3)))).toBe(true);
    write('pk.bed', bed.subarray(0, bed.length - 1));
    const short = openPlinkPacked(join(dir, 'pk'));
    expect(caught(() => short.read(new Uint8Array(1 << 20))).code).toBe('FILE_FORMAT_INVALID');
  });

  it('splits .fam and .bim fields on any run of whitespace, non-ASCII lines included', () => {
    const g = panel(3, 4);
    const bim =
      ['  1\tsnp_1  0 1000\tA G\t', '1 snp_é 0\u000b1001 A G', '2\u00a0snp_3\u00a00\u00a01002\u00a0A\u00a0G', '2 snp_4 0 1003 A G \r'].join('\n') + '\n';
    const fam = ['F  S1\t0 0  0 -9', '\tF S2 0 0 0 -9  ', 'F S3 0 0 0 -9'].join('\n') + '\n';
    write('ws.bed', encodeBed(g));
    write('ws.bim', bim);
    write('ws.fam', fam);
    const map = readPlinkMap(join(dir, 'ws'));
    expect(map.names).toEqual(['snp_1', 'snp_é', 'snp_3', 'snp_4']);
    expect(map.pos).toEqual([1000, 1001, 1002, 1003]);
    expect(map.a2).toEqual(['G', 'G', 'G', 'G']);
    expect(readPlink(join(dir, 'ws')).samples).toEqual(['S1', 'S2', 'S3']);
  });

  it('keeps the refusals: size mismatch, magic bytes, ratio, entry count, lying sizes, unsafe paths', () => {
    const g = panel(10, 50);
    const bed = encodeBed(g);
    const bim = Buffer.from(bimText(g));
    const fam = Buffer.from(famText(g));
    const short = caught(() => readPlink(write('short.zip', zipSync({ 'a.bed': bed.subarray(0, bed.length - 1), 'a.bim': bim, 'a.fam': fam }))));
    expect(short.code).toBe('FILE_FORMAT_INVALID');
    expect(short.params.detail).toBe(`${bed.length - 1} bytes, expected ${bed.length}`);
    const longer = caught(() => readPlink(write('long.zip', zipSync({ 'a.bed': Buffer.concat([bed, Buffer.alloc(3)]), 'a.bim': bim, 'a.fam': fam }))));
    expect(longer.rule).toBe('.bed size matches .bim and .fam');
    const magic = caught(() => readPlink(write('magic.zip', zipSync({ 'a.bed': Buffer.from('hello world'), 'a.bim': bim, 'a.fam': fam }))));
    expect(magic.rule).toBe('PLINK 1 .bed magic bytes');
    const bomb = caught(() => readPlink(write('bomb.zip', zipSync({ 'a.bed': bed, 'a.bim': bim, 'a.fam': fam, 'pad.txt': new Uint8Array(20 << 20) }))));
    expect(bomb.code).toBe('ZIP_CONTENT_INVALID');
    expect(bomb.params.detail).toContain('compression ratio of pad.txt');
    const many: Zippable = { 'a.bed': bed, 'a.bim': bim, 'a.fam': fam };
    for (let i = 0; i < 20; i++) many[`extra${i}.txt`] = Buffer.from('x');
    expect(caught(() => readPlink(write('many.zip', zipSync(many)))).params.detail).toContain('more than 16 entries');
    expect(caught(() => readPlink(write('two.zip', zipSync({ 'a.bed': bed, 'b/a.bed': bed, 'a.bim': bim, 'a.fam': fam })))).params.detail).toContain(
      'more than one .bed',
    );
    expect(caught(() => readPlink(write('space.zip', zipSync({ 'a b.bed': bed, 'a.bim': bim, 'a.fam': fam })))).code).toBe('FILE_NAME_HAS_SPACE');
    expect(caught(() => readPlink(write('slip.zip', zipSync({ 'a.bed': bed, 'a.bim': bim, 'a/../../a.fam': fam })))).params.detail).toContain('unsafe path');
    // A directory that declares the .fam smaller than it unpacks: stopped as the bytes come.
    const lying = Buffer.from(zipSync({ 'a.bed': bed, 'a.bim': bim, 'a.fam': fam }));
    const cd = lying.lastIndexOf(Buffer.concat([Buffer.from([0x50, 0x4b, 0x01, 0x02])]), lying.lastIndexOf(Buffer.from('a.fam')));
    lying.writeUInt32LE(10, cd + 24);
    const lie = caught(() => readPlink(write('lie.zip', lying)));
    expect(lie.code).toBe('ZIP_CONTENT_INVALID');
    expect(lie.params.detail).toContain('more than its declared 10 bytes');
    // A truncated archive (no central directory).
    expect(caught(() => readPlink(write('cut.zip', lying.subarray(0, lying.length - 30)))).params.detail).toContain('not a readable zip archive');
  });
});
