// WebAssembly SIMD kernels of the genomics engine (AssemblyScript source, compiled by scripts/build-wasm.ts).
// Memory is owned by the host: every argument is a byte offset into the shared linear memory, and the
// kernels allocate nothing, so several worker threads can run them over one shared memory at once.

// Rows of the panel revisited by one row block; 256 rows of up to 1 KiB (512 i16 markers) stay in L2.
const ROW_TILE: i32 = 256;

/**
 * Lower triangle of C += A A' for an i16 panel A (np rows, kc columns, row-major; np a multiple of 4 and
 * kc a multiple of 8) into the i32 matrix C (np x np), for the rows [i0, i1) (multiples of 4).
 * Exact for genotype counts: products of 0..2 summed over at most 100,000 markers fit in an i32.
 */
export function syrkI16(a: usize, np: i32, kc: i32, c: usize, i0: i32, i1: i32): void {
  const rowBytes = <usize>kc << 1;
  for (let kb = 0; kb < i1; kb += ROW_TILE) {
    const kEnd = min(kb + ROW_TILE, i1);
    for (let i = max(i0, kb); i < i1; i += 4) {
      const kLim = min(kEnd, i + 4);
      const pa0 = a + <usize>i * rowBytes;
      const pa1 = pa0 + rowBytes;
      const pa2 = pa1 + rowBytes;
      const pa3 = pa2 + rowBytes;
      for (let k = kb; k < kLim; k += 2) {
        const pb0 = a + <usize>k * rowBytes;
        const pb1 = pb0 + rowBytes;
        let c00 = i32x4.splat(0), c01 = i32x4.splat(0), c10 = i32x4.splat(0), c11 = i32x4.splat(0);
        let c20 = i32x4.splat(0), c21 = i32x4.splat(0), c30 = i32x4.splat(0), c31 = i32x4.splat(0);
        for (let t: usize = 0; t < rowBytes; t += 16) {
          const b0 = v128.load(pb0 + t);
          const b1 = v128.load(pb1 + t);
          let x = v128.load(pa0 + t);
          c00 = i32x4.add(c00, i32x4.dot_i16x8_s(x, b0));
          c01 = i32x4.add(c01, i32x4.dot_i16x8_s(x, b1));
          x = v128.load(pa1 + t);
          c10 = i32x4.add(c10, i32x4.dot_i16x8_s(x, b0));
          c11 = i32x4.add(c11, i32x4.dot_i16x8_s(x, b1));
          x = v128.load(pa2 + t);
          c20 = i32x4.add(c20, i32x4.dot_i16x8_s(x, b0));
          c21 = i32x4.add(c21, i32x4.dot_i16x8_s(x, b1));
          x = v128.load(pa3 + t);
          c30 = i32x4.add(c30, i32x4.dot_i16x8_s(x, b0));
          c31 = i32x4.add(c31, i32x4.dot_i16x8_s(x, b1));
        }
        const pc = c + ((<usize>i * <usize>np + <usize>k) << 2);
        const rs = <usize>np << 2;
        addI32(pc, c00);
        addI32(pc + 4, c01);
        addI32(pc + rs, c10);
        addI32(pc + rs + 4, c11);
        addI32(pc + 2 * rs, c20);
        addI32(pc + 2 * rs + 4, c21);
        addI32(pc + 3 * rs, c30);
        addI32(pc + 3 * rs + 4, c31);
      }
    }
  }
}

function addI32(p: usize, v: v128): void {
  store<i32>(p, load<i32>(p) + i32x4.extract_lane(v, 0) + i32x4.extract_lane(v, 1) +
    i32x4.extract_lane(v, 2) + i32x4.extract_lane(v, 3));
}

function addF64(p: usize, v: v128): void {
  store<f64>(p, load<f64>(p) + (<f64>f32x4.extract_lane(v, 0) + <f64>f32x4.extract_lane(v, 1)) +
    (<f64>f32x4.extract_lane(v, 2) + <f64>f32x4.extract_lane(v, 3)));
}

