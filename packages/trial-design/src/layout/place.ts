import { cellAt, rectPath, tierOfCell, type FieldGrid, type Orientation } from './grid';
import { DesignError } from '../errors';
import type { GridRegion, Plan, SequenceRegion, Unit } from '../designs/plan';
import type { Direction } from '../types';

/** A placed region: the cells it owns in planting order (fillers included) and, for grids, its tile. */
export interface PlacedRegion {
  label: number;
  cells: number[];
  tile: { y0: number; x0: number; rows: number; cols: number } | null;
}

/** Units on cells: cellUnit holds an index into units, or -1 for a filler or excluded cell. */
export interface Placement {
  units: Unit[];
  cellUnit: Int32Array;
  regions: PlacedRegion[];
}

function emptyPlacement(g: FieldGrid): Placement {
  return { units: [], cellUnit: new Int32Array(g.rows * g.cols).fill(-1), regions: [] };
}

/** Lays out a plan on the field: bands of runs, tiles of grids, or the cells the design chose. */
export function placePlan(g: FieldGrid, o: Orientation, plan: Plan): Placement {
  const placement = emptyPlacement(g);
  if (plan.cells) {
    const cells: number[] = rectPath(g, o, 0, g.rows, 0, g.cols);
    for (const [cell, unit] of plan.cells) {
      placement.cellUnit[cell] = placement.units.length;
      placement.units.push(unit);
    }
    placement.regions.push({ label: 1, cells, tile: null });
    return placement;
  }
  const sequences = plan.regions.filter((r): r is SequenceRegion => r.kind === 'sequence');
  const grids = plan.regions.filter((r): r is GridRegion => r.kind === 'grid');
  if (sequences.length) placeBands(g, o, sequences, placement);
  if (grids.length) placeTiles(g, o, grids, placement);
  addLeftovers(g, o, placement);
  return placement;
}

/** Cells outside every region become a last region of fillers, numbered after the others. */
function addLeftovers(g: FieldGrid, o: Orientation, placement: Placement): void {
  const owned = new Uint8Array(g.rows * g.cols);
  for (const r of placement.regions) for (const c of r.cells) owned[c] = 1;
  const rest = rectPath(g, o, 0, g.rows, 0, g.cols).filter((c) => !owned[c]);
  if (rest.length) {
    const label = placement.regions.reduce((m, r) => Math.max(m, r.label), 0) + 1;
    placement.regions.push({ label, cells: rest, tile: null });
  }
}

const relativeSize = (g: FieldGrid, arrangement: Direction): { along: number; across: number } =>
  arrangement === 'rows' ? { along: g.rows, across: g.cols } : { along: g.cols, across: g.rows };

/** Largest number of usable cells any single tier offers; a block longer than this must cross a tier. */
function largestTier(g: FieldGrid): number {
  const counts = new Int32Array(g.tiers.length);
  for (let cell = 0; cell < g.rows * g.cols; cell++) if (!g.excluded[cell]) counts[tierOfCell(g, cell)] += 1;
  return Math.max(...counts);
}

/**
 * Each sequence region takes the narrowest band (rows for reps arranged by rows, columns otherwise)
 * that holds its runs along the planting path, a run that would straddle a tier boundary starting
 * at the next tier instead; cells skipped that way stay in the band as fillers.
 */
function placeBands(g: FieldGrid, o: Orientation, regions: SequenceRegion[], placement: Placement): void {
  const { along, across } = relativeSize(g, o.repsArrangement);
  const longest = Math.max(...regions.flatMap((r) => r.runs.map((run) => run.length)));
  const tierCapacity = largestTier(g);
  if (longest > tierCapacity) {
    throw new DesignError('BLOCK_CROSSES_TIER', 'field.tiers', `tiers of at least ${longest} usable plots`, {
      required: longest,
    });
  }
  let offset = 0;
  for (const region of regions) {
    const n = region.runs.reduce((s, run) => s + run.length, 0);
    let h = Math.max(1, Math.ceil(n / across));
    for (;;) {
      if (offset + h > along) {
        throw new DesignError('FIELD_LAYOUT_IMPOSSIBLE', 'field', `more ${o.repsArrangement} for ${regions.length} bands of ${n} plots`, {});
      }
      const path = o.repsArrangement === 'rows' ? rectPath(g, o, offset, offset + h, 0, across) : rectPath(g, o, 0, across, offset, offset + h);
      const assigned = fillRuns(g, path, region.runs);
      if (assigned) {
        assigned.forEach((cell, i) => {
          if (cell < 0) return;
          placement.cellUnit[cell] = placement.units.length + i;
        });
        placement.units.push(...region.runs.flat());
        placement.regions.push({ label: region.label, cells: path, tile: null });
        offset += h;
        break;
      }
      h += 1;
    }
  }
}

