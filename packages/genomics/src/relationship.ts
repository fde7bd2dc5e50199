import { GsError, throwIfAborted } from './errors.js';
import { alleleFrequencies, type Genotypes } from './genotype.js';
import { withKernels, type KernelPool } from './kernels/pool.js';
import type { Pedigree } from './io/pedigree.js';

/** Progress callback: fraction of the whole operation in [0, 1] and a short English message. */
export type Progress = (fraction: number, message: string) => void;

export interface ComputeOptions {
  onProgress?: Progress;
  signal?: AbortSignal;
}

/** A symmetric matrix over named samples, row-major n x n. */
export interface RelationshipMatrix {
  ids: string[];
  values: Float64Array;
}

// Markers per panel: 512 i16 columns are 1 KiB a row, so the kernel's 256-row tile (256 KiB) stays in
// L2, while the i32 accumulator matrix is swept once per 512 markers.
const PANEL = 512;
// Markers transposed together when a panel is filled from the marker-major genotype codes.
const TRANSPOSE_STRIP = 16;

function rowRanges(np: number, parts: number): Array<[number, number]> {
  // Row i of a lower triangle costs ~i, so split at sqrt-spaced rows to give each worker equal area.
  const out: Array<[number, number]> = [];
  let start = 0;
  for (let t = 1; t <= parts; t++) {
    let end = t === parts ? np : Math.round((np * Math.sqrt(t / parts)) / 4) * 4;
    end = Math.max(start, Math.min(np, end));
    if (end > start) out.push([start, end]);
    start = end;
  }
  return out;
}

async function syrkPanels(
  k: KernelPool,
  kind: 'i16' | 'f32' | 'f32fma',
  n: number,
  m: number,
  fill: (panel: Int16Array | Float32Array, j0: number, width: number, kc: number) => void,
  opts: ComputeOptions,
  progressSpan: [number, number],
): Promise<number> {
  const np = Math.ceil(n / 4) * 4;
  const kc = PANEL;
  const bytes = kind === 'i16' ? 2 : 4;
  const cBytes = kind === 'i16' ? 4 : 8;
  const c = k.alloc(np * np * cBytes);
  (kind === 'i16' ? k.i32(c, np * np) : k.f64(c, np * np)).fill(0);
  const panels = [k.alloc(np * kc * bytes), k.alloc(np * kc * bytes)];
  const view = (ptr: number) => (kind === 'i16' ? k.i16(ptr, np * kc) : k.f32(ptr, np * kc));
  const ranges = rowRanges(np, Math.max(1, k.threads));
  const fn = kind === 'i16' ? 'syrkI16' : kind === 'f32' ? 'syrkF32' : 'syrkF32Fma';
  const count = Math.ceil(m / kc);
  let inflight: Promise<unknown> = Promise.resolve();
  for (let b = 0; b < count; b++) {
    throwIfAborted(opts.signal);
    const ptr = panels[b % 2];
    const j0 = b * kc;
    const width = Math.min(kc, m - j0);
    const panel = view(ptr);
    panel.fill(0);
    fill(panel, j0, width, kc);
    // Filling the next panel overlaps the kernels still running on the previous one.
    await inflight;
    inflight = Promise.all(ranges.map(([i0, i1], t) => k.run(fn, [ptr, np, kc, c, i0, i1], t)));
    opts.onProgress?.(progressSpan[0] + ((progressSpan[1] - progressSpan[0]) * (b + 1)) / count, 'cross-products');
  }
  await inflight;
  return c;
}

/**
 * Z Z' for the centred, mean-imputed genotype matrix Z (entries count - 2p, 0 where missing), computed
 * exactly with the integer SIMD kernel: missing calls enter the integer product as the rounded mean and
 * are corrected afterwards by sparse terms, so the result equals the floating-point definition.
 */
