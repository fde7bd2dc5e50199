import type { PlotRow } from '@breedwise/contracts/doe';

export type EdgeKind = 'rep' | 'block' | 'tier' | null;

export interface MapModel {
  rows: number;
  cols: number;
  /** Plot at (row, col), rows counted from the bottom edge. */
  at(row: number, col: number): PlotRow | undefined;
  plots: PlotRow[];
}

export function mapModel(plots: PlotRow[], size?: { rows?: number | null; cols?: number | null }): MapModel {
  const rows = Math.max(size?.rows ?? 0, 0, ...plots.map((p) => p.row));
  const cols = Math.max(size?.cols ?? 0, 0, ...plots.map((p) => p.col));
  const grid = new Map<number, PlotRow>();
  for (const p of plots) grid.set(p.row * 1_000_003 + p.col, p);
  return { rows, cols, plots, at: (r, c) => grid.get(r * 1_000_003 + c) };
}

/** What separates two neighbouring plots: another rep (outlined thick), block (thin) or tier (dashed). */
export function edgeBetween(a: PlotRow | undefined, b: PlotRow | undefined): EdgeKind {
  if (!a || !b) return null;
  if (a.rep !== null && b.rep !== null && a.rep !== b.rep) return 'rep';
  if (a.block !== null && b.block !== null && a.block !== b.block) return 'block';
  if (a.tier !== b.tier) return 'tier';
  return null;
}

/** Soft fills, one per rep, so reps read as bands; checks and fillers have their own colours. */
const REP_FILLS = ['#e6f4ff', '#f6ffed', '#fff0f6', '#f9f0ff', '#e6fffb', '#fcffe6', '#fff7e6', '#f0f5ff'];
export const CHECK_FILL = '#ffc069';
export const FILLER_FILL = '#d9d9d9';

export function fillOf(p: PlotRow): string {
  if (p.entryType === 'check') return CHECK_FILL;
  if (p.entryType === 'filler') return FILLER_FILL;
  return REP_FILLS[((p.rep ?? p.block ?? 1) - 1) % REP_FILLS.length];
}

/** The cell under a point of the drawing (x, y in drawing pixels; row 1 at the bottom). */
export function cellAt(x: number, y: number, cell: number, model: Pick<MapModel, 'rows' | 'cols'>, margin: number): { row: number; col: number } | null {
  const col = Math.floor((x - margin) / cell) + 1;
  const fromTop = Math.floor((y - margin) / cell);
  const row = model.rows - fromTop;
  if (col < 1 || col > model.cols || row < 1 || row > model.rows) return null;
  return { row, col };
}

/** Cell size (CSS pixels) that fits the field into the width, within sensible bounds. */
export function fitCell(width: number, cols: number, margin: number): number {
  return Math.max(4, Math.min(64, Math.floor((width - margin * 2) / Math.max(1, cols))));
}

/** Browsers refuse canvases much beyond 16k pixels a side. */
export const MAX_CANVAS = 16_000;
