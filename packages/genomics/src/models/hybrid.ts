import { GsError, throwIfAborted } from '../errors.js';
import { cholesky, choleskyLogDet, choleskySolve, meanVariance } from '../linalg/dense.js';
import { withKernels } from '../kernels/pool.js';
import { symmetricEigen } from '../linalg/eigen.js';
import type { ComputeOptions, RelationshipMatrix } from '../relationship.js';
import type { NamedValue } from './gblup.js';
import { fixedDesign } from '../io/pheno.js';
import { fitMnr } from './mnr.js';

/** One hybrid record: its two parents (pool 1 and pool 2), the trait value and fixed-effect levels. */
export interface HybridRecord {
  parent1: string;
  parent2: string;
  value: number;
  fixed: string[];
}

/**
 * `ai-reml`: average-information REML iterated to the optimum (default). `sommer`: the Newton-Raphson
 * iteration and stopping rule of sommer 4.3.7 `mmer()` with its defaults, for results that match sommer
 * digit for digit, including where sommer stops short of the optimum.
 */
export const HYBRID_METHODS = ['ai-reml', 'sommer'] as const;
export type HybridMethod = (typeof HYBRID_METHODS)[number];

export interface HybridOptions extends ComputeOptions {
  /** Include the SCA term (default true). */
  sca?: boolean;
  /** Variance-component algorithm (default `ai-reml`). */
  method?: HybridMethod;
  /** Convergence tolerance on the relative change of every variance component (default 1e-8; `ai-reml`). */
  tol?: number;
  /** Iteration limit (default 200 for `ai-reml`, 20 as in sommer for `sommer`). */
  maxIter?: number;
  /** Names of the fixed-effect factors, for the labels of beta. */
  fixedNames?: string[];
}

export interface HybridResult {
  n: number;
  method: HybridMethod;
  /** False when the iteration limit was reached first (sommer's default of 20 iterations can be). */
  converged: boolean;
  varGca1: number;
  varGca2: number;
  /** Absent when the SCA term is off. */
  varSca?: number;
  varE: number;
  beta: Array<{ name: string; value: number }>;
  logLik: number;
  iterations: number;
  /** Components that the REML estimate put on the zero boundary. */
  atBoundary: string[];
  gca1: NamedValue[];
  gca2: NamedValue[];
  /** SCA BLUPs of observed crosses and, predicted from the Kronecker covariance, of untested ones. */
  sca: Array<{ cross: string; value: number; observed: boolean }>;
  /** Predicted performance of every pool 1 x pool 2 cross: mean fixed effect + GCA1 + GCA2 + SCA. */
  predictions: Array<{ parent1: string; parent2: string; value: number; observed: boolean }>;
  /** Fitted genetic value GCA1 + GCA2 + SCA of each record used. */
  fittedGenetic: Float64Array;
}

interface Factor {
  /** L with K = L L' (columns for the positive eigenvalues). */
  L: Float64Array;
  rank: number;
  U: Float64Array;
  phi: Float64Array;
}

const EM_WARMUP = 5;

function factorise(K: Float64Array, q: number): Factor {
  const { values, vectors } = symmetricEigen(K, q);
  const tol = Math.max(values[0], 0) * 1e-10;
  let rank = 0;
  while (rank < q && values[rank] > tol) rank++;
  const L = new Float64Array(q * rank);
  const U = new Float64Array(q * rank);
  for (let i = 0; i < q; i++) {
    for (let c = 0; c < rank; c++) {
      U[i * rank + c] = vectors[i * q + c];
      L[i * rank + c] = vectors[i * q + c] * Math.sqrt(values[c]);
    }
  }
  return { L, rank, U, phi: values.subarray(0, rank) };
}

/**
 * Hybrid model y = X beta + GCA1 + GCA2 + SCA + e with GCA_k ~ N(0, K_k s2_k) from each pool's own
 * relationship matrix and SCA ~ N(0, (K1 (x) K2) s2_sca) over the observed crosses, fitted by
 * average-information REML on the mixed-model equations (random effects reparameterised through
 * K = L L', so singular relationship matrices are fine). A component that REML puts at zero is held
 * on the boundary, as sommer reports it. Untested crosses get their SCA by BLUP from the observed ones.
 */
