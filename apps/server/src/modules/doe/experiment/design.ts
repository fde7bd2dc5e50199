import { DesignError, generateDesign, type DesignRequest, type DesignResult, type EntryInput } from '@breedwise/trial-design';
import { isErrorCode, type Locale } from '@breedwise/contracts';
import {
  designIssueParams,
  designIssues,
  tierRanges,
  type DesignParamsParsed,
  type DesignPreview,
  type DesignStatistics,
  type DesignSummary,
  type PlotRow,
} from '@breedwise/contracts/doe';
import { AppError } from '../../../platform/errors';
import { translateError } from '../../../platform/i18n';
import { refusal } from '../shared';

export interface DesignEntry {
  entryNo: number;
  name: string;
  type: 'check' | 'test';
}

export interface DesignField {
  id: number;
  name: string;
  rows: number;
  cols: number;
  tiers: number;
  plantRowsPerPlot: number;
  status: string;
  discarded: boolean;
}

export interface DesignLocation {
  id: number;
  name: string;
  status: string;
  discarded?: boolean;
}

export interface DesignInput {
  code: string;
  /** The site (location) number within the experiment, 1 for the first. */
  site?: number;
  siteId?: number;
  location: DesignLocation | null;
  field: DesignField | null;
  entries: DesignEntry[];
  params: DesignParamsParsed;
  locale: Locale;
}

/** Where the editor shows each engine parameter. */
const paramField: Record<string, string> = {
  blockSize: 'blockCount',
  blocks: 'blockCount',
  reps: 'reps',
  'field.rows': 'rows',
  'field.cols': 'cols',
  field: 'rows',
  'field.tiers': 'rows',
  plots: 'rows',
  checks: 'entries',
  entries: 'entries',
  'entries[].reps': 'entries',
  'numbering.digits': 'numbering.digits',
  'numbering.startNumber': 'numbering.startNumber',
  start: 'checkStart',
  interval: 'checkInterval',
  end: 'checkEnd',
  filler: 'filler',
  'filler.entry': 'filler',
  checkPercent: 'checkPercent',
  seed: 'seed',
  factors: 'factor',
  rowsPerRep: 'rows',
  colsPerRep: 'cols',
};

/** An engine refusal as a translated 400 naming the editor's field. */
export function designRefusal(err: DesignError, locale: Locale): AppError {
  const raw = `DOE_DESIGN_${err.code}`;
  const code = isErrorCode(raw) ? raw : 'DOE_DESIGN_INVALID';
  const params = { ...err.params };
  const field = paramField[err.param] ?? paramField[err.param.split('[')[0]] ?? 'designMethod';
  return new AppError(400, code, params, { errors: [{ field, rule: 'invalid', message: translateError(code, locale, params), errorCode: code }] });
}

/**
 * The rules of spec section 5 that precede the engine: a location and a field, then the rules shared with
 * the web (`designIssues` in the contracts: the parameters the design method needs, at least one core
 * control, rows and columns within the field, enough plots for the varieties times the repeats), every
 * problem at once under its field, with the same messages the design form shows.
 */
export function checkDesign(input: DesignInput): void {
  const { params: p, locale } = input;
  const method = p.designMethod;
  if (!input.location) throw refusal(400, 'DOE_DESIGN_LOCATION_MISSING', {}, locale, 'locationId');
  if (input.location.discarded) throw refusal(400, 'DOE_LOCATION_DISCARDED', { name: input.location.name }, locale, 'locationId');
  if (input.location.status !== 'enabled') throw refusal(400, 'DOE_LOCATION_DISABLED', { name: input.location.name }, locale, 'locationId');
  if (!input.field) throw refusal(400, 'DOE_DESIGN_FIELD_MISSING', {}, locale, 'fieldId');
  if (input.field.status !== 'enabled' || input.field.discarded) throw refusal(400, 'DOE_FIELD_UNAVAILABLE', { name: input.field.name }, locale, 'fieldId');
  const issues = designIssues(
    {
      designMethod: method,
      reps: p.reps,
      blockCount: p.blockCount,
      rows: p.rows,
      cols: p.cols,
      checkStart: p.checkStart,
      checkInterval: p.checkInterval,
      factor: p.factor,
    },
    {
      entries: input.entries.length,
      checks: input.entries.filter((e) => e.type === 'check').length,
      fieldRows: input.field.rows,
      fieldCols: input.field.cols,
    },
  );
  if (!issues.length) return;
  const errors = issues.map((i) => {
    const params = designIssueParams(i, method, locale);
    return { field: i.field, rule: 'invalid', message: translateError(i.errorCode, locale, params), errorCode: i.errorCode };
  });
  throw new AppError(400, issues[0].errorCode, designIssueParams(issues[0], method, locale), { errors });
}