/**
 * Lower triangle of C += A A' for an f32 panel A (np x kc, kc a multiple of 4) into the f64 matrix C.
 * Sums run in f32 only within one panel and are flushed into f64, which bounds the rounding error by
 * the panel width rather than by the number of markers.
 */
export function syrkF32(a: usize, np: i32, kc: i32, c: usize, i0: i32, i1: i32): void {
  const rowBytes = <usize>kc << 2;
  for (let kb = 0; kb < i1; kb += ROW_TILE) {
    const kEnd = min(kb + ROW_TILE, i1);
    for (let i = max(i0, kb); i < i1; i += 4) {
      const kLim = min(kEnd, i + 4);
      const pa0 = a + <usize>i * rowBytes;
      const pa1 = pa0 + rowBytes;
      const pa2 = pa1 + rowBytes;
      const pa3 = pa2 + rowBytes;
      for (let k = kb; k < kLim; k += 2) {
        const pb0 = a + <usize>k * rowBytes;
        const pb1 = pb0 + rowBytes;
        let c00 = f32x4.splat(0), c01 = f32x4.splat(0), c10 = f32x4.splat(0), c11 = f32x4.splat(0);
        let c20 = f32x4.splat(0), c21 = f32x4.splat(0), c30 = f32x4.splat(0), c31 = f32x4.splat(0);
        for (let t: usize = 0; t < rowBytes; t += 16) {
          const b0 = v128.load(pb0 + t);
          const b1 = v128.load(pb1 + t);
          let x = v128.load(pa0 + t);
          c00 = f32x4.add(c00, f32x4.mul(x, b0));
          c01 = f32x4.add(c01, f32x4.mul(x, b1));
          x = v128.load(pa1 + t);
          c10 = f32x4.add(c10, f32x4.mul(x, b0));
          c11 = f32x4.add(c11, f32x4.mul(x, b1));
          x = v128.load(pa2 + t);
          c20 = f32x4.add(c20, f32x4.mul(x, b0));
          c21 = f32x4.add(c21, f32x4.mul(x, b1));
          x = v128.load(pa3 + t);
          c30 = f32x4.add(c30, f32x4.mul(x, b0));
          c31 = f32x4.add(c31, f32x4.mul(x, b1));
        }
        const pc = c + ((<usize>i * <usize>np + <usize>k) << 3);
        const rs = <usize>np << 3;
        addF64(pc, c00);
        addF64(pc + 8, c01);
        addF64(pc + rs, c10);
        addF64(pc + rs + 8, c11);
        addF64(pc + 2 * rs, c20);
        addF64(pc + 2 * rs + 8, c21);
        addF64(pc + 3 * rs, c30);
        addF64(pc + 3 * rs + 8, c31);
      }
    }
  }
}

function at(a: usize, n: i32, i: i32, j: i32): usize {
  return a + ((<usize>i * <usize>n + <usize>j) << 3);
}

/**
 * Householder vector for the column k of A below the subdiagonal (LAPACK dlarfg): stores v (v[k+1] = 1)
 * in row k right of the diagonal, tau[k] and the subdiagonal e[k].
 */
function householder(a: usize, n: i32, k: i32, tau: usize, e: usize): void {
  const alpha = load<f64>(at(a, n, k + 1, k));
  let xnorm2: f64 = 0;
  for (let i = k + 2; i < n; i++) {
    const x = load<f64>(at(a, n, i, k));
    xnorm2 += x * x;
  }
  store<f64>(at(a, n, k, k + 1), 1.0);
  if (xnorm2 == 0) {
    store<f64>(tau + (<usize>k << 3), 0);
    store<f64>(e + (<usize>k << 3), alpha);
    for (let i = k + 2; i < n; i++) store<f64>(at(a, n, k, i), 0);
    return;
  }
  const r = Math.sqrt(alpha * alpha + xnorm2);
  const beta = alpha >= 0 ? -r : r;
  store<f64>(tau + (<usize>k << 3), (beta - alpha) / beta);
  store<f64>(e + (<usize>k << 3), beta);
  const scale = 1.0 / (alpha - beta);
  for (let i = k + 2; i < n; i++) store<f64>(at(a, n, k, i), load<f64>(at(a, n, i, k)) * scale);
}

