import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { qcGenotypes } from './genotype.js';
import { readPlink } from './io/plink.js';
import { gaussianKernel, markerDistances, standardizedGrm, vanRadenG } from './relationship.js';
import { randomGenotypes, testData } from './test/fixtures.js';

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
