import { GsError } from '../errors.js';
import { alleleFrequencies, type Genotypes, type MarkerCoding } from '../genotype.js';
import type { Phenotypes } from '../io/pheno.js';
import { centredCrossProduct, gaussianKernel, markerDistances, type ComputeOptions, type RelationshipMatrix } from '../relationship.js';
import type { Trainer } from '../cv.js';
import { fitKernel, matchRecords, type KernelFit, type TraitRecords } from './kernel-model.js';
import type { VarianceMethod } from './spectral.js';
import { makePredictor, type MarkerPredictor } from '../predict.js';

export interface FitOptions extends ComputeOptions {
  /** REML (default) or ML for the variance components. */
  method?: VarianceMethod;
}

export interface GblupOptions extends FitOptions {
  /**
   * The genotypes K was built from by `vanRadenG` (same samples, same markers): marker effects are then
   * back-solved, a = Z'H^{-1}(y - X beta) / (2 sum p(1 - p)), and returned as a predictor.
   */
  genotypes?: Genotypes;
}

export interface NamedValue {
  id: string;
  value: number;
}

/** Result of a single-kernel mixed model (GBLUP, pedigree BLUP, RR-BLUP, RKHS). */
export interface KernelModelResult {
  n: number;
  varU: number;
  varE: number;
  /** Vu / (Vu + Ve), rrBLUP's convention (not rescaled by the mean diagonal of K). */
  h2: number;
  beta: Array<{ name: string; value: number }>;
  logLik: number;
  /** Ve / Vu at the optimum. */
  lambda: number;
  /** Genomic (or pedigree) estimated breeding values: u for every row of the relationship matrix. */
  gebv: NamedValue[];
  /** Linear marker predictor scoring new genotypes (GBLUP with genotypes, RR-BLUP). */
  predictor?: MarkerPredictor;
}

function summarise(fit: KernelFit, rec: TraitRecords, ids: string[]): KernelModelResult {
  return {
    n: rec.y.length,
    varU: fit.Vu,
    varE: fit.Ve,
    h2: fit.Vu / (fit.Vu + fit.Ve),
    beta: Array.from(fit.beta, (value, i) => ({ name: rec.fixedNames[i], value })),
    logLik: fit.logLik,
    lambda: fit.lambda,
    gebv: ids.map((id, i) => ({ id, value: fit.u[i] })),
  };
}

/**
 * GBLUP (or pedigree BLUP with a pedigree A) by REML/ML: y = X beta + Z u + e, u ~ N(0, K Vu). Results
 * match rrBLUP's mixed.solve(y, Z, K, X). GEBVs cover every sample of K, phenotyped or not.
 */
export async function fitGblup(K: RelationshipMatrix, pheno: Phenotypes, opts: GblupOptions = {}): Promise<KernelModelResult> {
  const rec = matchRecords(K.ids, pheno);
  opts.onProgress?.(0.05, 'REML');
  const fit = await fitKernel(K, rec, opts.method ?? 'REML', opts.signal);
  opts.onProgress?.(1, 'done');
  const result = summarise(fit, rec, K.ids);
  const g = opts.genotypes;
  if (g) {
    if (g.samples.length !== K.ids.length || g.samples.some((id, i) => id !== K.ids[i])) {
      throw new GsError('ARGUMENT_INVALID', { params: { detail: 'genotypes must have the samples of K in its order' } });
    }
    const { p } = alleleFrequencies(g);
    let denom = 0;
    for (let j = 0; j < p.length; j++) denom += 2 * p[j] * (1 - p[j]);
    result.predictor = makePredictor(g, backSolveMarkers(g, 'centred', fit.hinvBySample), 'centred', 1 / denom);
  }
  return result;
}

/** A cross-validation trainer that re-fits GBLUP (variance components included) on each training set. */
export function gblupTrainer(K: RelationshipMatrix, method: VarianceMethod = 'REML'): Trainer {
  return async (train, signal) => {
    const fit = await fitKernel(K, train, method, signal);
    return { beta: fit.beta, g: fit.u };
  };
}

/** Z Z' for a marker coding, from the exact centred cross-product plus the rank-one terms of the shift. */
export async function markerCrossProduct(g: Genotypes, coding: MarkerCoding, opts: ComputeOptions = {}): Promise<RelationshipMatrix> {
  const n = g.samples.length;
  const m = g.markers.length;
  const zz = await centredCrossProduct(g, opts);
  if (coding === 'centred') return { ids: g.samples.slice(), values: zz };
  // Z = Zc + 1 t' with t_j = 2p_j - shift, so ZZ' = ZcZc' + (Zc t)1' + 1(Zc t)' + t't.
  const { p } = alleleFrequencies(g);
  const shift = coding === 'minus101' ? 1 : 0;
  const zt = new Float64Array(n);
  let tt = 0;
  for (let j = 0; j < m; j++) {
    const c = 2 * p[j];
    const t = c - shift;
    tt += t * t;
    const base = j * n;
    for (let i = 0; i < n; i++) {
      const v = g.codes[base + i];
      if (v >= 0) zt[i] += (v - c) * t;
    }
  }
  const scale = coding === 'inbred01' ? 0.25 : 1;
  for (let i = 0; i < n; i++) for (let l = 0; l < n; l++) zz[i * n + l] = (zz[i * n + l] + zt[i] + zt[l] + tt) * scale;
  return { ids: g.samples.slice(), values: zz };
}