/**
 * One pass over the lower triangle of rows and columns [s, n): applies the pending rank-2 update
 * A -= v w' + w v' and, on the updated values, accumulates p = A vn. Fusing both halves the memory
 * traffic of the tridiagonal reduction, which is bound by memory bandwidth.
 */
function fusedPass(a: usize, n: i32, s: i32, v: usize, w: usize, vn: usize, p: usize): void {
  for (let j = s; j < n; j++) store<f64>(p + (<usize>j << 3), 0);
  for (let i = s; i < n; i++) {
    const io = <usize>i << 3;
    const vi = load<f64>(v + io);
    const wi = load<f64>(w + io);
    const vni = load<f64>(vn + io);
    const viS = f64x2.splat(vi), wiS = f64x2.splat(wi), vniS = f64x2.splat(vni);
    let acc = f64x2.splat(0);
    const row = at(a, n, i, 0);
    let j = s;
    for (; j + 1 < i; j += 2) {
      const jo = <usize>j << 3;
      let x = v128.load(row + jo);
      x = f64x2.sub(x, f64x2.add(f64x2.mul(viS, v128.load(w + jo)), f64x2.mul(wiS, v128.load(v + jo))));
      v128.store(row + jo, x);
      acc = f64x2.add(acc, f64x2.mul(x, v128.load(vn + jo)));
      v128.store(p + jo, f64x2.add(v128.load(p + jo), f64x2.mul(x, vniS)));
    }
    let sum = f64x2.extract_lane(acc, 0) + f64x2.extract_lane(acc, 1);
    for (; j < i; j++) {
      const jo = <usize>j << 3;
      const x = load<f64>(row + jo) - (vi * load<f64>(w + jo) + wi * load<f64>(v + jo));
      store<f64>(row + jo, x);
      sum += x * load<f64>(vn + jo);
      store<f64>(p + jo, load<f64>(p + jo) + x * vni);
    }
    const d = load<f64>(row + io) - 2 * vi * wi;
    store<f64>(row + io, d);
    store<f64>(p + io, load<f64>(p + io) + sum + d * vni);
  }
}

/**
 * Householder reduction of the symmetric matrix A (n x n, lower triangle used) to tridiagonal T = Q'AQ.
 * Writes the diagonal to d, the subdiagonal to e (n - 1 values) and tau; the Householder vectors are
 * left in the strict upper triangle of A (row k holds v_k). `w`, `p` and `z` are n-double scratch areas.
 */
export function tridiagonalize(a: usize, n: i32, d: usize, e: usize, tau: usize, w: usize, p: usize, z: usize): void {
  if (n == 1) {
    store<f64>(d, load<f64>(a));
    return;
  }
  for (let j = 0; j < n; j++) store<f64>(z + (<usize>j << 3), 0);
  householder(a, n, 0, tau, e);
  // Row 0 holds v_0 with columns aligned to the matrix, so it serves directly as the vector operand.
  fusedPass(a, n, 1, z, z, at(a, n, 0, 0), p);
  for (let k = 0; k < n - 1; k++) {
    const ko = <usize>k << 3;
    const v = at(a, n, k, 0);
    store<f64>(d + ko, load<f64>(at(a, n, k, k)));
    const t = load<f64>(tau + ko);
    let pv: f64 = 0;
    for (let j = k + 1; j < n; j++) {
      const jo = <usize>j << 3;
      const pj = load<f64>(p + jo) * t;
      store<f64>(p + jo, pj);
      pv += pj * load<f64>(v + jo);
    }
    const alpha = -0.5 * t * pv;
    for (let j = k + 1; j < n; j++) {
      const jo = <usize>j << 3;
      store<f64>(w + jo, load<f64>(p + jo) + alpha * load<f64>(v + jo));
    }
    const k1 = k + 1;
    const k1o = <usize>k1 << 3;
    const v1 = load<f64>(v + k1o);
    const w1 = load<f64>(w + k1o);
    if (k1 == n - 1) {
      store<f64>(d + k1o, load<f64>(at(a, n, k1, k1)) - 2 * v1 * w1);
      break;
    }
    store<f64>(at(a, n, k1, k1), load<f64>(at(a, n, k1, k1)) - 2 * v1 * w1);
    for (let i = k1 + 1; i < n; i++) {
      const io = <usize>i << 3;
      const pc = at(a, n, i, k1);
      store<f64>(pc, load<f64>(pc) - (load<f64>(v + io) * w1 + load<f64>(w + io) * v1));
    }
    householder(a, n, k1, tau, e);
    fusedPass(a, n, k1 + 1, v, w, at(a, n, k1, 0), p);
  }
}

