import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generateDesign } from '../generate';
import { countBy, designPlots, expectCommonProperties } from '../test-support/properties';
import type { DesignRequest, DesignResult, EntryInput, Plot } from '../types';

const runs = (n: number): fc.Parameters<unknown> => ({ numRuns: n, seed: 20240601 });
const seedArb = fc.integer({ min: 0, max: 0xffffffff });
const layoutArb = fc.record({
  order: fc.constantFrom('serpentine' as const, 'cartesian' as const),
  direction: fc.constantFrom('rows' as const, 'columns' as const),
  startCorner: fc.constantFrom('bottom-left' as const, 'top-left' as const, 'bottom-right' as const, 'top-right' as const),
  repsArrangement: fc.constantFrom('rows' as const, 'columns' as const),
});

function reproducible(request: DesignRequest, result: DesignResult): void {
  const again = generateDesign(request);
  expect(again.plots).toEqual(result.plots);
}

function byKey(plots: Plot[], key: (p: Plot) => number | string | null): Map<number | string | null, Plot[]> {
  const m = new Map<number | string | null, Plot[]>();
  for (const p of plots) m.set(key(p), [...(m.get(key(p)) ?? []), p]);
  return m;
}

describe('CRD', () => {
  it('plants every entry exactly r_i times, unequal replication included', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 2, maxLength: 25 }), seedArb, layoutArb, (reps, seed, layout) => {
        const entries: EntryInput[] = reps.map((r, i) => ({ entry: i + 1, name: `G${i + 1}`, reps: r }));
        const request: DesignRequest = { design: 'crd', entries, seed, layout };
        const result = generateDesign(request);
        expectCommonProperties(result);
        const counts = countBy(designPlots(result.plots), (p) => p.entry);
        reps.forEach((r, i) => expect(counts.get(i + 1)).toBe(r));
        reproducible(request, result);
      }),
      runs(25),
    );
  });
});

describe('RCBD', () => {
  it('has each entry exactly once per block', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 40 }), fc.integer({ min: 1, max: 6 }), seedArb, layoutArb, (v, r, seed, layout) => {
        const result = generateDesign({ design: 'rcbd', entries: v, reps: r, seed, layout });
        expectCommonProperties(result);
        const blocks = byKey(designPlots(result.plots), (p) => p.block);
        expect(blocks.size).toBe(r);
        for (const [, list] of blocks) expect(new Set(list.map((p) => p.entry)).size).toBe(v);
        expect(result.statistics.a_efficiency).toBe(1);
        expect(result.statistics.concurrence).toMatchObject({ min: r, max: r });
      }),
      runs(25),
    );
  });
});

describe('Latin square', () => {
  it('has each entry once per row and once per column of every square', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 9 }), fc.integer({ min: 1, max: 3 }), seedArb, layoutArb, (v, r, seed, layout) => {
        const result = generateDesign({ design: 'latin', entries: v, reps: r, seed, layout });
        expectCommonProperties(result);
        for (const [, square] of byKey(designPlots(result.plots), (p) => p.rep)) {
          expect(square.length).toBe(v * v);
          for (const [, row] of byKey(square, (p) => p.row)) expect(new Set(row.map((p) => p.entry)).size).toBe(v);
          for (const [, col] of byKey(square, (p) => p.col)) expect(new Set(col.map((p) => p.entry)).size).toBe(v);
        }
        expect(result.statistics.a_efficiency).toBe(1);
      }),
      runs(20),
    );
  });
});

