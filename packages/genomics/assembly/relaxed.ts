// Relaxed-SIMD kernels (AssemblyScript source, compiled by scripts/build-wasm.ts into a module of their own).
// Node 20 validates relaxed SIMD only behind a V8 flag: src/kernels/pool.ts enables it and loads this module
// when it validates, and falls back to the plain kernels in kernels.ts otherwise. Memory conventions as there.

// Rows of the panel revisited by one row block (as in kernels.ts).
const ROW_TILE: i32 = 256;

/**
 * Lower triangle of C += A A' for an f32 panel A (np x kc, kc a multiple of 4) into the f64 matrix C.
 * The same as `syrkF32` in kernels.ts with fused multiply-adds (relaxed SIMD): one instruction per product
 * and sum where the CPU has FMA (1.6 to 2 times the throughput), a separate multiply and add elsewhere.
 * Sums run in f32 only within one panel and are flushed into f64, which bounds the rounding error by
 * the panel width rather than by the number of markers.
 */
export function syrkF32Fma(a: usize, np: i32, kc: i32, c: usize, i0: i32, i1: i32): void {
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
          c00 = f32x4.relaxed_madd(x, b0, c00);
          c01 = f32x4.relaxed_madd(x, b1, c01);
          x = v128.load(pa1 + t);
          c10 = f32x4.relaxed_madd(x, b0, c10);
          c11 = f32x4.relaxed_madd(x, b1, c11);
          x = v128.load(pa2 + t);
          c20 = f32x4.relaxed_madd(x, b0, c20);
          c21 = f32x4.relaxed_madd(x, b1, c21);
          x = v128.load(pa3 + t);
          c30 = f32x4.relaxed_madd(x, b0, c30);
          c31 = f32x4.relaxed_madd(x, b1, c31);
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

function addF64(p: usize, v: v128): void {
  store<f64>(p, load<f64>(p) + (<f64>f32x4.extract_lane(v, 0) + <f64>f32x4.extract_lane(v, 1)) +
    (<f64>f32x4.extract_lane(v, 2) + <f64>f32x4.extract_lane(v, 3)));
}
