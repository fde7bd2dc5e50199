import { describe, expect, it } from 'vitest';
import { GsError } from './errors.js';
import { desiredGainsIndex, indexToCsv, parseWeightSpec, smithHazelIndex, weightedIndex, type GebvTable } from './selection-index.js';

const table: GebvTable = {
  ids: ['a', 'b', 'c', 'd'],
  traits: ['yield', 'height'],
  // yield, height per row.
  values: Float64Array.from([4, 100, 2, 90, 3, 120, 1, 80]),
};

describe('selection indices', () => {
  it('parses weights and enforces the sum of 100 and one trend per trait', () => {
    expect(parseWeightSpec('yield:40:+,height:60:-', true)).toEqual([
      { trait: 'yield', weight: 40, trend: '+' },
      { trait: 'height', weight: 60, trend: '-' },
    ]);
    const code = (spec: string) => {
      try {
        parseWeightSpec(spec, true);
      } catch (err) {
        return (err as GsError).code;
      }
      return 'ok';
    };
    expect(code('yield:40:+,height:50:-')).toBe('INDEX_WEIGHTS_INVALID');
    expect(code('yield:40,height:60:-')).toBe('INDEX_WEIGHTS_INVALID');
    expect(code('yield:40:+,yield:60:+')).toBe('INDEX_WEIGHTS_INVALID');
    expect(code('yield:140:+,height:-40:-')).toBe('INDEX_WEIGHTS_INVALID');
  });

  it('weighted index of standardised GEBVs with trends, ranked, top candidates', () => {
    const r = weightedIndex(table, parseWeightSpec('yield:50:+,height:50:-', true), { select: 2 });
    // z(yield) = (x - 2.5)/1.29; z(height) = (x - 97.5)/17.08: 'a' and 'b' lead.
    expect(r.rows.map((x) => x.id)).toEqual(['a', 'b', 'd', 'c']);
    expect(r.rows.map((x) => x.candidate)).toEqual([true, true, false, false]);
    expect(r.coefficients).toEqual({ yield: 0.5, height: -0.5 });
    const sd = Math.sqrt(5 / 3);
    expect(r.rows[0].standardized.yield).toBeCloseTo(1.5 / sd, 12);
    expect(indexToCsv(r).split('\n')[0]).toBe('id,index,rank,candidate,z_yield,z_height');
  });

  it('Smith-Hazel with P = G reduces to the economic weights; desired gains hits the gains', () => {
    const sh = smithHazelIndex(table, ['yield', 'height'], [2, -0.1]);
    expect(sh.coefficients.yield).toBeCloseTo(2, 10);
    expect(sh.coefficients.height).toBeCloseTo(-0.1, 10);
    const P = Float64Array.from([2, 0.5, 0.5, 1]);
    const G = Float64Array.from([1, 0.2, 0.2, 0.5]);
    const dg = desiredGainsIndex(table, ['yield', 'height'], [1, 0], { P, G });
    // Response of each trait is proportional to G'b: the height response is zero.
    const b = [dg.coefficients.yield, dg.coefficients.height];
    const resp = [G[0] * b[0] + G[2] * b[1], G[1] * b[0] + G[3] * b[1]];
    expect(resp[1]).toBeCloseTo(0, 12);
    expect(resp[0]).toBeGreaterThan(0);
  });
});