describe('square lattice', () => {
  it('has k blocks of k per rep, concurrences 0/1 and the lattice efficiency factor', () => {
    fc.assert(
      fc.property(fc.constantFrom(2, 3, 4, 5, 7), fc.integer({ min: 2, max: 4 }), seedArb, (k, rWanted, seed) => {
        const r = Math.min(rWanted, k + 1);
        const v = k * k;
        const result = generateDesign({ design: 'lattice', entries: v, reps: r, seed });
        expectCommonProperties(result);
        for (const [, rep] of byKey(designPlots(result.plots), (p) => p.rep)) {
          const blocks = byKey(rep, (p) => p.block);
          expect(blocks.size).toBe(k);
          for (const [, b] of blocks) expect(b.length).toBe(k);
          expect(new Set(rep.map((p) => p.entry)).size).toBe(v);
        }
        const { concurrence, a_efficiency } = result.statistics;
        expect(concurrence?.max).toBe(1);
        const expected = ((v - 1) * (r - 1)) / ((v - 1) * (r - 1) + r * (k - 1));
        expect(a_efficiency).toBeCloseTo(expected, 6);
      }),
      runs(15),
    );
  });

  it('reaches 0.7692308 for 16 entries in a triple lattice', () => {
    const result = generateDesign({ design: 'lattice', entries: 16, reps: 3, seed: 5 });
    expect(result.statistics.a_efficiency).toBeCloseTo(0.7692308, 6);
  });
});

describe('alpha design', () => {
  it('is resolvable with ceil(v/k) blocks of at most k, sizes within one, shorter last, for any v, k, r', () => {
    fc.assert(
      fc.property(fc.integer({ min: 4, max: 60 }), fc.integer({ min: 2, max: 10 }), fc.integer({ min: 2, max: 4 }), seedArb, (v, kWanted, r, seed) => {
        const k = Math.min(kWanted, v - 1);
        const request: DesignRequest = { design: 'alpha', entries: v, reps: r, blockSize: k, allowUnequalBlocks: true, seed };
        const result = generateDesign(request);
        expectCommonProperties(result);
        const plots = designPlots(result.plots);
        for (const [, rep] of byKey(plots, (p) => p.rep)) {
          expect(rep.length).toBe(v);
          expect(new Set(rep.map((p) => p.entry)).size).toBe(v);
          const sizes = [...byKey(rep, (p) => p.block).entries()]
            .sort((a, b) => Math.min(...a[1].map((p) => p.plot_number)) - Math.min(...b[1].map((p) => p.plot_number)))
            .map(([, b]) => b.length);
          expect(sizes.length).toBe(Math.ceil(v / k));
          for (const s of sizes) expect(s).toBeLessThanOrEqual(k);
          expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
          expect([...sizes].sort((a, b) => b - a)).toEqual(sizes);
        }
        expect(result.statistics.a_efficiency).toBeGreaterThan(0);
        if (v % k === 0 && result.statistics.bound !== null) {
          expect(result.statistics.a_efficiency as number).toBeLessThanOrEqual((result.statistics.bound as number) + 1e-6);
        }
      }),
      runs(20),
    );
  });

  it('matches the reference for 30 entries, k = 5, r = 3: alpha(0,1), 180 pairs meeting once', () => {
    const result = generateDesign({ design: 'alpha', entries: 30, reps: 3, blockSize: 5, seed: 11 });
    const { a_efficiency, concurrence } = result.statistics;
    expect(a_efficiency).toBeGreaterThanOrEqual(0.7855);
    expect(concurrence?.max).toBe(1);
    expect(concurrence?.pairs['1']).toBe(180);
  });

  it('builds 8 entries in blocks of 2 with 2 reps, where agricolae crashes', () => {
    const result = generateDesign({ design: 'alpha', entries: 8, reps: 2, blockSize: 2, seed: 3 });
    expect(result.statistics.a_efficiency).toBeGreaterThan(0);
    expect(designPlots(result.plots)).toHaveLength(16);
  });

  it('reaches 0.6501 (to 4 decimals) for 24 entries, k = 4, r = 2', () => {
    const result = generateDesign({ design: 'alpha', entries: 24, reps: 2, blockSize: 4, seed: 2 });
    expect(result.statistics.a_efficiency as number).toBeGreaterThanOrEqual(0.65005);
  });
});

