import { GsError, throwIfAborted } from '../errors.js';
import { brentMinimize } from '../linalg/brent.js';
import { cholesky, choleskyLogDet, choleskySolve } from '../linalg/dense.js';
import { applyHouseholder, ldlBackward, ldlForward, shiftedLdl, tridiagonalEigenvalues } from '../linalg/tridiagonal.js';
import { withKernels } from '../kernels/pool.js';

export type VarianceMethod = 'REML' | 'ML';

export interface SpectralInput {
  /** Covariance among the n records due to the random effect (Z K Z'), row-major n x n. */
  H0: Float64Array;
  /** Observations, no missing values. */
  y: Float64Array;
  /** Fixed-effect design, row-major n x p (full column rank). */
  X: Float64Array;
  p: number;
  method: VarianceMethod;
  /** Search interval of lambda = Ve / Vu; rrBLUP's default [1e-9, 1e9]. */
  bounds?: [number, number];
  signal?: AbortSignal;
}

export interface SpectralFit {
  Vu: number;
  Ve: number;
  lambda: number;
  beta: Float64Array;
  logLik: number;
  /** H^{-1}(y - X beta) with H = H0 + lambda I, from which every BLUP follows. */
  hinvResid: Float64Array;
  /** Smallest eigenvalue of H0. */
  minEigenvalue: number;
}

// rrBLUP writes pi as 3.14159 in its log-likelihood; using it keeps logLik comparable digit for digit.
const RRBLUP_PI = 3.14159;

/**
 * REML or ML for y = X beta + u + e, u ~ N(0, H0 Vu), e ~ N(0, I Ve): the spectral (EMMA) method of
 * rrBLUP's mixed.solve. H0 is reduced once to tridiagonal form T = Q'H0Q in WebAssembly; for every
 * trial lambda the likelihood needs only O(n p) work: quadratic forms through an LDL' solve with
 * T + lambda I and log|H| from the eigenvalues of T. The objective is rrBLUP's (so are its value at the
 * optimum and LL), and the search is R's `optimize`, step for step, over lambda in [1e-9, 1e9].
 */
