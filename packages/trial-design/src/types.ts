/** Design methods the engine generates. */
export type DesignMethod =
  'crd' | 'rcbd' | 'latin' | 'lattice' | 'alpha' | 'rowcol' | 'augmented' | 'diagonal' | 'prep' | 'split' | 'strip' | 'factorial' | 'entry-order';

export type EntryType = 'check' | 'test';

/** One line of an entry list. `reps` sets this entry's replication (CRD) or copies (p-rep). */
export interface EntryInput {
  entry: number;
  name: string;
  type?: EntryType;
  reps?: number;
}

/** Either a count (named E1..EN, numbered 1..N) or an explicit list. */
export type EntriesInput = number | EntryInput[];

/** An inclusive range of field rows forming one tier. */
export interface TierRange {
  fromRow: number;
  toRow: number;
}

export interface CellRef {
  row: number;
  col: number;
}

/**
 * Field geometry. Rows are counted from the bottom edge (row 1) upward and columns from the left edge.
 * `tiers` is either a count (rows split into that many near-equal tiers) or explicit row ranges that
 * partition the rows. Excluded cells (roads, gaps) receive no plot.
 */
export interface FieldInput {
  rows: number;
  cols: number;
  tiers?: number | TierRange[];
  excluded?: CellRef[];
  excludedRows?: number[];
  excludedCols?: number[];
  plantRowsPerPlot?: number;
}

export type PlantingOrder = 'serpentine' | 'cartesian';
export type Direction = 'rows' | 'columns';
export type StartCorner = 'bottom-left' | 'top-left' | 'bottom-right' | 'top-right';

export interface LayoutInput {
  order?: PlantingOrder;
  direction?: Direction;
  startCorner?: StartCorner;
  /** 'rows': reps (or augmented blocks) stacked in bands of rows; 'columns': side by side. */
  repsArrangement?: Direction;
}

export interface NumberingInput {
  mode?: 'block' | 'continuous';
  startNumber?: number;
  /** Block mode: digits of the serial within a rep (number = rep * 10^digits + serial). Continuous: digits of the number. */
  digits?: number;
}

export interface FillerInput {
  entry?: number;
  name: string;
}

/** A treatment factor; `'entries'` stands for the entry list as a factor (genotypes). */
export type FactorInput = { name: string; levels: string[] | number } | 'entries';

export type MultiLocationMode = 'fresh' | 'same' | 'sparse';

export interface SparseInput {
  /** In how many locations each test entry is planted; checks go to every location. */
  locationsPerEntry: number;
}

/** Settings every design accepts. */
export interface CommonRequestFields {
  /** Check entries appended to the list as C1..CN (numbered after the other entries). */
  checks?: number;
  seed?: number;
  field?: FieldInput;
  layout?: LayoutInput;
  numbering?: NumberingInput;
  filler?: FillerInput;
  avoidAdjacentAcrossBlocks?: boolean;
  locations?: number;
  multiLocation?: MultiLocationMode;
  sparse?: SparseInput;
}

export interface CrdRequest extends CommonRequestFields {
  design: 'crd';
  entries: EntriesInput;
  /** Replication of entries without their own `reps`. */
  reps?: number;
}

export interface RcbdRequest extends CommonRequestFields {
  design: 'rcbd';
  entries: EntriesInput;
  reps: number;
}

export interface LatinRequest extends CommonRequestFields {
  design: 'latin';
  entries: EntriesInput;
  /** Number of independent squares (reps); default 1. */
  reps?: number;
}

export interface LatticeRequest extends CommonRequestFields {
  design: 'lattice';
  entries: EntriesInput;
  reps: number;
}

export interface AlphaRequest extends CommonRequestFields {
  design: 'alpha';
  entries: EntriesInput;
  reps: number;
  blockSize: number;
  /** When entries are not a multiple of blockSize: blocks of blockSize and blockSize-1, the shorter last. */
  allowUnequalBlocks?: boolean;
}

export interface RowColRequest extends CommonRequestFields {
  design: 'rowcol';
  entries: EntriesInput;
  reps: number;
  rowsPerRep?: number;
  colsPerRep?: number;
}

export interface AugmentedRequest extends CommonRequestFields {
  design: 'augmented';
  entries: EntriesInput;
  blocks: number;
}

