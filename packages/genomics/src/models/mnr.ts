import { GsError, throwIfAborted } from '../errors.js';
import { cholesky, choleskyInverse, choleskyLogDet, meanVariance } from '../linalg/dense.js';
import { symmetricEigen } from '../linalg/eigen.js';

/** One random term with covariance V_k = W W' (W is n x rank, row-major), e.g. W = Z L for K = L L'. */
export interface MnrTerm {
  W: Float64Array;
  rank: number;
}

/** Options of the sommer-compatible fit; the defaults are those of sommer 4.3.7 `mmer()`. */
export interface MnrOptions {
  /** Maximum number of iterations (sommer `nIters`, default 20). */
  iters?: number;
  /** Stop once the restricted log-likelihood gains less than this (sommer `tolParConvLL`, default 1e-3). */
  tolLogLik?: number;
  /** Step weight per iteration (sommer `stepWeight`, default 0.5, 0.7, then 0.9). */
  stepWeight?: number[];
  /** Starting values on the scale of the standardised trait (default 0.15 per random term, 0.75 residual). */
  init?: number[];
  signal?: AbortSignal;
}

export interface MnrResult {
  /** Variance components in the trait's units: the random terms in order, the residual last. */
  sigma: number[];
  /** sommer's restricted log-likelihood (standardised trait) at the start of each iteration. */
  logLik: number[];
  iterations: number;
  /** False when the iteration limit was reached before the log-likelihood settled. */
  converged: boolean;
}

/** Moore-Penrose inverse of a small symmetric matrix (eigenvalues at or below `tol` dropped). */
function pinvSym(a: Float64Array, k: number, tol = 1.490116e-8): Float64Array {
  const { values, vectors } = symmetricEigen(Float64Array.from(a), k);
  const out = new Float64Array(k * k);
  for (let t = 0; t < k; t++) {
    if (Math.abs(values[t]) <= tol) continue;
    const inv = 1 / values[t];
    for (let i = 0; i < k; i++) for (let j = 0; j < k; j++) out[i * k + j] += vectors[i * k + t] * vectors[j * k + t] * inv;
  }
  return out;
}

/** C = A B for row-major A (m x k) and B (k x n). */
function matMul(a: Float64Array, b: Float64Array, m: number, k: number, n: number): Float64Array {
  const c = new Float64Array(m * n);
  for (let i = 0; i < m; i++) {
    const ci = i * n;
    for (let t = 0; t < k; t++) {
      const ait = a[i * k + t];
      if (ait === 0) continue;
      const bt = t * n;
      for (let j = 0; j < n; j++) c[ci + j] += ait * b[bt + j];
    }
  }
  return c;
}

/** C -= A' B for row-major A and B (both k x n) and C (n x n). */
function subtractTransposeProduct(c: Float64Array, a: Float64Array, b: Float64Array, k: number, n: number): void {
  for (let t = 0; t < k; t++) {
    const at = t * n;
    for (let i = 0; i < n; i++) {
      const ati = a[at + i];
      if (ati === 0) continue;
      const ci = i * n;
      for (let j = 0; j < n; j++) c[ci + j] -= ati * b[at + j];
    }
  }
}

/**
 * REML by the Newton-Raphson (Fisher scoring) iteration of sommer's `mmer()`, following its path and
 * its stopping rule so that results can be compared with sommer number for number: the trait is
 * standardised; each iteration first rescales all components so that y'Py = n - rank(X), then takes a
 * damped scoring step; a component that would turn negative is held at zero; the iteration stops when
 * the log-likelihood gains less than `tolLogLik` (from the fourth iteration on) or after `iters`. Where
 * the likelihood is flat that rule stops short of the optimum, which the default average-information
 * REML of `fitHybrid` does not.
 *
 * sommer works on n x n matrices; here every quantity (y'Py, tr(P V_k), tr(P V_i P V_j), ...) comes
 * from the mixed-model equations of the low-rank terms, so the cost grows with the number of
 * parents and crosses, not with the square of the number of records.
 */
