import { planLocation } from './designs';
import type { PlanContext } from './designs/common';
import { diagonalFieldSize } from './designs/diagonal';
import type { Plan } from './designs/plan';
import { prepFieldSize } from './designs/prep';
import { DesignError } from './errors';
import { avoidAdjacency } from './layout/adjacency';
import { colOfCell, makeGrid, rowOfCell, tierOfCell, type FieldGrid } from './layout/grid';
import { numberCells } from './layout/numbering';
import { defaultFieldSize, placePlan } from './layout/place';
import { createRng, deriveSeed, drawSeed } from './rng';
import { computeStatistics } from './stats';
import type { DesignParameters, DesignRequest, DesignResult, DesignStatistics, LocationStatistics, Plot } from './types';
import { normalizeRequest, type DesignSettings, type NormalizedEntry, type NormalizedField, type NormalizedRequest } from './validate';

/** Sub-seed labels, so that each purpose draws from its own stream. */
const STRUCTURE = 1;
const ALLOCATION = 2;
const LOCATION = 100;
const ADJACENCY = 10_000;

/**
 * Sparse allocation: test entries in random order are dealt cyclically so that entry i goes to the
 * locationsPerEntry consecutive locations starting at i * locationsPerEntry (mod L); every location
 * then receives the same number of test entries within one, and every check goes everywhere.
 */
function allocate(req: NormalizedRequest, seed: number): NormalizedEntry[][] {
  const L = req.locations;
  if (!req.sparse) return Array.from({ length: L }, () => req.entries);
  const m = req.sparse.locationsPerEntry;
  const tests = req.entries.filter((e) => e.type === 'test');
  const order = createRng(deriveSeed(seed, ALLOCATION)).shuffle(tests.slice());
  const chosen = Array.from({ length: L }, () => new Set<NormalizedEntry>());
  order.forEach((e, i) => {
    for (let j = 0; j < m; j++) chosen[(i * m + j) % L].add(e);
  });
  return chosen.map((set) => req.entries.filter((e) => e.type === 'check' || set.has(e)));
}

function fieldFor(req: NormalizedRequest, size: { rows: number; cols: number }): NormalizedField {
  return req.field ?? { rows: size.rows, cols: size.cols, tiers: [{ fromRow: 1, toRow: size.rows }], excluded: [], plantRowsPerPlot: 1 };
}

function settingsRecord(s: DesignSettings): Record<string, number | string | boolean | null> {
  const out: Record<string, number | string | boolean | null> = {};
  for (const [k, value] of Object.entries(s)) {
    if (k === 'design') continue;
    if (typeof value === 'object' && value !== null) {
      const factors = Array.isArray(value) ? value : [value];
      out[k] = factors.map((f) => (f.kind === 'entries' ? 'entries' : `${f.name}(${f.levels.join(',')})`)).join('; ');
    } else out[k] = value as number | string | boolean;
  }
  return out;
}

/**
 * Generates a randomised field design: validates the request, builds the design for every location,
 * lays it out on the field, numbers the plots and computes the design statistics. Deterministic for a
 * given seed; without one a seed is drawn and returned.
 * @throws DesignError for every request that cannot be satisfied, naming the parameter.
 */
