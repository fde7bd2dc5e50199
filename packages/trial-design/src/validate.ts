import { DEFAULT_FILLER, DESIGN_METHODS, MAX_BLOCK_COUNT, MAX_DIGITS, MAX_LOCATIONS, MAX_PLOT_TOTAL, MAX_REPS, TIER_MAX, TIER_MIN } from './constants';
import { maxLatticeReps } from './designs/lattice';
import { DesignError } from './errors';
import { MAX_SEED } from './rng';
import type {
  CellRef,
  DesignMethod,
  DesignRequest,
  Direction,
  EntriesInput,
  EntryType,
  FactorInput,
  LayoutInput,
  MultiLocationMode,
  SparseInput,
  TierRange,
} from './types';

/** An entry after defaults: type and replication always present. */
export interface NormalizedEntry {
  entry: number;
  name: string;
  type: EntryType;
  reps: number;
}

/** A factor after validation: its levels, or the entry list standing in as a factor. */
export type Factor = { kind: 'levels'; name: string; levels: string[] } | { kind: 'entries'; name: string };

export interface NormalizedField {
  rows: number;
  cols: number;
  tiers: TierRange[];
  excluded: CellRef[];
  plantRowsPerPlot: number;
}

export type DesignSettings =
  | { design: 'crd'; reps: number }
  | { design: 'rcbd'; reps: number }
  | { design: 'latin'; reps: number }
  | { design: 'lattice'; reps: number; k: number }
  | { design: 'alpha'; reps: number; blockSize: number; unequal: boolean }
  | { design: 'rowcol'; reps: number; rowsPerRep: number; colsPerRep: number }
  | { design: 'augmented'; blocks: number }
  | { design: 'diagonal'; checkPercent: number }
  | { design: 'prep' }
  | { design: 'split'; reps: number; wholePlot: Factor; subPlot: Factor }
  | { design: 'strip'; reps: number; horizontal: Factor; vertical: Factor }
  | { design: 'factorial'; reps: number; factors: Factor[]; base: 'rcbd' | 'crd' }
  | {
      design: 'entry-order';
      reps: number;
      start: number;
      interval: number;
      end: number;
      insert: 'all' | 'rotate';
    };

/** A request with every default applied and every parameter checked. */
export interface NormalizedRequest {
  design: DesignMethod;
  entries: NormalizedEntry[];
  seed: number | null;
  field: NormalizedField | null;
  layout: Required<LayoutInput>;
  numbering: { mode: 'block' | 'continuous'; startNumber: number; digits: number | null };
  filler: { entry: number; name: string };
  fillerGiven: boolean;
  avoidAdjacent: boolean;
  locations: number;
  multiLocation: MultiLocationMode;
  sparse: SparseInput | null;
  settings: DesignSettings;
  /** Plots per location before fillers (for sparse allocation: the largest location). */
  plotsPerLocation: number;
}

type Raw = Record<string, unknown>;

const describe = (value: unknown): string => {
  if (value === undefined) return 'missing';
  if (typeof value === 'string') return JSON.stringify(value);
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
};

function integer(param: string, value: unknown, min: number, max: number): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw new DesignError('PARAM_OUT_OF_RANGE', param, `integer ${min}..${max}`, { value: describe(value) });
  }
  return value;
}

function required(design: string, param: string, value: unknown, allowed: string): void {
  if (value === undefined || value === null) throw new DesignError('PARAM_REQUIRED', param, allowed, { design });
}

function oneOf<T extends string>(param: string, value: unknown, allowed: readonly T[], fallback: T): T {
  if (value === undefined) return fallback;
  if (typeof value !== 'string' || !allowed.includes(value as T)) {
    throw new DesignError('PARAM_INVALID', param, allowed.join(', '), { value: describe(value) });
  }
  return value as T;
}

function boolean(param: string, value: unknown): boolean {
  if (value === undefined) return false;
  if (typeof value !== 'boolean') throw new DesignError('PARAM_INVALID', param, 'true, false', { value: describe(value) });
  return value;
}

