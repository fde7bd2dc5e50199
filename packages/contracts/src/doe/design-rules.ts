import type { Locale } from '../constants';
import { DESIGN_REQUIREMENTS, type DesignMethod } from './experiment';
import { MAX_FIELD_BLOCKS } from './field';
import { designMethodLabels } from './labels';
import { doeFieldLabels } from './errors';

/** One problem of a design form: the field it belongs to, the error code and its message parameters. */
export interface DesignIssue {
  field: string;
  errorCode:
    | 'DOE_DESIGN_PARAM_MISSING'
    | 'DOE_DESIGN_ROWS_COLS_REQUIRED'
    | 'DOE_DESIGN_EXCEEDS_FIELD'
    | 'DOE_INSUFFICIENT_PLOTS'
    | 'DOE_CHECK_REQUIRED'
    | 'DOE_ENTRIES_REQUIRED'
    | 'DOE_BLOCK_COUNT_EXCEEDED';
  params: Record<string, unknown>;
}

export interface DesignRuleInput {
  designMethod: DesignMethod;
  reps: number | null;
  blockCount: number | null;
  rows: number | null;
  cols: number | null;
  checkStart: number | null;
  checkInterval: number | null;
  factor: { name: string; levels: string[] } | null;
}

/** What the design is laid out on: the experiment's entries and the site's field. */
export interface DesignRuleContext {
  entries: number;
  checks: number;
  fieldRows: number | null;
  fieldCols: number | null;
}

/** Plots a design needs when every variety gets the same replication (else null: the engine counts). */
export function uniformPlots(method: DesignMethod, varieties: number, p: Pick<DesignRuleInput, 'reps' | 'factor'>): { varieties: number; reps: number } | null {
  const reps = p.reps ?? 1;
  switch (method) {
    case 'crd':
    case 'rcbd':
    case 'lattice':
    case 'alpha':
    case 'rowcol':
      return { varieties, reps };
    case 'split':
    case 'strip':
      return { varieties: varieties * (p.factor?.levels.length ?? 1), reps };
    default:
      return null;
  }
}

/**
 * The rules of spec section 5 that precede the engine, all at once (the server refuses the first;
 * the web shows every one under its field): the method's parameters, a core control, rows and columns
 * within the field, and enough plots for the varieties times the repeats. `param` of a missing
 * parameter is its field key; the caller labels it.
 */
export function designIssues(p: DesignRuleInput, ctx: DesignRuleContext): DesignIssue[] {
  const out: DesignIssue[] = [];
  const method = p.designMethod;
  const needs = DESIGN_REQUIREMENTS[method];
  if (ctx.entries === 0) out.push({ field: 'entries', errorCode: 'DOE_ENTRIES_REQUIRED', params: {} });
  for (const param of ['reps', 'blockCount', 'checkStart', 'checkInterval', 'factor'] as const) {
    if (needs.includes(param) && (p[param] === null || p[param] === undefined))
      out.push({ field: param, errorCode: 'DOE_DESIGN_PARAM_MISSING', params: { method, param } });
  }
  if (ctx.entries > 0 && needs.includes('checks') && ctx.checks === 0) out.push({ field: 'entries', errorCode: 'DOE_CHECK_REQUIRED', params: {} });
  if (p.blockCount !== null && p.blockCount > MAX_FIELD_BLOCKS)
    out.push({ field: 'blockCount', errorCode: 'DOE_BLOCK_COUNT_EXCEEDED', params: { count: p.blockCount, max: MAX_FIELD_BLOCKS } });
  if (p.rows === null || p.cols === null) {
    for (const f of ['rows', 'cols'] as const) if (p[f] === null) out.push({ field: f, errorCode: 'DOE_DESIGN_ROWS_COLS_REQUIRED', params: {} });
    return out;
  }
  const exceeds = { rows: p.rows, cols: p.cols, fieldRows: ctx.fieldRows, fieldCols: ctx.fieldCols };
  if (ctx.fieldRows !== null && p.rows > ctx.fieldRows) out.push({ field: 'rows', errorCode: 'DOE_DESIGN_EXCEEDS_FIELD', params: exceeds });
  if (ctx.fieldCols !== null && p.cols > ctx.fieldCols) out.push({ field: 'cols', errorCode: 'DOE_DESIGN_EXCEEDS_FIELD', params: exceeds });
  const uniform = uniformPlots(method, ctx.entries, p);
  if (uniform && ctx.entries > 0 && p.rows * p.cols < uniform.varieties * uniform.reps) {
    out.push({
      field: 'rows',
      errorCode: 'DOE_INSUFFICIENT_PLOTS',
      params: {
        rows: p.rows,
        cols: p.cols,
        available: p.rows * p.cols,
        varieties: uniform.varieties,
        reps: uniform.reps,
        required: uniform.varieties * uniform.reps,
      },
    });
  }
  return out;
}

/**
 * The parameters of an issue's message in a language: a missing parameter is named by its label and the
 * method by its name ("Alpha lattice needs Blocks per rep"), so the web and the server say the same.
 */
export function designIssueParams(issue: DesignIssue, method: DesignMethod, locale: Locale): Record<string, unknown> {
  if (issue.errorCode !== 'DOE_DESIGN_PARAM_MISSING') return issue.params;
  const param = String(issue.params.param);
  return { method: designMethodLabels[method]?.[locale] ?? method, param: doeFieldLabels[param]?.[locale] ?? param };
}