export function generateDesign(request: DesignRequest): DesignResult {
  const req = normalizeRequest(request);
  const seed = req.seed ?? drawSeed();
  const entriesByLocation = allocate(req, seed);
  const planned = req.multiLocation === 'same' ? 1 : req.locations;
  const memo = new Map<string, unknown>();
  const context = (loc: number, grid: FieldGrid | null): PlanContext => ({
    rng: createRng(deriveSeed(seed, LOCATION + loc)),
    seed: deriveSeed(seed, STRUCTURE),
    memo,
    grid,
    orientation: req.layout,
  });

  let grid: FieldGrid;
  let plans: Plan[];
  const s = req.settings;
  if (s.design === 'diagonal' || s.design === 'prep') {
    const largest = Math.max(...entriesByLocation.map((list) => list.length));
    const lines = Math.max(...entriesByLocation.map((list) => list.filter((e) => e.type === 'test').length));
    const size = s.design === 'diagonal' ? diagonalFieldSize(lines, s.checkPercent) : prepFieldSize(Math.max(largest, req.plotsPerLocation));
    grid = makeGrid(fieldFor(req, size));
    plans = Array.from({ length: planned }, (_, i) => planLocation(s, entriesByLocation[i], context(i + 1, grid)));
  } else {
    plans = Array.from({ length: planned }, (_, i) => planLocation(s, entriesByLocation[i], context(i + 1, null)));
    grid = makeGrid(fieldFor(req, defaultFieldSize(plans, req.layout.repsArrangement)));
  }

  const plotsByLocation: Plot[][] = [];
  const statsByKey = new Map<string, DesignStatistics>();
  const byLocation: LocationStatistics[] = [];
  let designPlots = 0;
  let fillers = 0;
  let digits = 0;
  plans.forEach((plan, i) => {
    const location = i + 1;
    const placement = placePlan(grid, req.layout, plan);
    if (req.avoidAdjacent) avoidAdjacency(grid, req.layout, placement, createRng(deriveSeed(seed, ADJACENCY + location)));
    const { numbers, digits: used } = numberCells(placement.regions, req.numbering, grid.rows * grid.cols);
    digits = used;
    const plots: Plot[] = [];
    for (const region of placement.regions) {
      for (const cell of region.cells) {
        const u = placement.cellUnit[cell];
        const base = { plot_id: '', plot_number: numbers[cell], location, row: rowOfCell(grid, cell), col: colOfCell(grid, cell) };
        const tier = tierOfCell(grid, cell) + 1;
        if (u < 0) {
          plots.push({ ...base, rep: null, block: null, entry: req.filler.entry, name: req.filler.name, entry_type: 'filler', tier });
          continue;
        }
        const unit = placement.units[u];
        const tr = plan.treatments[unit.t];
        const plot: Plot = { ...base, rep: unit.rep, block: unit.block, entry: tr.entry, name: tr.name, entry_type: tr.type, tier };
        if (unit.wholePlot !== undefined) plot.whole_plot = unit.wholePlot;
        if (unit.subPlot !== undefined) plot.sub_plot = unit.subPlot;
        if (tr.factors) plot.factors = tr.factors;
        plots.push(plot);
      }
    }
    const filled = plots.filter((p) => p.entry_type === 'filler').length;
    if (filled > 0 && s.design === 'entry-order' && req.field && !req.fillerGiven) {
      throw new DesignError('PARAM_REQUIRED', 'filler', `a filler entry for the ${filled} unused plots`, { design: 'entry-order' });
    }
    fillers += filled;
    designPlots += plots.length - filled;
    plotsByLocation.push(plots);
    const key = plan.stats?.key ?? 'none';
    if (!statsByKey.has(key)) statsByKey.set(key, computeStatistics(plan.stats));
    byLocation.push({ location, ...(statsByKey.get(key) as DesignStatistics) });
  });

  if (req.multiLocation === 'same') {
    for (let loc = 2; loc <= req.locations; loc++) {
      plotsByLocation.push(plotsByLocation[0].map((p) => ({ ...p, location: loc })));
      byLocation.push({ ...byLocation[0], location: loc });
    }
    designPlots *= req.locations;
    fillers *= req.locations;
  }
  const plots = plotsByLocation.flat();
  const width = Math.max(...plots.map((p) => String(p.plot_number).length));
  for (const p of plots) p.plot_id = `L${p.location}-P${String(p.plot_number).padStart(width, '0')}`;

  const { location: _first, ...statistics } = byLocation[0];
  const parameters: DesignParameters = {
    design: req.design,
    entries: req.entries.filter((e) => e.type === 'test').length,
    checks: req.entries.filter((e) => e.type === 'check').length,
    treatments: plans[0].treatments.length,
    plots: designPlots,
    fillers,
    field: {
      rows: grid.rows,
      cols: grid.cols,
      tiers: grid.tiers,
      excluded: req.field?.excluded ?? [],
      plantRowsPerPlot: grid.plantRowsPerPlot,
    },
    layout: req.layout,
    numbering: { mode: req.numbering.mode, startNumber: req.numbering.startNumber, digits },
    filler: req.filler,
    avoidAdjacentAcrossBlocks: req.avoidAdjacent,
    locations: req.locations,
    multiLocation: req.multiLocation,
    sparse: req.sparse,
    settings: settingsRecord(s),
  };
  return {
    design: req.design,
    parameters,
    seed,
    statistics: req.locations > 1 ? { ...statistics, by_location: byLocation } : statistics,
    plots,
  };
}

/** Validates a request without generating it (for forms): throws the DesignError generateDesign would. */
export function validateRequest(request: DesignRequest): void {
  normalizeRequest(request);
}