/** Expands `entries` and `checks` into one list, checking numbers and names are unique. */
function normalizeEntries(design: string, raw: Raw, needed: boolean): NormalizedEntry[] {
  const input = raw.entries as EntriesInput | undefined;
  const out: NormalizedEntry[] = [];
  if (input === undefined) {
    if (needed) required(design, 'entries', input, 'a count or a list of {entry, name, type}');
  } else if (typeof input === 'number') {
    const n = integer('entries', input, 1, MAX_PLOT_TOTAL);
    for (let i = 1; i <= n; i++) out.push({ entry: i, name: `E${i}`, type: 'test', reps: 0 });
  } else if (Array.isArray(input)) {
    input.forEach((e, i) => {
      const item = e as unknown as Raw;
      if (typeof item !== 'object' || item === null) {
        throw new DesignError('PARAM_INVALID', `entries[${i}]`, '{entry, name, type}', { value: describe(e) });
      }
      const entry = integer(`entries[${i}].entry`, item.entry, 1, 999_999_999);
      if (typeof item.name !== 'string' || item.name.trim() === '') {
        throw new DesignError('PARAM_INVALID', `entries[${i}].name`, 'a non-empty name', { value: describe(item.name) });
      }
      const type = oneOf(`entries[${i}].type`, item.type, ['check', 'test'] as const, 'test');
      const reps = item.reps === undefined ? 0 : integer(`entries[${i}].reps`, item.reps, 1, MAX_REPS);
      out.push({ entry, name: item.name.trim(), type, reps });
    });
  } else {
    throw new DesignError('PARAM_INVALID', 'entries', 'a count or a list of {entry, name, type}', {
      value: describe(input),
    });
  }
  if (raw.checks !== undefined) {
    const c = integer('checks', raw.checks, 0, MAX_PLOT_TOTAL);
    let next = out.reduce((m, e) => Math.max(m, e.entry), 0);
    for (let i = 1; i <= c; i++) out.push({ entry: ++next, name: `C${i}`, type: 'check', reps: 0 });
  }
  const numbers = new Set<number>();
  const names = new Set<string>();
  for (const e of out) {
    if (numbers.has(e.entry)) {
      throw new DesignError('DUPLICATE_ENTRY', 'entries', 'entry numbers must be unique', { value: e.entry });
    }
    if (names.has(e.name)) {
      throw new DesignError('DUPLICATE_ENTRY', 'entries', 'entry names must be unique', { value: e.name });
    }
    numbers.add(e.entry);
    names.add(e.name);
  }
  return out;
}

