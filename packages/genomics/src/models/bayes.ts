import { GsError, throwIfAborted } from '../errors.js';
import { alleleFrequencies, type Genotypes } from '../genotype.js';
import type { Phenotypes } from '../io/pheno.js';
import { withKernels } from '../kernels/pool.js';
import { Rng } from '../random.js';
import type { ComputeOptions } from '../relationship.js';
import type { Trainer } from '../cv.js';
import { cholesky, choleskySolve, meanVariance } from '../linalg/dense.js';
import { matchRecords, type TraitRecords } from './kernel-model.js';
import type { NamedValue } from './gblup.js';
import { makePredictor, type MarkerPredictor } from '../predict.js';

export type BayesModel = 'brr' | 'bayesb' | 'bayesc';

export interface BayesOptions extends ComputeOptions {
  /** Total Gibbs iterations (BGLR's nIter); default 6000. */
  iter?: number;
  /** Discarded initial iterations (BGLR's burnIn); default 1000. */
  burnin?: number;
  /** Keep every thin-th sample after burn-in (BGLR's thin); default 5. */
  thin?: number;
  seed?: number;
  /** Prior share of the phenotypic variance explained by markers (BGLR's R2); default 0.5. */
  r2?: number;
  /** Prior degrees of freedom of the variance parameters (BGLR's df0); default 5. */
  df0?: number;
  /** Prior inclusion probability and its weight in prior counts (BGLR's probIn, counts); 0.5 and 10. */
  probIn?: number;
  counts?: number;
}

export interface BayesResult {
  model: BayesModel;
  n: number;
  /** Posterior means. */
  varE: number;
  varB: number;
  /** Posterior mean of the inclusion probability (1 for BRR). */
  probIn: number;
  beta: Array<{ name: string; value: number }>;
  markerEffects: NamedValue[];
  gebv: NamedValue[];
  samples: number;
  /** Scores new genotypes with the posterior-mean effects. */
  predictor: MarkerPredictor;
}

interface ChainOutput {
  beta: Float64Array;
  effects: Float64Array;
  varE: number;
  varB: number;
  probIn: number;
  samples: number;
}

/**
 * Marker matrix of the Bayesian models: counts - 1 (rrBLUP's coding), mean-imputed, marker-major, in f32
 * as the sweep reads it (so the GEBVs below use exactly the values the chain saw).
 */
function markerRows(g: Genotypes): Float32Array {
  const n = g.samples.length;
  const m = g.markers.length;
  const { p } = alleleFrequencies(g);
  const x = new Float32Array(m * n);
  for (let j = 0; j < m; j++) {
    const base = j * n;
    const fill = 2 * p[j] - 1;
    for (let i = 0; i < n; i++) {
      const v = g.codes[base + i];
      x[base + i] = v >= 0 ? v - 1 : fill;
    }
  }
  return x;
}

/**
 * Gibbs sampler of BGLR's BRR, BayesB and BayesC for y = X beta + W b + e over the given records, with
 * BGLR's default priors (R2 = 0.5, df0 = 5, probIn = 0.5, counts = 10; BayesB's scale with a
 * Gamma(1.1, ...) hyperprior). The marker sweep runs in WebAssembly; the chain yields to the event loop
 * every few iterations so that progress and abort work.
 */
