import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { qcGenotypes } from './genotype.js';
import { encodeBed, openPlinkPacked, readPlink } from './io/plink.js';
import { gaussianKernel, markerDistances, standardizedGrm, standardizedGrmStream, vanRadenG, type PackedGenotypeSource } from './relationship.js';
import { randomGenotypes, testData } from './test/fixtures.js';
import type { Genotypes } from './genotype.js';

/** PLINK's `--make-rel square bin` output: row-major float64 little-endian. */
function plinkRelBin(rel: string): Float64Array {
  const buf = readFileSync(testData(rel));
  return new Float64Array(buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.byteLength));
}

/** The definition in double precision, pair by pair: the slow reference for the kernels. */
function standardizedGrmReference(g: Genotypes): Float64Array {
  const n = g.samples.length;
  const m = g.markers.length;
  const out = new Float64Array(n * n);
  const count = new Float64Array(n * n);
  for (let j = 0; j < m; j++) {
    let sum = 0;
    let obs = 0;
    for (let i = 0; i < n; i++) {
      const v = g.codes[j * n + i];
      if (v >= 0) {
        sum += v;
        obs++;
      }
    }
    const p = sum / (2 * obs);
    if (obs === 0 || p === 0 || p === 1) continue;
    const z = (v: number) => (v - 2 * p) / Math.sqrt(2 * p * (1 - p));
    for (let i = 0; i < n; i++) {
      const a = g.codes[j * n + i];
      if (a < 0) continue;
      for (let l = 0; l < n; l++) {
        const b = g.codes[j * n + l];
        if (b < 0) continue;
        out[i * n + l] += z(a) * z(b);
        count[i * n + l]++;
      }
    }
  }
  for (let t = 0; t < n * n; t++) out[t] /= count[t];
  return out;
}

/** In-memory genotypes as a packed source that hands out at most `most` markers a read (block edges anywhere). */
function packedSource(g: Genotypes, most: number): PackedGenotypeSource {
  const n = g.samples.length;
  const stride = Math.ceil(n / 4);
  const body = encodeBed(g).subarray(3);
  let at = 0;
  return {
    samples: g.samples,
    markers: g.markers,
    stride,
    read(dst) {
      const count = Math.min(most, Math.floor(dst.length / stride), g.markers.length - at);
      dst.set(body.subarray(at * stride, (at + count) * stride));
      at += count;
      return count;
    },
  };
}

function maxAbsDiff(a: Float64Array, b: Float64Array): number {
  let d = 0;
  for (let t = 0; t < a.length; t++) d = Math.max(d, Math.abs(a[t] - b[t]));
  return d;
}

