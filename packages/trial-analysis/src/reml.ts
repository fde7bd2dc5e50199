/**
 * REML by average information (AI-REML, Gilmour, Thompson and Cullis 1995) on the mixed model
 * equations, with step halving and an EM-REML step as fall-back, and lme4's boundary rule: a variance
 * component that the iteration drives to zero is held at exactly zero (its columns leave the model),
 * and is freed again only if the restricted likelihood rises when it leaves zero.
 */
import { type Factorization, FitFailure, type MixedModel } from './mixed-model';
import { solveDense } from './linalg';

export interface RemlOptions {
  /** Maximum AI iterations (default 200). */
  maxIter?: number;
  /** Converged when no parameter moves by more than this, relative (default 1e-10). */
  tol?: number;
}

export interface RemlFit {
  /** Variance parameters: the random components in order, the residual last (scale of the model's y). */
  sig: Float64Array;
  factorization: Factorization;
  iterations: number;
  converged: boolean;
  /** Components held at zero at the end. */
  boundary: number[];
}

/** Scores, AI matrix and EM update at one factorisation, over the active components and the residual. */
interface Derivatives {
  params: number[];
  score: number[];
  ai: number[][];
  em: Float64Array;
}

/** Sum of the diagonal of C^-1 over the columns of random component k (entry levels and N columns). */
function traceComponent(f: Factorization, k: number): number {
  const model = f.model;
  const comp = model.spec.diag.component;
  let tr = 0;
  for (let d = 0; d < model.nd; d++) if (comp[d] === k) tr += f.cDD(d);
  const diag = f.sinvDiagonal();
  for (let a = 0; a < f.ma; a++) if (model.colComp[f.cols[a]] === k) tr += diag[a];
  return tr;
}

function derivatives(f: Factorization): Derivatives {
  const model = f.model;
  const { n, K, nd, m, T } = model;
  const comp = model.spec.diag.component;
  const y = model.spec.y;
  const se = f.se;
  const params: number[] = [];
  for (let k = 0; k < K; k++) if (f.active[k]) params.push(k);
  params.push(K);
  // Residuals and working vectors w_k = Z_k u_k / s2_k, w_e = e / s2_e.
  const e = new Float64Array(n);
  const w = params.map(() => new Float64Array(n));
  const slot = new Int32Array(K + 1).fill(-1);
  params.forEach((k, j) => (slot[k] = j));
  for (let i = 0; i < n; i++) {
    let fit = 0;
    const d = model.spec.diag.index[i];
    if (d >= 0) {
      fit += f.xD[d];
      const c = comp[d];
      if (c >= 0 && slot[c] >= 0) w[slot[c]][i] += f.xD[d] / f.sig[c];
    }
    for (let t = 0; t < T; t++) {
      const col = model.obsCols[i * T + t];
      if (col < 0) continue;
      fit += f.xN[col];
      const c = model.colComp[col];
      if (c >= 0 && slot[c] >= 0) w[slot[c]][i] += f.xN[col] / f.sig[c];
    }
    e[i] = y[i] - fit;
  }
  const ee = e.reduce((s, v) => s + v * v, 0);
  for (let i = 0; i < n; i++) w[params.length - 1][i] = e[i] / se;
  // u'u and traces per component.
  const uu = new Float64Array(K);
  for (let d = 0; d < nd; d++) if (comp[d] >= 0) uu[comp[d]] += f.xD[d] * f.xD[d];
  for (let c = 0; c < m; c++) if (model.colComp[c] >= 0) uu[model.colComp[c]] += f.xN[c] * f.xN[c];
  const score: number[] = [];
  const em = Float64Array.from(f.sig);
  let trPcorr = 0;
  for (const k of params) {
    if (k === K) continue;
    const sk = f.sig[k];
    const tr = traceComponent(f, k);
    const qk = f.q[k];
    score.push(-0.5 * (qk / sk - (se * tr) / (sk * sk) - uu[k] / (sk * sk)));
    em[k] = (uu[k] + se * tr) / qk;
    trPcorr += qk - (se * tr) / sk;
  }
  const trP = (n - f.p - trPcorr) / se;
  score.push(-0.5 * (trP - ee / (se * se)));
  em[K] = f.ssq / (n - f.p);
  // AI_kl = 1/2 w_k' P w_l with P w = (w - W C^-1 W' w) / s2_e.
  const tD = params.map(() => new Float64Array(nd));
  const tN = params.map(() => new Float64Array(m));
  params.forEach((_, j) => {
    const wj = w[j];
    for (let i = 0; i < n; i++) {
      const v = wj[i];
      if (v === 0) continue;
      const d = model.spec.diag.index[i];
      if (d >= 0) tD[j][d] += v;
      for (let t = 0; t < T; t++) {
        const col = model.obsCols[i * T + t];
        if (col >= 0) tN[j][col] += v;
      }
    }
  });
  const x = params.map((_, j) => f.solve(tD[j], tN[j]));
  const ai = params.map(() => new Array<number>(params.length).fill(0));
  for (let a = 0; a < params.length; a++) {
    for (let b = 0; b <= a; b++) {
      let ww = 0;
      for (let i = 0; i < n; i++) ww += w[a][i] * w[b][i];
      let tx = 0;
      for (let d = 0; d < nd; d++) tx += tD[a][d] * x[b].xD[d];
      for (let c = 0; c < m; c++) tx += tN[a][c] * x[b].xN[c];
      ai[a][b] = ai[b][a] = (0.5 * (ww - tx)) / se;
    }
  }
  return { params, score, ai, em };
}

