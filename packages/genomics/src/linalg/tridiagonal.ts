/**
 * Eigenvalues of the symmetric tridiagonal matrix (diagonal d, subdiagonal e of length n - 1) by the
 * implicit QL method with Wilkinson shifts (EISPACK tql1). Returns them in ascending order.
 */
export function tridiagonalEigenvalues(diag: Float64Array, sub: Float64Array): Float64Array {
  const n = diag.length;
  const d = Float64Array.from(diag);
  const e = new Float64Array(n);
  e.set(sub.subarray(0, n - 1));
  let f = 0;
  let tst1 = 0;
  for (let l = 0; l < n; l++) {
    tst1 = Math.max(tst1, Math.abs(d[l]) + Math.abs(e[l]));
    let m = l;
    while (m < n) {
      if (Math.abs(e[m]) <= 2.220446049250313e-16 * tst1) break;
      m++;
    }
    if (m > l) {
      for (let iter = 0; ; iter++) {
        if (iter > 60) throw new Error('tridiagonal QL did not converge');
        let g = d[l];
        let p = (d[l + 1] - g) / (2 * e[l]);
        let r = Math.hypot(p, 1);
        if (p < 0) r = -r;
        d[l] = e[l] / (p + r);
        d[l + 1] = e[l] * (p + r);
        const dl1 = d[l + 1];
        let h = g - d[l];
        for (let i = l + 2; i < n; i++) d[i] -= h;
        f += h;
        p = d[m];
        let c = 1;
        let c2 = c;
        let c3 = c;
        const el1 = e[l + 1];
        let s = 0;
        let s2 = 0;
        for (let i = m - 1; i >= l; i--) {
          c3 = c2;
          c2 = c;
          s2 = s;
          g = c * e[i];
          h = c * p;
          r = Math.hypot(p, e[i]);
          e[i + 1] = s * r;
          s = e[i] / r;
          c = p / r;
          p = c * d[i] - s * g;
          d[i + 1] = h + s * (c * g + s * d[i]);
        }
        p = (-s * s2 * c3 * el1 * e[l]) / dl1;
        e[l] = s * p;
        d[l] = c * p;
        if (!(Math.abs(e[l]) > 2.220446049250313e-16 * tst1)) break;
      }
    }
    d[l] += f;
    e[l] = 0;
  }
  return d.sort();
}

/**
 * LDL' factorisation of T + lambda I (T tridiagonal, positive definite after the shift). Returns the
 * pivots D and multipliers L (L[i] multiplies row i - 1 into row i).
 */
export function shiftedLdl(d: Float64Array, e: Float64Array, lambda: number, piv: Float64Array, mult: Float64Array): void {
  const n = d.length;
  piv[0] = d[0] + lambda;
  for (let i = 1; i < n; i++) {
    const l = e[i - 1] / piv[i - 1];
    mult[i] = l;
    piv[i] = d[i] + lambda - l * e[i - 1];
  }
}

/** Forward substitution z = L^{-1} b in place (unit lower bidiagonal L from `shiftedLdl`). */
export function ldlForward(mult: Float64Array, b: Float64Array): void {
  for (let i = 1; i < b.length; i++) b[i] -= mult[i] * b[i - 1];
}

/** Completes the solve after `ldlForward`: x = L'^{-1} D^{-1} z in place. */
export function ldlBackward(piv: Float64Array, mult: Float64Array, z: Float64Array): void {
  const n = z.length;
  for (let i = 0; i < n; i++) z[i] /= piv[i];
  for (let i = n - 2; i >= 0; i--) z[i] -= mult[i + 1] * z[i + 1];
}

/**
 * Applies the orthogonal Q = H_0 H_1 ... H_{n-2} of a Householder tridiagonalisation (vectors in the
 * strict upper triangle of `a`, row k holding v_k with v_k[k+1] = 1) to x: Q'x when `transpose`, else Qx.
 */
export function applyHouseholder(a: Float64Array, n: number, tau: Float64Array, x: Float64Array, transpose: boolean): void {
  const step = (k: number) => {
    const t = tau[k];
    if (t === 0) return;
    const row = k * n;
    let s = 0;
    for (let j = k + 1; j < n; j++) s += a[row + j] * x[j];
    s *= t;
    for (let j = k + 1; j < n; j++) x[j] -= s * a[row + j];
  };
  if (transpose) for (let k = 0; k < n - 1; k++) step(k);
  else for (let k = n - 2; k >= 0; k--) step(k);
}
