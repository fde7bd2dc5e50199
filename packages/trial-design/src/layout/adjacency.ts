import { cellAt, type FieldGrid, type Orientation } from './grid';
import type { Placement } from './place';
import { DesignError } from '../errors';
import type { Rng } from '../rng';

const MAX_PASSES = 60;

/**
 * Keeps the same entry from touching itself (sharing an edge) across a block border. Units are only
 * moved in ways that leave the design intact: plots swap within their block (their swap group), and
 * whole rows or columns swap within a grid tile (a Latin square, row-column rep or strip block).
 * Refused when no arrangement is found.
 */
export function avoidAdjacency(g: FieldGrid, o: Orientation, placement: Placement, rng: Rng): void {
  const { cellUnit, units } = placement;
  const cells = g.rows * g.cols;
  // Block identity per cell: the unit's block, or its tile for grid designs without blocks.
  const key = new Float64Array(cells).fill(Number.NaN);
  const tileOf = new Int32Array(cells).fill(-1);
  placement.regions.forEach((r, ri) => {
    for (const c of r.cells) {
      const u = cellUnit[c];
      if (u < 0) continue;
      if (units[u].block !== null) key[c] = units[u].block as number;
      else if (r.tile) key[c] = -1 - ri;
      if (r.tile) tileOf[c] = ri;
    }
  });
  const swapCells = new Map<number, number[]>();
  for (let c = 0; c < cells; c++) {
    const u = cellUnit[c];
    if (u >= 0 && units[u].swap >= 0 && tileOf[c] < 0) {
      const list = swapCells.get(units[u].swap) ?? [];
      list.push(c);
      swapCells.set(units[u].swap, list);
    }
  }
  const neighbours = (c: number): number[] => {
    const row = Math.floor(c / g.cols);
    const col = c % g.cols;
    const out: number[] = [];
    if (row > 0) out.push(c - g.cols);
    if (row < g.rows - 1) out.push(c + g.cols);
    if (col > 0) out.push(c - 1);
    if (col < g.cols - 1) out.push(c + 1);
    return out;
  };
  const clash = (a: number, b: number): boolean => {
    const ua = cellUnit[a];
    const ub = cellUnit[b];
    return ua >= 0 && ub >= 0 && units[ua].t === units[ub].t && !Number.isNaN(key[a]) && !Number.isNaN(key[b]) && key[a] !== key[b];
  };
  const clashesAt = (c: number): number => neighbours(c).reduce((s, n) => s + (clash(c, n) ? 1 : 0), 0);
  const clashesOf = (list: number[]): number => list.reduce((s, c) => s + clashesAt(c), 0);
  const swapUnits = (a: number, b: number): void => {
    const t = cellUnit[a];
    cellUnit[a] = cellUnit[b];
    cellUnit[b] = t;
  };
  const tileLine = (ri: number, line: number, byRow: boolean): number[] => {
    const tile = placement.regions[ri].tile;
    if (!tile) return [];
    const n = byRow ? tile.cols : tile.rows;
    return Array.from({ length: n }, (_, k) => (byRow ? cellAt(g, o, tile.y0 + line, tile.x0 + k) : cellAt(g, o, tile.y0 + k, tile.x0 + line)));
  };
  const lineOf = (c: number, ri: number, byRow: boolean): number => {
    const tile = placement.regions[ri].tile;
    if (!tile) return -1;
    for (let k = 0; k < (byRow ? tile.rows : tile.cols); k++) if (tileLine(ri, k, byRow).includes(c)) return k;
    return -1;
  };
  const swapLines = (ri: number, a: number, b: number, byRow: boolean): void => {
    const la = tileLine(ri, a, byRow);
    const lb = tileLine(ri, b, byRow);
    la.forEach((c, k) => swapUnits(c, lb[k]));
  };

  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const bad: number[] = [];
    for (let c = 0; c < cells; c++) if (cellUnit[c] >= 0 && clashesAt(c) > 0) bad.push(c);
    if (bad.length === 0) return;
    for (const c of rng.shuffle(bad)) {
      if (clashesAt(c) === 0) continue;
      const ri = tileOf[c];
      if (ri >= 0) {
        const tile = placement.regions[ri].tile;
        if (!tile) continue;
        for (const byRow of rng.shuffle([true, false])) {
          const line = lineOf(c, ri, byRow);
          const count = byRow ? tile.rows : tile.cols;
          const others = rng.shuffle(Array.from({ length: count }, (_, k) => k).filter((k) => k !== line));
          let fixed = false;
          for (const other of others) {
            const touched = [...tileLine(ri, line, byRow), ...tileLine(ri, other, byRow)];
            const before = clashesOf(touched);
            swapLines(ri, line, other, byRow);
            if (clashesOf(touched) < before) {
              fixed = true;
              break;
            }
            swapLines(ri, line, other, byRow);
          }
          if (fixed) break;
        }
        continue;
      }
      const u = cellUnit[c];
      const group = units[u].swap >= 0 ? swapCells.get(units[u].swap) : undefined;
      if (!group) continue;
      for (const other of rng.shuffle(group.slice())) {
        if (other === c) continue;
        const before = clashesAt(c) + clashesAt(other);
        swapUnits(c, other);
        if (clashesAt(c) + clashesAt(other) < before) break;
        swapUnits(c, other);
      }
    }
  }
  throw new DesignError('CONSTRAINT_UNSATISFIED', 'avoidAdjacentAcrossBlocks', 'try another seed, a different field shape or switch the option off', {});
}