/**
 * One Gibbs sweep over the m markers of a Bayesian marker regression (BGLR's sampler), updating the
 * residual e (f64) in place. x holds the markers marker-major (m x n) in f32: genotype codes are exact
 * there and the sweep is bound by reading x, so half the bytes is a third less time; sums run in f64.
 * xx holds the markers' squared norms, b the effects, d the inclusion indicators (1 or 0), varB the effect
 * variances; z and u carry m pre-drawn standard normals and the logits log(u / (1 - u)) of m uniforms, so
 * that the indicator draw needs no exp (AssemblyScript's exp would bring a data segment, and every worker
 * instantiating the module would rewrite it over the shared heap). With `selection` 0 (BRR) every marker
 * is in; otherwise the indicator is drawn from its conditional odds and an excluded effect from its prior,
 * as BGLR's BayesB/BayesC do.
 */
export function gibbsSweep(
  x: usize, n: i32, m: i32, e: usize, b: usize, d: usize, xx: usize, varB: usize, z: usize, u: usize,
  varE: f64, logPriorOdds: f64, selection: i32,
): void {
  const rowBytes = <usize>n << 2;
  const body = <usize>(n & ~3) << 2;
  const invVarE = 1.0 / varE;
  for (let j = 0; j < m; j++) {
    const jo = <usize>j << 3;
    const xj = x + <usize>j * rowBytes;
    let acc0 = f64x2.splat(0);
    let acc1 = f64x2.splat(0);
    let t: usize = 0;
    for (; t < body; t += 16) {
      const v = v128.load(xj + t);
      const eo = e + (t << 1);
      acc0 = f64x2.add(acc0, f64x2.mul(f64x2.promote_low_f32x4(v), v128.load(eo)));
      acc1 = f64x2.add(acc1, f64x2.mul(f64x2.promote_low_f32x4(v128.shuffle<u32>(v, v, 2, 3, 0, 1)), v128.load(eo + 16)));
    }
    let xe = (f64x2.extract_lane(acc0, 0) + f64x2.extract_lane(acc0, 1)) + (f64x2.extract_lane(acc1, 0) + f64x2.extract_lane(acc1, 1));
    for (; t < rowBytes; t += 4) xe += <f64>load<f32>(xj + t) * load<f64>(e + (t << 1));
    const bj = load<f64>(b + jo);
    const dj = load<f64>(d + jo);
    const xxj = load<f64>(xx + jo);
    const vb = load<f64>(varB + jo);
    // x'e without marker j's own contribution.
    const xeOut = xe + dj * xxj * bj;
    let dNew: f64 = 1;
    if (selection != 0) {
      const rssDiff = -2 * bj * xeOut + bj * bj * xxj;
      const logOdds = logPriorOdds - 0.5 * invVarE * rssDiff;
      // u < 1 / (1 + exp(-logOdds)) is logit(u) < logOdds.
      dNew = load<f64>(u + jo) < logOdds ? 1 : 0;
    }
    let bNew: f64;
    if (dNew != 0) {
      const c = xxj * invVarE + 1.0 / vb;
      bNew = (xeOut * invVarE) / c + load<f64>(z + jo) / Math.sqrt(c);
    } else {
      bNew = load<f64>(z + jo) * Math.sqrt(vb);
    }
    const delta = dNew * bNew - dj * bj;
    if (delta != 0) {
      const dv = f64x2.splat(delta);
      t = 0;
      for (; t < body; t += 16) {
        const v = v128.load(xj + t);
        const eo = e + (t << 1);
        v128.store(eo, f64x2.sub(v128.load(eo), f64x2.mul(f64x2.promote_low_f32x4(v), dv)));
        v128.store(eo + 16, f64x2.sub(v128.load(eo + 16), f64x2.mul(f64x2.promote_low_f32x4(v128.shuffle<u32>(v, v, 2, 3, 0, 1)), dv)));
      }
      for (; t < rowBytes; t += 4) store<f64>(e + (t << 1), load<f64>(e + (t << 1)) - <f64>load<f32>(xj + t) * delta);
    }
    store<f64>(b + jo, bNew);
    store<f64>(d + jo, dNew);
  }
}