export function fitMnr(y: Float64Array, X: Float64Array, p: number, terms: MnrTerm[], opts: MnrOptions = {}): MnrResult {
  const n = y.length;
  const iters = opts.iters ?? 20;
  const tol = opts.tolLogLik ?? 1e-3;
  const K = terms.length;
  const kk = K + 1;
  const steps = opts.stepWeight ?? Array.from({ length: iters }, (_, i) => (i === 0 ? 0.5 : i === 1 ? 0.7 : 0.9));
  const { mean, variance: vy } = meanVariance(y);
  const sd = Math.sqrt(vy);
  const ys = y.map((v) => (v - mean) / sd);
  const df = n - p;

  // H = [X | W_1 | ... | W_K]; everything below needs only H'H, H'y and y'y.
  const starts: number[] = [];
  let h = p;
  for (const t of terms) {
    starts.push(h);
    h += t.rank;
  }
  const rtot = h - p;
  const row = new Float64Array(h);
  const G = new Float64Array(h * h);
  const Hy = new Float64Array(h);
  let yy = 0;
  for (let i = 0; i < n; i++) {
    for (let c = 0; c < p; c++) row[c] = X[i * p + c];
    terms.forEach((t, k) => row.set(t.W.subarray(i * t.rank, (i + 1) * t.rank), starts[k]));
    const yi = ys[i];
    yy += yi * yi;
    for (let a = 0; a < h; a++) {
      const ra = row[a];
      if (ra === 0) continue;
      Hy[a] += ra * yi;
      for (let b = 0; b <= a; b++) G[a * h + b] += ra * row[b];
    }
  }
  for (let a = 0; a < h; a++) for (let b = 0; b < a; b++) G[b * h + a] = G[a * h + b];
  const xtx = new Float64Array(p * p);
  for (let a = 0; a < p; a++) for (let b = 0; b < p; b++) xtx[a * p + b] = G[a * h + b];
  if (!cholesky(xtx, p)) throw new GsError('FIXED_EFFECTS_RANK_DEFICIENT', { params: { detail: `${p} columns, ${n} records` } });
  const logDetXtX = choleskyLogDet(xtx, p);

  let coef = opts.init ? opts.init.slice() : [...terms.map(() => 0.15), 0.75];
  if (coef.length !== kk || coef.some((v) => !(v >= 0)) || !(coef[K] > 0)) {
    throw new GsError('ARGUMENT_INVALID', { params: { detail: `init needs ${kk} non-negative values with a positive residual` } });
  }
  const logLik: number[] = [];
  let llik0 = 0;
  let converged = false;
  let cycle = 0;
  for (; cycle < iters; cycle++) {
    throwIfAborted(opts.signal);
    // Q: the fixed columns and those of the terms currently above zero.
    const Q: number[] = Array.from({ length: p }, (_, c) => c);
    const active: number[] = [];
    terms.forEach((t, k) => {
      if (coef[k] > 0) {
        active.push(k);
        for (let c = 0; c < t.rank; c++) Q.push(starts[k] + c);
      }
    });
    const d = Q.length;
    const C = new Float64Array(d * d);
    for (let a = 0; a < d; a++) for (let b = 0; b < d; b++) C[a * d + b] = G[Q[a] * h + Q[b]];
    const A = Float64Array.from(C);
    {
      let o = p;
      for (const k of active) {
        const ratio = coef[K] / coef[k];
        for (let c = 0; c < terms[k].rank; c++, o++) C[o * d + o] += ratio;
      }
    }
    if (!cholesky(C, d)) throw new GsError('MODEL_FIT_FAILED', { params: { detail: `the mixed-model equations are singular at iteration ${cycle + 1}` } });
    const logDetC = choleskyLogDet(C, d);
    const Ci = choleskyInverse(C, d);
    const qy = Float64Array.from(Q, (c) => Hy[c]);
    const sol = new Float64Array(d);
    for (let a = 0; a < d; a++) {
      let s = 0;
      for (let b = 0; b < d; b++) s += Ci[a * d + b] * qy[b];
      sol[a] = s;
    }
    let solQy = 0;
    for (let a = 0; a < d; a++) solQy += sol[a] * qy[a];
    // Rescale every component so that y'Py = n - p; the ratios, and so C, stay as they are.
    const scale = (yy - solQy) / coef[K] / df;
    coef = coef.map((s) => s * scale);
    const se = coef[K];
    let ldv = (n - p) * Math.log(se) + logDetC;
    for (const k of active) ldv += terms[k].rank * Math.log(coef[k] / se);
    const llik = 0.5 * (logDetXtX - ldv) - df / 2;
    if (cycle === 0) llik0 = llik;
    const deltaLl = llik - llik0;
    llik0 = llik;
    logLik.push(llik);

    // M = C^-1 Q'W (d x rtot), B = W'W - W'Q M = se W'PW, AM = Q'Q M.
    const QW = new Float64Array(d * rtot);
    for (let a = 0; a < d; a++) for (let r = 0; r < rtot; r++) QW[a * rtot + r] = G[Q[a] * h + p + r];
    const M = matMul(Ci, QW, d, d, rtot);
    const B = new Float64Array(rtot * rtot);
    for (let r = 0; r < rtot; r++) for (let s = 0; s < rtot; s++) B[r * rtot + s] = G[(p + r) * h + p + s];
    subtractTransposeProduct(B, QW, M, d, rtot);
    const AM = matMul(A, M, d, d, rtot);
    // C^-1 Q'Q for tr(P) and tr(PP).
    const CA = matMul(Ci, A, d, d, d);
    let trCA = 0;
    let trCA2 = 0;
    for (let a = 0; a < d; a++) {
      trCA += CA[a * d + a];
      for (let b = 0; b < d; b++) trCA2 += CA[a * d + b] * CA[b * d + a];
    }
    // W'Py and y'PPy.
    const wpy = new Float64Array(rtot);
    for (let r = 0; r < rtot; r++) {
      let s = Hy[p + r];
      for (let a = 0; a < d; a++) s -= QW[a * rtot + r] * sol[a];
      wpy[r] = s / se;
    }
    let solAsol = 0;
    for (let a = 0; a < d; a++) for (let b = 0; b < d; b++) solAsol += sol[a] * A[a * d + b] * sol[b];
    const yPPy = (yy - 2 * solQy + solAsol) / (se * se);

    const score = new Float64Array(kk);
    const inf = new Float64Array(kk * kk);
    const off = (k: number) => starts[k] - p;
    for (let a = 0; a < K; a++) {
      const oa = off(a);
      const ra = terms[a].rank;
      let q = 0;
      let tr = 0;
      for (let t = 0; t < ra; t++) {
        q += wpy[oa + t] ** 2;
        tr += B[(oa + t) * rtot + oa + t];
      }
      score[a] = q - tr / se;
      for (let b = a; b < K; b++) {
        const ob = off(b);
        let s = 0;
        for (let t = 0; t < ra; t++) for (let u = 0; u < terms[b].rank; u++) s += B[(oa + t) * rtot + ob + u] ** 2;
        inf[a * kk + b] = inf[b * kk + a] = s / (se * se);
      }
      // tr(P V_a P) = tr(W_a'W_a - 2 W_a'Q M_a + M_a'Q'Q M_a) / se^2.
      let s = 0;
      for (let t = 0; t < ra; t++) {
        const r = oa + t;
        s += G[(p + r) * h + p + r];
        for (let c = 0; c < d; c++) s += -2 * QW[c * rtot + r] * M[c * rtot + r] + M[c * rtot + r] * AM[c * rtot + r];
      }
      inf[a * kk + K] = inf[K * kk + a] = s / (se * se);
    }
    score[K] = yPPy - (n - trCA) / se;
    inf[K * kk + K] = (n - 2 * trCA + trCA2) / (se * se);

    const sw = steps[cycle] ?? 0.9;
    const solveOn = (idx: number[]) => {
      const m = idx.length;
      const sub = new Float64Array(m * m);
      idx.forEach((i, a) => idx.forEach((j, b) => (sub[a * m + b] = inf[i * kk + j])));
      const pi = pinvSym(sub, m);
      return idx.map((_, a) => idx.reduce((s, j, b) => s + pi[a * m + b] * score[j], 0));
    };
    const all = Array.from({ length: kk }, (_, i) => i);
    let delta = solveOn(all);
    const trial = coef.map((s, i) => s + sw * delta[i]);
    const restrain = all.filter((i) => trial[i] < 0);
    if (restrain.length > 0) {
      // Components heading below zero stay at zero; the step is re-solved for the others.
      const free = all.filter((i) => trial[i] > 0);
      const sub = solveOn(free);
      delta = all.map(() => 0);
      free.forEach((i, a) => (delta[i] = sub[a]));
    }
    coef = coef.map((s, i) => s + sw * delta[i]);
    for (const i of restrain) coef[i] = 0;
    if (!(coef[K] > 0))
      throw new GsError('MODEL_FIT_FAILED', { params: { detail: `the residual variance left the parameter space at iteration ${cycle + 1}` } });
    if ((cycle > 2 && deltaLl < tol) || cycle === iters - 1) {
      converged = cycle > 2 && deltaLl < tol;
      break;
    }
  }
  return { sigma: coef.map((s) => s * vy), logLik, iterations: Math.min(cycle + 1, iters), converged };
}