/** Fits the model by REML from the starting values `start` (random components, then residual). */
export function fitReml(model: MixedModel, start: ArrayLike<number>, opts: RemlOptions = {}): RemlFit {
  const K = model.K;
  const maxIter = opts.maxIter ?? 200;
  const tol = opts.tol ?? 1e-10;
  let f = model.factorize(start);
  if (K === 0) {
    // Only the residual: its REML estimate is closed-form.
    const se = f.ssq / (model.n - f.p);
    if (!(se > 0)) throw new FitFailure('the residual variance is zero (the model fits the data exactly)');
    f = model.factorize([se]);
    return { sig: f.sig, factorization: f, iterations: 0, converged: true, boundary: [] };
  }
  const floor = 1e-10 * f.sig[K];
  const revived = new Array<number>(K).fill(0);
  let iterations = 0;
  let converged = false;
  while (iterations < maxIter) {
    iterations++;
    const der = derivatives(f);
    const raw = solveDense(der.ai, der.score);
    // A step is usable when finite and of the order of the variances (a near-singular AI matrix, e.g. when
    // the predicted effects of a component are all ~0, gives steps of astronomic size).
    const step = raw && raw.every((v, j) => Number.isFinite(v) && Math.abs(v) <= 1e3 * (f.sig[der.params[j]] + f.sig[K])) ? raw : null;
    const propose = (scale: number): Float64Array => {
      const next = Float64Array.from(f.sig);
      der.params.forEach((k, j) => {
        let v = f.sig[k] + scale * (step ? step[j] : 0);
        if (k < K && !(v > 0)) v = f.sig[k] / 10;
        if (k < K && v < floor) v = 0;
        next[k] = v;
      });
      return next;
    };
    const tryFactorize = (sig: Float64Array): Factorization | null => {
      if (!(sig[K] > 0)) return null;
      try {
        return model.factorize(sig);
      } catch (e) {
        if (e instanceof FitFailure) return null;
        throw e;
      }
    };
    let next: Factorization | null = null;
    if (step) {
      for (let h = 0; h < 12 && !next; h++) {
        const cand = tryFactorize(propose(2 ** -h));
        if (cand && cand.m2ll <= f.m2ll + 1e-10 * Math.max(1, Math.abs(f.m2ll))) next = cand;
      }
    }
    // A component that the likelihood pushes down (negative score) and that the step halves or cannot
    // move is tried at exactly zero: the boundary is reached in one move instead of a slow approach.
    der.params.forEach((k, j) => {
      if (k === K || !(der.score[j] < 0)) return;
      const base = next ?? f;
      if (!base.active[k] || (next && next.sig[k] > 0.5 * f.sig[k])) return;
      const sig = Float64Array.from(base.sig);
      sig[k] = 0;
      const cand = tryFactorize(sig);
      if (cand && cand.m2ll < base.m2ll) next = cand;
    });
    if (!next) {
      const sig = Float64Array.from(der.em);
      for (let k = 0; k < K; k++) if (sig[k] < floor) sig[k] = 0;
      next = model.factorize(sig);
    }
    let change = 0;
    for (let k = 0; k <= K; k++) {
      const ref = Math.max(Math.abs(f.sig[k]), floor);
      change = Math.max(change, Math.abs(next.sig[k] - f.sig[k]) / ref);
    }
    const gain = f.m2ll - next.m2ll;
    f = next;
    if (change < tol || (change < 1e-7 && Math.abs(gain) < 1e-12 * Math.max(1, Math.abs(f.m2ll)))) {
      // At a zero component, free it again if the likelihood rises as it leaves zero.
      let freed = false;
      for (let k = 0; k < K; k++) {
        if (f.active[k] || revived[k] >= 2) continue;
        const probe = Float64Array.from(f.sig);
        probe[k] = floor;
        const fp = model.factorize(probe);
        const dp = derivatives(fp);
        const j = dp.params.indexOf(k);
        if (dp.score[j] > 0) {
          const sig = Float64Array.from(f.sig);
          sig[k] = Math.max(dp.em[k], 0.01 * f.sig[K]);
          f = model.factorize(sig);
          revived[k]++;
          freed = true;
        }
      }
      if (!freed) {
        converged = true;
        break;
      }
    }
  }
  const boundary: number[] = [];
  for (let k = 0; k < K; k++) if (!f.active[k]) boundary.push(k);
  return { sig: f.sig, factorization: f, iterations, converged, boundary };
}