export interface DiagonalRequest extends CommonRequestFields {
  design: 'diagonal';
  entries: EntriesInput;
  /** Share of check plots aimed for, in percent (default 10). */
  checkPercent?: number;
}

export interface PrepRequest extends CommonRequestFields {
  design: 'prep';
  /** Copies per entry come from each entry's `reps` (default 1). */
  entries: EntriesInput;
}

export interface SplitRequest extends CommonRequestFields {
  design: 'split';
  entries?: EntriesInput;
  reps: number;
  wholePlot: FactorInput;
  subPlot: FactorInput;
}

export interface StripRequest extends CommonRequestFields {
  design: 'strip';
  entries?: EntriesInput;
  reps: number;
  horizontal: FactorInput;
  vertical: FactorInput;
}

export interface FactorialRequest extends CommonRequestFields {
  design: 'factorial';
  entries?: EntriesInput;
  reps: number;
  factors: FactorInput[];
  /** Randomisation of the treatment combinations: complete blocks (default) or completely at random. */
  base?: 'rcbd' | 'crd';
}

export interface EntryOrderRequest extends CommonRequestFields {
  design: 'entry-order';
  entries: EntriesInput;
  reps?: number;
  /** A check group goes before test entry number `start` (1-based position in the test list). */
  start: number;
  /** ...then before every `interval`-th test entry after it. */
  interval: number;
  /** Last test-entry position before which checks may still be inserted (default: the last entry). */
  end?: number;
  /** 'all': every check at each insertion point; 'rotate': one check per point, in turn. */
  insert?: 'all' | 'rotate';
}

/** A design request; `design` selects the variant. */
export type DesignRequest =
  | CrdRequest
  | RcbdRequest
  | LatinRequest
  | LatticeRequest
  | AlphaRequest
  | RowColRequest
  | AugmentedRequest
  | DiagonalRequest
  | PrepRequest
  | SplitRequest
  | StripRequest
  | FactorialRequest
  | EntryOrderRequest;

export type PlotEntryType = 'check' | 'test' | 'filler';

/** One cell of the field book. */
export interface Plot {
  plot_id: string;
  plot_number: number;
  location: number;
  rep: number | null;
  block: number | null;
  row: number;
  col: number;
  entry: number;
  name: string;
  entry_type: PlotEntryType;
  tier: number;
  whole_plot?: number;
  sub_plot?: number;
  factors?: Record<string, string>;
}

export interface ConcurrenceSummary {
  min: number;
  max: number;
  /** Number of treatment pairs meeting in exactly n blocks, keyed by n. */
  pairs: Record<string, number>;
}

export interface DesignStatistics {
  /** Harmonic mean of the canonical efficiency factors; for row-column designs both rows and columns eliminated. */
  a_efficiency: number | null;
  a_efficiency_rows: number | null;
  a_efficiency_cols: number | null;
  /** Tightest known upper bound for a_efficiency (block designs) . */
  bound: number | null;
  bound_rows: number | null;
  bound_cols: number | null;
  /** Pair concurrence in blocks (rows for row-column designs). */
  concurrence: ConcurrenceSummary | null;
  concurrence_cols: ConcurrenceSummary | null;
  /** false when the efficiency was estimated (stochastic trace) because the design is too large for an exact trace. */
  exact: boolean;
}

export interface LocationStatistics extends DesignStatistics {
  location: number;
}

/** Tiers as row ranges, the field used and what was excluded. */
export interface ResolvedFieldInfo {
  rows: number;
  cols: number;
  tiers: TierRange[];
  excluded: CellRef[];
  plantRowsPerPlot: number;
}

export interface DesignParameters {
  design: DesignMethod;
  entries: number;
  checks: number;
  treatments: number;
  plots: number;
  fillers: number;
  field: ResolvedFieldInfo;
  layout: Required<LayoutInput>;
  numbering: { mode: 'block' | 'continuous'; startNumber: number; digits: number };
  filler: { entry: number; name: string };
  avoidAdjacentAcrossBlocks: boolean;
  locations: number;
  multiLocation: MultiLocationMode;
  sparse: SparseInput | null;
  /** Design-specific settings after defaults were applied. */
  settings: Record<string, number | string | boolean | null>;
}

export interface DesignResult {
  design: DesignMethod;
  parameters: DesignParameters;
  seed: number;
  statistics: DesignStatistics & { by_location?: LocationStatistics[] };
  plots: Plot[];
}