function normalizeField(raw: unknown, design: string): NormalizedField | null {
  if (raw === undefined || raw === null) return null;
  if (typeof raw !== 'object') throw new DesignError('PARAM_INVALID', 'field', '{rows, cols, ...}', { value: describe(raw) });
  const f = raw as Raw;
  if (f.rows === undefined) throw new DesignError('PARAM_REQUIRED', 'field.rows', 'rows and cols are both required', { design });
  if (f.cols === undefined) throw new DesignError('PARAM_REQUIRED', 'field.cols', 'rows and cols are both required', { design });
  const rows = integer('field.rows', f.rows, 1, MAX_PLOT_TOTAL);
  const cols = integer('field.cols', f.cols, 1, MAX_PLOT_TOTAL);
  if (rows * cols > MAX_PLOT_TOTAL) {
    throw new DesignError('PLOT_TOTAL_EXCEEDED', 'field', `rows x cols <= ${MAX_PLOT_TOTAL}`, { value: rows * cols });
  }
  let tiers: TierRange[];
  if (f.tiers === undefined) {
    tiers = [{ fromRow: 1, toRow: rows }];
  } else if (typeof f.tiers === 'number') {
    const n = integer('field.tiers', f.tiers, TIER_MIN, Math.min(TIER_MAX, rows));
    tiers = [];
    let from = 1;
    for (let i = 0; i < n; i++) {
      const size = Math.floor(rows / n) + (i < rows % n ? 1 : 0);
      tiers.push({ fromRow: from, toRow: from + size - 1 });
      from += size;
    }
  } else if (Array.isArray(f.tiers)) {
    if (f.tiers.length < TIER_MIN || f.tiers.length > TIER_MAX) {
      throw new DesignError('PARAM_OUT_OF_RANGE', 'field.tiers', `${TIER_MIN}..${TIER_MAX} tiers`, { value: f.tiers.length });
    }
    const allowed = `row ranges partitioning rows 1..${rows} in order`;
    let expect = 1;
    tiers = f.tiers.map((t: unknown, i) => {
      const tr = t as Raw;
      const from = integer(`field.tiers[${i}].fromRow`, tr?.fromRow, 1, rows);
      const to = integer(`field.tiers[${i}].toRow`, tr?.toRow, from, rows);
      if (from !== expect) throw new DesignError('PARAM_INVALID', `field.tiers[${i}]`, allowed, { value: describe(t) });
      expect = to + 1;
      return { fromRow: from, toRow: to };
    });
    if (expect !== rows + 1) throw new DesignError('PARAM_INVALID', 'field.tiers', allowed, { value: describe(f.tiers) });
  } else {
    throw new DesignError('PARAM_INVALID', 'field.tiers', `a count ${TIER_MIN}..${TIER_MAX} or row ranges`, {
      value: describe(f.tiers),
    });
  }
  const excluded = new Map<number, CellRef>();
  const add = (row: number, col: number): void => {
    excluded.set((row - 1) * cols + (col - 1), { row, col });
  };
  const list = (name: string, value: unknown): unknown[] => {
    if (value === undefined) return [];
    if (!Array.isArray(value)) throw new DesignError('PARAM_INVALID', name, 'a list', { value: describe(value) });
    return value;
  };
  list('field.excluded', f.excluded).forEach((c, i) => {
    const cell = c as Raw;
    add(integer(`field.excluded[${i}].row`, cell?.row, 1, rows), integer(`field.excluded[${i}].col`, cell?.col, 1, cols));
  });
  list('field.excludedRows', f.excludedRows).forEach((r, i) => {
    const row = integer(`field.excludedRows[${i}]`, r, 1, rows);
    for (let col = 1; col <= cols; col++) add(row, col);
  });
  list('field.excludedCols', f.excludedCols).forEach((c, i) => {
    const col = integer(`field.excludedCols[${i}]`, c, 1, cols);
    for (let row = 1; row <= rows; row++) add(row, col);
  });
  const plantRowsPerPlot = f.plantRowsPerPlot === undefined ? 1 : integer('field.plantRowsPerPlot', f.plantRowsPerPlot, 1, 100);
  return {
    rows,
    cols,
    tiers,
    excluded: [...excluded.values()].sort((a, b) => a.row - b.row || a.col - b.col),
    plantRowsPerPlot,
  };
}

function normalizeFactor(param: string, value: unknown, hasEntries: boolean, design: string): Factor {
  if (value === undefined) required(design, param, value, "{name, levels} or 'entries'");
  if (value === 'entries') {
    if (!hasEntries) required(design, 'entries', undefined, `the entry list, used by ${param}`);
    return { kind: 'entries', name: 'entry' };
  }
  const f = value as Raw;
  if (typeof f !== 'object' || f === null || typeof f.name !== 'string' || f.name.trim() === '') {
    throw new DesignError('PARAM_INVALID', param, "{name, levels} or 'entries'", { value: describe(value) });
  }
  let levels: string[];
  if (typeof f.levels === 'number') {
    const n = integer(`${param}.levels`, f.levels, 2, 1000);
    levels = Array.from({ length: n }, (_, i) => `${f.name as string}${i + 1}`);
  } else if (Array.isArray(f.levels) && f.levels.every((l) => typeof l === 'string' && l.trim() !== '')) {
    levels = (f.levels as string[]).map((l) => l.trim());
    if (levels.length < 2 || levels.length > 1000) {
      throw new DesignError('PARAM_OUT_OF_RANGE', `${param}.levels`, '2..1000 levels', { value: levels.length });
    }
    if (new Set(levels).size !== levels.length) {
      throw new DesignError('DUPLICATE_ENTRY', `${param}.levels`, 'levels must be unique', { value: levels.join(',') });
    }
  } else {
    throw new DesignError('PARAM_INVALID', `${param}.levels`, 'a level count 2..1000 or a list of names', {
      value: describe(f.levels),
    });
  }
  return { kind: 'levels', name: f.name.trim(), levels };
}