export interface RrblupOptions extends FitOptions {
  /** Marker coding of Z: rrBLUP's -1/0/1 (default), 0/1/2 counts, or centred counts. */
  coding?: MarkerCoding;
  /** Z Z' from `markerCrossProduct` for the same genotypes and coding, when already computed. */
  crossProduct?: RelationshipMatrix;
}

export interface RrblupResult extends KernelModelResult {
  markerEffects: NamedValue[];
  coding: MarkerCoding;
}

/**
 * RR-BLUP: y = X beta + Z a + e with a ~ N(0, I Vu) over markers, fitted as GBLUP on ZZ' and the
 * marker effects back-solved, a = Z' H^{-1}(y - X beta); GEBVs are Z a. Equals rrBLUP's
 * mixed.solve(y, Z = markers). Missing calls are mean-imputed.
 */
export async function fitRrblup(g: Genotypes, pheno: Phenotypes, opts: RrblupOptions = {}): Promise<RrblupResult> {
  const coding = opts.coding ?? 'minus101';
  const K = opts.crossProduct ?? (await markerCrossProduct(g, coding, { ...opts, onProgress: (f, msg) => opts.onProgress?.(0.8 * f, msg) }));
  const rec = matchRecords(K.ids, pheno);
  const fit = await fitKernel(K, rec, opts.method ?? 'REML', opts.signal);
  const effects = backSolveMarkers(g, coding, fit.hinvBySample);
  opts.onProgress?.(1, 'done');
  return {
    ...summarise(fit, rec, K.ids),
    coding,
    markerEffects: g.markers.map((id, j) => ({ id, value: effects[j] })),
    predictor: makePredictor(g, effects, coding),
  };
}

/** a = Z' h for the coded, mean-imputed marker matrix Z. */
export function backSolveMarkers(g: Genotypes, coding: MarkerCoding, h: Float64Array): Float64Array {
  const n = g.samples.length;
  const m = g.markers.length;
  const { p } = alleleFrequencies(g);
  const a = new Float64Array(m);
  for (let j = 0; j < m; j++) {
    const c = 2 * p[j];
    const base = j * n;
    const off = coding === 'centred' ? c : coding === 'minus101' ? 1 : 0;
    let s = 0;
    for (let i = 0; i < n; i++) {
      const v = g.codes[base + i];
      s += ((v >= 0 ? v : c) - off) * h[i];
    }
    a[j] = coding === 'inbred01' ? s / 2 : s;
  }
  return a;
}

export interface RkhsOptions extends FitOptions {
  /** Bandwidth theta of exp(-(D/theta)^2) with D in [0, 1]; default: profile the likelihood over a grid. */
  bandwidth?: number;
  /** Grid size for the profile (rrBLUP's n.profile, default 10: theta = 0.1, 0.2, ..., 1). */
  nProfile?: number;
  /** Distances from `markerDistances` for the same genotypes, when already computed. */
  distances?: Float64Array;
}

export interface RkhsResult extends KernelModelResult {
  bandwidth: number;
  profile: Array<{ bandwidth: number; logLik: number }>;
}

/**
 * RKHS regression with a Gaussian kernel, as rrBLUP's kinship.BLUP(K.method = "GAUSS"): for each
 * bandwidth of the grid a REML fit, keeping the one with the highest log-likelihood.
 */
export async function fitRkhs(g: Genotypes, pheno: Phenotypes, opts: RkhsOptions = {}): Promise<RkhsResult> {
  const D = opts.distances ?? (await markerDistances(g, { ...opts, onProgress: (f, msg) => opts.onProgress?.(0.5 * f, msg) }));
  const rec = matchRecords(g.samples, pheno);
  const best = await profileGaussian(D, g.samples, rec, opts);
  opts.onProgress?.(1, 'done');
  return { ...summarise(best.fit, rec, g.samples), bandwidth: best.bandwidth, profile: best.profile };
}

/** Bandwidth grid of rrBLUP's kinship.BLUP: n.profile equally spaced values in (0, 1]. */
export function bandwidthGrid(nProfile = 10): number[] {
  return Array.from({ length: nProfile }, (_, i) => (i + 1) / nProfile);
}

async function profileGaussian(D: Float64Array, ids: string[], rec: TraitRecords, opts: RkhsOptions) {
  const n = ids.length;
  const grid = opts.bandwidth !== undefined ? [opts.bandwidth] : bandwidthGrid(opts.nProfile);
  if (grid.some((t) => !(t > 0))) throw new GsError('ARGUMENT_INVALID', { params: { detail: 'bandwidth must be positive' } });
  let best: { fit: KernelFit; bandwidth: number } | undefined;
  const profile: Array<{ bandwidth: number; logLik: number }> = [];
  for (const theta of grid) {
    const K = { ids, values: gaussianKernel(D, n, theta) };
    const fit = await fitKernel(K, rec, opts.method ?? 'REML', opts.signal);
    profile.push({ bandwidth: theta, logLik: fit.logLik });
    if (!best || fit.logLik > best.fit.logLik) best = { fit, bandwidth: theta };
  }
  return { ...best!, profile };
}

/** Cross-validation trainer for RKHS: the bandwidth is profiled again on each training set. */
export function rkhsTrainer(D: Float64Array, ids: string[], opts: RkhsOptions = {}): Trainer {
  return async (train, signal) => {
    const best = await profileGaussian(D, ids, train, { ...opts, signal });
    return { beta: best.fit.beta, g: best.fit.u };
  };
}
