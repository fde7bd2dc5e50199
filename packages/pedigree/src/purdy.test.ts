import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  collapseBackcrosses,
  crossLevel,
  crossPedigree,
  crossTrees,
  expandPedigree,
  formatPurdy,
  normalizePurdy,
  parsePurdy,
  pedigreeNames,
  PedigreeSyntaxError,
  PEDIGREE_ERROR_MESSAGES,
  separator,
  type Pedigree,
} from './purdy';

const n = (name: string): Pedigree => ({ kind: 'name', name });
const x = (...parents: Pedigree[]): Pedigree => ({ kind: 'cross', parents });
const bc = (recurrent: string, recurrentSide: 'female' | 'male', doses: number, donor: Pedigree): Pedigree => ({
  kind: 'backcross',
  recurrent,
  recurrentSide,
  doses,
  donor,
});

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

  it('reads the BMS spellings RP*5/B/C and B/C/5*RP as the backcross onto B/C, written one level up', () => {
    expect(parsePurdy('RP*5/B/C')).toEqual(bc('RP', 'female', 5, x(n('B'), n('C'))));
    expect(parsePurdy('B/C/5*RP')).toEqual(bc('RP', 'male', 5, x(n('B'), n('C'))));
    expect(normalizePurdy('RP*5/B/C')).toBe('RP*5//B/C');
    expect(normalizePurdy('B/C/5*RP')).toBe('B/C//5*RP');
    expect(parsePurdy('RP*5//B/C')).toEqual(parsePurdy('RP*5/B/C'));
  });

  it('writes a backcross onto a cross one level above it (the issue: CHEN/AE.SQ//2*OPATA, A/B//A*2)', () => {
    const synthetic = bc('OPATA', 'male', 2, x(n('CHEN'), n('AE.SQ')));
    expect(parsePurdy('CHEN/AE.SQ//2*OPATA')).toEqual(synthetic);
    expect(formatPurdy(synthetic)).toBe('CHEN/AE.SQ//2*OPATA');
    expect(crossLevel(synthetic)).toBe(2);
    expect(normalizePurdy('A/B//A*2')).toBe('A/B//2*A');
    expect(parsePurdy('A/B//A*2')).toEqual(bc('A', 'male', 2, x(n('A'), n('B'))));
    // The old writer's A/B/2*A (and BMS's RP*5/B/C) still reads as this backcross, and is rewritten.
    expect(normalizePurdy('A/B/2*A')).toBe('A/B//2*A');
    expect(normalizePurdy('CHEN/AE.SQ/2*OPATA')).toBe('CHEN/AE.SQ//2*OPATA');
  });

  it('reads a backcross nested in a higher cross, the dose on the parent of the lower separator', () => {
    const babax = x(bc('BABAX', 'male', 2, x(n('BABAX'), n('LR42'))), n('KURUKU'));
    expect(parsePurdy('BABAX/LR42//BABAX*2/3/KURUKU')).toEqual(babax);
    expect(parsePurdy('BABAX/LR42//2*BABAX/3/KURUKU')).toEqual(babax);
    expect(formatPurdy(babax)).toBe('BABAX/LR42//2*BABAX/3/KURUKU');
    expect(normalizePurdy('A/B//C*2/3/D')).toBe('A/B//2*C/3/D');
    expect(parsePurdy('A/B//C*2/3/D')).toEqual(x(bc('C', 'male', 2, x(n('A'), n('B'))), n('D')));
    // Female side inside a higher cross, and a backcross whose donor is a backcross.
    expect(parsePurdy('A/3/C*2//A/B')).toEqual(x(n('A'), bc('C', 'female', 2, x(n('A'), n('B')))));
    expect(parsePurdy('SERI*3//RL6010/4*YR')).toEqual(bc('SERI', 'female', 3, bc('YR', 'male', 4, n('RL6010'))));
    expect(parsePurdy('WBLL1*2/4/YACO/PBW65/3/KAUZ*2/TRAP//KAUZ')).toEqual(
      bc('WBLL1', 'female', 2, x(x(n('YACO'), n('PBW65')), x(bc('KAUZ', 'female', 2, n('TRAP')), n('KAUZ')))),
    );
  });

  it('writes backcrosses at every level and on both sides, and reads them back', () => {
    let donor: Pedigree = n('D0');
    for (let level = 1; level <= 12; level++) {
      const side = level % 2 ? 'female' : 'male';
      donor = bc(`R${level}`, side, 2 + (level % 5), donor);
      const text = formatPurdy(donor);
      expect(crossLevel(donor)).toBe(level);
      expect(text).toContain(side === 'female' ? `R${level}*${2 + (level % 5)}${separator(level)}` : `${separator(level)}${2 + (level % 5)}*R${level}`);
      expect(parsePurdy(text)).toEqual(donor);
    }
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
    ['X/RP*5/B', 'DOSE_IN_MIDDLE', 4],
    ['A/0/B', 'BAD_LEVEL', 2],
    ['A*2/B/C*3', 'AMBIGUOUS_BACKCROSS', 7],
    ['A/B//C*2//D', 'DOSE_IN_MIDDLE', 6],
    ['(A/B)*2/C', 'RECURRENT_NOT_NAME', 0],
    ['C//2*(A/B)', 'RECURRENT_NOT_NAME', 5],
    ['C//(A/B)', 'BRACKETED_CROSS', 3],
    ['CROC_1/AE.SQUARROSA (205/KAUZ', 'BRACKETED_CROSS', 20],
    ['2*A', 'DOSE_WITHOUT_CROSS', 0],
  ])('refuses %j with %s at position %i', (text, code, position) => {
    try {
      parsePurdy(text);
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(PedigreeSyntaxError);
      expect((err as PedigreeSyntaxError).code).toBe(code);
      expect((err as PedigreeSyntaxError).position).toBe(position);
      expect((err as Error).message).toMatch(/at position \d+/);
      expect(PEDIGREE_ERROR_MESSAGES[(err as PedigreeSyntaxError).code]['zh-CN']).toBeTruthy();
    }
  });

  it('keeps brackets that hold no separator as part of a name', () => {
    expect(parsePurdy('CROC_1/AE.SQUARROSA (205)//KAUZ')).toEqual(x(x(n('CROC_1'), n('AE.SQUARROSA (205)')), n('KAUZ')));
    expect(parsePurdy('ALTAR 84/AE.SQ (219)//2*OPATA')).toEqual(bc('OPATA', 'male', 2, x(n('ALTAR 84'), n('AE.SQ (219)'))));
  });
});

