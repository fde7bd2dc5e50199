import { GsError, throwIfAborted } from './errors.js';
import { alleleFrequencies, type Genotypes, type QcOptions } from './genotype.js';
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

// Panels in flight: the workers run on their own row ranges without waiting for one another, a worker
// up to PANEL_RING - 1 panels ahead of the slower one, while this thread fills the next free panel.
const PANEL_RING = 3;

/**
 * The lower triangle of A A' (np x np, row-major, in kernel memory; its offset is returned) for a matrix A
 * of n rows given panel by panel: `fill(panel, kc)` writes the next columns (at most kc) into an np x kc
 * row-major panel and returns how many it wrote, 0 when there are no more. With `writesAll` the fill
 * writes every entry of rows < n in the columns it reports and the panel is not cleared first (columns
 * after the last are); otherwise it comes zeroed. Filling the next panel on this thread overlaps the
 * kernels that run on the previous ones in the workers.
 */
async function syrkStream(
  k: KernelPool,
  kind: 'i16' | 'f32' | 'f32fma',
  n: number,
  fill: (panel: Int16Array | Float32Array, kc: number) => number,
  opts: ComputeOptions & { writesAll?: boolean },
  onPanel?: () => void,
): Promise<number> {
  const np = Math.ceil(n / 4) * 4;
  const kc = PANEL;
  const bytes = kind === 'i16' ? 2 : 4;
  const cBytes = kind === 'i16' ? 4 : 8;
  const c = k.alloc(np * np * cBytes);
  (kind === 'i16' ? k.i32(c, np * np) : k.f64(c, np * np)).fill(0);
  const view = (ptr: number) => (kind === 'i16' ? k.i16(ptr, np * kc) : k.f32(ptr, np * kc));
  const panels = Array.from({ length: PANEL_RING }, () => k.alloc(np * kc * bytes));
  // Padding rows (n .. np) stay zero: no fill writes them.
  for (const ptr of panels) view(ptr).fill(0);
  const inUse: Array<Promise<unknown>> = panels.map(() => Promise.resolve());
  const ranges = rowRanges(np, Math.max(1, k.threads));
  const fn = kind === 'i16' ? 'syrkI16' : kind === 'f32' ? 'syrkF32' : 'syrkF32Fma';
  for (let b = 0; ; b++) {
    throwIfAborted(opts.signal);
    const slot = b % PANEL_RING;
    // The slot's previous panel must be done in every worker before it is overwritten.
    await inUse[slot];
    const ptr = panels[slot];
    const panel = view(ptr);
    if (!opts.writesAll) panel.fill(0, 0, n * kc);
    const width = fill(panel, kc);
    if (width === 0) break;
    if (opts.writesAll && width < kc) for (let i = 0; i < n; i++) panel.fill(0, i * kc + width, (i + 1) * kc);
    // Each worker runs its calls in the order they are posted: panel b after b - 1 on the same rows.
    inUse[slot] = Promise.all(ranges.map(([i0, i1], t) => k.run(fn, [ptr, np, kc, c, i0, i1], t)));
    onPanel?.();
  }
  await Promise.all(inUse);
  return c;
}

