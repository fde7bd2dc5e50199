import Papa from 'papaparse';
import { FIELD_BOOK_FORMATS, scaleRange, type FieldBookImportResult, type GridPlot, type ImportReportRow, type VariableRow } from '@breedwise/contracts/pheno';
import { errorMessages, formatMessage, type Locale } from '@breedwise/contracts';
import type { DbOrTx, Tx } from '../../../db/client';
import { requireCropWrite, type RequestContext } from '../../../platform/context';
import { badRequest } from '../../../platform/errors';
import { csvLine } from '../../common';
import { applyRecordings, checkRecording, pushedExperiment, studyExperiment, studyPlots, studyTraits, type Recording } from './study.service';

/** The field file's columns, in the order Field Book shows them. */
export const FIELD_FILE_COLUMNS = ['plot_id', 'plot_number', 'rep', 'block', 'row', 'col', 'entry', 'name'] as const;
/** The `.trt` trait file's columns (Field Book's trait export and import). */
export const TRAIT_FILE_COLUMNS = ['trait', 'format', 'defaultValue', 'minimum', 'maximum', 'details', 'categories', 'isVisible', 'realPosition'] as const;

const utf8 = (lines: string[]) => Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf8');

/** Field Book's field file: one line per plot that takes observations (fillers left out), UTF-8 without BOM. */
export async function fieldFile(db: DbOrTx, ctx: RequestContext, id: number): Promise<{ name: string; body: Buffer }> {
  const exp = await studyExperiment(db, ctx, id);
  const plots = (await studyPlots(db, exp.id)).filter((p) => p.entryType !== 'filler');
  const lines = [FIELD_FILE_COLUMNS.join(',')];
  for (const p of plots) lines.push(csvLine([p.plotId, p.plotNumber, p.rep, p.block, p.row, p.col, p.entryNo, p.name]));
  return { name: `${exp.code}-field.csv`, body: utf8(lines) };
}

function traitDetails(v: VariableRow): string {
  return [v.name, v.unit ? `(${v.unit})` : '', v.method ? `- ${v.method}` : ''].filter(Boolean).join(' ');
}

/** Field Book's trait file (.trt): one line per trait of the experiment, numeric ranges and categories included. */
export async function traitFile(db: DbOrTx, ctx: RequestContext, id: number): Promise<{ name: string; body: Buffer }> {
  const exp = await studyExperiment(db, ctx, id);
  const traits = await studyTraits(db, ctx, exp.id);
  const quoted = (values: unknown[]) => values.map((v) => `"${String(v ?? '').replace(/"/g, '""')}"`).join(',');
  const lines = [quoted([...TRAIT_FILE_COLUMNS])];
  traits.forEach((v, i) => {
    const { min, max } = scaleRange(v);
    const numeric = v.scaleType === 'numeric' || v.scaleType === 'percentage';
    lines.push(
      quoted([
        v.code,
        FIELD_BOOK_FORMATS[v.scaleType],
        '',
        numeric ? (min ?? '') : '',
        numeric ? (max ?? '') : '',
        traitDetails(v),
        v.categories.map((c) => c.value).join('/'),
        'true',
        i + 1,
      ]),
    );
  });
  return { name: `${exp.code}-traits.trt`, body: utf8(lines) };
}

// ---- import -----------------------------------------------------------------------------------------

const ID_COLUMNS = ['plot_id', 'plotid', 'plot', 'unique_id', 'observationunitdbid', 'observationunitname'];
/** Up to this many lines the report lists every line; above, the refused ones. */
export const REPORT_ALL_ROWS = 5_000;
const MISSING = new Set(['', 'na', 'n/a', '.']);

/** Field Book's timestamps ("2026-06-01 10:22:33.123-0500"), ISO texts; null when unreadable. */
export function parseFieldBookTime(text: string | undefined): Date | null {
  if (!text?.trim()) return null;
  const iso = text
    .trim()
    .replace(' ', 'T')
    .replace(/([+-]\d{2})(\d{2})$/, '$1:$2');
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? null : d;
}

interface Cell {
  line: number;
  plotId: string;
  trait: string;
  value: string;
  time: Date | null;
  person: string | null;
}

/** Reads either Field Book export: the "database" format (one line per value) or the "table" format (one line per plot). */
export function readFieldBookCsv(text: string, traits: VariableRow[]): { format: 'database' | 'table'; cells: Cell[] } {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: 'greedy' });
  const [head, ...rows] = parsed.data;
  if (!head) throw badRequest('PHENO_FIELDBOOK_FORMAT');
  const header = head.map((h) => h.trim().toLowerCase());
  const at = (name: string) => header.indexOf(name);
  const idAt = ID_COLUMNS.map(at).find((i) => i >= 0) ?? -1;
  if (at('trait') >= 0 && at('value') >= 0) {
    const id = idAt >= 0 ? idAt : 0;
    const cells = rows.map((r, i) => ({
      line: i + 2,
      plotId: (r[id] ?? '').trim(),
      trait: (r[at('trait')] ?? '').trim(),
      value: (r[at('value')] ?? '').trim(),
      time: at('timestamp') >= 0 ? parseFieldBookTime(r[at('timestamp')]) : null,
      person: at('person') >= 0 ? (r[at('person')] ?? '').trim() || null : null,
    }));
    return { format: 'database', cells: cells.filter((c) => !MISSING.has(c.value.toLowerCase())) };
  }
  if (idAt < 0) throw badRequest('PHENO_FIELDBOOK_FORMAT');
  const traitColumns = header.flatMap((h, i) => (i !== idAt && matchTrait(traits, h) ? [{ i, name: head[i].trim() }] : []));
  if (!traitColumns.length) throw badRequest('PHENO_FIELDBOOK_FORMAT');
  const cells: Cell[] = [];
  rows.forEach((r, n) => {
    for (const c of traitColumns) {
      const value = (r[c.i] ?? '').trim();
      if (MISSING.has(value.toLowerCase())) continue;
      cells.push({ line: n + 2, plotId: (r[idAt] ?? '').trim(), trait: c.name, value, time: null, person: null });
    }
  });
  return { format: 'table', cells };
}