describe('crossPedigree: the Purdy string of a new cross', () => {
  it('raises the level when a parent is a cross', () => {
    expect(crossPedigree('A', 'B')).toBe('A/B');
    expect(crossPedigree('A/B', 'C')).toBe('A/B//C');
    expect(crossPedigree('C', 'A/B')).toBe('C//A/B');
    expect(crossPedigree('A/B', 'C/D')).toBe('A/B//C/D');
    expect(crossPedigree('A/B//C', 'D')).toBe('A/B//C/3/D');
    expect(crossPedigree('A/B//C', 'D/E')).toBe('A/B//C/3/D/E');
    expect(crossPedigree('CHEN/AE.SQ//2*OPATA', 'KAUZ')).toBe('CHEN/AE.SQ//2*OPATA/3/KAUZ');
  });

  it('writes a cross back to a parent as a backcross, the dose counting every cross to it', () => {
    expect(crossPedigree('A/B', 'A')).toBe('B/2*A');
    expect(crossPedigree('B/A', 'A')).toBe('B/2*A');
    expect(crossPedigree('A', 'A/B')).toBe('A*2/B');
    expect(crossPedigree('B/2*A', 'A')).toBe('B/3*A');
    expect(crossPedigree('A*2/B', 'A')).toBe('A*3/B');
    expect(crossPedigree('CHEN/AE.SQ//OPATA', 'OPATA')).toBe('CHEN/AE.SQ//2*OPATA');
    expect(crossPedigree('BABAX/LR42//BABAX', 'BABAX')).toBe('BABAX/LR42//2*BABAX');
    // Not a backcross: the parent is deeper in the pedigree, or the cross has several parents in unknown order.
    expect(crossPedigree('A/B//C', 'A')).toBe('A/B//C/3/A');
    expect(crossPedigree('A/B/C', 'A')).toBe('A/B/C//A');
    expect(crossPedigree('A/A', 'A')).toBe('A/A//A');
  });

  it('takes trees, so a name with a slash stays a name; refuses a parent that is not Purdy', () => {
    expect(crossTrees(n('B73/Mo17 F1'), n('B73'))).toEqual(x(n('B73/Mo17 F1'), n('B73')));
    expect(crossPedigree(n('Zheng58'), 'Chang7-2')).toBe('Zheng58/Chang7-2');
    expect(() => crossPedigree('A//', 'B')).toThrow(PedigreeSyntaxError);
    expect(() => crossPedigree('B/99*A', 'A')).toThrow(RangeError);
  });

  it('agrees with the parent records written by collapseBackcrosses', () => {
    // (A/B) x A x A and A x (A x (A/B)) as the graph writer sees them.
    expect(formatPurdy(collapseBackcrosses(expandPedigree(parsePurdy('A/B//A/3/A'))))).toBe(crossPedigree(crossPedigree('A/B', 'A'), 'A'));
    expect(formatPurdy(collapseBackcrosses(expandPedigree(parsePurdy('A/3/A//A/B'))))).toBe(crossPedigree('A', crossPedigree('A', 'A/B')));
    // A series that changes side keeps the side of its first backcross: (A x (A/B)) x A.
    expect(formatPurdy(collapseBackcrosses(expandPedigree(parsePurdy('A//A/B/3/A'))))).toBe('A*3/B');
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

const names = fc.constantFrom(
  'A',
  'B',
  'C',
  'RP',
  'B73',
  'Mo17',
  'Zheng58',
  'Chang7-2',
  'PH6WC',
  'PH4CV',
  'Ye 478',
  'Huangzaosi',
  'CML-159',
  'LH198',
  'Dan340',
  'AE.SQUARROSA (224)',
  'BAJ #1',
  'CROC_1',
  'IR 64',
  'SERI.1B',
  '郑58',
);

/** Another spelling of the same tree: suffix doses, `///`, `/2/`, spaces around separators. */
function variant(node: Pedigree, pick: () => number): string {
  const sep = (level: number) => {
    const r = pick();
    const s = level === 2 && r < 0.3 ? '/2/' : level === 3 && r < 0.5 ? '///' : separator(level);
    return r > 0.8 ? ` ${s} ` : s;
  };
  const go = (t: Pedigree): [string, number] => {
    if (t.kind === 'name') return [t.name, 0];
    if (t.kind === 'cross') {
      const parts = t.parents.map(go);
      const level = 1 + Math.max(...parts.map(([, l]) => l));
      return [parts.map(([p]) => p).join(sep(level)), level];
    }
    const [donor, below] = go(t.donor);
    const level = below + 1;
    const rp = pick() < 0.5 ? `${t.recurrent}*${t.doses}` : `${t.doses}*${t.recurrent}`;
    return [t.recurrentSide === 'female' ? `${rp}${sep(level)}${donor}` : `${donor}${sep(level)}${rp}`, level];
  };
  return go(node)[0];
}

// Crosses of 2-3 parents and backcrosses onto any subtree (a cross, another backcross), nested in higher crosses.
const pedigree: fc.Arbitrary<Pedigree> = fc.letrec<{ node: Pedigree; backcross: Pedigree }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    names.map(n),
    fc.array(tie('node'), { minLength: 2, maxLength: 3 }).map((parents) => x(...parents)),
    tie('backcross'),
    fc.tuple(tie('backcross'), tie('node')).map(([b, other]) => x(b, other)),
    fc.tuple(tie('node'), tie('backcross')).map(([other, b]) => x(other, b)),
  ),
  backcross: fc.record({
    kind: fc.constant('backcross' as const),
    recurrent: names,
    recurrentSide: fc.constantFrom('female' as const, 'male' as const),
    doses: fc.integer({ min: 2, max: 99 }),
    donor: tie('node'),
  }),
})).node;

