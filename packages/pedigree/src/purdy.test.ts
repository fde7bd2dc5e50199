import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  collapseBackcrosses, expandPedigree, formatPurdy, normalizePurdy, parsePurdy, pedigreeNames, PedigreeSyntaxError,
  type Pedigree,
} from './purdy';

const n = (name: string): Pedigree => ({ kind: 'name', name });
const x = (...parents: Pedigree[]): Pedigree => ({ kind: 'cross', parents });

describe('parsePurdy', () => {
  it('reads single, second- and higher-level crosses', () => {
    expect(parsePurdy('A/B')).toEqual(x(n('A'), n('B')));
    expect(parsePurdy('A/B//C')).toEqual(x(x(n('A'), n('B')), n('C')));
    expect(parsePurdy('A/B//C/D')).toEqual(x(x(n('A'), n('B')), x(n('C'), n('D'))));
    expect(parsePurdy('A//B/C')).toEqual(x(n('A'), x(n('B'), n('C'))));
    expect(parsePurdy('A/B//C/3/D')).toEqual(x(x(x(n('A'), n('B')), n('C')), n('D')));
  });

  it('reads the BMS example A/B//C///D/4/E (/// is the third level)', () => {
    const tree = parsePurdy('A/B//C///D/4/E');
    expect(tree).toEqual(x(x(x(x(n('A'), n('B')), n('C')), n('D')), n('E')));
    expect(formatPurdy(tree)).toBe('A/B//C/3/D/4/E');
    expect(normalizePurdy('A/B//C/3/D/4/E')).toBe('A/B//C/3/D/4/E');
  });

  it('reads backcrosses with the recurrent parent on either side', () => {
    expect(parsePurdy('A*3/B')).toEqual({ kind: 'backcross', recurrent: 'A', recurrentSide: 'female', doses: 3, donor: n('B') });
    expect(parsePurdy('B/3*A')).toEqual({ kind: 'backcross', recurrent: 'A', recurrentSide: 'male', doses: 3, donor: n('B') });
    // The suffix form is the same backcross.
    expect(normalizePurdy('B/A*3')).toBe('B/3*A');
  });

  it('reads the BMS examples RP*5/B/C and B/C/5*RP: the backcross owns its level, the donor is B/C', () => {
    expect(parsePurdy('RP*5/B/C')).toEqual({ kind: 'backcross', recurrent: 'RP', recurrentSide: 'female', doses: 5, donor: x(n('B'), n('C')) });
    expect(parsePurdy('B/C/5*RP')).toEqual({ kind: 'backcross', recurrent: 'RP', recurrentSide: 'male', doses: 5, donor: x(n('B'), n('C')) });
    expect(normalizePurdy('RP*5/B/C')).toBe('RP*5/B/C');
    expect(normalizePurdy('B/C/5*RP')).toBe('B/C/5*RP');
  });

  it('keeps names with spaces, digits, dashes and dots; trims around separators', () => {
    expect(parsePurdy(' Zheng58 / Chang7-2 ')).toEqual(x(n('Zheng58'), n('Chang7-2')));
    expect(parsePurdy('Ye 478/Dan340//Mo17')).toEqual(x(x(n('Ye 478'), n('Dan340')), n('Mo17')));
    expect(parsePurdy('AE.SQUARROSA (224)/B73')).toEqual(x(n('AE.SQUARROSA (224)'), n('B73')));
  });

  it('reads separators of one level side by side as a cross of unknown order', () => {
    expect(parsePurdy('A/B/C')).toEqual(x(n('A'), n('B'), n('C')));
    expect(expandPedigree(parsePurdy('A/B/C'))).toMatchObject({ kind: 'cross', orderUnknown: true });
  });

  it.each([
    ['', 'EMPTY', 0],
    ['A/', 'MISSING_PARENT', 2],
    ['/B', 'MISSING_PARENT', 0],
    ['A//', 'MISSING_PARENT', 3],
    ['A/B//  //C', 'MISSING_PARENT', 5],
    ['A*1/B', 'BAD_DOSE', 1],
    ['A*3', 'DOSE_WITHOUT_CROSS', 1],
    ['A*B/C', 'STRAY_ASTERISK', 1],
    ['A*2/B*2', 'AMBIGUOUS_BACKCROSS', 5],
    ['X/RP*5/B', 'RECURRENT_NOT_NAME', 0],
    ['A/0/B', 'BAD_LEVEL', 2],
  ])('refuses %j with %s at position %i', (text, code, position) => {
    try {
      parsePurdy(text);
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(PedigreeSyntaxError);
      expect((err as PedigreeSyntaxError).code).toBe(code);
      expect((err as PedigreeSyntaxError).position).toBe(position);
      expect((err as Error).message).toMatch(/at position \d+/);
    }
  });
});

