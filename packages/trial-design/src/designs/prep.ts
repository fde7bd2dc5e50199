import { toTreatments, type PlanContext } from './common';
import type { Plan, Unit } from './plan';
import { DesignError } from '../errors';
import { rectPath, type FieldGrid } from '../layout/grid';
import type { NormalizedEntry } from '../validate';

/** Copies of one entry closer than this in both directions (king moves) are refused. */
const HARD = 1000;
const MOVES_PER_PLOT = 400;

/**
 * Partially replicated design: entry i in c_i plots spread over the field so that no two copies of
 * an entry touch, even diagonally (distance >= 2), and, as far as possible, copies avoid sharing a
 * row or a column. A random arrangement of the first plots along the planting path (fillers at the
 * end) is repaired by a seeded swap search; refused when no arrangement is found.
 */
export function planPrep(entries: NormalizedEntry[], ctx: PlanContext): Plan {
  const g = ctx.grid as FieldGrid;
  const { rng } = ctx;
  const units: Unit[] = [];
  entries.forEach((e, t) => {
    for (let c = 1; c <= (e.reps || 1); c++) units.push({ t, rep: c, block: null, swap: -1 });
  });
  const maxApart = Math.ceil(g.rows / 2) * Math.ceil(g.cols / 2);
  const most = entries.reduce((m, e) => Math.max(m, e.reps || 1), 0);
  if (most > maxApart) {
    throw new DesignError('PARAM_OUT_OF_RANGE', 'entries[].reps', `1..${maxApart} copies in a ${g.rows} x ${g.cols} field`, {
      value: most,
    });
  }
  const path = rectPath(g, ctx.orientation, 0, g.rows, 0, g.cols).slice(0, units.length);
  rng.shuffle(units);
  const pos = path.slice();
  const copies: number[][] = entries.map(() => []);
  units.forEach((u, i) => copies[u.t].push(i));
  const rowOf = (i: number): number => Math.floor(pos[i] / g.cols);
  const colOf = (i: number): number => pos[i] % g.cols;
  const pairCost = (i: number, j: number): number => {
    const dr = Math.abs(rowOf(i) - rowOf(j));
    const dc = Math.abs(colOf(i) - colOf(j));
    if (dr <= 1 && dc <= 1) return HARD;
    return (dr === 0 ? 1 : 0) + (dc === 0 ? 1 : 0);
  };
  const costOf = (i: number): number => {
    let c = 0;
    for (const j of copies[units[i].t]) if (j !== i) c += pairCost(i, j);
    return c;
  };
  const swap = (i: number, j: number): void => {
    const p = pos[i];
    pos[i] = pos[j];
    pos[j] = p;
  };
  const replicated = units.map((_, i) => i).filter((i) => copies[units[i].t].length > 1);
  const budget = MOVES_PER_PLOT * units.length;
  for (let move = 0; move < budget; move++) {
    const i = replicated[rng.int(replicated.length)];
    const j = rng.int(units.length);
    if (units[i].t === units[j].t) continue;
    const before = costOf(i) + costOf(j);
    swap(i, j);
    const after = costOf(i) + costOf(j);
    if (after > before || (after === before && rng.int(2) === 0)) swap(i, j);
  }
  let hard = 0;
  for (const i of replicated) if (costOf(i) >= HARD) hard += 1;
  if (hard > 0) {
    throw new DesignError('CONSTRAINT_UNSATISFIED', 'entries[].reps', 'copies of an entry at distance >= 2: use a larger field or fewer copies', {});
  }
  const cells = new Map<number, Unit>();
  units.forEach((u, i) => cells.set(pos[i], u));
  return { treatments: toTreatments(entries), regions: [], cells, stats: null };
}

/** A near-square field with room for every copy. */
export function prepFieldSize(plots: number): { rows: number; cols: number } {
  const cols = Math.max(3, Math.ceil(Math.sqrt(plots)));
  return { rows: Math.max(3, Math.ceil(plots / cols)), cols };
}