export async function fitHybrid(
  K1: RelationshipMatrix,
  K2: RelationshipMatrix,
  records: HybridRecord[],
  fixedFactors: number,
  opts: HybridOptions = {},
): Promise<HybridResult> {
  const in1 = new Set(K1.ids);
  const in2 = new Set(K2.ids);
  const recs = records.filter((r) => Number.isFinite(r.value) && in1.has(r.parent1) && in2.has(r.parent2));
  if (recs.length === 0) throw new GsError('NO_COMMON_SAMPLES', { rule: 'hybrid parents must be in their pool' });
  const withSca = opts.sca ?? true;
  const n = recs.length;
  const ids1 = K1.ids;
  const ids2 = K2.ids;
  const idx1 = new Map(ids1.map((id, i) => [id, i]));
  const idx2 = new Map(ids2.map((id, i) => [id, i]));
  const f1 = factorise(K1.values, ids1.length);
  const f2 = factorise(K2.values, ids2.length);
  opts.onProgress?.(0.05, 'relationship factors');

  const crossKey = (a: string, b: string) => `${a}:${b}`;
  const observed: Array<[number, number]> = [];
  const crossIndex = new Map<string, number>();
  for (const r of recs) {
    const key = crossKey(r.parent1, r.parent2);
    if (!crossIndex.has(key)) {
      crossIndex.set(key, observed.length);
      observed.push([idx1.get(r.parent1)!, idx2.get(r.parent2)!]);
    }
  }
  const q1 = ids1.length;
  const q2 = ids2.length;
  const nc = observed.length;
  let fS: Factor | undefined;
  if (withSca) {
    const KS = new Float64Array(nc * nc);
    for (let a = 0; a < nc; a++) {
      for (let b = 0; b < nc; b++) {
        KS[a * nc + b] = K1.values[observed[a][0] * q1 + observed[b][0]] * K2.values[observed[a][1] * q2 + observed[b][1]];
      }
    }
    fS = factorise(KS, nc);
  }
  const { X, p, names } = fixedDesign(recs, fixedFactors, opts.fixedNames);
  const blocks = [
    { name: 'GCA1', factor: f1, row: (r: HybridRecord) => idx1.get(r.parent1)! },
    { name: 'GCA2', factor: f2, row: (r: HybridRecord) => idx2.get(r.parent2)! },
    ...(fS ? [{ name: 'SCA', factor: fS, row: (r: HybridRecord) => crossIndex.get(crossKey(r.parent1, r.parent2))! }] : []),
  ];
  const offsets: number[] = [];
  let dim = p;
  for (const b of blocks) {
    offsets.push(dim);
    dim += b.factor.rank;
  }
  // W = [X, Z1 L1, Z2 L2, Zs Ls], row-major n x dim.
  const W = new Float64Array(n * dim);
  recs.forEach((r, i) => {
    for (let c = 0; c < p; c++) W[i * dim + c] = X[i * p + c];
    blocks.forEach((b, k) => {
      const row = b.row(r);
      const rank = b.factor.rank;
      W.set(b.factor.L.subarray(row * rank, (row + 1) * rank), i * dim + offsets[k]);
    });
  });
  const y = Float64Array.from(recs, (r) => r.value);
  const WtW = new Float64Array(dim * dim);
  const Wty = new Float64Array(dim);
  for (let i = 0; i < n; i++) {
    const row = i * dim;
    for (let a = 0; a < dim; a++) {
      const wa = W[row + a];
      if (wa === 0) continue;
      Wty[a] += wa * y[i];
      const ra = a * dim;
      for (let b = 0; b <= a; b++) WtW[ra + b] += wa * W[row + b];
    }
  }
  for (let a = 0; a < dim; a++) for (let b = 0; b < a; b++) WtW[b * dim + a] = WtW[a * dim + b];
  const xtx = new Float64Array(p * p);
  for (let a = 0; a < p; a++) for (let b = 0; b < p; b++) xtx[a * p + b] = WtW[a * dim + b];
  if (!cholesky(xtx, p)) throw new GsError('FIXED_EFFECTS_RANK_DEFICIENT', { params: { detail: `${p} columns, ${n} records` } });
  let yy = 0;
  for (const v of y) yy += v * v;

  const K = blocks.length;
  // The mixed-model equations are factorised in WebAssembly (in a worker once they are large), in one
  // kernel session for the whole search.
  const { state, sig, fixedAt, iterations, converged } = await withKernels(async (k) => {
    const cp = k.alloc(dim * dim * 8);
    const dp = k.alloc(dim * 8);
    const xp = k.alloc(dim * 8);
    const call = (fn: 'cholesky' | 'inverseDiagonal', args: number[]) => (dim >= 256 ? k.run(fn, args) : Promise.resolve(k.runLocal(fn, args)));
    const factor = async (C: Float64Array) => {
      k.f64(cp, dim * dim).set(C);
      if (!(await call('cholesky', [cp, dim]))) return false;
      C.set(k.f64(cp, dim * dim));
      return true;
    };
    const inverseDiagonal = async (L: Float64Array) => {
      k.f64(cp, dim * dim).set(L);
      await call('inverseDiagonal', [cp, dim, dp, xp]);
      return Float64Array.from(k.f64(dp, dim));
    };
    const ranks = blocks.map((b) => b.factor.rank);
    // Evaluates -2 log restricted likelihood (without constants), solutions, C^-1 and the AI pieces.
    const evaluate = async (sig: number[], withInverse: boolean) => {
      const se = sig[K];
      const C = Float64Array.from(WtW);
      blocks.forEach((_, k) => {
        const ratio = se / sig[k];
        for (let t = 0; t < ranks[k]; t++) C[(offsets[k] + t) * (dim + 1)] += ratio;
      });
      if (!(await factor(C))) return undefined;
      const sol = Float64Array.from(Wty);
      choleskySolve(C, dim, sol);
      let ySol = 0;
      for (let a = 0; a < dim; a++) ySol += sol[a] * Wty[a];
      const ypy = (yy - ySol) / se;
      let m2 = (n - p) * Math.log(se) + choleskyLogDet(C, dim) + ypy;
      blocks.forEach((_, k) => (m2 += ranks[k] * Math.log(sig[k] / se)));
      return { m2, C, sol, Cinv: withInverse ? await inverseDiagonal(C) : undefined };
    };

    const vy = meanVariance(y).variance;
    let sig = Array.from({ length: K + 1 }, () => vy / (K + 1));
    const floor = vy * 1e-9;
    const fixedAt = new Set<number>();
    if (opts.method === 'sommer') {
      const terms = blocks.map((b, k) => {
        const rank = b.factor.rank;
        const Wk = new Float64Array(n * rank);
        for (let i = 0; i < n; i++) Wk.set(W.subarray(i * dim + offsets[k], i * dim + offsets[k] + rank), i * rank);
        return { W: Wk, rank };
      });
      const mnr = fitMnr(y, X, p, terms, { iters: opts.maxIter, signal: opts.signal });
      opts.onProgress?.(0.9, 'solutions');
      const zero = new Set<number>();
      mnr.sigma.forEach((v, k) => {
        if (k < K && v === 0) zero.add(k);
      });
      // A component held at zero enters the equations at the floor, which shrinks its effects to zero.
      const solved = await evaluate(
        mnr.sigma.map((v, k) => (k < K ? Math.max(v, floor) : v)),
        false,
      );
      if (!solved) throw new GsError('MODEL_FIT_FAILED', { params: { detail: 'the mixed-model equations are singular at the estimated variance components' } });
      return { state: solved, sig: mnr.sigma, fixedAt: zero, iterations: mnr.iterations, converged: mnr.converged };
    }
    const tol = opts.tol ?? 1e-8;
    const maxIter = opts.maxIter ?? 200;
    let iterations = 0;
    let converged = false;
    let state = (await evaluate(sig, true))!;
    for (; iterations < maxIter; iterations++) {
      throwIfAborted(opts.signal);
      const { sol, Cinv } = state;
      const se = sig[K];
      const resid = Float64Array.from(y);
      for (let i = 0; i < n; i++) {
        let s = 0;
        for (let a = 0; a < dim; a++) s += W[i * dim + a] * sol[a];
        resid[i] -= s;
      }
      // Gradient of -2 l_R and the working variates f_k = V_k P y.
      const grad = new Float64Array(K + 1);
      const fv: Float64Array[] = [];
      let dfRandom = 0;
      blocks.forEach((_, k) => {
        const o = offsets[k];
        let trace = 0;
        let aa = 0;
        for (let t = 0; t < ranks[k]; t++) {
          trace += Cinv![o + t];
          aa += sol[o + t] ** 2;
        }
        const sk = sig[k];
        grad[k] = ranks[k] / sk - (trace * se) / (sk * sk) - aa / (sk * sk);
        dfRandom += ranks[k] - (trace * se) / sk;
        const f = new Float64Array(n);
        for (let i = 0; i < n; i++) {
          let s = 0;
          for (let t = 0; t < ranks[k]; t++) s += W[i * dim + o + t] * sol[o + t];
          f[i] = s / sk;
        }
        fv.push(f);
      });
      let ee = 0;
      for (const r of resid) ee += r * r;
      grad[K] = (n - p - dfRandom) / se - ee / (se * se);
      fv.push(resid.map((r) => r / se));
      // AI_ij = f_i' P f_j with P f = (f - W C^-1 W'f) / se.
      const pf = fv.map((f) => {
        const wf = new Float64Array(dim);
        for (let i = 0; i < n; i++) for (let a = 0; a < dim; a++) wf[a] += W[i * dim + a] * f[i];
        choleskySolve(state.C, dim, wf);
        const out = new Float64Array(n);
        for (let i = 0; i < n; i++) {
          let s = 0;
          for (let a = 0; a < dim; a++) s += W[i * dim + a] * wf[a];
          out[i] = (f[i] - s) / se;
        }
        return out;
      });
      // Boundary components rejoin the search once their gradient points inwards.
      for (const k of [...fixedAt]) if (grad[k] < 0) fixedAt.delete(k);
      const free = Array.from({ length: K + 1 }, (_, i) => i).filter((i) => !fixedAt.has(i));
      let next: number[];
      let accepted: typeof state | undefined;
      if (iterations < EM_WARMUP) {
        // EM-REML steps first: slow but monotone, they bring the start close enough for AI steps.
        next = sig.slice();
        blocks.forEach((_, k) => {
          const o = offsets[k];
          let trace = 0;
          let aa = 0;
          for (let t = 0; t < ranks[k]; t++) {
            trace += Cinv![o + t];
            aa += sol[o + t] ** 2;
          }
          next[k] = Math.max(floor, (aa + trace * se) / ranks[k]);
        });
        let ySol = 0;
        for (let a = 0; a < dim; a++) ySol += sol[a] * Wty[a];
        next[K] = Math.max(floor, (yy - ySol) / (n - p));
        accepted = await evaluate(next, true);
      } else {
        const nf = free.length;
        const ai = new Float64Array(nf * nf);
        free.forEach((i, a) =>
          free.forEach((j, b) => {
            let s = 0;
            for (let t = 0; t < n; t++) s += fv[i][t] * pf[j][t];
            ai[a * nf + b] = s;
          }),
        );
        const step = Float64Array.from(free, (i) => -grad[i]);
        if (!cholesky(ai, nf)) break;
        choleskySolve(ai, nf, step);
        let scale = 1;
        next = sig.slice();
        for (let half = 0; half < 30; half++) {
          next = sig.slice();
          free.forEach((i, a) => (next[i] = Math.max(floor, sig[i] + scale * step[a])));
          // Trials need only the criterion; the inverse's diagonal is for the accepted point.
          const trial = await evaluate(next, false);
          if (trial && trial.m2 <= state.m2 + 1e-10 * Math.abs(state.m2)) {
            accepted = { ...trial, Cinv: await inverseDiagonal(trial.C) };
            break;
          }
          scale /= 2;
        }
      }
      if (!accepted) {
        // No step, however short, lowers the criterion: the search sits on the optimum.
        converged = true;
        break;
      }
      for (let k = 0; k < K; k++) if (next[k] <= floor) fixedAt.add(k);
      const change = Math.max(...next.map((v, i) => Math.abs(v - sig[i]) / Math.max(Math.abs(v), floor)));
      sig = next;
      state = accepted;
      opts.onProgress?.(0.1 + 0.8 * Math.min(1, iterations / 30), `REML iteration ${iterations + 1}`);
      if (change < tol) {
        iterations++;
        converged = true;
        break;
      }
    }
    return { state, sig, fixedAt, iterations, converged };
  });
  const { sol } = state;
  const se = sig[K];
  const gcaValues = (k: number, q: number) => {
    const { L, rank } = blocks[k].factor;
    const out = new Float64Array(q);
    for (let i = 0; i < q; i++) {
      let s = 0;
      for (let t = 0; t < rank; t++) s += L[i * rank + t] * sol[offsets[k] + t];
      out[i] = s;
    }
    return out;
  };
  const g1 = gcaValues(0, q1);
  const g2 = gcaValues(1, q2);
  // SCA for every cross: K_S[c, obs] K_obs^+ u_obs, with K_obs^+ u_obs = U phi^-1/2 a.
  const scaAt = new Map<string, number>();
  if (fS) {
    const so = offsets[2];
    const w = new Float64Array(nc);
    for (let c = 0; c < nc; c++) {
      let s = 0;
      for (let t = 0; t < fS.rank; t++) s += (fS.U[c * fS.rank + t] / Math.sqrt(fS.phi[t])) * sol[so + t];
      w[c] = s;
    }
    const k1 = K1.values;
    const k2 = K2.values;
    for (let a = 0; a < q1; a++) {
      for (let b = 0; b < q2; b++) {
        let s = 0;
        for (let c = 0; c < nc; c++) s += k1[a * q1 + observed[c][0]] * k2[b * q2 + observed[c][1]] * w[c];
        scaAt.set(crossKey(ids1[a], ids2[b]), s);
      }
    }
  }
  let meanFixed = 0;
  for (let i = 0; i < n; i++) for (let c = 0; c < p; c++) meanFixed += X[i * p + c] * sol[c];
  meanFixed /= n;
  const sca: HybridResult['sca'] = [];
  const predictions: HybridResult['predictions'] = [];
  for (let a = 0; a < q1; a++) {
    for (let b = 0; b < q2; b++) {
      const key = crossKey(ids1[a], ids2[b]);
      const isObs = crossIndex.has(key);
      const s = scaAt.get(key) ?? 0;
      if (fS) sca.push({ cross: key, value: s, observed: isObs });
      predictions.push({ parent1: ids1[a], parent2: ids2[b], value: meanFixed + g1[a] + g2[b] + s, observed: isObs });
    }
  }
  const fittedGenetic = Float64Array.from(recs, (r) => g1[idx1.get(r.parent1)!] + g2[idx2.get(r.parent2)!] + (scaAt.get(crossKey(r.parent1, r.parent2)) ?? 0));
  opts.onProgress?.(1, 'done');
  const logLik = -0.5 * (state.m2 + (n - p) * Math.log(2 * Math.PI) - choleskyLogDet(xtx, p));
  return {
    n,
    method: opts.method ?? 'ai-reml',
    converged,
    varGca1: fixedAt.has(0) ? 0 : sig[0],
    varGca2: fixedAt.has(1) ? 0 : sig[1],
    varSca: fS ? (fixedAt.has(2) ? 0 : sig[2]) : undefined,
    varE: se,
    beta: names.map((name, c) => ({ name, value: sol[c] })),
    logLik,
    iterations,
    atBoundary: [...fixedAt].map((k) => blocks[k].name),
    gca1: ids1.map((id, i) => ({ id, value: g1[i] })),
    gca2: ids2.map((id, i) => ({ id, value: g2[i] })),
    sca,
    predictions,
    fittedGenetic,
  };
}
