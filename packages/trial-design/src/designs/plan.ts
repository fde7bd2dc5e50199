import type { EntryType } from '../types';

/** What a plot holds: an entry, or a combination of factor levels named after its parts. */
export interface Treatment {
  entry: number;
  name: string;
  type: EntryType;
  factors?: Record<string, string>;
}

/**
 * One design plot before it has a field position. `t` indexes the treatment list; `swap` names the
 * set of units that may exchange places without changing the design (used to keep an entry from
 * touching itself across block borders); -1 means the unit's position is fixed by the design.
 */
export interface Unit {
  t: number;
  rep: number | null;
  block: number | null;
  wholePlot?: number;
  subPlot?: number;
  swap: number;
}

/**
 * Units laid along the planting path of a band of the field. Each run is kept contiguous and inside
 * one tier (a block); runs of one unit may fall anywhere.
 */
export interface SequenceRegion {
  kind: 'sequence';
  label: number;
  runs: Unit[][];
}

/**
 * A rectangle of units whose rows and columns are part of the design (Latin square, row-column rep,
 * strip-plot block): placed whole inside one tier. Rows and columns of the grid may be permuted as
 * a unit without changing the design, which is how adjacency across borders is avoided.
 */
export interface GridRegion {
  kind: 'grid';
  label: number;
  rows: number;
  cols: number;
  /** Row-major, rows * cols units. */
  cells: Unit[];
}

export type Region = SequenceRegion | GridRegion;

/** What the statistics are computed from: treatment lists per block (and rows/columns per rep). */
export type StatsSpec =
  | { kind: 'blocks'; key: string; v: number; blocks: Int32Array[]; resolvable: { r: number; k: number } | null; regular: boolean }
  | {
      kind: 'rowcol';
      key: string;
      v: number;
      r: number;
      rows: Int32Array[];
      cols: Int32Array[];
      reps: Int32Array[];
    };

/** A design for one location: regions to lay out (or field cells already chosen), and its statistics. */
export interface Plan {
  treatments: Treatment[];
  regions: Region[];
  /** For designs that choose field cells themselves (diagonal checks, p-rep): cell index -> unit. */
  cells?: Map<number, Unit>;
  stats: StatsSpec | null;
}
