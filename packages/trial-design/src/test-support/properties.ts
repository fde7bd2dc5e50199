import { expect } from 'vitest';
import type { DesignResult, Plot } from '../types';

/** Checks every property the reference requires of any design, and returns the plots by location. */
export function expectCommonProperties(result: DesignResult): Map<number, Plot[]> {
  const { plots, parameters } = result;
  const ids = new Set(plots.map((p) => p.plot_id));
  expect(ids.size).toBe(plots.length);
  const byLocation = new Map<number, Plot[]>();
  for (const p of plots) byLocation.set(p.location, [...(byLocation.get(p.location) ?? []), p]);
  const { rows, cols, excluded } = parameters.field;
  const excludedSet = new Set(excluded.map((c) => `${c.row}:${c.col}`));
  for (const [, list] of byLocation) {
    // Every usable cell holds exactly one plot; fillers are the cells the design does not use.
    expect(list.length).toBe(rows * cols - excluded.length);
    const cells = new Set(list.map((p) => `${p.row}:${p.col}`));
    expect(cells.size).toBe(list.length);
    for (const p of list) {
      expect(p.row).toBeGreaterThanOrEqual(1);
      expect(p.row).toBeLessThanOrEqual(rows);
      expect(p.col).toBeGreaterThanOrEqual(1);
      expect(p.col).toBeLessThanOrEqual(cols);
      expect(excludedSet.has(`${p.row}:${p.col}`)).toBe(false);
      if (p.entry_type === 'filler') {
        expect(p.rep).toBeNull();
        expect(p.block).toBeNull();
      }
    }
    const numbers = new Set(list.map((p) => p.plot_number));
    expect(numbers.size).toBe(list.length);
    // Blocks never cross a tier.
    const tierOfBlock = new Map<number, number>();
    for (const p of list) {
      if (p.block === null) continue;
      const t = tierOfBlock.get(p.block);
      if (t === undefined) tierOfBlock.set(p.block, p.tier);
      else expect(p.tier).toBe(t);
    }
  }
  const design = plots.filter((p) => p.entry_type !== 'filler').length;
  expect(design).toBe(parameters.plots);
  expect(plots.length - design).toBe(parameters.fillers);
  if (parameters.numbering.mode === 'block') {
    for (const p of plots) expect(p.plot_number % 10 ** parameters.numbering.digits).toBeGreaterThan(0);
  } else {
    for (const p of plots) expect(String(p.plot_number).length).toBeLessThanOrEqual(parameters.numbering.digits);
  }
  return byLocation;
}

/** Counts of each key. */
export function countBy<T>(items: T[], key: (x: T) => string | number): Map<string | number, number> {
  const m = new Map<string | number, number>();
  for (const x of items) m.set(key(x), (m.get(key(x)) ?? 0) + 1);
  return m;
}

export const designPlots = (plots: Plot[]): Plot[] => plots.filter((p) => p.entry_type !== 'filler');