export async function spectralFit(input: SpectralInput): Promise<SpectralFit> {
  const { H0, y, X, p, method } = input;
  const n = y.length;
  if (n <= p) throw new GsError('TOO_FEW_OBSERVATIONS', { params: { count: n, min: p + 1 } });
  const xtx = new Float64Array(p * p);
  for (let a = 0; a < p; a++) {
    for (let b = 0; b < p; b++) {
      let s = 0;
      for (let i = 0; i < n; i++) s += X[i * p + a] * X[i * p + b];
      xtx[a * p + b] = s;
    }
  }
  if (!cholesky(xtx, p)) throw new GsError('FIXED_EFFECTS_RANK_DEFICIENT', { params: { detail: `${p} columns, ${n} records` } });
  const logDetXtX = choleskyLogDet(xtx, p);

  return withKernels(async (k) => {
    const ap = k.alloc(n * n * 8);
    const dp = k.alloc(n * 8);
    const ep = k.alloc(n * 8);
    const tp = k.alloc(n * 8);
    const wp = k.alloc(n * 8);
    const pp = k.alloc(n * 8);
    const zp = k.alloc(n * 8);
    k.f64(ap, n * n).set(H0);
    throwIfAborted(input.signal);
    const args = [ap, n, dp, ep, tp, wp, pp, zp];
    // Below a few hundred rows the worker round trip costs more than the reduction itself.
    if (n < 256) k.runLocal('tridiagonalize', args);
    else await k.run('tridiagonalize', args);
    throwIfAborted(input.signal);
    const a = k.f64(ap, n * n);
    const d = Float64Array.from(k.f64(dp, n));
    const e = Float64Array.from(k.f64(ep, Math.max(1, n - 1)));
    const tau = Float64Array.from(k.f64(tp, n));
    const phi = tridiagonalEigenvalues(d, e);
    const minEigenvalue = phi[0];
    if (minEigenvalue < -1e-6) throw new GsError('MATRIX_NOT_PSD', { params: { value: minEigenvalue.toPrecision(6) } });

    const yq = Float64Array.from(y);
    applyHouseholder(a, n, tau, yq, true);
    const xq: Float64Array[] = [];
    for (let c = 0; c < p; c++) {
      const col = new Float64Array(n);
      for (let i = 0; i < n; i++) col[i] = X[i * p + c];
      applyHouseholder(a, n, tau, col, true);
      xq.push(col);
    }

    const piv = new Float64Array(n);
    const mult = new Float64Array(n);
    const zy = new Float64Array(n);
    const zx = xq.map(() => new Float64Array(n));
    const xhx = new Float64Array(p * p);
    const xhy = new Float64Array(p);
    const forms = (lambda: number) => {
      shiftedLdl(d, e, lambda, piv, mult);
      zy.set(yq);
      ldlForward(mult, zy);
      for (let c = 0; c < p; c++) {
        zx[c].set(xq[c]);
        ldlForward(mult, zx[c]);
      }
      let yhy = 0;
      for (let i = 0; i < n; i++) yhy += (zy[i] * zy[i]) / piv[i];
      for (let a1 = 0; a1 < p; a1++) {
        let s = 0;
        for (let i = 0; i < n; i++) s += (zx[a1][i] * zy[i]) / piv[i];
        xhy[a1] = s;
        for (let b = 0; b <= a1; b++) {
          let t = 0;
          for (let i = 0; i < n; i++) t += (zx[a1][i] * zx[b][i]) / piv[i];
          xhx[a1 * p + b] = t;
          xhx[b * p + a1] = t;
        }
      }
      if (!cholesky(xhx, p)) return undefined;
      const beta = Float64Array.from(xhy);
      choleskySolve(xhx, p, beta);
      let ypy = yhy;
      for (let c = 0; c < p; c++) ypy -= xhy[c] * beta[c];
      return { ypy, beta, logDetXhX: choleskyLogDet(xhx, p) };
    };
    const logDetH = (lambda: number) => {
      let s = 0;
      for (let i = 0; i < n; i++) s += Math.log(phi[i] + lambda);
      return s;
    };
    const objective = (lambda: number): number => {
      const f = forms(lambda);
      if (!f || !(f.ypy > 0)) return Number.POSITIVE_INFINITY;
      if (method === 'ML') return n * Math.log(f.ypy) + logDetH(lambda);
      // sum log(theta + lambda) over the n - p non-zero eigenvalues of S H S equals this (Harville).
      return (n - p) * Math.log(f.ypy) + logDetH(lambda) + f.logDetXhX - logDetXtX;
    };
    const [lo, hi] = input.bounds ?? [1e-9, 1e9];
    const { x: lambda, fx } = brentMinimize(objective, lo, hi);
    const df = method === 'ML' ? n : n - p;
    const f = forms(lambda);
    if (!f) throw new GsError('FIXED_EFFECTS_RANK_DEFICIENT', { params: { detail: "X'H^-1X is singular" } });
    const Vu = f.ypy / df;
    const Ve = lambda * Vu;
    const logLik = -0.5 * (fx + df + df * Math.log((2 * RRBLUP_PI) / df));
    // H^{-1} r = Q (T + lambda I)^{-1} Q' r and Q' r = Q'y - Q'X beta.
    const s = Float64Array.from(yq);
    for (let c = 0; c < p; c++) for (let i = 0; i < n; i++) s[i] -= xq[c][i] * f.beta[c];
    shiftedLdl(d, e, lambda, piv, mult);
    ldlForward(mult, s);
    ldlBackward(piv, mult, s);
    applyHouseholder(a, n, tau, s, false);
    return { Vu, Ve, lambda, beta: f.beta, logLik, hinvResid: s, minEigenvalue };
  });
}
