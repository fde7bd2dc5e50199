import { GsError } from './errors.js';

/** Missing genotype code in `Genotypes.codes`. */
export const MISSING = -1;

/**
 * A genotype matrix of allele counts. Storage is marker-major (the PLINK .bed order):
 * `codes[j * n + i]` is the count (0, 1, 2) of the counted allele for marker j in sample i, -1 when missing.
 * One byte per call keeps n = 2,000 x m = 50,000 at 100 MB.
 */
export interface Genotypes {
  samples: string[];
  markers: string[];
  codes: Int8Array;
}

/** Counts of a quality-control pass. */
export interface QcReport {
  samples: number;
  markersIn: number;
  markersOut: number;
  removedCallRate: number;
  removedMaf: number;
  /** Missing calls among the kept markers, replaced by the marker mean in every matrix. */
  imputedCalls: number;
}

export interface QcOptions {
  /** Minimum minor-allele frequency; markers below it are dropped. Default 0 (keeps all but monomorphic). */
  maf?: number;
  /** Minimum fraction of samples with a call; default 0. */
  callRate?: number;
}

// Frequencies are needed by QC, the relationship matrix, the back-solve and the predictor: one pass over
// 100 MB of calls each. Genotype codes are never modified after reading, so the result is cached per array.
const frequencyCache = new WeakMap<Int8Array, { p: Float64Array; observed: Int32Array }>();

/**
 * Per-marker frequency of the counted allele, from the observed calls only. Cached per `codes` array:
 * treat `Genotypes.codes` as immutable once read.
 */
export function alleleFrequencies(g: Genotypes): { p: Float64Array; observed: Int32Array } {
  const cached = frequencyCache.get(g.codes);
  if (cached && cached.p.length === g.markers.length) return cached;
  const result = computeFrequencies(g);
  frequencyCache.set(g.codes, result);
  return result;
}

function computeFrequencies(g: Genotypes): { p: Float64Array; observed: Int32Array } {
  const n = g.samples.length;
  const m = g.markers.length;
  const p = new Float64Array(m);
  const observed = new Int32Array(m);
  for (let j = 0; j < m; j++) {
    let sum = 0;
    let obs = 0;
    const base = j * n;
    for (let i = 0; i < n; i++) {
      const c = g.codes[base + i];
      if (c >= 0) {
        sum += c;
        obs++;
      }
    }
    observed[j] = obs;
    p[j] = obs > 0 ? sum / (2 * obs) : 0;
  }
  return { p, observed };
}

/** A copy of `g` restricted to the given marker indices (in that order). */
export function selectMarkers(g: Genotypes, keep: ArrayLike<number>): Genotypes {
  const n = g.samples.length;
  const codes = new Int8Array(keep.length * n);
  const markers: string[] = [];
  for (let t = 0; t < keep.length; t++) {
    const j = keep[t];
    codes.set(g.codes.subarray(j * n, (j + 1) * n), t * n);
    markers.push(g.markers[j]);
  }
  return { samples: g.samples, markers, codes };
}

/** A copy of `g` restricted to the given sample indices (in that order). */
export function selectSamples(g: Genotypes, rows: ArrayLike<number>): Genotypes {
  const n = g.samples.length;
  const m = g.markers.length;
  const k = rows.length;
  const codes = new Int8Array(m * k);
  for (let j = 0; j < m; j++) {
    const src = j * n;
    const dst = j * k;
    for (let t = 0; t < k; t++) codes[dst + t] = g.codes[src + rows[t]];
  }
  return { samples: Array.from(rows, (i) => g.samples[i]), markers: g.markers, codes };
}

/**
 * Call-rate and minor-allele-frequency filters. Monomorphic markers are always dropped: they carry no
 * information and make standardised matrices undefined. Missing calls are left in place and imputed
 * with the marker mean by every consumer.
 */
export function qcGenotypes(g: Genotypes, opts: QcOptions = {}): { genotypes: Genotypes; report: QcReport } {
  const n = g.samples.length;
  const m = g.markers.length;
  const minMaf = opts.maf ?? 0;
  const minCall = opts.callRate ?? 0;
  if (!(minMaf >= 0 && minMaf <= 0.5)) throw new GsError('ARGUMENT_INVALID', { params: { detail: `maf ${minMaf} outside [0, 0.5]` } });
  if (!(minCall >= 0 && minCall <= 1)) throw new GsError('ARGUMENT_INVALID', { params: { detail: `call rate ${minCall} outside [0, 1]` } });
  const { p, observed } = alleleFrequencies(g);
  const keep: number[] = [];
  let removedCallRate = 0;
  let removedMaf = 0;
  let imputedCalls = 0;
  for (let j = 0; j < m; j++) {
    if (observed[j] === 0 || observed[j] / n < minCall) {
      removedCallRate++;
      continue;
    }
    const maf = Math.min(p[j], 1 - p[j]);
    // rrBLUP's A.mat default keeps markers with MAF >= 1/(2n); below that a marker is monomorphic.
    if (maf < Math.max(minMaf, 1 / (2 * n))) {
      removedMaf++;
      continue;
    }
    keep.push(j);
    imputedCalls += n - observed[j];
  }
  if (keep.length === 0) {
    throw new GsError('NO_MARKERS_LEFT', { params: { maf: minMaf, callRate: minCall } });
  }
  return {
    genotypes: keep.length === m ? g : selectMarkers(g, keep),
    report: { samples: n, markersIn: m, markersOut: keep.length, removedCallRate, removedMaf, imputedCalls },
  };
}

/**
 * Coding of the marker matrix Z of the marker models: 'minus101' is rrBLUP's counts - 1, 'counts' 0/1/2,
 * 'inbred01' counts / 2 (0/1 presence in inbred lines, BGLR's wheat X), 'centred' counts - 2p.
 */
export type MarkerCoding = 'minus101' | 'counts' | 'inbred01' | 'centred';