export async function centredCrossProduct(g: Genotypes, opts: ComputeOptions = {}): Promise<Float64Array> {
  const n = g.samples.length;
  const m = g.markers.length;
  const { p } = alleleFrequencies(g);
  const round = new Int8Array(m);
  for (let j = 0; j < m; j++) round[j] = Math.round(2 * p[j]);
  const np = Math.ceil(n / 4) * 4;
  const out = new Float64Array(n * n);
  // a = M c (for the centring below) is accumulated while the panels are filled: one pass over M.
  const a = new Float64Array(n);
  await withKernels(async (k) => {
    const c = await syrkPanels(
      k,
      'i16',
      n,
      m,
      (panel, j0, width, kc) => {
        // Transposed in strips of TRANSPOSE_STRIP markers: the strip's source lines stay in L1 while the
        // destination is written a contiguous run per sample.
        for (let t0 = 0; t0 < width; t0 += TRANSPOSE_STRIP) {
          const t1 = Math.min(width, t0 + TRANSPOSE_STRIP);
          for (let i = 0; i < n; i++) {
            const row = i * kc;
            let s = 0;
            for (let t = t0; t < t1; t++) {
              const j = j0 + t;
              const v = g.codes[j * n + i];
              const x = v >= 0 ? v : round[j];
              panel[row + t] = x;
              s += 2 * p[j] * x;
            }
            a[i] += s;
          }
        }
      },
      opts,
      [0, 0.95],
    );
    const d = k.i32(c, np * np);
    for (let i = 0; i < n; i++) {
      for (let l = 0; l <= i; l++) {
        const v = d[i * np + l];
        out[i * n + l] = v;
        out[l * n + i] = v;
      }
    }
  });
  // Centre: (M - 1c')(M - 1c')' = MM' - a1' - 1a' + c'c with a = Mc.
  let cc = 0;
  for (let j = 0; j < m; j++) cc += 4 * p[j] * p[j];
  for (let i = 0; i < n; i++) {
    const row = i * n;
    for (let l = 0; l < n; l++) out[row + l] += cc - a[i] - a[l];
  }
  // Missing calls: Z = Ztilde - delta, delta[i, j] = round_j - 2p_j where i is missing at j.
  const zcol = new Float64Array(n);
  const miss: number[] = [];
  for (let j = 0; j < m; j++) {
    const base = j * n;
    miss.length = 0;
    for (let i = 0; i < n; i++) if (g.codes[base + i] < 0) miss.push(i);
    if (miss.length === 0) continue;
    const cj = 2 * p[j];
    const dj = round[j] - cj;
    for (let i = 0; i < n; i++) {
      const v = g.codes[base + i];
      zcol[i] = (v >= 0 ? v : round[j]) - cj;
    }
    for (const i of miss) {
      for (let l = 0; l < n; l++) {
        const e = dj * zcol[l];
        out[i * n + l] -= e;
        out[l * n + i] -= e;
      }
      for (const l of miss) out[i * n + l] += dj * dj;
    }
  }
  // The sparse corrections add in different orders above and below the diagonal: keep it exactly symmetric.
  for (let i = 0; i < n; i++) for (let l = 0; l < i; l++) out[l * n + i] = out[i * n + l];
  opts.onProgress?.(1, 'cross-products');
  return out;
}

export interface VanRadenOptions extends ComputeOptions {
  /** Drop markers with MAF below this (rrBLUP default 1/(2n) applies regardless). */
  minMaf?: number;
}

/**
 * VanRaden's first genomic relationship matrix with rrBLUP `A.mat` semantics:
 * K = Z Z' / (2 sum p(1 - p)), Z = counts - 2p, missing calls mean-imputed, markers with MAF < 1/(2n)
 * dropped. For fully inbred lines coded 0/2 its mean diagonal is 2, as in rrBLUP.
 */
