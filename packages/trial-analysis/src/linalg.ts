/**
 * Small dense linear algebra on row-major Float64Array matrices: Cholesky factorisation (plain and
 * rank-revealing), solves, log-determinant and inverse. Sizes here are the non-entry columns of a
 * trial's mixed model (reps, blocks, rows, columns): a few hundred at most.
 */

/**
 * In-place lower Cholesky factor of a symmetric positive definite n x n matrix (the upper triangle is
 * zeroed). Returns false when a pivot is not positive.
 */
export function cholesky(a: Float64Array, n: number): boolean {
  for (let j = 0; j < n; j++) {
    const rj = j * n;
    let d = a[rj + j];
    for (let k = 0; k < j; k++) d -= a[rj + k] * a[rj + k];
    if (!(d > 0)) return false;
    const ljj = Math.sqrt(d);
    a[rj + j] = ljj;
    for (let i = j + 1; i < n; i++) {
      const ri = i * n;
      let s = a[ri + j];
      for (let k = 0; k < j; k++) s -= a[ri + k] * a[rj + k];
      a[ri + j] = s / ljj;
    }
    for (let i = 0; i < j; i++) a[i * n + j] = 0;
  }
  return true;
}

/**
 * Rank-revealing Cholesky in column order: a column whose pivot falls to `tol` times its original
 * diagonal (or below) is linearly dependent on the earlier ones; its row and column are zeroed and
 * it is reported. Returns the indices of the dependent columns.
 */
export function choleskyDependent(a: Float64Array, n: number, tol = 1e-9): number[] {
  const dependent: number[] = [];
  const orig = new Float64Array(n);
  for (let i = 0; i < n; i++) orig[i] = a[i * n + i];
  for (let j = 0; j < n; j++) {
    const rj = j * n;
    let d = a[rj + j];
    for (let k = 0; k < j; k++) d -= a[rj + k] * a[rj + k];
    if (!(d > tol * Math.max(orig[j], Number.MIN_VALUE))) {
      dependent.push(j);
      for (let i = 0; i < n; i++) {
        a[rj + i] = 0;
        a[i * n + j] = 0;
      }
      continue;
    }
    const ljj = Math.sqrt(d);
    a[rj + j] = ljj;
    for (let i = j + 1; i < n; i++) {
      const ri = i * n;
      let s = a[ri + j];
      for (let k = 0; k < j; k++) s -= a[ri + k] * a[rj + k];
      a[ri + j] = s / ljj;
    }
    for (let i = 0; i < j; i++) a[i * n + j] = 0;
  }
  return dependent;
}

/** Solves L L' x = b in place, L the lower factor from `cholesky`. */
export function choleskySolve(l: Float64Array, n: number, b: Float64Array): void {
  for (let i = 0; i < n; i++) {
    const ri = i * n;
    let s = b[i];
    for (let k = 0; k < i; k++) s -= l[ri + k] * b[k];
    b[i] = s / l[ri + i];
  }
  for (let i = n - 1; i >= 0; i--) {
    let s = b[i];
    for (let k = i + 1; k < n; k++) s -= l[k * n + i] * b[k];
    b[i] = s / l[i * n + i];
  }
}

/** log det(L L'). */
export function choleskyLogDet(l: Float64Array, n: number): number {
  let s = 0;
  for (let i = 0; i < n; i++) s += Math.log(l[i * n + i]);
  return 2 * s;
}

/** L^{-1} of a lower Cholesky factor, lower triangular, row by row: w_i = (e_i - sum_{k<i} l_ik w_k) / l_ii. */
export function lowerInverse(l: Float64Array, n: number): Float64Array {
  const w = new Float64Array(n * n);
  for (let i = 0; i < n; i++) {
    const ri = i * n;
    for (let k = 0; k < i; k++) {
      const lik = l[ri + k];
      if (lik === 0) continue;
      const rk = k * n;
      for (let j = 0; j <= k; j++) w[ri + j] -= lik * w[rk + j];
    }
    w[ri + i] += 1;
    const inv = 1 / l[ri + i];
    for (let j = 0; j <= i; j++) w[ri + j] *= inv;
  }
  return w;
}

/** Solves the small dense system A x = b by Gaussian elimination with partial pivoting; null if singular. */
export function solveDense(a: number[][], b: number[]): number[] | null {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i]]);
  for (let c = 0; c < n; c++) {
    let p = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(m[r][c]) > Math.abs(m[p][c])) p = r;
    if (!(Math.abs(m[p][c]) > 0)) return null;
    [m[c], m[p]] = [m[p], m[c]];
    for (let r = c + 1; r < n; r++) {
      const f = m[r][c] / m[c][c];
      for (let k = c; k <= n; k++) m[r][k] -= f * m[c][k];
    }
  }
  const x = new Array<number>(n).fill(0);
  for (let r = n - 1; r >= 0; r--) {
    let s = m[r][n];
    for (let k = r + 1; k < n; k++) s -= m[r][k] * x[k];
    x[r] = s / m[r][r];
  }
  return x.every(Number.isFinite) ? x : null;
}