/** syrkStream over m columns known in advance: `fill(panel, j0, width, kc)` writes columns j0 .. j0 + width - 1. */
function syrkPanels(
  k: KernelPool,
  kind: 'i16' | 'f32' | 'f32fma',
  n: number,
  m: number,
  fill: (panel: Int16Array | Float32Array, j0: number, width: number, kc: number) => void,
  opts: ComputeOptions,
  progressSpan: [number, number],
): Promise<number> {
  const count = Math.ceil(m / PANEL);
  let j0 = 0;
  let done = 0;
  return syrkStream(
    k,
    kind,
    n,
    (panel, kc) => {
      const width = Math.min(kc, m - j0);
      if (width <= 0) return 0;
      fill(panel, j0, width, kc);
      j0 += width;
      return width;
    },
    opts,
    () => opts.onProgress?.(progressSpan[0] + ((progressSpan[1] - progressSpan[0]) * ++done) / count, 'cross-products'),
  );
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
 * Genotypes packed as a PLINK .bed packs them (per marker `stride` = ceil(n / 4) bytes, four samples a
 * byte, two bits each: 00 two copies of the counted allele, 01 missing, 10 one, 11 none), pulled a block
 * of markers at a time: `read(dst)` copies as many whole markers as fit and returns how many (0 at the
 * end). `openPlinkPacked` gives one for a PLINK set.
 */
export interface PackedGenotypeSource {
  samples: string[];
  markers: string[];
  stride: number;
  read(dst: Uint8Array): number;
}

// Per .bed byte, its four calls' allele count plus 2^24 times the number of calls (summed exactly in f64).
const OBS_UNIT = 1 << 24;
const BYTE_SUM_OBS = (() => {
  const t = new Float64Array(256);
  const count = [2, -1, 1, 0];
  for (let b = 0; b < 256; b++) {
    for (let r = 0; r < 4; r++) {
      const c = count[(b >> (2 * r)) & 3];
      if (c >= 0) t[b] += c + OBS_UNIT;
    }
  }
  return t;
})();

export interface StandardizedStreamOptions extends StandardizedOptions, QcOptions {}

/**
 * `standardizedGrm(qcGenotypes(g, qc).genotypes)` computed while the genotypes stream in, straight from
 * their packed form: per marker the allele frequency comes from the packed bytes (a table look-up per
 * byte of four calls), QC keeps or drops the marker as `qcGenotypes` does, and the kept markers' bytes are
 * decoded into the kernel's panels as they arrive, so reading and decoding overlap the cross-products in
 * the workers and no genotype matrix is built. Same panels, same order, same arithmetic: the result is
 * identical, bit for bit, to the in-memory path.
 */
export async function standardizedGrmStream(src: PackedGenotypeSource, opts: StandardizedStreamOptions = {}): Promise<RelationshipMatrix> {
  const n = src.samples.length;
  const stride = src.stride;
  const total = src.markers.length;
  const minMaf = opts.maf ?? 0;
  const minCall = opts.callRate ?? 0;
  if (!(minMaf >= 0 && minMaf <= 0.5)) throw new GsError('ARGUMENT_INVALID', { params: { detail: `maf ${minMaf} outside [0, 0.5]` } });
  if (!(minCall >= 0 && minCall <= 1)) throw new GsError('ARGUMENT_INVALID', { params: { detail: `call rate ${minCall} outside [0, 1]` } });
  const mafFloor = Math.max(minMaf, 1 / (2 * n));
  const fullBytes = n >> 2; // bytes whose four calls are all samples
  const tail = n - 4 * fullBytes; // calls in the last, partial byte
  const block = new Uint8Array(Math.max(1, stride) * PANEL);
  let blockMarkers = 0; // markers in `block`
  let next = 0; // the next of them to look at
  let seen = 0; // markers read so far
  // The kept markers of the panel being filled: their packed bytes and the four values of Z per 2-bit code.
  const kept = new Uint8Array(Math.max(1, stride) * PANEL);
  const lut = new Float32Array(4 * PANEL);
  // Markers with missing calls, packed, and each sample's count of missing calls over the kept markers.
  const gappyChunks: Uint8Array[] = [];
  let gappyBuf = new Uint8Array(Math.max(1, stride) * PANEL);
  let gappyCount = 0;
  const missCount = new Float64Array(n);
  let m = 0; // kept markers
  const np = Math.ceil(n / 4) * 4;
  const out = new Float64Array(n * n);
  const progressEnd = 0.9;

  /** Moves up to kc kept markers into `kept` / `lut`; returns how many. */
  const gather = (kc: number): number => {
    let w = 0;
    while (w < kc) {
      if (next === blockMarkers) {
        blockMarkers = src.read(block);
        next = 0;
        if (blockMarkers === 0) break;
        seen += blockMarkers;
        opts.onProgress?.((progressEnd * seen) / Math.max(1, total), 'cross-products');
        continue;
      }
      const base = next * stride;
      next++;
      let acc = 0;
      for (let q = 0; q < fullBytes; q++) acc += BYTE_SUM_OBS[block[base + q]];
      let sum = acc % OBS_UNIT;
      let obs = (acc - sum) / OBS_UNIT;
      for (let r = 0; r < tail; r++) {
        const bits = (block[base + fullBytes] >> (2 * r)) & 3;
        if (bits !== 1) {
          sum += bits === 0 ? 2 : bits === 2 ? 1 : 0;
          obs++;
        }
      }
      // qcGenotypes' filters, in its arithmetic (then standardizedGrm's own drop keeps them all).
      if (obs === 0 || obs / n < minCall) continue;
      const p = sum / (2 * obs);
      if (Math.min(p, 1 - p) < mafFloor) continue;
      const scale = 1 / Math.sqrt(2 * p * (1 - p));
      lut[4 * w] = (2 - 2 * p) * scale;
      lut[4 * w + 1] = 0;
      lut[4 * w + 2] = (1 - 2 * p) * scale;
      lut[4 * w + 3] = (0 - 2 * p) * scale;
      kept.set(block.subarray(base, base + stride), w * stride);
      if (obs < n) {
        if (gappyCount * stride === gappyBuf.length) {
          gappyChunks.push(gappyBuf);
          gappyBuf = new Uint8Array(gappyBuf.length);
          gappyCount = 0;
        }
        gappyBuf.set(block.subarray(base, base + stride), gappyCount * stride);
        gappyCount++;
        for (let i = 0; i < n; i++) if (((block[base + (i >> 2)] >> (2 * (i & 3))) & 3) === 1) missCount[i]++;
      }
      w++;
      m++;
    }
    return w;
  };

  await withKernels(async (k) => {
    const fma = opts.fusedMultiplyAdd !== false && k.has('syrkF32Fma');
    const c = await syrkStream(
      k,
      fma ? 'f32fma' : 'f32',
      n,
      (panel, kc) => {
        const w = gather(kc);
        // Transposed in strips of TRANSPOSE_STRIP markers: the strip's packed bytes stay in L1 while the
        // panel is written a contiguous run per sample.
        for (let t0 = 0; t0 < w; t0 += TRANSPOSE_STRIP) {
          const t1 = Math.min(w, t0 + TRANSPOSE_STRIP);
          for (let q = 0; q < fullBytes; q++) {
            const row = 4 * q * kc;
            for (let t = t0; t < t1; t++) {
              const b = kept[t * stride + q];
              const l = 4 * t;
              const at = row + t;
              panel[at] = lut[l + (b & 3)];
              panel[at + kc] = lut[l + ((b >> 2) & 3)];
              panel[at + 2 * kc] = lut[l + ((b >> 4) & 3)];
              panel[at + 3 * kc] = lut[l + (b >> 6)];
            }
          }
          for (let r = 0; r < tail; r++) {
            const row = (4 * fullBytes + r) * kc;
            for (let t = t0; t < t1; t++) panel[row + t] = lut[4 * t + ((kept[t * stride + fullBytes] >> (2 * r)) & 3)];
          }
        }
        return w;
      },
      { ...opts, writesAll: true },
    );
    if (m === 0) throw new GsError('NO_MARKERS_LEFT', { params: { maf: minMaf, callRate: minCall } });
    const d = k.f64(c, np * np);
    let both: Int32Array | undefined;
    const gappy = [...gappyChunks, gappyBuf.subarray(0, gappyCount * stride)];
    if (gappyChunks.length > 0 || gappyCount > 0) {
      // Calls missing in both samples of a pair: the integer cross-product of the missing-call indicators.
      let chunk = 0;
      let at = 0;
      const cm = await syrkStream(
        k,
        'i16',
        n,
        (panel, kc) => {
          let w = 0;
          while (w < kc && chunk < gappy.length) {
            const bytes = gappy[chunk];
            if (at * stride >= bytes.length) {
              chunk++;
              at = 0;
              continue;
            }
            const base = at * stride;
            for (let i = 0; i < n; i++) if (((bytes[base + (i >> 2)] >> (2 * (i & 3))) & 3) === 1) panel[i * kc + w] = 1;
            at++;
            w++;
          }
          return w;
        },
        opts,
      );
      both = k.i32(cm, np * np);
    }
    // Each entry over the number of markers called in both samples (N_i on the diagonal), mirrored.
    for (let i = 0; i < n; i++) {
      const row = i * np;
      for (let l = 0; l < i; l++) {
        const count = m - missCount[i] - missCount[l] + (both ? both[row + l] : 0);
        const v = d[row + l] / count;
        out[i * n + l] = v;
        out[l * n + i] = v;
      }
      out[i * n + i] = d[row + i] / (m - missCount[i]);
    }
  });
  opts.onProgress?.(1, 'cross-products');
  return { ids: src.samples.slice(), values: out };
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
