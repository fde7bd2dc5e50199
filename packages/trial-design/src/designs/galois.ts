/** Prime-power factorisation pieces and mutually orthogonal Latin squares from finite fields. */

/** The factorisation of n into prime powers, e.g. 12 -> [4, 3]. */
export function primePowerFactors(n: number): { p: number; e: number; q: number }[] {
  const out: { p: number; e: number; q: number }[] = [];
  let m = n;
  for (let p = 2; p * p <= m; p++) {
    if (m % p !== 0) continue;
    let e = 0;
    let q = 1;
    while (m % p === 0) {
      m /= p;
      e += 1;
      q *= p;
    }
    out.push({ p, e, q });
  }
  if (m > 1) out.push({ p: m, e: 1, q: m });
  return out;
}

/**
 * How many mutually orthogonal Latin squares of order n this module can build: q - 1 for a prime
 * power q, and by MacNeish's product min(q_i) - 1 over the prime-power factors otherwise (which is
 * all that is constructed; e.g. 1 for n = 6, where no pair exists, and 1 for n = 10).
 */
export function molsCount(n: number): number {
  if (n < 2) return 0;
  return Math.min(...primePowerFactors(n).map((f) => f.q - 1));
}

/** Multiplication table of GF(p^e), elements as base-p digit vectors packed into integers. */
function fieldTables(p: number, e: number): { add: Int32Array; mul: Int32Array; q: number } {
  const q = p ** e;
  const add = new Int32Array(q * q);
  const mul = new Int32Array(q * q);
  const digits = (x: number): number[] => Array.from({ length: e }, (_, i) => Math.floor(x / p ** i) % p);
  const pack = (d: number[]): number => d.reduce((acc, di, i) => acc + di * p ** i, 0);
  for (let a = 0; a < q; a++) {
    const da = digits(a);
    for (let b = 0; b < q; b++) {
      const db = digits(b);
      add[a * q + b] = pack(da.map((x, i) => (x + db[i]) % p));
    }
  }
  if (e === 1) {
    for (let a = 0; a < q; a++) for (let b = 0; b < q; b++) mul[a * q + b] = (a * b) % p;
    return { add, mul, q };
  }
  // Find a primitive polynomial x^e + c: the powers of x then run through every nonzero element.
  for (let c = 0; c < q; c++) {
    const coeffs = digits(c);
    const times = (d: number[]): number[] => {
      // Multiply by x modulo x^e + c_{e-1} x^{e-1} + ... + c_0.
      const top = d[e - 1];
      const shifted = [0, ...d.slice(0, e - 1)];
      return shifted.map((x, i) => (((x - top * coeffs[i]) % p) + p) % p);
    };
    const exp = new Int32Array(q - 1);
    let cur = [1, ...new Array(e - 1).fill(0)];
    let ok = true;
    for (let i = 0; i < q - 1; i++) {
      const v = pack(cur);
      if (i > 0 && v === 1) {
        ok = false;
        break;
      }
      exp[i] = v;
      cur = times(cur);
    }
    if (!ok || pack(cur) !== 1) continue;
    const log = new Int32Array(q);
    for (let i = 0; i < q - 1; i++) log[exp[i]] = i;
    for (let a = 1; a < q; a++) for (let b = 1; b < q; b++) mul[a * q + b] = exp[(log[a] + log[b]) % (q - 1)];
    return { add, mul, q };
  }
  throw new Error(`no primitive polynomial for GF(${p}^${e})`);
}

/**
 * The first `count` (<= molsCount(n)) mutually orthogonal Latin squares of order n, row-major:
 * L_m(x, y) = a_m x + y over GF(q) for the nonzero a_m, combined over prime-power factors.
 */
export function buildMols(n: number, count: number): Int32Array[] {
  const factors = primePowerFactors(n);
  const parts = factors.map((f) => {
    const { add, mul, q } = fieldTables(f.p, f.e);
    return Array.from({ length: count }, (_, m) => {
      const sq = new Int32Array(q * q);
      for (let x = 0; x < q; x++) for (let y = 0; y < q; y++) sq[x * q + y] = add[mul[(m + 1) * q + x] * q + y];
      return { q, sq };
    });
  });
  return Array.from({ length: count }, (_, m) => {
    const out = new Int32Array(n * n);
    for (let x = 0; x < n; x++) {
      for (let y = 0; y < n; y++) {
        // Mixed-radix digits of x and y over the factors; the product square combines digit squares.
        let xr = x;
        let yr = y;
        let value = 0;
        let scale = 1;
        for (const part of parts) {
          const { q, sq } = part[m];
          value += sq[(xr % q) * q + (yr % q)] * scale;
          xr = Math.floor(xr / q);
          yr = Math.floor(yr / q);
          scale *= q;
        }
        out[x * n + y] = value;
      }
    }
    return out;
  });
}