async function runChain(model: BayesModel, xAll: Float32Array, nAll: number, m: number, rec: TraitRecords, opts: BayesOptions): Promise<ChainOutput> {
  const iter = opts.iter ?? 6000;
  const burnin = opts.burnin ?? 1000;
  const thin = opts.thin ?? 5;
  if (!(Number.isInteger(iter) && Number.isInteger(burnin) && iter > burnin && burnin >= 0 && thin >= 1)) {
    throw new GsError('ARGUMENT_INVALID', { params: { detail: `need iter > burnin >= 0, got iter ${iter}, burnin ${burnin}` } });
  }
  const rng = new Rng(opts.seed ?? 1);
  const r2 = opts.r2 ?? 0.5;
  const df0 = opts.df0 ?? 5;
  const probIn0 = opts.probIn ?? 0.5;
  const counts = opts.counts ?? 10;
  const n = rec.y.length;
  const { y, X, p } = rec;

  const { mean: my, variance: vy } = meanVariance(y);

  // X'X of the fixed effects, for their block update.
  const xtx = new Float64Array(p * p);
  for (let a = 0; a < p; a++) for (let c = 0; c < p; c++) for (let i = 0; i < n; i++) xtx[a * p + c] += X[i * p + a] * X[i * p + c];
  if (!cholesky(xtx, p)) throw new GsError('FIXED_EFFECTS_RANK_DEFICIENT', { params: { detail: `${p} columns, ${n} records` } });

  return withKernels(async (k) => {
    const xp = k.alloc(m * n * 4);
    const ep = k.alloc(n * 8);
    const bp = k.alloc(m * 8);
    const dp = k.alloc(m * 8);
    const xxp = k.alloc(m * 8);
    const vbp = k.alloc(m * 8);
    const zp = k.alloc(m * 8);
    const up = k.alloc(m * 8);
    const x = k.f32(xp, m * n);
    for (let j = 0; j < m; j++) for (let t = 0; t < n; t++) x[j * n + t] = xAll[j * nAll + rec.sample[t]];
    const xx = k.f64(xxp, m);
    let msx = 0;
    for (let j = 0; j < m; j++) {
      let s = 0;
      let s2 = 0;
      for (let t = 0; t < n; t++) {
        const v = x[j * n + t];
        s += v;
        s2 += v * v;
      }
      xx[j] = s2;
      msx += s2 / n - (s / n) ** 2;
    }
    const selection = model === 'brr' ? 0 : 1;
    const s0B = ((vy * r2) / msx / (selection ? probIn0 : 1)) * (df0 + 2);
    const s0E = vy * (1 - r2) * (df0 + 2);
    const shape0 = 1.1;
    const rate0 = (shape0 - 1) / s0B;
    let scaleB = s0B;
    const b = k.f64(bp, m).fill(0);
    const d = k.f64(dp, m);
    for (let j = 0; j < m; j++) d[j] = selection ? (rng.uniform() < probIn0 ? 1 : 0) : 1;
    const vb = k.f64(vbp, m).fill(s0B / (df0 + 2));
    let varE = s0E / (df0 + 2);
    let pIn = probIn0;
    const beta = new Float64Array(p);
    beta[0] = my;
    const e = k.f64(ep, n);
    for (let t = 0; t < n; t++) e[t] = y[t] - my;

    const sumBeta = new Float64Array(p);
    const sumB = new Float64Array(m);
    let sumVarE = 0;
    let sumVarB = 0;
    let sumPIn = 0;
    let kept = 0;
    const z = k.f64(zp, m);
    const u = k.f64(up, m);
    const rhs = new Float64Array(p);
    for (let it = 1; it <= iter; it++) {
      // Fixed effects as one block: beta | rest ~ N((X'X)^-1 X'(e + X beta), varE (X'X)^-1).
      for (let t = 0; t < n; t++) for (let c = 0; c < p; c++) e[t] += X[t * p + c] * beta[c];
      rhs.fill(0);
      for (let t = 0; t < n; t++) for (let c = 0; c < p; c++) rhs[c] += X[t * p + c] * e[t];
      choleskySolve(xtx, p, rhs);
      const noise = new Float64Array(p);
      for (let c = 0; c < p; c++) noise[c] = rng.normal() * Math.sqrt(varE);
      // L' w = noise gives w ~ N(0, varE (X'X)^-1).
      for (let c = p - 1; c >= 0; c--) {
        let s = noise[c];
        for (let r = c + 1; r < p; r++) s -= xtx[r * p + c] * noise[r];
        noise[c] = s / xtx[c * p + c];
      }
      for (let c = 0; c < p; c++) beta[c] = rhs[c] + noise[c];
      for (let t = 0; t < n; t++) for (let c = 0; c < p; c++) e[t] -= X[t * p + c] * beta[c];

      for (let j = 0; j < m; j++) z[j] = rng.normal();
      // BRR draws no indicators, so it needs no uniforms.
      if (selection) {
        for (let j = 0; j < m; j++) {
          const v = rng.uniform();
          u[j] = Math.log(v / (1 - v));
        }
      }
      // A sweep over the wheat markers takes under a millisecond and a round trip to a worker adds about
      // half of that (measured: 35-50% slower chains), so the sweep runs here and the chain yields to the
      // event loop every 25 iterations instead.
      k.runLocal('gibbsSweep', [xp, n, m, ep, bp, dp, xxp, vbp, zp, up, varE, Math.log(pIn / (1 - pIn)), selection]);

      let sb = 0;
      let inside = 0;
      for (let j = 0; j < m; j++) {
        sb += b[j] * b[j];
        inside += d[j];
      }
      if (model === 'bayesb') {
        let sumInv = 0;
        for (let j = 0; j < m; j++) {
          vb[j] = (scaleB + b[j] * b[j]) / rng.chiSquare(df0 + 1);
          sumInv += 1 / vb[j];
        }
        scaleB = rng.gamma((m * df0) / 2 + shape0) / (sumInv / 2 + rate0);
      } else {
        vb.fill((s0B + sb) / rng.chiSquare(df0 + m));
      }
      if (selection) pIn = rng.beta(probIn0 * counts + inside, (1 - probIn0) * counts + m - inside);
      let ee = 0;
      for (let t = 0; t < n; t++) ee += e[t] * e[t];
      varE = (s0E + ee) / rng.chiSquare(df0 + n);

      if (it > burnin && (it - burnin) % thin === 0) {
        kept++;
        for (let c = 0; c < p; c++) sumBeta[c] += beta[c];
        for (let j = 0; j < m; j++) sumB[j] += b[j] * d[j];
        sumVarE += varE;
        let mv = 0;
        for (let j = 0; j < m; j++) mv += vb[j];
        sumVarB += mv / m;
        sumPIn += selection ? pIn : 1;
      }
      if (it % 25 === 0) {
        opts.onProgress?.(it / iter, `Gibbs iteration ${it}`);
        await new Promise<void>((resolve) => setImmediate(resolve));
        throwIfAborted(opts.signal);
      }
    }
    for (let c = 0; c < p; c++) sumBeta[c] /= kept;
    for (let j = 0; j < m; j++) sumB[j] /= kept;
    return { beta: sumBeta, effects: sumB, varE: sumVarE / kept, varB: sumVarB / kept, probIn: sumPIn / kept, samples: kept };
  });
}

