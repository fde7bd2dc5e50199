/** Dense symmetric matrices are row-major Float64Arrays of n*n entries. */

/** Pivots at or below this (relative to the diagonal scale) mean the matrix is singular. */
const PIVOT_TOLERANCE = 1e-9;

/**
 * In-place Cholesky factorisation A = L L' (lower triangle overwritten with L).
 * Returns false when A is not positive definite, which for an information matrix plus its null
 * direction means the design is disconnected.
 */
export function cholesky(a: Float64Array, n: number): boolean {
  for (let j = 0; j < n; j++) {
    const rowJ = j * n;
    let d = a[rowJ + j];
    for (let k = 0; k < j; k++) d -= a[rowJ + k] * a[rowJ + k];
    if (!(d > PIVOT_TOLERANCE)) return false;
    const ljj = Math.sqrt(d);
    a[rowJ + j] = ljj;
    const inv = 1 / ljj;
    for (let i = j + 1; i < n; i++) {
      const rowI = i * n;
      let s = a[rowI + j];
      for (let k = 0; k < j; k++) s -= a[rowI + k] * a[rowJ + k];
      a[rowI + j] = s * inv;
    }
  }
  return true;
}

/** Overwrites the Cholesky factor L (lower triangle) with L^-1. */
function invertLower(l: Float64Array, n: number): void {
  for (let j = 0; j < n; j++) {
    l[j * n + j] = 1 / l[j * n + j];
    for (let i = j + 1; i < n; i++) {
      const rowI = i * n;
      let s = 0;
      for (let k = j; k < i; k++) s -= l[rowI + k] * l[k * n + j];
      l[rowI + j] = s / l[rowI + i];
    }
  }
}

/**
 * trace(A^-1) of a symmetric positive definite A, as ||L^-1||_F^2; about 2n^3/3 flops.
 * Returns null when A is singular. A is destroyed.
 */
export function traceOfInverse(a: Float64Array, n: number): number | null {
  if (!cholesky(a, n)) return null;
  invertLower(a, n);
  let t = 0;
  for (let i = 0; i < n; i++) {
    const rowI = i * n;
    for (let k = 0; k <= i; k++) t += a[rowI + k] * a[rowI + k];
  }
  return t;
}

/** Full inverse of a symmetric positive definite A (A^-1 = L^-T L^-1), or null when singular. A is destroyed. */
export function inverseSpd(a: Float64Array, n: number): Float64Array | null {
  if (!cholesky(a, n)) return null;
  invertLower(a, n);
  const out = new Float64Array(n * n);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j <= i; j++) {
      let s = 0;
      for (let k = i; k < n; k++) s += a[k * n + i] * a[k * n + j];
      out[i * n + j] = s;
      out[j * n + i] = s;
    }
  }
  return out;
}

/** y = A x for a symmetric operator given as a function. */
export type Operator = (x: Float64Array, out: Float64Array) => void;

/**
 * Conjugate gradients for an SPD operator. Information matrices of connected designs scaled to
 * efficiency factors have eigenvalues in (0, 1], so a few dozen iterations reach the tolerance.
 * Returns the iteration count, or -1 when the operator proved not positive definite.
 */
export function conjugateGradient(apply: Operator, b: Float64Array, x: Float64Array, tolerance: number, maxIterations: number): number {
  const n = b.length;
  const r = new Float64Array(n);
  const p = new Float64Array(n);
  const ap = new Float64Array(n);
  x.fill(0);
  r.set(b);
  p.set(b);
  let rr = 0;
  for (let i = 0; i < n; i++) rr += r[i] * r[i];
  const stop = tolerance * tolerance * rr;
  for (let it = 0; it < maxIterations; it++) {
    if (rr <= stop) return it;
    apply(p, ap);
    let pap = 0;
    for (let i = 0; i < n; i++) pap += p[i] * ap[i];
    if (!(pap > 0)) return -1;
    const alpha = rr / pap;
    let rrNew = 0;
    for (let i = 0; i < n; i++) {
      x[i] += alpha * p[i];
      r[i] -= alpha * ap[i];
      rrNew += r[i] * r[i];
    }
    const beta = rrNew / rr;
    rr = rrNew;
    for (let i = 0; i < n; i++) p[i] = r[i] + beta * p[i];
  }
  return maxIterations;
}
