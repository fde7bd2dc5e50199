import { describe, expect, it } from 'vitest';
import { checkScaleValue, scaleRuleText } from '@breedwise/contracts/pheno';
import { histogram, modifiedZ, OUTLIER_Z } from '../qc';
import { parseFieldBookTime, readFieldBookCsv } from '../fieldbook';

describe('modified z-scores', () => {
  it('flags the value far from the median (0.6745 (x - median) / MAD)', () => {
    const values = [10, 11, 9, 10.5, 9.5, 10, 30];
    const { z, median, mad } = modifiedZ(values);
    expect(median).toBe(10);
    expect(mad).toBe(0.5);
    expect(z[6]).toBeCloseTo((0.6745 * 20) / 0.5, 10);
    expect(z.filter((x) => Math.abs(x) > OUTLIER_Z)).toHaveLength(1);
  });
  it('falls back to the mean absolute deviation when the MAD is zero, and flags nothing when all values are equal', () => {
    const { z, mad } = modifiedZ([5, 5, 5, 5, 9]);
    expect(mad).toBe(0);
    expect(z[4]).toBeCloseTo(4 / (1.253314 * 0.8), 10);
    expect(modifiedZ([3, 3, 3]).z).toEqual([0, 0, 0]);
    expect(modifiedZ([]).median).toBeNull();
  });
  it("bins values with Sturges' rule, every value counted once", () => {
    const values = Array.from({ length: 100 }, (_, i) => i);
    const bins = histogram(values);
    expect(bins).toHaveLength(Math.ceil(Math.log2(100) + 1));
    expect(bins.reduce((a, b) => a + b.count, 0)).toBe(100);
    expect(bins.at(-1)!.to).toBe(99);
    expect(histogram([2, 2])).toEqual([{ from: 2, to: 2, count: 2 }]);
  });
});

describe('scale checks (shared with the entry grid)', () => {
  const numeric = { scaleType: 'numeric' as const, minimum: 0, maximum: 10, categories: [] };
  it('checks numbers, ranges, percentages, categories, dates and text length', () => {
    expect(checkScaleValue(numeric, ' 3,50 ')).toEqual({ ok: true, value: '3.5', numeric: 3.5 });
    const high = checkScaleValue(numeric, '11');
    expect(high).toMatchObject({ ok: false, rule: 'max' });
    expect(scaleRuleText(high as never, 'en')).toBe('must be between 0 and 10');
    expect(scaleRuleText(checkScaleValue({ ...numeric, minimum: null }, '11') as never, 'zh-CN')).toBe('不能大于 10');
    expect(checkScaleValue(numeric, '1e400')).toMatchObject({ ok: false, rule: 'number' });
    expect(checkScaleValue(numeric, '=1+1')).toMatchObject({ ok: false, rule: 'number' });
    const pct = { scaleType: 'percentage' as const, minimum: null, maximum: null, categories: [] };
    expect(checkScaleValue(pct, '45%')).toMatchObject({ ok: true, numeric: 45 });
    expect(checkScaleValue(pct, '101')).toMatchObject({ ok: false, rule: 'max' });
    const ord = {
      scaleType: 'ordinal' as const,
      minimum: null,
      maximum: null,
      categories: [
        { value: '1', label: 'Low' },
        { value: '9', label: 'High' },
      ],
    };
    expect(checkScaleValue(ord, 'high')).toEqual({ ok: true, value: '9', numeric: 9 });
    expect(scaleRuleText(checkScaleValue(ord, '5') as never, 'en')).toBe('must be one of the categories 1, 9');
    const date = { scaleType: 'date' as const, minimum: null, maximum: null, categories: [] };
    expect(checkScaleValue(date, '2026-02-29')).toMatchObject({ ok: false, rule: 'date' });
    expect(checkScaleValue(date, '2028-02-29')).toMatchObject({ ok: true, value: '2028-02-29' });
    const text = { scaleType: 'text' as const, minimum: null, maximum: null, categories: [] };
    expect(checkScaleValue(text, 'x'.repeat(501))).toMatchObject({ ok: false, rule: 'length' });
  });
});

describe('Field Book files', () => {
  const traits = [{ id: 1, code: 'PH', name: 'Plant height', synonyms: ['PLHT'] }] as never;
  it("reads Field Book's timestamps", () => {
    expect(parseFieldBookTime('2026-06-01 10:22:33.123-0500')?.toISOString()).toBe('2026-06-01T15:22:33.123Z');
    expect(parseFieldBookTime('garbage')).toBeNull();
    expect(parseFieldBookTime('')).toBeNull();
  });
  it('tells the database format from the table format, skipping NA and empty values', () => {
    const db = readFieldBookCsv('\uFEFFplot_id,trait,value,timestamp,person\nP1,PH,200,2026-06-01 10:00:00.000+0800,Li\nP2,PH,NA,,\n', traits);
    expect(db.format).toBe('database');
    expect(db.cells).toEqual([{ line: 2, plotId: 'P1', trait: 'PH', value: '200', time: new Date('2026-06-01T02:00:00.000Z'), person: 'Li' }]);
    const table = readFieldBookCsv('plot_id,rep,plht\r\nP1,1,210\r\nP2,1,\r\n', traits);
    expect(table.format).toBe('table');
    expect(table.cells).toEqual([{ line: 2, plotId: 'P1', trait: 'plht', value: '210', time: null, person: null }]);
  });
});
