import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ancestry, findCycle, generatePurdy, wouldCreateCycle, type ParentRecord } from './graph';
import { advanceGeneration, isGeneration, normalizeGeneration, parseGeneration } from './generation';
import { expandPedigree, parsePurdy } from './purdy';

const maize: ParentRecord[] = [
  { id: 1, name: 'Ye478' },
  { id: 2, name: 'Zheng58', female: 1 }, // selected from Ye478
  { id: 3, name: 'Huangzaosi' },
  { id: 4, name: 'Chang7-2', female: 3 },
  { id: 5, name: 'Zhengdan958', female: 2, male: 4 },
  { id: 6, name: 'B73' },
  { id: 7, name: 'Mo17' },
  { id: 8, name: 'B73/Mo17 F1', female: 6, male: 7 },
  { id: 9, name: 'BC1', female: 8, male: 6 },
  { id: 10, name: 'BC2', female: 9, male: 6 },
  { id: 11, name: 'BC2 line', female: 10 },
  { id: 12, name: 'Three-way', female: 8, male: 5 },
];

describe('generatePurdy', () => {
  it('writes a hybrid from its parents, derived lines by name', () => {
    expect(generatePurdy(maize, 5).purdy).toBe('Zheng58/Chang7-2');
  });

  it('writes repeated crosses to one parent as a backcross, also for a line derived from them', () => {
    expect(generatePurdy(maize, 10).purdy).toBe('Mo17/3*B73');
    expect(generatePurdy(maize, 11).purdy).toBe('Mo17/3*B73');
    expect(generatePurdy(maize, 10, { backcross: false }).purdy).toBe('B73/Mo17//B73/3/B73');
  });

  it('expands to the requested depth and says when it stopped early', () => {
    expect(generatePurdy(maize, 12, { depth: 1 })).toMatchObject({ purdy: 'B73/Mo17 F1/Zhengdan958', truncated: true });
    expect(generatePurdy(maize, 12, { depth: 2 })).toMatchObject({ purdy: 'B73/Mo17//Zheng58/Chang7-2', truncated: false });
  });

  it('writes fixed lines by name: Mo17 stays Mo17 inside a cross, and is expanded only as the record itself', () => {
    const lines: ParentRecord[] = [
      { id: 'c', name: 'CI187-2', keepName: true },
      { id: 'd', name: 'C103', keepName: true },
      { id: 'mo', name: 'Mo17', female: 'c', male: 'd', keepName: true },
      { id: 'z', name: 'Zheng58', keepName: true },
      { id: 'x', name: 'Zheng58/Mo17', female: 'z', male: 'mo' },
      { id: 'y', name: 'F1 x Zheng58', female: 'x', male: 'z' },
    ];
    expect(generatePurdy(lines, 'x').purdy).toBe('Zheng58/Mo17');
    expect(generatePurdy(lines, 'mo').purdy).toBe('CI187-2/C103');
    expect(generatePurdy(lines, 'y').purdy).toBe('Mo17/2*Zheng58');
  });

  it('answers null for a record without a cross in its ancestry', () => {
    expect(generatePurdy(maize, 2).purdy).toBeNull();
    expect(generatePurdy(maize, 99).purdy).toBeNull();
  });

  it('does not loop on a cycle in the data', () => {
    const cyclic: ParentRecord[] = [
      { id: 'a', name: 'A', female: 'b', male: 'c' },
      { id: 'b', name: 'B', female: 'a', male: 'c' },
      { id: 'c', name: 'C' },
    ];
    expect(generatePurdy(cyclic, 'a', { depth: 10 }).purdy).toBe('A/2*C');
  });

  it('generated strings parse back to the same cross tree (property)', () => {
    // Random acyclic graphs: parents always have smaller ids.
    const graph = fc.array(fc.record({ f: fc.nat(), m: fc.nat(), cross: fc.boolean() }), { minLength: 1, maxLength: 30 }).map((rows) =>
      rows.map((r, i): ParentRecord => ({
        id: i,
        name: `L${i}`,
        ...(i > 0 && r.cross ? { female: r.f % i, male: r.m % i } : i > 0 && r.f % 3 === 0 ? { female: r.f % i } : {}),
      })),
    );
    fc.assert(
      fc.property(graph, fc.integer({ min: 1, max: 6 }), (records, depth) => {
        const root = records.length - 1;
        const g = generatePurdy(records, root, { depth });
        if (g.purdy === null) return;
        expect(parsePurdy(g.purdy)).toEqual(g.tree);
        expect(findCycle(records)).toBeNull();
        expect(expandPedigree(g.tree!)).toBeDefined();
      }),
      { numRuns: 500 },
    );
  });
});

describe('cycles', () => {
  it('finds a cycle and names its members', () => {
    expect(findCycle(maize)).toBeNull();
    const cycle = findCycle([...maize, { id: 13, name: 'X', female: 14 }, { id: 14, name: 'Y', female: 12, male: 13 }]);
    expect(cycle?.map(String).sort()).toEqual(['13', '14']);
  });

  it('tells whether a new parent link would close a cycle', () => {
    expect(wouldCreateCycle(maize, 6, 10)).toBe(true); // B73's parent cannot be its own backcross
    expect(wouldCreateCycle(maize, 5, 5)).toBe(true);
    expect(wouldCreateCycle(maize, 12, 7)).toBe(false);
  });

  it('walks ancestry to a depth for the viewer', () => {
    const a = ancestry(maize, 12, 2);
    expect(a.nodes.map((r) => r.id).sort((p, q) => Number(p) - Number(q))).toEqual([2, 4, 5, 6, 7, 8, 12]);
    expect(a.edges).toContainEqual({ child: 12, parent: 8, role: 'female' });
  });
});

describe('generation codes', () => {
  it('validates F, BC, D and S forms', () => {
    for (const ok of ['F1', 'F2', 'f10', 'BC1F1', 'bc2f3', 'D0', 'D1', 'S0', 'S3']) expect(isGeneration(ok)).toBe(true);
    for (const bad of ['F0', 'BC0F1', 'BC1F0', 'BC1', 'X1', 'F', '', 'F100', 'D-1']) expect(isGeneration(bad)).toBe(false);
    expect(normalizeGeneration(' bc1f2 ')).toBe('BC1F2');
    expect(parseGeneration('BC2F3')).toEqual({ kind: 'BC', bc: 2, n: 3 });
  });

  it('advances by selfing, backcrossing, crossing and doubled haploids', () => {
    expect(advanceGeneration('F1')).toBe('F2');
    expect(advanceGeneration('F1', 'backcross')).toBe('BC1F1');
    expect(advanceGeneration('BC1F1', 'backcross')).toBe('BC2F1');
    expect(advanceGeneration('BC1F1')).toBe('BC1F2');
    expect(advanceGeneration('S0')).toBe('S1');
    expect(advanceGeneration('F3', 'dh')).toBe('D0');
    expect(advanceGeneration('D0')).toBe('D1');
    expect(advanceGeneration('D4', 'cross')).toBe('F1');
    expect(() => advanceGeneration('F99')).toThrow(RangeError);
    expect(() => advanceGeneration('Q1')).toThrow(RangeError);
  });
});