describe('row-column design', () => {
  it('has every entry once per rep, reps as p x q rectangles', () => {
    fc.assert(
      fc.property(fc.constantFrom([3, 4], [4, 4], [4, 5], [5, 6], [2, 6]), fc.integer({ min: 2, max: 3 }), seedArb, layoutArb, ([p, q], r, seed, layout) => {
        const v = p * q;
        const result = generateDesign({ design: 'rowcol', entries: v, reps: r, rowsPerRep: p, colsPerRep: q, seed, layout });
        expectCommonProperties(result);
        for (const [, rep] of byKey(designPlots(result.plots), (x) => x.rep)) {
          expect(new Set(rep.map((x) => x.entry)).size).toBe(v);
          const rows = new Set(rep.map((x) => x.row));
          const cols = new Set(rep.map((x) => x.col));
          expect(rows.size * cols.size).toBe(v);
        }
        expect(result.statistics.a_efficiency_rows).toBeGreaterThan(0);
        expect(result.statistics.a_efficiency_cols).toBeGreaterThan(0);
      }),
      runs(12),
    );
  });

  it('beats the reference for 30 entries in 5 x 6, r = 3 (rows >= 0.8227, columns >= 0.7806)', () => {
    const result = generateDesign({ design: 'rowcol', entries: 30, reps: 3, rowsPerRep: 5, colsPerRep: 6, seed: 4 });
    expect(result.statistics.a_efficiency_rows as number).toBeGreaterThanOrEqual(0.82265);
    expect(result.statistics.a_efficiency_cols as number).toBeGreaterThanOrEqual(0.7806);
  });
});

describe('augmented RCBD', () => {
  it('has each check once per block, each test once, block sizes within one', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 6 }),
        fc.integer({ min: 4, max: 120 }),
        fc.integer({ min: 2, max: 10 }),
        seedArb,
        layoutArb,
        (c, n, bWanted, seed, layout) => {
          const b = Math.min(bWanted, n);
          const result = generateDesign({ design: 'augmented', entries: n, checks: c, blocks: b, seed, layout });
          expectCommonProperties(result);
          const plots = designPlots(result.plots);
          const tests = plots.filter((p) => p.entry_type === 'test');
          expect(new Set(tests.map((p) => p.entry)).size).toBe(n);
          expect(tests.length).toBe(n);
          const blocks = byKey(plots, (p) => p.block);
          expect(blocks.size).toBe(b);
          const sizes = [...blocks.values()].map((l) => l.length);
          expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
          for (const [, list] of blocks) {
            const checks = list.filter((p) => p.entry_type === 'check');
            expect(checks.length).toBe(c);
            expect(new Set(checks.map((p) => p.entry)).size).toBe(c);
          }
        },
      ),
      runs(25),
    );
  });

  it('splits 5 checks + 53 entries in 5 blocks as 16/16/16/15/15', () => {
    const result = generateDesign({ design: 'augmented', entries: 53, checks: 5, blocks: 5, seed: 1 });
    const sizes = [...byKey(designPlots(result.plots), (p) => p.block).entries()].sort((a, b) => (a[0] as number) - (b[0] as number)).map(([, l]) => l.length);
    expect(sizes).toEqual([16, 16, 16, 15, 15]);
  });
});

describe('diagonal checks (SUDC)', () => {
  it('plants lines once, about the asked share of checks, a check in every row and column, checks within one of each other', () => {
    fc.assert(
      fc.property(fc.integer({ min: 20, max: 300 }), fc.integer({ min: 1, max: 5 }), fc.constantFrom(5, 10, 12.5, 20), seedArb, (lines, c, pct, seed) => {
        const result = generateDesign({ design: 'diagonal', entries: lines, checks: c, checkPercent: pct, seed });
        const byLoc = expectCommonProperties(result);
        const plots = byLoc.get(1) as Plot[];
        const tests = plots.filter((p) => p.entry_type === 'test');
        expect(tests.length).toBe(lines);
        expect(new Set(tests.map((p) => p.entry)).size).toBe(lines);
        const checks = plots.filter((p) => p.entry_type === 'check');
        const { rows, cols } = result.parameters.field;
        for (let r = 1; r <= rows; r++) expect(checks.some((p) => p.row === r)).toBe(true);
        for (let k = 1; k <= cols; k++) expect(checks.some((p) => p.col === k)).toBe(true);
        const counts = [...countBy(checks, (p) => p.entry).values()];
        expect(counts.length).toBe(c);
        expect(Math.max(...counts) - Math.min(...counts)).toBeLessThanOrEqual(1);
      }),
      runs(20),
    );
  });

  it('keeps about 10 % checks in a large field', () => {
    const result = generateDesign({ design: 'diagonal', entries: 900, checks: 4, field: { rows: 30, cols: 35 }, seed: 8 });
    const checks = result.plots.filter((p) => p.entry_type === 'check').length;
    expect(checks / (30 * 35)).toBeGreaterThan(0.08);
    expect(checks / (30 * 35)).toBeLessThan(0.12);
  });
});

