import type { NormalizedField } from '../validate';
import type { LayoutInput, TierRange } from '../types';

/**
 * The field as cells indexed (row - 1) * cols + (col - 1). Row 1 is the bottom edge, column 1 the
 * left edge; tiers are bands of rows that no block may cross.
 */
export interface FieldGrid {
  rows: number;
  cols: number;
  tiers: TierRange[];
  /** Tier index (0-based) of each row, indexed by row number (1-based). */
  tierOfRow: Int32Array;
  excluded: Uint8Array;
  usable: number;
  plantRowsPerPlot: number;
}

export type Orientation = Required<LayoutInput>;

/** Builds the cell grid of a validated field. */
export function makeGrid(field: NormalizedField): FieldGrid {
  const { rows, cols } = field;
  const tierOfRow = new Int32Array(rows + 1);
  field.tiers.forEach((t, i) => {
    for (let r = t.fromRow; r <= t.toRow; r++) tierOfRow[r] = i;
  });
  const excluded = new Uint8Array(rows * cols);
  for (const c of field.excluded) excluded[(c.row - 1) * cols + (c.col - 1)] = 1;
  return {
    rows,
    cols,
    tiers: field.tiers,
    tierOfRow,
    excluded,
    usable: rows * cols - field.excluded.length,
    plantRowsPerPlot: field.plantRowsPerPlot,
  };
}

export const rowOfCell = (g: FieldGrid, cell: number): number => Math.floor(cell / g.cols) + 1;
export const colOfCell = (g: FieldGrid, cell: number): number => (cell % g.cols) + 1;
export const tierOfCell = (g: FieldGrid, cell: number): number => g.tierOfRow[rowOfCell(g, cell)];

/**
 * Cell at relative position (y, x): y counts rows away from the start corner's row edge, x columns
 * away from its column edge, so the start corner is (0, 0) whatever corner it is.
 */
export function cellAt(g: FieldGrid, o: Orientation, y: number, x: number): number {
  const row = o.startCorner.startsWith('bottom') ? y + 1 : g.rows - y;
  const col = o.startCorner.endsWith('left') ? x + 1 : g.cols - x;
  return (row - 1) * g.cols + (col - 1);
}

/**
 * Usable cells of the relative rectangle [y0, y1) x [x0, x1) in planting order: tier by tier from
 * the start edge, then line by line (rows or columns), every other line reversed when serpentine.
 * The parity of a line is that of its distance from the field's start edge, so bands stacked along
 * the lines continue one snake across the whole field.
 */
export function rectPath(g: FieldGrid, o: Orientation, y0: number, y1: number, x0: number, x1: number): number[] {
  const out: number[] = [];
  const serpentine = o.order === 'serpentine';
  let segStart = y0;
  while (segStart < y1) {
    const tier = g.tierOfRow[rowOfCell(g, cellAt(g, o, segStart, x0))];
    let segEnd = segStart + 1;
    while (segEnd < y1 && g.tierOfRow[rowOfCell(g, cellAt(g, o, segEnd, x0))] === tier) segEnd += 1;
    if (o.direction === 'rows') {
      for (let y = segStart; y < segEnd; y++) {
        const reverse = serpentine && y % 2 === 1;
        for (let i = 0; i < x1 - x0; i++) {
          const cell = cellAt(g, o, y, reverse ? x1 - 1 - i : x0 + i);
          if (!g.excluded[cell]) out.push(cell);
        }
      }
    } else {
      for (let x = x0; x < x1; x++) {
        const reverse = serpentine && x % 2 === 1;
        for (let i = 0; i < segEnd - segStart; i++) {
          const cell = cellAt(g, o, reverse ? segEnd - 1 - i : segStart + i, x);
          if (!g.excluded[cell]) out.push(cell);
        }
      }
    }
    segStart = segEnd;
  }
  return out;
}