function geneticValues(xAll: Float32Array, nAll: number, m: number, effects: Float64Array): Float64Array {
  const gv = new Float64Array(nAll);
  for (let j = 0; j < m; j++) {
    const bj = effects[j];
    if (bj === 0) continue;
    const base = j * nAll;
    for (let i = 0; i < nAll; i++) gv[i] += xAll[base + i] * bj;
  }
  return gv;
}

/**
 * Bayesian marker regression (BRR, BayesB or BayesC as in BGLR) by Gibbs sampling with a seed,
 * iterations and burn-in. Returns posterior means of marker effects, fixed effects and variances, and
 * GEBVs (W b) for every genotyped sample.
 */
export async function fitBayes(model: BayesModel, g: Genotypes, pheno: Phenotypes, opts: BayesOptions = {}): Promise<BayesResult> {
  const x = markerRows(g);
  const n = g.samples.length;
  const m = g.markers.length;
  const rec = matchRecords(g.samples, pheno);
  const out = await runChain(model, x, n, m, rec, opts);
  const gv = geneticValues(x, n, m, out.effects);
  return {
    model,
    n: rec.y.length,
    varE: out.varE,
    varB: out.varB,
    probIn: out.probIn,
    beta: Array.from(out.beta, (value, i) => ({ name: rec.fixedNames[i], value })),
    markerEffects: g.markers.map((id, j) => ({ id, value: out.effects[j] })),
    gebv: g.samples.map((id, i) => ({ id, value: gv[i] })),
    samples: out.samples,
    predictor: makePredictor(g, out.effects, 'minus101'),
  };
}

/** Cross-validation trainer running a fresh chain on each training set. */
export function bayesTrainer(model: BayesModel, g: Genotypes, opts: BayesOptions = {}): Trainer {
  const x = markerRows(g);
  const n = g.samples.length;
  const m = g.markers.length;
  return async (train, signal) => {
    const out = await runChain(model, x, n, m, train, { ...opts, signal });
    return { beta: out.beta, g: geneticValues(x, n, m, out.effects) };
  };
}