/** The engine request: the experiment's entries on the rows x columns of its field from the start corner, the field's tiers kept. */
export function designRequest(input: DesignInput): DesignRequest {
  const p = input.params;
  const field = input.field!;
  const rows = p.rows!;
  const cols = p.cols!;
  const checkReps = Math.max(2, p.reps ?? 2);
  const entries: EntryInput[] = input.entries.map((e) => ({
    entry: e.entryNo,
    name: e.name,
    type: e.type,
    ...(p.designMethod === 'prep' ? { reps: e.type === 'check' ? checkReps : 1 } : {}),
  }));
  const tiers = tierRanges(field.rows, field.tiers)
    .filter((t) => t.fromRow <= rows)
    .map((t) => ({ fromRow: t.fromRow, toRow: Math.min(t.toRow, rows) }));
  const common = {
    seed: p.seed ?? undefined,
    field: { rows, cols, tiers, plantRowsPerPlot: field.plantRowsPerPlot },
    layout: p.layout,
    numbering: { mode: p.numbering.mode, startNumber: p.numbering.startNumber, ...(p.numbering.digits ? { digits: p.numbering.digits } : {}) },
    ...(p.filler ? { filler: { name: p.filler } } : {}),
    avoidAdjacentAcrossBlocks: p.avoidAdjacent,
  };
  const v = entries.length;
  const factor = p.factor ? { name: p.factor.name, levels: p.factor.levels } : { name: 'F', levels: ['1', '2'] };
  switch (p.designMethod) {
    case 'crd':
      return { ...common, design: 'crd', entries, reps: p.reps ?? 1 };
    case 'rcbd':
      return { ...common, design: 'rcbd', entries, reps: p.reps! };
    case 'latin':
      return { ...common, design: 'latin', entries, reps: p.reps ?? 1 };
    case 'lattice':
      return { ...common, design: 'lattice', entries, reps: p.reps! };
    case 'alpha': {
      const blockSize = Math.ceil(v / p.blockCount!);
      return { ...common, design: 'alpha', entries, reps: p.reps!, blockSize, allowUnequalBlocks: v % blockSize !== 0 };
    }
    case 'rowcol':
      return { ...common, design: 'rowcol', entries, reps: p.reps! };
    case 'augmented':
      return { ...common, design: 'augmented', entries, blocks: p.blockCount! };
    case 'diagonal':
      return { ...common, design: 'diagonal', entries, ...(p.checkPercent ? { checkPercent: p.checkPercent } : {}) };
    case 'prep':
      return { ...common, design: 'prep', entries };
    case 'split':
      return { ...common, design: 'split', entries, reps: p.reps!, wholePlot: factor, subPlot: 'entries' };
    case 'strip':
      return { ...common, design: 'strip', entries, reps: p.reps!, horizontal: factor, vertical: 'entries' };
    case 'entry-order':
      return {
        ...common,
        design: 'entry-order',
        entries,
        reps: p.reps ?? 1,
        start: p.checkStart!,
        interval: p.checkInterval!,
        ...(p.checkEnd ? { end: p.checkEnd } : {}),
        insert: p.checkInsert,
      };
  }
}

/** Runs the engine; refusals become translated 400s. Leftover plots need a named filler. */
export function runDesign(input: DesignInput): DesignResult {
  checkDesign(input);
  let result: DesignResult;
  try {
    result = generateDesign(designRequest(input));
  } catch (err) {
    if (err instanceof DesignError) throw designRefusal(err, input.locale);
    throw err;
  }
  if (result.parameters.fillers > 0 && !input.params.filler) {
    throw refusal(400, 'DOE_FILLER_REQUIRED', { fillers: result.parameters.fillers }, input.locale, 'filler');
  }
  return result;
}

/**
 * A unique plot id: the experiment code and the plot number as the engine padded it; plots of a
 * second or later location carry the site number (`E2026-0001-L2-101`), the first keeps `E2026-0001-101`.
 */
export function plotIdOf(code: string, enginePlotId: string, site = 1): string {
  return `${code}-${site > 1 ? `L${site}-` : ''}${enginePlotId.replace(/^L1-P/, '')}`;
}

export function toPlots(code: string, result: DesignResult, site = 1): PlotRow[] {
  return result.plots.map((p) => ({
    site,
    plotId: plotIdOf(code, p.plot_id, site),
    plotNumber: p.plot_number,
    rep: p.rep,
    block: p.block,
    row: p.row,
    col: p.col,
    tier: p.tier,
    entryNo: p.entry,
    name: p.name,
    entryType: p.entry_type,
  }));
}

export function summaryOf(result: DesignResult): DesignSummary {
  const s = result.parameters.settings;
  return {
    rows: result.parameters.field.rows,
    cols: result.parameters.field.cols,
    plots: result.parameters.plots,
    fillers: result.parameters.fillers,
    treatments: result.parameters.treatments,
    entries: result.parameters.entries,
    checks: result.parameters.checks,
    tiers: result.parameters.field.tiers.length,
    digits: result.parameters.numbering.digits,
    blockSize: typeof s.blockSize === 'number' ? s.blockSize : null,
    blocksPerRep: typeof s.blockSize === 'number' ? Math.ceil(result.parameters.treatments / s.blockSize) : typeof s.blocks === 'number' ? s.blocks : null,
  };
}

export function statisticsOf(result: DesignResult): DesignStatistics {
  const s = result.statistics;
  return {
    aEfficiency: s.a_efficiency,
    aEfficiencyRows: s.a_efficiency_rows,
    aEfficiencyCols: s.a_efficiency_cols,
    bound: s.bound,
    concurrenceMin: s.concurrence?.min ?? null,
    concurrenceMax: s.concurrence?.max ?? null,
  };
}

export function previewOf(input: DesignInput, result: DesignResult, conflicts: DesignPreview['conflicts'] = []): DesignPreview {
  return {
    seed: result.seed,
    siteId: input.siteId ?? 0,
    conflicts,
    planName: input.params.planName,
    designMethod: input.params.designMethod,
    summary: summaryOf(result),
    statistics: statisticsOf(result),
    plots: toPlots(input.code, result, input.site ?? 1),
  };
}
