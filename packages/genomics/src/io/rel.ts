import { closeSync, openSync, writeSync } from 'node:fs';

/**
 * C's `%g` (six significant digits), as PLINK 1.9 prints its `.rel` text: fixed notation for exponents
 * -4..5 with trailing zeros dropped, otherwise `d.ddddde-XX`. Written as bytes into `buf` at `at`;
 * returns the new offset. Values from 1e-17 to 1e28 are done with integer arithmetic (one exactly rounded
 * scaling by an exact power of ten); a value whose seventh digit is within rounding noise of a tie, and
 * every value outside that range, goes through `printfG6`, which rounds the exact binary value (as printf
 * does).
 */
export function formatG6(v: number, buf: Buffer, at: number): number {
  if (v === 0) {
    if (Object.is(v, -0)) buf[at++] = 45;
    buf[at++] = 48;
    return at;
  }
  if (!Number.isFinite(v)) return at + buf.write(Number.isNaN(v) ? 'nan' : v > 0 ? 'inf' : '-inf', at, 'latin1');
  const a = Math.abs(v);
  let e = Math.floor(Math.log10(a));
  // Within these exponents the scaling by 10 ** |5 - e| is one exactly rounded operation (the power is exact).
  if (e >= -17 && e <= 27) {
    let scaled = e <= 5 ? a * POW10[5 - e] : a / POW10[e - 5];
    if (scaled < 99999.5) {
      e--;
      scaled *= 10;
    }
    const frac = scaled - Math.floor(scaled);
    if (e >= -17 && e <= 27 && Math.abs(frac - 0.5) > 1e-6) {
      let digits = Math.round(scaled);
      if (digits >= 1e6) {
        digits = 100000;
        e++;
      }
      if (v < 0) buf[at++] = 45;
      // printf picks the notation by the exponent after rounding.
      return e >= -4 && e <= 5 ? writeFixed(digits, e, buf, at) : writeExponent(digits, e, buf, at);
    }
  }
  return at + buf.write(printfG6(v), at, 'latin1');
}

/** The six digits of `digits` (100000..999999) into DIGITS; returns the index of the last one not zero. */
function splitDigits(digits: number): number {
  for (let k = 5; k >= 0; k--) {
    const q = Math.floor(digits / 10);
    DIGITS[k] = digits - 10 * q;
    digits = q;
  }
  let last = 5;
  while (last > 0 && DIGITS[last] === 0) last--;
  return last;
}

/** `d.ddddde-XX` (trailing zeros of the mantissa dropped, at least two exponent digits). */
function writeExponent(digits: number, e: number, buf: Buffer, at: number): number {
  const last = splitDigits(digits);
  buf[at++] = 48 + DIGITS[0];
  if (last > 0) {
    buf[at++] = 46;
    for (let k = 1; k <= last; k++) buf[at++] = 48 + DIGITS[k];
  }
  buf[at++] = 101;
  buf[at++] = e < 0 ? 45 : 43;
  const x = Math.abs(e);
  buf[at++] = 48 + Math.floor(x / 10);
  buf[at++] = 48 + (x % 10);
  return at;
}

// 10 ** k for k = 0 .. 22, exact doubles (a table look-up instead of a power per value).
const POW10 = Array.from({ length: 23 }, (_, k) => Number(`1e${k}`));
// The digits of the value being written, most significant first (one scratch array, never shared across calls).
const DIGITS = new Int32Array(6);

/** Six digits d (100000..999999) with the decimal exponent e of the first one, trailing zeros dropped. */
function writeFixed(digits: number, e: number, buf: Buffer, at: number): number {
  // Digits 0 .. last remain after dropping trailing zeros.
  const last = splitDigits(digits);
  if (e < 0) {
    buf[at++] = 48;
    buf[at++] = 46;
    for (let z = -1; z > e; z--) buf[at++] = 48;
    for (let k = 0; k <= last; k++) buf[at++] = 48 + DIGITS[k];
    return at;
  }
  const end = Math.max(e, last);
  for (let k = 0; k <= end; k++) {
    if (k === e + 1) buf[at++] = 46;
    buf[at++] = 48 + (k <= last ? DIGITS[k] : 0);
  }
  return at;
}

/** printf's %g with six significant digits, from JavaScript's exactly rounded toExponential / toFixed. */
export function printfG6(v: number): string {
  if (v === 0) return Object.is(v, -0) ? '-0' : '0';
  if (!Number.isFinite(v)) return Number.isNaN(v) ? 'nan' : v > 0 ? 'inf' : '-inf';
  const exp = v.toExponential(5);
  const e = Number(exp.slice(exp.indexOf('e') + 1));
  const dropZeros = (m: string) => (m.includes('.') ? m.replace(/0+$/, '').replace(/\.$/, '') : m);
  if (e >= -4 && e < 6) return dropZeros(v.toFixed(5 - e));
  const [mantissa, exponent] = exp.split('e');
  const sign = exponent[0] === '-' ? '-' : '+';
  return `${dropZeros(mantissa)}e${sign}${exponent.replace(/^[+-]/, '').padStart(2, '0')}`;
}

/**
 * Writes an n x n matrix as PLINK 1.9 `--make-rel square` does: one line per row, values tab-separated
 * with six significant digits (`%g`), no header. Streamed in blocks of rows, so no string of the whole
 * matrix is ever built.
 */
export function writeRelText(path: string, values: Float64Array, n: number): void {
  const fd = openSync(path, 'w');
  try {
    // A value takes at most 13 bytes ("-0.000123457" or "-1.23457e-05") plus its separator.
    const rowsPerBlock = Math.max(1, Math.floor((4 << 20) / (14 * n)));
    const buf = Buffer.allocUnsafe(rowsPerBlock * n * 14 + 16);
    for (let i0 = 0; i0 < n; i0 += rowsPerBlock) {
      let at = 0;
      const i1 = Math.min(n, i0 + rowsPerBlock);
      for (let i = i0; i < i1; i++) {
        const row = i * n;
        for (let l = 0; l < n; l++) {
          at = formatG6(values[row + l], buf, at);
          buf[at++] = l === n - 1 ? 10 : 9;
        }
      }
      writeSync(fd, buf, 0, at);
    }
  } finally {
    closeSync(fd);
  }
}