const levelCount = (f: Factor, entries: number): number => (f.kind === 'entries' ? entries : f.levels.length);

/**
 * Checks a design request and applies every default. Throws DesignError naming the parameter and
 * what it may be for every refused request.
 */
export function normalizeRequest(request: DesignRequest): NormalizedRequest {
  const raw = request as unknown as Raw;
  if (typeof raw !== 'object' || raw === null) {
    throw new DesignError('PARAM_INVALID', 'request', 'an object', { value: describe(request) });
  }
  const design = raw.design as DesignMethod;
  if (!DESIGN_METHODS.includes(design)) {
    throw new DesignError('NO_SUCH_DESIGN', 'design', DESIGN_METHODS.join(', '), { value: describe(raw.design) });
  }
  const factorDesign = design === 'split' || design === 'strip' || design === 'factorial';
  const entries = normalizeEntries(design, raw, !factorDesign);
  const checks = entries.filter((e) => e.type === 'check');
  const tests = entries.filter((e) => e.type === 'test');
  const field = normalizeField(raw.field, design);
  const seed = raw.seed === undefined || raw.seed === null ? null : integer('seed', raw.seed, 0, MAX_SEED);

  const lay = (raw.layout ?? {}) as Raw;
  const directions = ['rows', 'columns'] as const;
  const layout: Required<LayoutInput> = {
    order: oneOf('layout.order', lay.order, ['serpentine', 'cartesian'] as const, 'serpentine'),
    direction: oneOf<Direction>('layout.direction', lay.direction, directions, 'rows'),
    startCorner: oneOf('layout.startCorner', lay.startCorner, ['bottom-left', 'top-left', 'bottom-right', 'top-right'] as const, 'bottom-left'),
    repsArrangement: oneOf<Direction>('layout.repsArrangement', lay.repsArrangement, directions, 'rows'),
  };

  const num = (raw.numbering ?? {}) as Raw;
  const mode = oneOf('numbering.mode', num.mode, ['block', 'continuous'] as const, 'block');
  const numbering = {
    mode,
    startNumber: num.startNumber === undefined ? 1 : integer('numbering.startNumber', num.startNumber, 0, 10 ** MAX_DIGITS - 1),
    digits: num.digits === undefined ? null : integer('numbering.digits', num.digits, 1, MAX_DIGITS),
  };

  let filler: { entry: number; name: string } = { ...DEFAULT_FILLER };
  const fillerGiven = raw.filler !== undefined;
  if (fillerGiven) {
    const f = raw.filler as Raw;
    if (typeof f !== 'object' || f === null || typeof f.name !== 'string' || f.name.trim() === '') {
      throw new DesignError('PARAM_INVALID', 'filler', '{entry?, name}', { value: describe(raw.filler) });
    }
    filler = { entry: f.entry === undefined ? 0 : integer('filler.entry', f.entry, 0, 999_999_999), name: f.name.trim() };
    if (entries.some((e) => e.entry === filler.entry && filler.entry !== 0)) {
      throw new DesignError('DUPLICATE_ENTRY', 'filler.entry', 'the filler needs an entry number of its own', {
        value: filler.entry,
      });
    }
  }

  const multiLocation = oneOf('multiLocation', raw.multiLocation, ['fresh', 'same', 'sparse'] as const, 'fresh');
  if (raw.multiLocation !== undefined && raw.locations === undefined) {
    required(design, 'locations', undefined, `location count 1..${MAX_LOCATIONS}`);
  }
  const locations = raw.locations === undefined ? 1 : integer('locations', raw.locations, 1, MAX_LOCATIONS);
  let sparse: SparseInput | null = null;
  if (multiLocation === 'sparse') {
    if (locations < 2) {
      throw new DesignError('PARAM_OUT_OF_RANGE', 'locations', `2..${MAX_LOCATIONS} for sparse allocation`, { value: locations });
    }
    required(design, 'sparse', raw.sparse, `{locationsPerEntry: 1..${locations}}`);
    const s = raw.sparse as Raw;
    sparse = { locationsPerEntry: integer('sparse.locationsPerEntry', s?.locationsPerEntry, 1, locations) };
    if (tests.length === 0) throw new DesignError('PARAM_REQUIRED', 'entries', 'test entries to allocate', { design });
  }
  // Sparse allocation plants each test entry in locationsPerEntry of the locations, as evenly as possible.
  const testsPerLocation = sparse ? Math.ceil((tests.length * sparse.locationsPerEntry) / locations) : tests.length;
  const entriesPerLocation = testsPerLocation + checks.length;

  const share = sparse ? sparse.locationsPerEntry / locations : 1;
  const ctx: Ctx = { design, raw, entries, checks: checks.length, tests: testsPerLocation, v: entriesPerLocation, share, field, layout };
  const settings = designSettings(ctx);
  const plotsPerLocation = plotsOf(settings, entries, ctx);
  if (plotsPerLocation * locations > MAX_PLOT_TOTAL) {
    throw new DesignError('PLOT_TOTAL_EXCEEDED', 'plots', `${MAX_PLOT_TOTAL} over all locations`, {
      value: plotsPerLocation * locations,
    });
  }
  if (field) {
    const usable = field.rows * field.cols - field.excluded.length;
    if (usable < plotsPerLocation) {
      throw new DesignError('INSUFFICIENT_PLOTS', 'field', `rows x cols - excluded >= ${plotsPerLocation}`, {
        available: usable,
        required: plotsPerLocation,
      });
    }
  }
  return {
    design,
    entries,
    seed,
    field,
    layout,
    numbering,
    filler,
    fillerGiven,
    avoidAdjacent: boolean('avoidAdjacentAcrossBlocks', raw.avoidAdjacentAcrossBlocks),
    locations,
    multiLocation,
    sparse,
    settings,
    plotsPerLocation,
  };
}

