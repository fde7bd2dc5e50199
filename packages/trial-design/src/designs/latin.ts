import { toTreatments } from './common';
import type { GridRegion, Plan, Unit } from './plan';
import { permutation, type Rng } from '../rng';
import type { NormalizedEntry } from '../validate';

/**
 * Latin squares: the cyclic square with rows, columns and symbols each randomly permuted (the
 * classical randomisation, as agricolae does), one independent square per rep.
 */
export function planLatin(entries: NormalizedEntry[], reps: number, rng: Rng): Plan {
  const v = entries.length;
  const regions: GridRegion[] = [];
  const rows: Int32Array[] = [];
  const cols: Int32Array[] = [];
  const squares: Int32Array[] = [];
  for (let h = 1; h <= reps; h++) {
    const rp = permutation(v, rng);
    const cp = permutation(v, rng);
    const sp = permutation(v, rng);
    const grid = new Int32Array(v * v);
    for (let i = 0; i < v; i++) for (let j = 0; j < v; j++) grid[i * v + j] = sp[(rp[i] + cp[j]) % v];
    const cells: Unit[] = Array.from(grid, (t) => ({ t, rep: h, block: null, swap: -1 }));
    regions.push({ kind: 'grid', label: h, rows: v, cols: v, cells });
    for (let i = 0; i < v; i++) rows.push(grid.slice(i * v, i * v + v));
    for (let j = 0; j < v; j++) cols.push(Int32Array.from({ length: v }, (_, i) => grid[i * v + j]));
    squares.push(grid);
  }
  return {
    treatments: toTreatments(entries),
    regions,
    stats: { kind: 'rowcol', key: `latin:${v}:${reps}`, v, r: v * reps, rows, cols, reps: squares },
  };
}
