import { toTreatments, type PlanContext } from './common';
import type { Plan, Unit } from './plan';
import { DesignError } from '../errors';
import { colOfCell, rectPath, rowOfCell, type FieldGrid } from '../layout/grid';
import type { NormalizedEntry } from '../validate';

/** Spacing d of the check diagonals for a target percentage: every d-th cell along each row and column. */
export function checkSpacing(g: { rows: number; cols: number }, checkPercent: number): number {
  return Math.max(2, Math.min(Math.round(100 / checkPercent), g.rows, g.cols));
}

/** Check cells of the diagonal pattern: (col - row) divisible by d, plus one in any row or column left without. */
export function diagonalCheckCells(g: FieldGrid, d: number): Set<number> {
  const cells = new Set<number>();
  for (let row = 1; row <= g.rows; row++) {
    for (let col = 1; col <= g.cols; col++) {
      const cell = (row - 1) * g.cols + (col - 1);
      if (!g.excluded[cell] && (((col - row) % d) + d) % d === 0) cells.add(cell);
    }
  }
  // Excluded cells can knock the pattern out of a whole row or column: give it the usable cell
  // nearest to where the diagonal would have been.
  const ensure = (lineCells: number[], anchor: (cell: number) => number): void => {
    const usable = lineCells.filter((c) => !g.excluded[c]);
    if (!usable.length || usable.some((c) => cells.has(c))) return;
    usable.sort((a, b) => anchor(a) - anchor(b));
    cells.add(usable[0]);
  };
  for (let row = 1; row <= g.rows; row++) {
    const line = Array.from({ length: g.cols }, (_, j) => (row - 1) * g.cols + j);
    ensure(line, (c) => (((colOfCell(g, c) - row) % d) + d) % d);
  }
  for (let col = 1; col <= g.cols; col++) {
    const line = Array.from({ length: g.rows }, (_, i) => i * g.cols + (col - 1));
    ensure(line, (c) => (((col - rowOfCell(g, c)) % d) + d) % d);
  }
  return cells;
}

/**
 * Unreplicated lines with checks on diagonals (SUDC): about checkPercent % of the plots are checks,
 * at least one in every row and every column, each check used equally often (within one); lines are
 * randomised over the remaining cells along the planting path and fillers take what is left at its end.
 */
export function planDiagonal(entries: NormalizedEntry[], checkPercent: number, ctx: PlanContext): Plan {
  const g = ctx.grid as FieldGrid;
  const { rng } = ctx;
  const d = checkSpacing(g, checkPercent);
  const checkCells = diagonalCheckCells(g, d);
  const checks: number[] = [];
  const lines: number[] = [];
  entries.forEach((e, t) => (e.type === 'check' ? checks : lines).push(t));
  const path = rectPath(g, ctx.orientation, 0, g.rows, 0, g.cols);
  const free = path.filter((c) => !checkCells.has(c));
  if (free.length < lines.length) {
    throw new DesignError('INSUFFICIENT_PLOTS', 'field', `${lines.length + checkCells.size} usable plots (${checkCells.size} on check diagonals)`, {
      available: free.length + checkCells.size,
      required: lines.length + checkCells.size,
    });
  }
  const cells = new Map<number, Unit>();
  const order = rng.shuffle(checks.slice());
  const checkList = rng.shuffle(Array.from({ length: checkCells.size }, (_, i) => order[i % order.length]));
  [...checkCells].sort((a, b) => a - b).forEach((cell, i) => cells.set(cell, { t: checkList[i], rep: null, block: null, swap: -1 }));
  rng.shuffle(lines).forEach((t, i) => cells.set(free[i], { t, rep: null, block: null, swap: -1 }));
  return { treatments: toTreatments(entries), regions: [], cells, stats: null };
}

/** A near-square field that holds the lines beside the checks of the pattern. */
export function diagonalFieldSize(lines: number, checkPercent: number): { rows: number; cols: number } {
  const share = 1 / Math.max(2, Math.round(100 / checkPercent));
  const cols = Math.max(2, Math.ceil(Math.sqrt(lines / (1 - share))));
  let rows = Math.max(2, Math.ceil(lines / (1 - share) / cols));
  for (;;) {
    const d = checkSpacing({ rows, cols }, checkPercent);
    let checkCount = 0;
    for (let row = 1; row <= rows; row++) for (let col = 1; col <= cols; col++) if ((((col - row) % d) + d) % d === 0) checkCount += 1;
    if (rows * cols - checkCount >= lines) return { rows, cols };
    rows += 1;
  }
}