describe('round trips (property)', () => {
  it('parse(format(tree)) is the tree', () => {
    fc.assert(
      fc.property(pedigree, (tree) => {
        expect(parsePurdy(formatPurdy(tree))).toEqual(tree);
      }),
      { numRuns: 2000 },
    );
  });

  it('other spellings of a tree (suffix doses, ///, /2/, spaces) parse to the same tree', () => {
    fc.assert(
      fc.property(pedigree, fc.infiniteStream(fc.double({ min: 0, max: 1, noNaN: true })), (tree, stream) => {
        const it = stream[Symbol.iterator]();
        const text = variant(tree, () => it.next().value as number);
        expect(parsePurdy(text)).toEqual(tree);
        expect(normalizePurdy(text)).toBe(formatPurdy(tree));
      }),
      { numRuns: 1000 },
    );
  });

  it('crossTrees makes the same crosses as a plain cross of the two parents', () => {
    fc.assert(
      fc.property(pedigree, pedigree, fc.boolean(), (a, b, nameOnly) => {
        fc.pre(!(a.kind === 'backcross' && a.doses === 99) && !(b.kind === 'backcross' && b.doses === 99));
        const male = nameOnly ? n(pedigreeNames(a)[0]) : b;
        const tree = crossTrees(a, male);
        expect(stripOrder(expandPedigree(tree))).toEqual(stripOrder(expandPedigree(x(a, male))));
        expect(parsePurdy(formatPurdy(tree))).toEqual(tree);
      }),
      { numRuns: 1000 },
    );
  });

  it('format(parse(s)) is a fixed point: normalising twice changes nothing', () => {
    fc.assert(
      fc.property(pedigree, (tree) => {
        const once = normalizePurdy(formatPurdy(tree));
        expect(normalizePurdy(once)).toBe(once);
      }),
      { numRuns: 500 },
    );
  });

  it('unrolling and collapsing backcrosses keeps the same crosses', () => {
    fc.assert(
      fc.property(pedigree, (tree) => {
        const expanded = expandPedigree(tree);
        const back = collapseBackcrosses(expanded);
        expect(stripOrder(expandPedigree(back))).toEqual(stripOrder(expanded));
      }),
      { numRuns: 1000 },
    );
  });

  it('never throws anything but a syntax error on arbitrary text', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('A', 'B', '/', '*', '2', '3', ' ', '/3/', '//') }), (text) => {
        try {
          parsePurdy(text);
        } catch (err) {
          expect(err).toBeInstanceOf(PedigreeSyntaxError);
          const e = err as PedigreeSyntaxError;
          expect(e.position).toBeGreaterThanOrEqual(0);
          expect(e.position).toBeLessThanOrEqual(Math.max(0, text.length));
        }
      }),
      { numRuns: 3000 },
    );
  });
});

/** A cross tree with each cross's two parents in a fixed order: the first cross of a backcross may be written either way round. */
function stripOrder(t: ReturnType<typeof expandPedigree>): string {
  if (t.kind === 'name') return t.name;
  return `(${[stripOrder(t.female), stripOrder(t.male)].sort().join(' x ')})`;
}