describe('backcrosses unrolled and found again', () => {
  it('unrolls A*3/B as A x (A x (A/B)) and B/3*A as ((B/A)/A)/A', () => {
    expect(formatPurdy(plain(expandPedigree(parsePurdy('A*3/B'))))).toBe('A/3/A//A/B');
    expect(formatPurdy(plain(expandPedigree(parsePurdy('B/3*A'))))).toBe('B/A//A/3/A');
  });

  it('collapses repeated crosses to one parent into a backcross', () => {
    expect(formatPurdy(collapseBackcrosses(expandPedigree(parsePurdy('B/A//A/3/A'))))).toBe('B/3*A');
    expect(formatPurdy(collapseBackcrosses(expandPedigree(parsePurdy('A/3/A//A/B'))))).toBe('A*3/B');
  });

  it('lists the names of a pedigree once each', () => {
    expect(pedigreeNames(parsePurdy('A*3/B//C/A'))).toEqual(['A', 'B', 'C']);
  });
});

function plain(t: ReturnType<typeof expandPedigree>): Pedigree {
  return t.kind === 'name' ? n(t.name) : x(plain(t.female), plain(t.male));
}

const names = fc.constantFrom('A', 'B', 'C', 'RP', 'B73', 'Mo17', 'Zheng58', 'Chang7-2', 'PH6WC', 'PH4CV', 'Ye 478', 'Huangzaosi', 'CML-159', 'LH198', 'Dan340');

const pedigree: fc.Arbitrary<Pedigree> = fc.letrec<{ node: Pedigree }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    names.map(n),
    fc.array(tie('node'), { minLength: 2, maxLength: 3 }).map((parents) => x(...parents)),
    fc.record({
      kind: fc.constant('backcross' as const),
      recurrent: names,
      recurrentSide: fc.constantFrom('female' as const, 'male' as const),
      doses: fc.integer({ min: 2, max: 9 }),
      donor: tie('node'),
    }),
  ),
})).node;

describe('round trips (property)', () => {
  it('parse(format(tree)) is the tree', () => {
    fc.assert(fc.property(pedigree, (tree) => {
      expect(parsePurdy(formatPurdy(tree))).toEqual(tree);
    }), { numRuns: 2000 });
  });

  it('format(parse(s)) is a fixed point: normalising twice changes nothing', () => {
    fc.assert(fc.property(pedigree, (tree) => {
      const once = normalizePurdy(formatPurdy(tree));
      expect(normalizePurdy(once)).toBe(once);
    }), { numRuns: 500 });
  });

  it('unrolling and collapsing backcrosses keeps the same crosses', () => {
    fc.assert(fc.property(pedigree, (tree) => {
      const expanded = expandPedigree(tree);
      const back = collapseBackcrosses(expanded);
      expect(stripOrder(expandPedigree(back))).toEqual(stripOrder(expanded));
    }), { numRuns: 1000 });
  });

  it('never throws anything but a syntax error on arbitrary text', () => {
    fc.assert(fc.property(fc.string({ unit: fc.constantFrom('A', 'B', '/', '*', '2', '3', ' ', '/3/', '//') }), (text) => {
      try {
        parsePurdy(text);
      } catch (err) {
        expect(err).toBeInstanceOf(PedigreeSyntaxError);
        const e = err as PedigreeSyntaxError;
        expect(e.position).toBeGreaterThanOrEqual(0);
        expect(e.position).toBeLessThanOrEqual(Math.max(0, text.length));
      }
    }), { numRuns: 3000 });
  });
});

/** A cross tree with each cross's two parents in a fixed order: the first cross of a backcross may be written either way round. */
function stripOrder(t: ReturnType<typeof expandPedigree>): string {
  if (t.kind === 'name') return t.name;
  return `(${[stripOrder(t.female), stripOrder(t.male)].sort().join(' x ')})`;
}
