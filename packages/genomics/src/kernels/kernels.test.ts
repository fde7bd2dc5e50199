import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileKernels } from '../../scripts/compile-kernels.js';
import { alleleFrequencies } from '../genotype.js';
import { symmetricEigen } from '../linalg/eigen.js';
import { applyHouseholder, tridiagonalEigenvalues } from '../linalg/tridiagonal.js';
import { centredCrossProduct } from '../relationship.js';
import { Rng } from '../random.js';
import { randomGenotypes } from '../test/fixtures.js';
import { relaxedKernelModule, withKernels } from './pool.js';

function sectionIds(bytes: Uint8Array): number[] {
  const ids: number[] = [];
  let i = 8;
  while (i < bytes.length) {
    ids.push(bytes[i++]);
    let len = 0;
    let shift = 0;
    let b: number;
    do {
      b = bytes[i++];
      len |= (b & 127) << shift;
      shift += 7;
    } while (b & 128);
    i += len;
  }
  return ids;
}

describe('WebAssembly kernels', () => {
  it.each(['kernels', 'relaxed'] as const)('the committed %s.wasm is the compilation of assembly/%s.ts', async (which) => {
    const committed = readFileSync(new URL(`./${which}.wasm`, import.meta.url));
    const fresh = await compileKernels(which);
    expect(Buffer.compare(Buffer.from(fresh), committed)).toBe(0);
  });

  it.each(['kernels', 'relaxed'])('%s.wasm has no data segment, so a worker instantiating it cannot overwrite the shared heap', (which) => {
    const bytes = new Uint8Array(readFileSync(new URL(`./${which}.wasm`, import.meta.url)));
    expect(sectionIds(bytes)).not.toContain(11);
  });

  it('the relaxed-SIMD kernels load in this Node (the fused multiply-add GRM kernel is available)', async () => {
    expect(relaxedKernelModule()).not.toBeNull();
    expect(await withKernels((k) => k.has('syrkF32Fma'))).toBe(true);
  });

  it('integer cross-product equals the mean-imputed floating-point definition (odd n, missing calls)', async () => {
    for (const [n, m] of [
      [37, 300],
      [130, 700],
    ]) {
      const g = randomGenotypes(n, m, 0.05, n);
      const zz = await centredCrossProduct(g);
      const { p } = alleleFrequencies(g);
      let worst = 0;
      for (let i = 0; i < n; i++) {
        for (let l = 0; l <= i; l++) {
          let s = 0;
          for (let j = 0; j < m; j++) {
            const a = g.codes[j * n + i];
            const b = g.codes[j * n + l];
            s += (a >= 0 ? a - 2 * p[j] : 0) * (b >= 0 ? b - 2 * p[j] : 0);
          }
          worst = Math.max(worst, Math.abs(s - zz[i * n + l]), Math.abs(s - zz[l * n + i]));
        }
      }
      expect(worst).toBeLessThan(1e-9);
    }
  });

  it('tridiagonal reduction keeps the spectrum and Q reconstructs A', async () => {
    const n = 301;
    const rng = new Rng(3);
    const B = Float64Array.from({ length: n * n }, () => rng.normal());
    const A = new Float64Array(n * n);
    for (let i = 0; i < n; i++)
      for (let j = 0; j <= i; j++) {
        let s = 0;
        for (let k = 0; k < n; k++) s += B[i * n + k] * B[j * n + k];
        A[i * n + j] = s;
        A[j * n + i] = s;
      }
    const { d, e, tau, house } = await withKernels(async (k) => {
      const ap = k.alloc(n * n * 8);
      const ptrs = Array.from({ length: 6 }, () => k.alloc(n * 8));
      k.f64(ap, n * n).set(A);
      await k.run('tridiagonalize', [ap, n, ...ptrs]);
      return {
        d: Float64Array.from(k.f64(ptrs[0], n)),
        e: Float64Array.from(k.f64(ptrs[1], n - 1)),
        tau: Float64Array.from(k.f64(ptrs[2], n)),
        house: Float64Array.from(k.f64(ap, n * n)),
      };
    });
    const ours = tridiagonalEigenvalues(d, e);
    const ref = symmetricEigen(A, n).values.slice().sort();
    for (let i = 0; i < n; i++) expect(Math.abs(ours[i] - ref[i])).toBeLessThan(1e-9 * ref[n - 1]);
    // A x = Q T Q' x for a random x.
    const x = Float64Array.from({ length: n }, () => rng.normal());
    const t = Float64Array.from(x);
    applyHouseholder(house, n, tau, t, true);
    const Tt = new Float64Array(n);
    for (let i = 0; i < n; i++) Tt[i] = d[i] * t[i] + (i > 0 ? e[i - 1] * t[i - 1] : 0) + (i < n - 1 ? e[i] * t[i + 1] : 0);
    applyHouseholder(house, n, tau, Tt, false);
    for (let i = 0; i < n; i++) {
      let s = 0;
      for (let j = 0; j < n; j++) s += A[i * n + j] * x[j];
      expect(Math.abs(Tt[i] - s)).toBeLessThan(1e-9 * Math.abs(ref[n - 1]));
    }
  });
});