/** Cells for the runs along a path (one per unit, in run order), or null when the path is too short. */
function fillRuns(g: FieldGrid, path: number[], runs: Unit[][]): number[] | null {
  const tiers = path.map((c) => tierOfCell(g, c));
  const out: number[] = [];
  let i = 0;
  for (const run of runs) {
    const len = run.length;
    for (;;) {
      if (i + len > path.length) return null;
      if (len === 1 || tiers[i] === tiers[i + len - 1]) break;
      const t = tiers[i];
      while (i < path.length && tiers[i] === t) i += 1;
    }
    for (let j = 0; j < len; j++) out.push(path[i + j]);
    i += len;
  }
  return out;
}

/**
 * Grid regions are tiles placed whole inside one tier and clear of excluded cells: stacked away
 * from the start edge along the reps arrangement, wrapping to the next stack when the field ends.
 */
function placeTiles(g: FieldGrid, o: Orientation, regions: GridRegion[], placement: Placement): void {
  const { rows: p, cols: q } = regions[0];
  const fits = (y: number, x: number): boolean => {
    if (y + p > g.rows || x + q > g.cols) return false;
    const tier = tierOfCell(g, cellAt(g, o, y, x));
    for (let i = 0; i < p; i++) {
      for (let j = 0; j < q; j++) {
        const cell = cellAt(g, o, y + i, x + j);
        if (g.excluded[cell] || tierOfCell(g, cell) !== tier) return false;
      }
    }
    return true;
  };
  const spots: { y: number; x: number }[] = [];
  if (o.repsArrangement === 'rows') {
    for (let x = 0; x + q <= g.cols && spots.length < regions.length; x += q) {
      for (let y = 0; y + p <= g.rows && spots.length < regions.length;) {
        if (fits(y, x)) {
          spots.push({ y, x });
          y += p;
        } else y += 1;
      }
    }
  } else {
    for (let y = 0; y + p <= g.rows && spots.length < regions.length;) {
      let placedHere = false;
      for (let x = 0; x + q <= g.cols && spots.length < regions.length;) {
        if (fits(y, x)) {
          spots.push({ y, x });
          placedHere = true;
          x += q;
        } else x += 1;
      }
      y += placedHere ? p : 1;
    }
  }
  if (spots.length < regions.length) {
    throw new DesignError(
      'FIELD_LAYOUT_IMPOSSIBLE',
      'field',
      `${regions.length} rectangles of ${p} rows x ${q} columns, each inside one tier and clear of excluded cells`,
      {},
    );
  }
  regions.forEach((region, k) => {
    const { y, x } = spots[k];
    for (let i = 0; i < p; i++) {
      for (let j = 0; j < q; j++) {
        placement.cellUnit[cellAt(g, o, y + i, x + j)] = placement.units.length;
        placement.units.push(region.cells[i * q + j]);
      }
    }
    placement.regions.push({ label: region.label, cells: rectPath(g, o, y, y + p, x, x + q), tile: { y0: y, x0: x, rows: p, cols: q } });
  });
}

/**
 * Field size when the request gives none: bands as wide as the natural line (the common block
 * length when blocks are short, else about the square root of a region) and as long as needed;
 * grids stacked whole.
 */
export function defaultFieldSize(plans: Plan[], arrangement: Direction): { rows: number; cols: number } {
  let across = 1;
  let along = 0;
  let width = 1;
  for (const plan of plans) {
    const sequences = plan.regions.filter((r): r is SequenceRegion => r.kind === 'sequence');
    if (!sequences.length) continue;
    const largest = Math.max(...sequences.map((r) => r.runs.reduce((s, run) => s + run.length, 0)));
    const longest = Math.max(1, ...sequences.flatMap((r) => r.runs.map((run) => run.length)));
    width = Math.max(width, longest > 1 && longest <= 40 ? longest : Math.ceil(Math.sqrt(largest)));
  }
  for (const plan of plans) {
    const grids = plan.regions.filter((r): r is GridRegion => r.kind === 'grid');
    if (grids.length) {
      const { rows: p, cols: q } = grids[0];
      const [a, b] = arrangement === 'rows' ? [p, q] : [q, p];
      across = Math.max(across, b);
      along = Math.max(along, a * grids.length);
      continue;
    }
    const sizes = plan.regions.map((r) => (r.kind === 'sequence' ? r.runs.reduce((s, run) => s + run.length, 0) : 0));
    across = Math.max(across, width);
    along = Math.max(
      along,
      sizes.reduce((s, n) => s + Math.ceil(n / width), 0),
    );
  }
  return arrangement === 'rows' ? { rows: along, cols: across } : { rows: across, cols: along };
}