// Dot product of two f64 rows of length len (unaligned allowed).
function dotF64(p: usize, q: usize, len: i32): f64 {
  let acc0 = f64x2.splat(0);
  let acc1 = f64x2.splat(0);
  const bytes = <usize>len << 3;
  let t: usize = 0;
  for (; t + 32 <= bytes; t += 32) {
    acc0 = f64x2.add(acc0, f64x2.mul(v128.load(p + t), v128.load(q + t)));
    acc1 = f64x2.add(acc1, f64x2.mul(v128.load(p + t + 16), v128.load(q + t + 16)));
  }
  let s = (f64x2.extract_lane(acc0, 0) + f64x2.extract_lane(acc0, 1)) + (f64x2.extract_lane(acc1, 0) + f64x2.extract_lane(acc1, 1));
  for (; t < bytes; t += 8) s += load<f64>(p + t) * load<f64>(q + t);
  return s;
}

/**
 * In-place Cholesky factorisation A = L L' of a symmetric positive-definite row-major n x n matrix
 * (lower triangle read and overwritten), row by row with SIMD dot products over contiguous row prefixes.
 * Returns 0 when a pivot is not positive, 1 otherwise.
 */
export function cholesky(a: usize, n: i32): i32 {
  for (let i = 0; i < n; i++) {
    const ri = at(a, n, i, 0);
    for (let j = 0; j < i; j++) {
      const rj = at(a, n, j, 0);
      const s = load<f64>(ri + (<usize>j << 3)) - dotF64(ri, rj, j);
      store<f64>(ri + (<usize>j << 3), s / load<f64>(rj + (<usize>j << 3)));
    }
    const d = load<f64>(ri + (<usize>i << 3)) - dotF64(ri, ri, i);
    if (!(d > 0)) return 0;
    store<f64>(ri + (<usize>i << 3), Math.sqrt(d));
  }
  return 1;
}

/**
 * Diagonal of A^{-1} from the Cholesky factor L (row-major, lower): (A^{-1})_ii = ||L^{-1} e_i||^2, one
 * forward substitution per column from its own row (n^3/6 multiply-adds). `x` is n doubles of scratch.
 */
export function inverseDiagonal(l: usize, n: i32, out: usize, x: usize): void {
  for (let i = 0; i < n; i++) {
    let norm: f64 = 0;
    const xi = x + (<usize>i << 3);
    for (let r = i; r < n; r++) {
      const rr = at(l, n, r, 0);
      let s: f64 = r == i ? 1 : 0;
      s -= dotF64(rr + (<usize>i << 3), xi, r - i);
      const v = s / load<f64>(rr + (<usize>r << 3));
      store<f64>(x + (<usize>r << 3), v);
      norm += v * v;
    }
    store<f64>(out + (<usize>i << 3), norm);
  }
}