export async function vanRadenG(g: Genotypes, opts: VanRadenOptions = {}): Promise<RelationshipMatrix> {
  const n = g.samples.length;
  const kept = dropRareMarkers(g, Math.max(opts.minMaf ?? 0, 1 / (2 * n)));
  const { p } = alleleFrequencies(kept);
  let denom = 0;
  for (let j = 0; j < p.length; j++) denom += 2 * p[j] * (1 - p[j]);
  const zz = await centredCrossProduct(kept, opts);
  for (let t = 0; t < zz.length; t++) zz[t] /= denom;
  return { ids: g.samples.slice(), values: zz };
}

function dropRareMarkers(g: Genotypes, minMaf: number): Genotypes {
  const { p, observed } = alleleFrequencies(g);
  const n = g.samples.length;
  const keep: number[] = [];
  for (let j = 0; j < p.length; j++) if (observed[j] > 0 && Math.min(p[j], 1 - p[j]) >= minMaf) keep.push(j);
  if (keep.length === 0) throw new GsError('NO_MARKERS_LEFT', { params: { maf: minMaf, callRate: 0 } });
  if (keep.length === p.length) return g;
  const codes = new Int8Array(keep.length * n);
  keep.forEach((j, t) => codes.set(g.codes.subarray(j * n, (j + 1) * n), t * n));
  return { samples: g.samples, markers: keep.map((j) => g.markers[j]), codes };
}

export interface StandardizedOptions extends ComputeOptions {
  /**
   * Use the fused multiply-add kernel when this process can run relaxed SIMD (default true); false runs the
   * plain f32 kernel (the tests compare the two).
   */
  fusedMultiplyAdd?: boolean;
}

/**
 * The standardised relationship matrix of PLINK 1.9 `--make-rel`: entries
 * (1/N) sum (x_i - 2p)(x_k - 2p) / (2p(1 - p)) over the N markers called in both samples (N_i for the
 * diagonal), p from the observed calls. Monomorphic markers are skipped. Checked against PLINK's output
 * in the tests, missing calls included.
 *
 * Z Z' runs in the f32 SIMD kernel (fused multiply-adds where available), panel sums flushed into f64.
 * A missing call enters Z as 0; the pairwise counts N come from the exact integer kernel over the
 * missing-call indicators of the markers that have any.
 */
export async function standardizedGrm(g: Genotypes, opts: StandardizedOptions = {}): Promise<RelationshipMatrix> {
  const n = g.samples.length;
  const kept = dropRareMarkers(g, 1e-300);
  const m = kept.markers.length;
  const { p, observed } = alleleFrequencies(kept);
  // Per marker the four values a code -1 (missing), 0, 1, 2 takes in Z: one table look-up per call.
  const lut = new Float32Array(4 * m);
  for (let j = 0; j < m; j++) {
    const scale = 1 / Math.sqrt(2 * p[j] * (1 - p[j]));
    for (let x = 0; x <= 2; x++) lut[4 * j + 1 + x] = (x - 2 * p[j]) * scale;
  }
  const np = Math.ceil(n / 4) * 4;
  const out = new Float64Array(n * n);
  // Markers with missing calls and each sample's count of them.
  const missCount = new Float64Array(n);
  const gappy: number[] = [];
  for (let j = 0; j < m; j++) {
    if (observed[j] === n) continue;
    gappy.push(j);
    const base = j * n;
    for (let i = 0; i < n; i++) if (kept.codes[base + i] < 0) missCount[i]++;
  }
  let both: Int32Array | undefined;
  await withKernels(async (k) => {
    const fma = opts.fusedMultiplyAdd !== false && k.has('syrkF32Fma');
    const c = await syrkPanels(
      k,
      fma ? 'f32fma' : 'f32',
      n,
      m,
      (panel, j0, width, kc) => {
        for (let t0 = 0; t0 < width; t0 += TRANSPOSE_STRIP) {
          const t1 = Math.min(width, t0 + TRANSPOSE_STRIP);
          for (let i = 0; i < n; i++) {
            const row = i * kc;
            for (let t = t0; t < t1; t++) {
              const j = j0 + t;
              panel[row + t] = lut[4 * j + 1 + kept.codes[j * n + i]];
            }
          }
        }
      },
      opts,
      [0, gappy.length ? 0.85 : 0.95],
    );
    const d = k.f64(c, np * np);
    for (let i = 0; i < n; i++) {
      for (let l = 0; l <= i; l++) {
        const v = d[i * np + l];
        out[i * n + l] = v;
        out[l * n + i] = v;
      }
    }
    if (gappy.length === 0) return;
    // Calls missing in both samples of a pair: the integer cross-product of the missing-call indicators.
    const cm = await syrkPanels(
      k,
      'i16',
      n,
      gappy.length,
      (panel, t0, width, kc) => {
        for (let t = 0; t < width; t++) {
          const base = gappy[t0 + t] * n;
          for (let i = 0; i < n; i++) if (kept.codes[base + i] < 0) panel[i * kc + t] = 1;
        }
      },
      opts,
      [0.85, 0.95],
    );
    both = Int32Array.from(k.i32(cm, np * np));
  });
  for (let i = 0; i < n; i++) {
    for (let l = 0; l < i; l++) {
      const count = m - missCount[i] - missCount[l] + (both ? both[i * np + l] : 0);
      const v = out[i * n + l] / count;
      out[i * n + l] = v;
      out[l * n + i] = v;
    }
    out[i * n + i] = out[i * n + i] / (m - missCount[i]);
  }
  opts.onProgress?.(1, 'cross-products');
  return { ids: g.samples.slice(), values: out };
}