describe('relationship matrices', () => {
  it('standardised GRM equals PLINK 1.9 --make-rel square, missing calls included', async () => {
    const g = readPlink(testData('plink/small.zip'));
    const K = await standardizedGrm(g);
    const ref = readFileSync(testData('plink/small_ref.rel'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => l.split('\t').map(Number));
    const ids = readFileSync(testData('plink/small_ref.rel.id'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => l.split('\t')[1]);
    expect(K.ids).toEqual(ids);
    const n = ids.length;
    for (let i = 0; i < n; i++) {
      for (let l = 0; l < n; l++) {
        // PLINK prints six significant digits.
        expect(Math.abs(K.values[i * n + l] - ref[i][l])).toBeLessThan(5e-6 * Math.max(1, Math.abs(ref[i][l])));
      }
    }
  });

  it.each([
    ['plink/small.zip', 'plink/small_ref.rel.bin', '2% missing calls'],
    ['plink/nomiss.bed', 'plink/nomiss_ref.rel.bin', 'no missing calls'],
  ])('standardised GRM equals PLINK 1.9 --make-rel square bin to 1e-6 (%s, %s)', async (geno, ref) => {
    const g = readPlink(testData(geno));
    const expected = plinkRelBin(ref);
    expect(expected.length).toBe(g.samples.length ** 2);
    for (const fusedMultiplyAdd of [true, false]) {
      const K = await standardizedGrm(g, { fusedMultiplyAdd });
      expect(maxAbsDiff(K.values, expected)).toBeLessThan(1e-6);
    }
  });

  it('standardised GRM with many missing calls equals the pair-by-pair definition in double precision', async () => {
    // 130 samples (not a multiple of 4), 1,500 markers (three panels, the last partial), 8% missing, and
    // a marker missing everywhere but in two samples.
    const g = randomGenotypes(130, 1500, 0.08, 21);
    for (let i = 2; i < 130; i++) g.codes[700 * 130 + i] = -1;
    g.codes[700 * 130] = 0;
    g.codes[700 * 130 + 1] = 2;
    const expected = standardizedGrmReference(g);
    for (const fusedMultiplyAdd of [true, false]) {
      const K = await standardizedGrm(g, { fusedMultiplyAdd });
      expect(maxAbsDiff(K.values, expected)).toBeLessThan(1e-6);
    }
    const none = randomGenotypes(61, 900, 0, 5);
    expect(maxAbsDiff((await standardizedGrm(none)).values, standardizedGrmReference(none))).toBeLessThan(1e-6);
  });

  it('standardised GRM streamed from packed genotypes equals the in-memory path bit for bit, QC included', async () => {
    const cases: Array<[Genotypes, { maf?: number; callRate?: number }]> = [
      [readPlink(testData('plink/small.zip')), {}],
      [readPlink(testData('plink/nomiss.bed')), {}],
      [randomGenotypes(130, 1500, 0.08, 21), {}],
      [randomGenotypes(130, 1500, 0.08, 21), { maf: 0.2, callRate: 0.93 }],
      [randomGenotypes(61, 1100, 0, 5), {}],
    ];
    // Monomorphic, all-missing and singleton markers in the 130-sample sets (dropped or kept as qcGenotypes does).
    for (const [g] of cases.slice(2, 4)) {
      for (let i = 0; i < 130; i++) {
        g.codes[3 * 130 + i] = 2;
        g.codes[600 * 130 + i] = -1;
        g.codes[601 * 130 + i] = i === 7 ? 1 : 0;
      }
    }
    for (const [g, qc] of cases) {
      for (const fusedMultiplyAdd of [true, false]) {
        const expected = await standardizedGrm(qcGenotypes(g, qc).genotypes, { fusedMultiplyAdd });
        for (const most of [1, 97, 5000]) {
          const K = await standardizedGrmStream(packedSource(g, most), { ...qc, fusedMultiplyAdd });
          expect(K.ids).toEqual(g.samples);
          expect(Buffer.from(K.values.buffer).equals(Buffer.from(expected.values.buffer))).toBe(true);
        }
      }
    }
    // From the files themselves, as the CLI reads them.
    const fromZip = await standardizedGrmStream(openPlinkPacked(testData('plink/small.zip')));
    expect(maxAbsDiff(fromZip.values, plinkRelBin('plink/small_ref.rel.bin'))).toBeLessThan(1e-6);
    const mono = randomGenotypes(8, 3, 0, 1);
    mono.codes.fill(2);
    await expect(standardizedGrmStream(packedSource(mono, 10))).rejects.toThrow(/NO_MARKERS_LEFT|marker/i);
  });

  it('VanRaden G with missing calls: symmetric, centred rows, mean-imputation semantics', async () => {
    const g = randomGenotypes(50, 400, 0.03, 9);
    const K = await vanRadenG(g);
    const n = 50;
    for (let i = 0; i < n; i++) {
      let row = 0;
      for (let l = 0; l < n; l++) {
        row += K.values[i * n + l];
        expect(K.values[i * n + l]).toBe(K.values[l * n + i]);
      }
      expect(Math.abs(row)).toBeLessThan(1e-9);
    }
  });

  it('Gaussian kernel from distances scaled to [0, 1]', async () => {
    const g = { samples: ['a', 'b', 'c'], markers: ['m1', 'm2'], codes: Int8Array.from([0, 2, 0, 0, 2, 2]) };
    const D = await markerDistances(g);
    // a and b differ by 2 at both markers: D = sqrt(8 / 8) = 1; a and c at one marker: sqrt(4 / 8).
    expect(D[1]).toBeCloseTo(1, 12);
    expect(D[2]).toBeCloseTo(Math.sqrt(0.5), 12);
    const K = gaussianKernel(D, 3, 0.5);
    expect(K[0]).toBe(1);
    expect(K[1]).toBeCloseTo(Math.exp(-4), 12);
  });

  it('QC: call rate and MAF filters with counts', () => {
    const g = {
      samples: ['a', 'b', 'c', 'd'],
      markers: ['ok', 'rare', 'gappy', 'mono'],
      codes: Int8Array.from([0, 1, 2, 1, 0, 0, 0, 1, 0, -1, -1, 2, 2, 2, 2, 2]),
    };
    const { genotypes, report } = qcGenotypes(g, { maf: 0.2, callRate: 0.75 });
    expect(genotypes.markers).toEqual(['ok']);
    expect(report).toEqual({ samples: 4, markersIn: 4, markersOut: 1, removedCallRate: 1, removedMaf: 2, imputedCalls: 0 });
    expect(() => qcGenotypes(g, { maf: 0.6 })).toThrow(/maf/);
  });
});
