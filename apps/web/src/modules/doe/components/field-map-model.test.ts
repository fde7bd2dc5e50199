import { describe, expect, it } from 'vitest';
import type { PlotRow } from '@breedwise/contracts/doe';
import { cellAt, edgeBetween, fillOf, fitCell, mapModel } from './field-map-model';

const plot = (row: number, col: number, extra: Partial<PlotRow> = {}): PlotRow => ({
  site: 1,
  plotId: `P-${row}-${col}`,
  plotNumber: row * 100 + col,
  rep: 1,
  block: 1,
  row,
  col,
  tier: 1,
  entryNo: 1,
  name: 'E1',
  entryType: 'test',
  ...extra,
});

describe('field map model', () => {
  it('sizes the grid from the plots or the given field, and finds plots by position', () => {
    const m = mapModel([plot(1, 1), plot(2, 3)]);
    expect([m.rows, m.cols]).toEqual([2, 3]);
    expect(m.at(2, 3)?.plotId).toBe('P-2-3');
    expect(m.at(1, 2)).toBeUndefined();
    expect(mapModel([plot(1, 1)], { rows: 16, cols: 10 })).toMatchObject({ rows: 16, cols: 10 });
  });

  it('outlines reps thick, blocks thin and tier edges dashed', () => {
    expect(edgeBetween(plot(1, 1), plot(1, 2, { rep: 2 }))).toBe('rep');
    expect(edgeBetween(plot(1, 1), plot(1, 2, { block: 2 }))).toBe('block');
    expect(edgeBetween(plot(1, 1), plot(2, 1, { tier: 2 }))).toBe('tier');
    expect(edgeBetween(plot(1, 1), plot(1, 2))).toBeNull();
    expect(edgeBetween(plot(1, 1), undefined)).toBeNull();
  });

  it('colours checks and fillers apart from the reps', () => {
    expect(fillOf(plot(1, 1, { entryType: 'check' }))).toBe('#ffc069');
    expect(fillOf(plot(1, 1, { entryType: 'filler', rep: null }))).toBe('#d9d9d9');
    expect(fillOf(plot(1, 1))).not.toBe(fillOf(plot(1, 1, { rep: 2 })));
  });

  it('maps a click to the cell, row 1 at the bottom', () => {
    const m = { rows: 4, cols: 5 };
    expect(cellAt(28 + 5, 28 + 3 * 20 + 5, 20, m, 28)).toEqual({ row: 1, col: 1 });
    expect(cellAt(28 + 4 * 20 + 1, 28 + 1, 20, m, 28)).toEqual({ row: 4, col: 5 });
    expect(cellAt(10, 10, 20, m, 28)).toBeNull();
    expect(fitCell(1000, 10, 28)).toBe(64);
    expect(fitCell(1000, 500, 28)).toBe(4);
  });
});
