import { describe, expect, it } from 'vitest';
import { Rng } from '../random.js';
import { brentMinimize } from './brent.js';
import { withKernels } from '../kernels/pool.js';
import { cholesky, choleskyInverse, choleskyLogDet, choleskySolve } from './dense.js';
import { symmetricEigen } from './eigen.js';
import { ldlBackward, ldlForward, shiftedLdl, tridiagonalEigenvalues } from './tridiagonal.js';

function spd(n: number, seed: number): Float64Array {
  const rng = new Rng(seed);
  const B = Float64Array.from({ length: n * n }, () => rng.normal());
  const A = new Float64Array(n * n);
  for (let i = 0; i < n; i++)
    for (let j = 0; j < n; j++) {
      let s = i === j ? n : 0;
      for (let k = 0; k < n; k++) s += B[i * n + k] * B[j * n + k];
      A[i * n + j] = s;
    }
  return A;
}

describe('dense linear algebra', () => {
  it('Cholesky solve, log-determinant and the diagonal of the inverse (JS and WebAssembly)', async () => {
    const n = 30;
    const A = spd(n, 1);
    const L = Float64Array.from(A);
    expect(cholesky(L, n)).toBe(true);
    const b = Float64Array.from({ length: n }, (_, i) => i - 7);
    const x = Float64Array.from(b);
    choleskySolve(L, n, x);
    for (let i = 0; i < n; i++) {
      let s = 0;
      for (let j = 0; j < n; j++) s += A[i * n + j] * x[j];
      expect(s).toBeCloseTo(b[i], 9);
    }
    const inv = choleskyInverse(L, n);
    const { factor, diag } = await withKernels(async (k) => {
      const a = k.alloc(n * n * 8);
      const d = k.alloc(n * 8);
      const x = k.alloc(n * 8);
      k.f64(a, n * n).set(A);
      expect(await k.run('cholesky', [a, n])).toBe(1);
      const f = Float64Array.from(k.f64(a, n * n));
      await k.run('inverseDiagonal', [a, n, d, x]);
      return { factor: f, diag: Float64Array.from(k.f64(d, n)) };
    });
    for (let i = 0; i < n; i++) {
      expect(diag[i]).toBeCloseTo(inv[i * n + i], 14);
      for (let j = 0; j <= i; j++) expect(factor[i * n + j]).toBeCloseTo(L[i * n + j], 10);
    }
    const { values } = symmetricEigen(A, n);
    expect(choleskyLogDet(L, n)).toBeCloseTo(
      values.reduce((s, v) => s + Math.log(v), 0),
      9,
    );
    expect(cholesky(Float64Array.from([1, 2, 2, 1]), 2)).toBe(false);
  });

  it('symmetric eigendecomposition reconstructs A with orthonormal vectors', () => {
    const n = 40;
    const A = spd(n, 2);
    const { values, vectors } = symmetricEigen(A, n);
    for (let i = 1; i < n; i++) expect(values[i]).toBeLessThanOrEqual(values[i - 1]);
    for (let i = 0; i < n; i++)
      for (let j = 0; j < n; j++) {
        let s = 0;
        let o = 0;
        for (let c = 0; c < n; c++) {
          s += vectors[i * n + c] * values[c] * vectors[j * n + c];
          o += vectors[c * n + i] * vectors[c * n + j];
        }
        expect(s).toBeCloseTo(A[i * n + j], 8);
        expect(o).toBeCloseTo(i === j ? 1 : 0, 12);
      }
  });

  it('tridiagonal eigenvalues and shifted LDL solve', () => {
    const n = 25;
    const d = Float64Array.from({ length: n }, (_, i) => 2 + Math.sin(i));
    const e = Float64Array.from({ length: n - 1 }, (_, i) => 0.5 * Math.cos(i));
    const T = new Float64Array(n * n);
    for (let i = 0; i < n; i++) {
      T[i * n + i] = d[i];
      if (i < n - 1) T[i * n + i + 1] = T[(i + 1) * n + i] = e[i];
    }
    const ours = tridiagonalEigenvalues(d, e);
    const ref = symmetricEigen(T, n).values.slice().sort();
    for (let i = 0; i < n; i++) expect(ours[i]).toBeCloseTo(ref[i], 12);
    const piv = new Float64Array(n);
    const mult = new Float64Array(n);
    shiftedLdl(d, e, 0.7, piv, mult);
    const b = Float64Array.from({ length: n }, (_, i) => 1 / (i + 1));
    const x = Float64Array.from(b);
    ldlForward(mult, x);
    ldlBackward(piv, mult, x);
    for (let i = 0; i < n; i++) {
      const s = (d[i] + 0.7) * x[i] + (i > 0 ? e[i - 1] * x[i - 1] : 0) + (i < n - 1 ? e[i] * x[i + 1] : 0);
      expect(s).toBeCloseTo(b[i], 12);
    }
  });

  it('Brent minimiser as R optimize', () => {
    // R: optimize(function(x) (x - 1/3)^2, c(0, 1)) gives $minimum 0.3333333.
    const r = brentMinimize((x) => (x - 1 / 3) ** 2, 0, 1);
    expect(r.x).toBeCloseTo(1 / 3, 6);
    // A function with its minimum at the bound is found at the bound's tolerance.
    expect(brentMinimize((x) => x, 1e-9, 1e9).x).toBeLessThan(1e-3);
  });
});