interface Ctx {
  design: DesignMethod;
  raw: Raw;
  entries: NormalizedEntry[];
  checks: number;
  /** Test entries per location. */
  tests: number;
  /** Entries per location. */
  v: number;
  /** Share of the test entries each location receives. */
  share: number;
  field: NormalizedField | null;
  layout: Required<LayoutInput>;
}

function needChecks(ctx: Ctx): void {
  if (ctx.checks === 0) {
    throw new DesignError('CHECK_REQUIRED', 'checks', 'at least one entry of type check', { design: ctx.design });
  }
}

function needEntries(ctx: Ctx, min: number, what: string): void {
  if (ctx.v < min) {
    throw new DesignError('NO_DESIGN_EXISTS', 'entries', `at least ${min} ${what}`, { design: ctx.design, value: ctx.v });
  }
}

function reps(ctx: Ctx, min: number, fallback?: number): number {
  const value = ctx.raw.reps;
  if (value === undefined && fallback !== undefined) return fallback;
  required(ctx.design, 'reps', value, `integer ${min}..${MAX_REPS}`);
  return integer('reps', value, min, MAX_REPS);
}

function designSettings(ctx: Ctx): DesignSettings {
  const { raw, v } = ctx;
  switch (ctx.design) {
    case 'crd': {
      needEntries(ctx, 1, 'entry');
      return { design: 'crd', reps: reps(ctx, 1, 1) };
    }
    case 'rcbd': {
      needEntries(ctx, 2, 'entries');
      return { design: 'rcbd', reps: reps(ctx, 1) };
    }
    case 'latin': {
      needEntries(ctx, 2, 'entries');
      if (v > 316) {
        throw new DesignError('PLOT_TOTAL_EXCEEDED', 'entries', `at most 316 entries (v^2 <= ${MAX_PLOT_TOTAL} plots)`, { value: v * v });
      }
      return { design: 'latin', reps: reps(ctx, 1, 1) };
    }
    case 'lattice': {
      const k = Math.round(Math.sqrt(v));
      if (k * k !== v || k < 2) {
        throw new DesignError('NO_DESIGN_EXISTS', 'entries', 'a square k^2 with k >= 2 (4, 9, 16, 25, ...)', {
          design: 'lattice',
          value: v,
        });
      }
      const r = reps(ctx, 2);
      const max = maxLatticeReps(k);
      if (r > max) {
        throw new DesignError('NO_DESIGN_EXISTS', 'reps', `2..${max} for ${v} entries (block size ${k})`, {
          design: 'lattice',
          value: r,
        });
      }
      return { design: 'lattice', reps: r, k };
    }
    case 'alpha': {
      needEntries(ctx, 4, 'entries');
      const r = reps(ctx, 2);
      required('alpha', 'blockSize', raw.blockSize, `integer 2..${v - 1}`);
      const k = integer('blockSize', raw.blockSize, 2, Math.max(2, v - 1));
      if (k >= v) {
        throw new DesignError('NO_DESIGN_EXISTS', 'blockSize', `2..${v - 1} (smaller than the entry count)`, { design: 'alpha', value: k });
      }
      const unequal = boolean('allowUnequalBlocks', raw.allowUnequalBlocks);
      if (v % k !== 0 && !unequal) {
        const divisors = [];
        for (let d = 2; d < v; d++) if (v % d === 0) divisors.push(d);
        const allowed = divisors.length
          ? `a divisor of ${v} (${divisors.join(', ')}), or allowUnequalBlocks`
          : `allowUnequalBlocks (${v} has no divisor between 2 and ${v - 1})`;
        throw new DesignError('NO_DESIGN_EXISTS', 'blockSize', allowed, { design: 'alpha', value: k });
      }
      return { design: 'alpha', reps: r, blockSize: k, unequal };
    }
    case 'rowcol': {
      needEntries(ctx, 4, 'entries');
      const r = reps(ctx, 2);
      return { design: 'rowcol', reps: r, ...repGrid(ctx, r) };
    }
    case 'augmented': {
      needChecks(ctx);
      if (ctx.tests < 1) throw new DesignError('PARAM_REQUIRED', 'entries', 'at least one test entry', { design: 'augmented' });
      required('augmented', 'blocks', raw.blocks, `integer 2..${Math.min(MAX_BLOCK_COUNT, ctx.tests)}`);
      if (typeof raw.blocks === 'number' && Number.isInteger(raw.blocks) && raw.blocks > MAX_BLOCK_COUNT) {
        throw new DesignError('BLOCK_COUNT_EXCEEDED', 'blocks', `2..${MAX_BLOCK_COUNT}`, { value: raw.blocks });
      }
      const b = integer('blocks', raw.blocks, 2, MAX_BLOCK_COUNT);
      if (b > ctx.tests) {
        throw new DesignError('NO_DESIGN_EXISTS', 'blocks', `2..${ctx.tests} (every block needs a test entry)`, {
          design: 'augmented',
          value: b,
        });
      }
      return { design: 'augmented', blocks: b };
    }
    case 'diagonal': {
      needChecks(ctx);
      if (ctx.tests < 1) throw new DesignError('PARAM_REQUIRED', 'entries', 'at least one test entry', { design: 'diagonal' });
      const pct = raw.checkPercent === undefined ? 10 : raw.checkPercent;
      if (typeof pct !== 'number' || !(pct >= 2 && pct <= 50)) {
        throw new DesignError('PARAM_OUT_OF_RANGE', 'checkPercent', '2..50', { value: describe(pct) });
      }
      if (ctx.field && (ctx.field.rows < 2 || ctx.field.cols < 2)) {
        throw new DesignError('NO_DESIGN_EXISTS', 'field', 'at least 2 rows and 2 columns', {
          design: 'diagonal',
          value: `${ctx.field.rows} x ${ctx.field.cols}`,
        });
      }
      return { design: 'diagonal', checkPercent: pct };
    }
    case 'prep': {
      needEntries(ctx, 2, 'entries');
      if (!ctx.entries.some((e) => e.reps >= 2)) {
        throw new DesignError('PARAM_REQUIRED', 'entries[].reps', 'copies >= 2 for at least one entry', { design: 'prep' });
      }
      return { design: 'prep' };
    }
    case 'split':
    case 'strip': {
      const [a, b] = ctx.design === 'split' ? ['wholePlot', 'subPlot'] : ['horizontal', 'vertical'];
      const fa = normalizeFactor(a, raw[a], ctx.entries.length > 0, ctx.design);
      const fb = normalizeFactor(b, raw[b], ctx.entries.length > 0, ctx.design);
      if (fa.kind === 'entries' && fb.kind === 'entries') {
        throw new DesignError('PARAM_INVALID', b, 'a factor with levels (the entry list is already the other factor)', {
          value: 'entries',
        });
      }
      if (fa.kind === 'levels' && fb.kind === 'levels' && fa.name === fb.name) {
        throw new DesignError('DUPLICATE_ENTRY', b, 'factor names must differ', { value: fb.name });
      }
      if (levelCount(fa, v) < 2 || levelCount(fb, v) < 2) needEntries(ctx, 2, 'entries as factor levels');
      const r = reps(ctx, 1);
      return ctx.design === 'split' ? { design: 'split', reps: r, wholePlot: fa, subPlot: fb } : { design: 'strip', reps: r, horizontal: fa, vertical: fb };
    }
    case 'factorial': {
      required('factorial', 'factors', raw.factors, 'a list of at least two factors');
      if (!Array.isArray(raw.factors) || raw.factors.length < 2) {
        throw new DesignError('PARAM_INVALID', 'factors', 'a list of at least two factors', { value: describe(raw.factors) });
      }
      const factors = (raw.factors as FactorInput[]).map((f, i) => normalizeFactor(`factors[${i}]`, f, ctx.entries.length > 0, 'factorial'));
      if (factors.filter((f) => f.kind === 'entries').length > 1) {
        throw new DesignError('PARAM_INVALID', 'factors', "'entries' at most once", { value: 'entries' });
      }
      const names = factors.map((f) => f.name);
      if (new Set(names).size !== names.length) {
        throw new DesignError('DUPLICATE_ENTRY', 'factors', 'factor names must differ', { value: names.join(',') });
      }
      if (factors.some((f) => f.kind === 'entries') && v < 2) needEntries(ctx, 2, 'entries as factor levels');
      const base = oneOf('base', raw.base, ['rcbd', 'crd'] as const, 'rcbd');
      return { design: 'factorial', reps: reps(ctx, 1), factors, base };
    }
    case 'entry-order': {
      needChecks(ctx);
      const n = ctx.tests;
      if (n < 2) {
        throw new DesignError('NO_DESIGN_EXISTS', 'entries', 'at least 2 test entries', { design: 'entry-order', value: n });
      }
      required('entry-order', 'start', raw.start, `integer 1..${n - 1}`);
      required('entry-order', 'interval', raw.interval, `integer 1..${n - 1}`);
      const start = integer('start', raw.start, 1, n - 1);
      const interval = integer('interval', raw.interval, 1, n - 1);
      const end = raw.end === undefined ? n : integer('end', raw.end, start, n);
      const insert = oneOf('insert', raw.insert, ['all', 'rotate'] as const, 'all');
      return { design: 'entry-order', reps: reps(ctx, 1, 1), start, interval, end, insert };
    }
  }
  throw new DesignError('NO_SUCH_DESIGN', 'design', DESIGN_METHODS.join(', '), { value: describe(ctx.design) });
}

