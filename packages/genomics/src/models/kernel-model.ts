import { GsError, throwIfAborted } from '../errors.js';
import { fixedDesign, type Phenotypes } from '../io/pheno.js';
import type { RelationshipMatrix } from '../relationship.js';
import { spectralFit, type SpectralFit, type VarianceMethod } from './spectral.js';

/** Records of one trait matched to the rows of a relationship matrix. */
export interface TraitRecords {
  /** Row of the relationship matrix for each usable record. */
  sample: Int32Array;
  y: Float64Array;
  /** Fixed-effect design over the usable records (intercept first), row-major n x p. */
  X: Float64Array;
  p: number;
  fixedNames: string[];
}

/**
 * Keeps the records with a value whose sample is genotyped (or in the pedigree), builds the fixed design.
 * Records of samples missing from `ids` are dropped; none left is an error.
 */
export function matchRecords(ids: string[], pheno: Phenotypes): TraitRecords {
  const index = new Map(ids.map((id, i) => [id, i]));
  const usable = pheno.records.filter((r) => Number.isFinite(r.value) && index.has(r.id));
  if (usable.length === 0) throw new GsError('NO_COMMON_SAMPLES', { file: pheno.file, rule: 'phenotyped samples must be genotyped' });
  const { X, p, names } = fixedDesign(usable, pheno.fixedColumns.length, pheno.fixedColumns);
  return {
    sample: Int32Array.from(usable, (r) => index.get(r.id)!),
    y: Float64Array.from(usable, (r) => r.value),
    X,
    p,
    fixedNames: names,
  };
}

/** Restricts records to the given positions, dropping fixed-effect columns without support there. */
export function subsetRecords(rec: TraitRecords, rows: ArrayLike<number>): TraitRecords & { columns: number[] } {
  const n = rows.length;
  const columns: number[] = [];
  for (let c = 0; c < rec.p; c++) {
    let any = false;
    for (let t = 0; t < n && !any; t++) any = rec.X[rows[t] * rec.p + c] !== 0;
    if (any) columns.push(c);
  }
  const p = columns.length;
  const X = new Float64Array(n * p);
  const sample = new Int32Array(n);
  const y = new Float64Array(n);
  for (let t = 0; t < n; t++) {
    const i = rows[t];
    sample[t] = rec.sample[i];
    y[t] = rec.y[i];
    columns.forEach((c, k) => (X[t * p + k] = rec.X[i * rec.p + c]));
  }
  return { sample, y, X, p, fixedNames: columns.map((c) => rec.fixedNames[c]), columns };
}

export interface KernelFit extends SpectralFit {
  /** BLUP of the random effect for every row of the relationship matrix. */
  u: Float64Array;
  /** H^{-1}(y - X beta) summed per row of the relationship matrix (Z'H^{-1}r). */
  hinvBySample: Float64Array;
}

/**
 * y = X beta + Z u + e with u ~ N(0, K Vu) for the given records: H0 = Z K Z' is the records' block of
 * K and the BLUP u = K Z' H^{-1}(y - X beta) covers every row of K, observed or not.
 */
export async function fitKernel(K: RelationshipMatrix, rec: TraitRecords, method: VarianceMethod, signal?: AbortSignal): Promise<KernelFit> {
  throwIfAborted(signal);
  const q = K.ids.length;
  const n = rec.y.length;
  const H0 = new Float64Array(n * n);
  for (let a = 0; a < n; a++) {
    const row = rec.sample[a] * q;
    for (let b = 0; b < n; b++) H0[a * n + b] = K.values[row + rec.sample[b]];
  }
  const fit = await spectralFit({ H0, y: rec.y, X: rec.X, p: rec.p, method, signal });
  const hinvBySample = new Float64Array(q);
  for (let a = 0; a < n; a++) hinvBySample[rec.sample[a]] += fit.hinvResid[a];
  const used: number[] = [];
  for (let s = 0; s < q; s++) if (hinvBySample[s] !== 0) used.push(s);
  const u = new Float64Array(q);
  for (let i = 0; i < q; i++) {
    const row = i * q;
    let s = 0;
    for (const l of used) s += K.values[row + l] * hinvBySample[l];
    u[i] = s;
  }
  return { ...fit, u, hinvBySample };
}
