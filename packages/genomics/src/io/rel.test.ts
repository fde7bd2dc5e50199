import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Rng } from '../random.js';
import { testData } from '../test/fixtures.js';
import { formatG6, printfG6, writeRelText } from './rel.js';

describe('PLINK .rel text output', () => {
  it('formats as printf %g with six significant digits', () => {
    expect(printfG6(1.0570712)).toBe('1.05707');
    expect(printfG6(-0.0000123456789)).toBe('-1.23457e-05');
    expect(printfG6(0.0001)).toBe('0.0001');
    expect(printfG6(1234567)).toBe('1.23457e+06');
    expect(printfG6(0.5)).toBe('0.5');
    const rng = new Rng(4);
    const buf = Buffer.alloc(32);
    const values = [
      0, 1, -1, 0.1, 999999.5, 9.999995, 0.000099999, 9.999996e-5, 999999.6, 1e-17, 9.9999999e-18, 9.999999e27, 123456.5, 0.00123456789, 1e-300, 2.5e12,
    ];
    // Fixed and exponent notation, inside and outside the range formatted by integer arithmetic.
    for (let t = 0; t < 50_000; t++) values.push((rng.uniform() - 0.5) * 10 ** Math.floor(rng.uniform() * 14 - 8));
    for (let t = 0; t < 50_000; t++) values.push((rng.uniform() - 0.5) * 10 ** Math.floor(rng.uniform() * 60 - 25));
    for (const v of values) expect(buf.toString('latin1', 0, formatG6(v, buf, 0))).toBe(printfG6(v));
  });

  it("writes PLINK's --make-rel square text byte for byte from PLINK's own binary matrix", () => {
    const bin = readFileSync(testData('plink/small_ref.rel.bin'));
    const values = new Float64Array(bin.buffer.slice(bin.byteOffset, bin.byteOffset + bin.byteLength));
    const out = join(mkdtempSync(join(tmpdir(), 'gs-rel-')), 'small.rel');
    writeRelText(out, values, 61);
    expect(readFileSync(out, 'utf8')).toBe(readFileSync(testData('plink/small_ref.rel'), 'utf8'));
  });
});