/** Rows and columns of each rep of a row-column design: given, one derived, or from the field. */
function repGrid(ctx: Ctx, r: number): { rowsPerRep: number; colsPerRep: number } {
  const { raw, v, field } = ctx;
  const factorisations = (): string => {
    const pairs = [];
    for (let p = 2; p * 2 <= v; p++) if (v % p === 0) pairs.push(`${p}x${v / p}`);
    return pairs.length ? `rowsPerRep x colsPerRep = ${v}: ${pairs.join(', ')}` : `${v} has no factorisation with both sides >= 2`;
  };
  let p = raw.rowsPerRep === undefined ? null : integer('rowsPerRep', raw.rowsPerRep, 2, v);
  let q = raw.colsPerRep === undefined ? null : integer('colsPerRep', raw.colsPerRep, 2, v);
  if (p === null && q === null && field) {
    if (ctx.layout.repsArrangement === 'rows' && field.rows % r === 0) {
      p = field.rows / r;
      q = field.cols;
    } else if (ctx.layout.repsArrangement === 'columns' && field.cols % r === 0) {
      p = field.rows;
      q = field.cols / r;
    }
    if (p === null || q === null || p * q !== v) {
      p = null;
      q = null;
    }
  }
  if (p === null && q === null) {
    for (let d = Math.floor(Math.sqrt(v)); d >= 2; d--) {
      if (v % d === 0) {
        p = d;
        break;
      }
    }
    if (p === null) {
      throw new DesignError('NO_DESIGN_EXISTS', 'entries', factorisations(), { design: 'rowcol', value: v });
    }
  }
  if (p === null) p = v / (q as number);
  if (q === null) q = v / p;
  if (!Number.isInteger(p) || !Number.isInteger(q) || p * q !== v || p < 2 || q < 2) {
    throw new DesignError('NO_DESIGN_EXISTS', raw.rowsPerRep !== undefined ? 'rowsPerRep' : 'colsPerRep', factorisations(), {
      design: 'rowcol',
      value: raw.rowsPerRep !== undefined ? String(raw.rowsPerRep) : String(raw.colsPerRep),
    });
  }
  return { rowsPerRep: p, colsPerRep: q };
}