describe('p-rep', () => {
  it('plants the copies asked (250x1, 85x2, 3x8 in 12 x 37) at distance >= 2', () => {
    const entries: EntryInput[] = [
      ...Array.from({ length: 250 }, (_, i) => ({ entry: i + 1, name: `U${i + 1}` })),
      ...Array.from({ length: 85 }, (_, i) => ({ entry: 300 + i, name: `D${i}`, reps: 2 })),
      ...Array.from({ length: 3 }, (_, i) => ({ entry: 500 + i, name: `K${i}`, type: 'check' as const, reps: 8 })),
    ];
    fc.assert(
      fc.property(seedArb, (seed) => {
        const result = generateDesign({ design: 'prep', entries, field: { rows: 12, cols: 37 }, seed });
        expectCommonProperties(result);
        const groups = byKey(designPlots(result.plots), (p) => p.entry);
        for (const e of entries) {
          const copies = groups.get(e.entry) as Plot[];
          expect(copies.length).toBe(e.reps ?? 1);
          for (let i = 0; i < copies.length; i++) {
            for (let j = i + 1; j < copies.length; j++) {
              const d = Math.max(Math.abs(copies[i].row - copies[j].row), Math.abs(copies[i].col - copies[j].col));
              expect(d).toBeGreaterThanOrEqual(2);
            }
          }
        }
      }),
      runs(5),
    );
  });
});

describe('split-plot and strip-plot', () => {
  it('split: whole plots randomised within blocks, each sub-plot level once per whole plot, whole plots contiguous', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 5 }), fc.integer({ min: 2, max: 6 }), fc.integer({ min: 1, max: 4 }), seedArb, (a, b, r, seed) => {
        const result = generateDesign({ design: 'split', reps: r, wholePlot: { name: 'N', levels: a }, subPlot: { name: 'V', levels: b }, seed });
        expectCommonProperties(result);
        const plots = designPlots(result.plots);
        for (const [, block] of byKey(plots, (p) => p.block)) {
          const wholes = byKey(block, (p) => p.whole_plot ?? -1);
          expect(wholes.size).toBe(a);
          expect(new Set([...wholes.values()].map((w) => w[0].factors?.N)).size).toBe(a);
          for (const [, w] of wholes) {
            expect(new Set(w.map((p) => p.factors?.V)).size).toBe(b);
            expect(new Set(w.map((p) => p.factors?.N)).size).toBe(1);
            const numbers = w.map((p) => p.plot_number).sort((x, y) => x - y);
            expect(numbers[numbers.length - 1] - numbers[0]).toBe(b - 1);
          }
        }
      }),
      runs(20),
    );
  });

  it('strip: each horizontal x vertical combination once per block, levels in whole rows and columns', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 5 }),
        fc.integer({ min: 2, max: 5 }),
        fc.integer({ min: 1, max: 3 }),
        seedArb,
        layoutArb,
        (a, b, r, seed, layout) => {
          const result = generateDesign({ design: 'strip', reps: r, horizontal: { name: 'H', levels: a }, vertical: { name: 'V', levels: b }, seed, layout });
          expectCommonProperties(result);
          for (const [, block] of byKey(designPlots(result.plots), (p) => p.block)) {
            expect(new Set(block.map((p) => `${p.factors?.H}|${p.factors?.V}`)).size).toBe(a * b);
            expect(block.length).toBe(a * b);
            for (const [, row] of byKey(block, (p) => p.row)) expect(new Set(row.map((p) => p.factors?.H)).size).toBe(1);
            for (const [, col] of byKey(block, (p) => p.col)) expect(new Set(col.map((p) => p.factors?.V)).size).toBe(1);
          }
        },
      ),
      runs(15),
    );
  });

  it('factorial: every combination once per block, entries usable as a factor', () => {
    const result = generateDesign({ design: 'factorial', entries: 3, reps: 2, factors: [{ name: 'N', levels: ['low', 'high'] }, 'entries'], seed: 4 });
    expectCommonProperties(result);
    for (const [, block] of byKey(designPlots(result.plots), (p) => p.block)) {
      expect(new Set(block.map((p) => `${p.factors?.N}|${p.entry}`)).size).toBe(6);
    }
  });
});