/**
 * Gaussian kernel K = exp(-(D / theta)^2) over a distance matrix from `markerDistances`, as rrBLUP's
 * kinship.BLUP(K.method = "GAUSS") builds it.
 */
export function gaussianKernel(distances: Float64Array, n: number, theta: number): Float64Array {
  const out = new Float64Array(n * n);
  const inv = 1 / (theta * theta);
  for (let t = 0; t < n * n; t++) out[t] = Math.exp(-distances[t] * distances[t] * inv);
  return out;
}

/**
 * Euclidean distances between samples over mean-imputed allele counts divided by sqrt(4m), rrBLUP's
 * kinship.BLUP scaling for -1/0/1 markers: 0 for identical and 1 for opposite homozygotes everywhere.
 */
export async function markerDistances(g: Genotypes, opts: ComputeOptions = {}): Promise<Float64Array> {
  const n = g.samples.length;
  const m = g.markers.length;
  const zz = await centredCrossProduct(g, opts);
  const out = new Float64Array(n * n);
  for (let i = 0; i < n; i++) {
    for (let l = 0; l < n; l++) {
      const d2 = zz[i * n + i] + zz[l * n + l] - 2 * zz[i * n + l];
      out[i * n + l] = i === l ? 0 : Math.sqrt(Math.max(0, d2) / (4 * m));
    }
  }
  return out;
}

/**
 * Numerator relationship matrix A of a pedigree by the tabular method (Henderson): founders unrelated and
 * non-inbred, a_ii = 1 + a_fm / 2, a_ij = (a_i,f + a_i,m) / 2 for j older than i.
 */
export function pedigreeA(ped: Pedigree): RelationshipMatrix {
  const n = ped.ids.length;
  const a = new Float64Array(n * n);
  for (let i = 0; i < n; i++) {
    const f = ped.female[i];
    const m = ped.male[i];
    for (let j = 0; j < i; j++) {
      const v = ((f >= 0 ? a[j * n + f] : 0) + (m >= 0 ? a[j * n + m] : 0)) / 2;
      a[i * n + j] = v;
      a[j * n + i] = v;
    }
    a[i * n + i] = 1 + (f >= 0 && m >= 0 ? a[f * n + m] / 2 : 0);
  }
  return { ids: ped.ids.slice(), values: a };
}