/** Plots of entries with their own replication; under sparse allocation a location gets its share of tests. */
function replicated(entries: NormalizedEntry[], fallback: number, share: number): number {
  let checks = 0;
  let tests = 0;
  for (const e of entries) {
    if (e.type === 'check') checks += e.reps || fallback;
    else tests += e.reps || fallback;
  }
  return checks + Math.ceil(tests * share);
}

/** Plots one location holds, fillers aside (under sparse allocation: at most). */
function plotsOf(s: DesignSettings, entries: NormalizedEntry[], ctx: Ctx): number {
  const v = ctx.v;
  switch (s.design) {
    case 'crd':
      return replicated(entries, s.reps, ctx.share);
    case 'rcbd':
    case 'lattice':
    case 'alpha':
    case 'rowcol':
      return v * s.reps;
    case 'latin':
      return v * v * s.reps;
    case 'augmented':
      return ctx.checks * s.blocks + ctx.tests;
    case 'diagonal':
      return ctx.tests + ctx.checks;
    case 'prep':
      return replicated(entries, 1, ctx.share);
    case 'split':
      return levelCount(s.wholePlot, v) * levelCount(s.subPlot, v) * s.reps;
    case 'strip':
      return levelCount(s.horizontal, v) * levelCount(s.vertical, v) * s.reps;
    case 'factorial':
      return s.factors.reduce((prod, f) => prod * levelCount(f, v), 1) * s.reps;
    case 'entry-order': {
      const points = Math.floor((s.end - s.start) / s.interval) + 1;
      return (ctx.tests + points * (s.insert === 'all' ? ctx.checks : 1)) * s.reps;
    }
  }
}