describe('entry-list order with check insertion', () => {
  it('puts a check group before test entry start and then every interval entries', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 3, max: 40 }),
        fc.integer({ min: 1, max: 3 }),
        fc.constantFrom('all' as const, 'rotate' as const),
        fc.nat(),
        fc.nat(),
        (n, c, insert, s0, i0) => {
          const start = 1 + (s0 % (n - 1));
          const interval = 1 + (i0 % (n - 1));
          const result = generateDesign({ design: 'entry-order', entries: n, checks: c, start, interval, insert, seed: 1 });
          const seq = designPlots(result.plots).sort((x, y) => x.plot_number - y.plot_number);
          const expected: string[] = [];
          let point = 0;
          for (let i = 1; i <= n; i++) {
            if (i >= start && (i - start) % interval === 0) {
              if (insert === 'all') for (let k = 1; k <= c; k++) expected.push(`C${k}`);
              else expected.push(`C${(point % c) + 1}`);
              point += 1;
            }
            expected.push(`E${i}`);
          }
          expect(seq.map((p) => p.name)).toEqual(expected);
        },
      ),
      runs(25),
    );
  });
});

describe('seeds and multiple locations', () => {
  it('reproduces with the same seed, changes with another, and stores a drawn seed', () => {
    const request: DesignRequest = { design: 'rcbd', entries: 20, reps: 3, seed: 99 };
    const a = generateDesign(request);
    expect(generateDesign(request).plots).toEqual(a.plots);
    expect(generateDesign({ ...request, seed: 100 }).plots).not.toEqual(a.plots);
    const drawn = generateDesign({ design: 'rcbd', entries: 20, reps: 3 });
    expect(generateDesign({ design: 'rcbd', entries: 20, reps: 3, seed: drawn.seed }).plots).toEqual(drawn.plots);
  });

  it('randomises each location afresh, or copies location 1, with ids unique across locations', () => {
    const fresh = generateDesign({ design: 'alpha', entries: 24, reps: 2, blockSize: 4, locations: 3, multiLocation: 'fresh', seed: 5 });
    expectCommonProperties(fresh);
    const loc = (r: DesignResult, l: number): number[] => r.plots.filter((p) => p.location === l).map((p) => p.entry);
    expect(loc(fresh, 1)).not.toEqual(loc(fresh, 2));
    expect(fresh.statistics.by_location).toHaveLength(3);
    const same = generateDesign({ design: 'alpha', entries: 24, reps: 2, blockSize: 4, locations: 3, multiLocation: 'same', seed: 5 });
    expectCommonProperties(same);
    expect(loc(same, 1)).toEqual(loc(same, 3));
  });

  it('allocates test entries sparsely: each in m locations, locations balanced within one, checks everywhere', () => {
    fc.assert(
      fc.property(fc.integer({ min: 10, max: 80 }), fc.integer({ min: 2, max: 5 }), fc.nat(), seedArb, (n, L, m0, seed) => {
        const m = 1 + (m0 % L);
        const result = generateDesign({
          design: 'augmented',
          entries: n,
          checks: 2,
          blocks: 2,
          locations: L,
          multiLocation: 'sparse',
          sparse: { locationsPerEntry: m },
          seed,
        });
        expectCommonProperties(result);
        const tests = result.plots.filter((p) => p.entry_type === 'test');
        const perEntry = countBy(tests, (p) => p.entry);
        for (const [, c] of perEntry) expect(c).toBe(m);
        expect(perEntry.size).toBe(n);
        const perLocation = [...countBy(tests, (p) => p.location).values()];
        expect(Math.max(...perLocation) - Math.min(...perLocation)).toBeLessThanOrEqual(1);
        for (let l = 1; l <= L; l++) expect(result.plots.filter((p) => p.location === l && p.entry_type === 'check').length).toBe(4);
      }),
      runs(15),
    );
  });
});