/** A trait named by its abbreviation, its name or one of its synonyms (case-insensitive). */
function matchTrait(traits: VariableRow[], name: string): VariableRow | undefined {
  const n = name.trim().toLowerCase();
  return (
    traits.find((t) => t.code.toLowerCase() === n) ??
    traits.find((t) => t.name.toLowerCase() === n) ??
    traits.find((t) => t.synonyms.some((s) => s.toLowerCase() === n))
  );
}

function message(code: string, params: Record<string, unknown>, locale: Locale) {
  return formatMessage(errorMessages[code][locale], params);
}

/** What an import from the experiment page tells the listeners (the data pipelines record it as a run). */
export interface FieldBookImported {
  experimentId: number;
  code: string;
  fileName: string;
  result: Omit<FieldBookImportResult, 'runId'>;
}
type ImportListener = (tx: Tx, ctx: RequestContext, e: FieldBookImported) => Promise<number | null>;
const importListeners: ImportListener[] = [];

/**
 * Registers a listener called in the import's transaction (the data pipelines record the import as a run
 * of the experiment's Field Book pipeline and answer the run's id).
 */
export function onFieldBookImport(listener: ImportListener): void {
  if (!importListeners.includes(listener)) importListeners.push(listener);
}

/**
 * Imports a Field Book export into a pushed experiment in one transaction: every line is checked, the
 * valid ones are applied, the refused ones are reported with plot, trait and rule. Equal values change
 * nothing, so importing the same file again reports every line unchanged.
 */
export async function importFieldBook(
  db: DbOrTx,
  ctx: RequestContext,
  id: number,
  text: string,
  locale: Locale,
  fileName = 'fieldbook.csv',
): Promise<FieldBookImportResult> {
  requireCropWrite(ctx);
  return db.transaction(async (tx) => {
    const exp = await pushedExperiment(tx, ctx, id);
    const traits = await studyTraits(tx, ctx, exp.id);
    const plots = new Map<string, GridPlot>((await studyPlots(tx, exp.id)).map((p) => [p.plotId, p]));
    const { format, cells } = readFieldBookCsv(text, traits);
    const now = new Date();
    const report: ImportReportRow[] = [];
    const accepted: { at: number; rec: Recording & { normalised: string; numeric: number | null } }[] = [];
    for (const c of cells) {
      const row: ImportReportRow = { line: c.line, plotId: c.plotId, trait: c.trait, value: c.value, status: 'refused', errorCode: null, message: null };
      report.push(row);
      const plot = plots.get(c.plotId);
      const variable = matchTrait(traits, c.trait);
      const refuse = (code: string, params: Record<string, unknown>) => Object.assign(row, { errorCode: code, message: message(code, params, locale) });
      if (!plot) {
        refuse('PHENO_FIELDBOOK_PLOT', { plot: c.plotId });
        continue;
      }
      if (!variable) {
        refuse('PHENO_FIELDBOOK_TRAIT', { trait: c.trait });
        continue;
      }
      const checked = checkRecording({ plot, variable, value: c.value });
      if ('error' in checked) {
        refuse(checked.error!.errorCode, checked.error!.params);
        continue;
      }
      accepted.push({
        at: report.length - 1,
        rec: {
          plot,
          variable,
          value: c.value,
          normalised: checked.value,
          numeric: checked.numeric,
          source: 'fieldbook',
          person: c.person,
          observedAt: c.time ?? now,
        },
      });
    }
    const outcomes = await applyRecordings(
      tx,
      ctx,
      exp.id,
      accepted.map((a) => a.rec),
    );
    accepted.forEach((a, i) => (report[a.at].status = outcomes[i]));
    const tally = (s: ImportReportRow['status']) => report.filter((r) => r.status === s).length;
    const result = {
      format,
      inserted: tally('inserted'),
      updated: tally('updated'),
      unchanged: tally('unchanged'),
      cleared: tally('cleared'),
      refused: tally('refused'),
      // A large file reports its refused lines only (the counts cover every line).
      rows: report.length > REPORT_ALL_ROWS ? report.filter((r) => r.status === 'refused') : report,
    };
    let runId: number | null = null;
    for (const listener of importListeners) runId = (await listener(tx, ctx, { experimentId: exp.id, code: exp.code, fileName, result })) ?? runId;
    return { ...result, runId };
  });
}
