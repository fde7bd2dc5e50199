import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generateDesign } from '../generate';
import { expectCommonProperties } from '../test-support/properties';
import type { Plot } from '../types';

const sorted = (plots: Plot[]): Plot[] => plots.slice().sort((a, b) => a.plot_number - b.plot_number);

describe('layout and numbering', () => {
  it('puts plot 101 at row 1, column 1 (bottom-left) by default', () => {
    const r = generateDesign({ design: 'rcbd', entries: 6, reps: 2, seed: 1 });
    const first = sorted(r.plots)[0];
    expect(first).toMatchObject({ plot_number: 101, row: 1, col: 1 });
  });

  it('starts at the chosen corner', () => {
    const { plots } = generateDesign({ design: 'crd', entries: 12, seed: 1, field: { rows: 3, cols: 4 }, layout: { startCorner: 'top-right' } });
    expect(sorted(plots)[0]).toMatchObject({ row: 3, col: 4 });
  });

  it('serpentine: consecutive plot numbers are neighbours within a rep, for every direction and corner', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 30 }),
        fc.integer({ min: 1, max: 4 }),
        fc.constantFrom('rows' as const, 'columns' as const),
        fc.constantFrom('bottom-left' as const, 'top-left' as const, 'bottom-right' as const, 'top-right' as const),
        fc.constantFrom('rows' as const, 'columns' as const),
        (v, r, direction, startCorner, repsArrangement) => {
          const result = generateDesign({
            design: 'rcbd',
            entries: v,
            reps: r,
            seed: 3,
            layout: { order: 'serpentine', direction, startCorner, repsArrangement },
          });
          expectCommonProperties(result);
          const byRep = new Map<number, Plot[]>();
          for (const p of result.plots) if (p.rep !== null) byRep.set(p.rep, [...(byRep.get(p.rep) ?? []), p]);
          for (const [, list] of byRep) {
            const s = sorted(list);
            for (let i = 1; i < s.length; i++) expect(Math.abs(s[i].row - s[i - 1].row) + Math.abs(s[i].col - s[i - 1].col)).toBe(1);
          }
        },
      ),
      { numRuns: 40, seed: 7 },
    );
  });

  it('cartesian: every line starts on the same side', () => {
    const { plots } = generateDesign({ design: 'crd', entries: 12, seed: 1, field: { rows: 3, cols: 4 }, layout: { order: 'cartesian' } });
    const s = sorted(plots);
    expect(s.map((p) => p.col)).toEqual([1, 2, 3, 4, 1, 2, 3, 4, 1, 2, 3, 4]);
  });

  it('numbers rep * 100 + i, rep * 1000 + i above 99 plots per rep, or continuously', () => {
    const small = generateDesign({ design: 'rcbd', entries: 10, reps: 3, seed: 1 });
    expect(
      sorted(small.plots)
        .map((p) => p.plot_number)
        .slice(0, 2),
    ).toEqual([101, 102]);
    expect(small.plots.filter((p) => p.rep === 3).every((p) => Math.floor(p.plot_number / 100) === 3)).toBe(true);
    const big = generateDesign({ design: 'rcbd', entries: 120, reps: 2, seed: 1 });
    expect(Math.min(...big.plots.filter((p) => p.rep === 2).map((p) => p.plot_number))).toBe(2001);
    const cont = generateDesign({ design: 'rcbd', entries: 10, reps: 3, seed: 1, numbering: { mode: 'continuous', startNumber: 500 } });
    expect(sorted(cont.plots).map((p) => p.plot_number)).toEqual(Array.from({ length: 30 }, (_, i) => 500 + i));
  });

  it('arranges reps by columns side by side', () => {
    const { plots } = generateDesign({
      design: 'rcbd',
      entries: 8,
      reps: 3,
      seed: 1,
      field: { rows: 8, cols: 3 },
      layout: { repsArrangement: 'columns', direction: 'columns' },
    });
    for (const p of plots) expect(p.col).toBe(p.rep);
  });

  it('keeps excluded cells empty and marks spare cells as fillers', () => {
    const r = generateDesign({ design: 'rcbd', entries: 5, reps: 2, seed: 1, field: { rows: 3, cols: 5, excluded: [{ row: 2, col: 3 }] } });
    expectCommonProperties(r);
    expect(r.plots.some((p) => p.row === 2 && p.col === 3)).toBe(false);
    expect(r.parameters.fillers).toBe(4);
    expect(r.plots.filter((p) => p.entry_type === 'filler').every((p) => p.name === 'Filler')).toBe(true);
  });

  it('never lets a block cross a tier, moving it to the next tier', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 8 }), fc.integer({ min: 2, max: 5 }), fc.integer({ min: 2, max: 4 }), (k, r, tiers) => {
        const v = k * 3;
        const result = generateDesign({
          design: 'alpha',
          entries: v,
          reps: r,
          blockSize: k,
          seed: 9,
          field: { rows: tiers * Math.ceil((v * r) / (tiers * 5)) + tiers * 2, cols: 5, tiers },
        });
        expectCommonProperties(result);
      }),
      { numRuns: 20, seed: 11 },
    );
  });

  it('keeps the same entry from touching itself across block borders when asked', () => {
    fc.assert(
      fc.property(fc.integer({ min: 3, max: 12 }), fc.integer({ min: 2, max: 5 }), fc.integer({ min: 0, max: 1000 }), (v, r, seed) => {
        const result = generateDesign({ design: 'rcbd', entries: v, reps: r, seed, avoidAdjacentAcrossBlocks: true, field: { rows: r, cols: v } });
        const at = new Map(result.plots.map((p) => [`${p.row}:${p.col}`, p]));
        for (const p of result.plots) {
          for (const [dr, dc] of [
            [1, 0],
            [0, 1],
          ]) {
            const q = at.get(`${p.row + dr}:${p.col + dc}`);
            if (q && q.block !== p.block && q.entry_type !== 'filler') expect(q.entry).not.toBe(p.entry);
          }
        }
      }),
      { numRuns: 25, seed: 13 },
    );
  });

  it('gives unique block numbers across reps', () => {
    const r = generateDesign({ design: 'alpha', entries: 20, reps: 3, blockSize: 4, seed: 2 });
    const blocksPerRep = new Map<number, Set<number>>();
    for (const p of r.plots) if (p.block !== null) blocksPerRep.set(p.block, new Set([...(blocksPerRep.get(p.block) ?? []), p.rep as number]));
    for (const [, reps] of blocksPerRep) expect(reps.size).toBe(1);
    expect(blocksPerRep.size).toBe(15);
  });
});
