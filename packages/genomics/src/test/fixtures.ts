import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import type { Genotypes } from '../genotype.js';
import { Rng } from '../random.js';

/** Absolute path of a file under packages/genomics/test-data. */
export function testData(rel: string): string {
  return fileURLToPath(new URL(`../../test-data/${rel}`, import.meta.url));
}

/** Rows of a small reference CSV (quotes stripped), header first. */
export function readRefCsv(rel: string): string[][] {
  let buf = readFileSync(testData(rel));
  if (buf[0] === 0x1f && buf[1] === 0x8b) buf = gunzipSync(buf);
  return buf
    .toString('utf8')
    .trim()
    .split('\n')
    .map((l) =>
      l
        .replace(/\r$/, '')
        .split(',')
        .map((c) => c.replace(/^"|"$/g, '')),
    );
}

/** Relative error of a against the reference b. */
export function relErr(a: number, b: number): number {
  return Math.abs(a - b) / Math.abs(b);
}

/** Random allele counts with per-marker frequencies in [0.05, 0.95] and a share of missing calls. */
export function randomGenotypes(n: number, m: number, missing: number, seed: number): Genotypes {
  const rng = new Rng(seed);
  const codes = new Int8Array(n * m);
  for (let j = 0; j < m; j++) {
    const p = 0.05 + 0.9 * rng.uniform();
    for (let i = 0; i < n; i++) {
      codes[j * n + i] = rng.uniform() < missing ? -1 : (rng.uniform() < p ? 1 : 0) + (rng.uniform() < p ? 1 : 0);
    }
  }
  return { samples: Array.from({ length: n }, (_, i) => `s${i}`), markers: Array.from({ length: m }, (_, j) => `m${j}`), codes };
}
