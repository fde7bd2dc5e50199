import { describe, expect, it } from 'vitest';
import { cholesky, choleskyDependent, choleskyLogDet, choleskySolve, lowerInverse, solveDense } from './linalg';

/** (L L')^-1 = W'W with W = L^-1. */
function choleskyInverse(l: Float64Array, n: number): Float64Array {
  const w = lowerInverse(l, n);
  const out = new Float64Array(n * n);
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) for (let k = 0; k < n; k++) out[i * n + j] += w[k * n + i] * w[k * n + j];
  return out;
}

/** A random symmetric positive definite matrix B B' + n I from a fixed sequence. */
function spd(n: number): Float64Array {
  let s = 12345;
  const rnd = () => (s = (s * 1103515245 + 12345) % 2 ** 31) / 2 ** 31 - 0.5;
  const b = Array.from({ length: n * n }, rnd);
  const a = new Float64Array(n * n);
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) for (let k = 0; k < n; k++) a[i * n + j] += b[i * n + k] * b[j * n + k];
  for (let i = 0; i < n; i++) a[i * n + i] += n / 10;
  return a;
}

describe('dense Cholesky tools', () => {
  it('inverse, solve and log-determinant agree with each other', () => {
    const n = 37;
    const a = spd(n);
    const l = Float64Array.from(a);
    expect(cholesky(l, n)).toBe(true);
    const inv = choleskyInverse(l, n);
    for (let i = 0; i < n; i++) {
      for (let j = 0; j < n; j++) {
        let s = 0;
        for (let k = 0; k < n; k++) s += a[i * n + k] * inv[k * n + j];
        expect(s).toBeCloseTo(i === j ? 1 : 0, 10);
      }
    }
    const b = Float64Array.from({ length: n }, (_, i) => i - 3);
    const x = Float64Array.from(b);
    choleskySolve(l, n, x);
    for (let i = 0; i < n; i++) expect(inv.slice(i * n, i * n + n).reduce((s, v, k) => s + v * b[k], 0)).toBeCloseTo(x[i], 10);
    // log det from the 2 x 2 case by hand.
    const two = Float64Array.from([4, 2, 2, 3]);
    cholesky(two, 2);
    expect(choleskyLogDet(two, 2)).toBeCloseTo(Math.log(8), 14);
  });

  it('finds dependent columns', () => {
    // Columns: 1, x, 1 + x (dependent), y.
    const rows = [
      [1, 0, 1, 2],
      [1, 1, 2, 0],
      [1, 2, 3, 1],
      [1, 3, 4, 5],
    ];
    const a = new Float64Array(16);
    for (const r of rows) for (let i = 0; i < 4; i++) for (let j = 0; j < 4; j++) a[i * 4 + j] += r[i] * r[j];
    expect(choleskyDependent(a, 4)).toEqual([2]);
    expect(cholesky(Float64Array.from([1, 1, 1, 1]), 2)).toBe(false);
  });

  it('solves small systems with pivoting and refuses singular ones', () => {
    expect(
      solveDense(
        [
          [0, 2],
          [3, 1],
        ],
        [4, 5],
      ),
    ).toEqual([1, 2]);
    expect(
      solveDense(
        [
          [1, 2],
          [2, 4],
        ],
        [1, 2],
      ),
    ).toBeNull();
  });
});
