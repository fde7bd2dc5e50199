/** Field-book CSV in: plot_id, entry, rep, block, row, col, check (or entry_type) and trait columns. */
import { AnalysisError } from './errors';
import type { PlotRow } from './types';

/** Columns that describe the plot; every other column is a trait. */
export const DESIGN_COLUMNS = ['plot_id', 'plot_number', 'location', 'entry', 'name', 'entry_type', 'rep', 'block', 'row', 'col', 'check', 'tier'] as const;

/** Tokens read as a missing value. */
const MISSING = new Set(['', 'na', 'nan', 'null', '.', '-']);

/** Parses CSV text with a header line into a header (lower-cased, trimmed) and rows of cells. */
export function parseCsv(text: string): { header: string[]; rows: string[][] } {
  const rows: string[][] = [];
  let field = '';
  let row: string[] = [];
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i += 1;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += ch;
  }
  if (field !== '' || row.length) {
    row.push(field);
    rows.push(row);
  }
  const content = rows.filter((r) => r.some((c) => c.trim() !== ''));
  if (!content.length) return { header: [], rows: [] };
  const header = content[0].map((h) =>
    h
      .trim()
      .replace(/^\uFEFF/, '')
      .toLowerCase(),
  );
  return { header, rows: content.slice(1).map((r) => header.map((_, i) => (r[i] ?? '').trim())) };
}

const truthy = (v: string): boolean | null => {
  const s = v.trim().toLowerCase();
  if (MISSING.has(s)) return null;
  if (['1', 'true', 'yes', 'y', 'check', 't'].includes(s)) return true;
  if (['0', 'false', 'no', 'n', 'test', 'entry', 'f'].includes(s)) return false;
  return null;
};

/**
 * Reads a field book: design columns by name, trait columns = every other column (or `traits`).
 * Checks come from a `check` column (1/0, true/false, yes/no) or else from `entry_type` = check (the
 * trial-design engine's export); fillers (entry_type = filler) are left out. Trait cells are numbers;
 * empty, NA, NaN, null, "." and "-" are missing.
 */
export function readFieldBook(text: string, traits?: string[]): { plots: PlotRow[]; traits: string[] } {
  const { header, rows } = parseCsv(text);
  const col = (name: string) => header.indexOf(name);
  for (const required of ['plot_id', 'entry']) {
    if (col(required) < 0) throw new AnalysisError('DESIGN_FACTOR_MISSING', { design: 'any', column: required, plotId: '(header)' });
  }
  const wanted = traits ?? header.filter((h) => h !== '' && !(DESIGN_COLUMNS as readonly string[]).includes(h));
  for (const t of wanted) if (col(t.toLowerCase()) < 0) throw new AnalysisError('TRAIT_MISSING', { trait: t });
  const at = (r: string[], name: string): string | null => {
    const i = col(name);
    if (i < 0) return null;
    return MISSING.has(r[i].toLowerCase()) ? null : r[i];
  };
  const plots: PlotRow[] = [];
  for (const r of rows) {
    const type = at(r, 'entry_type');
    if (type !== null && type.toLowerCase() === 'filler') continue;
    const plotId = at(r, 'plot_id') ?? '';
    const values: Record<string, number | null> = {};
    for (const t of wanted) {
      const raw = r[col(t.toLowerCase())];
      if (MISSING.has(raw.toLowerCase())) values[t] = null;
      else {
        const v = Number(raw);
        if (!Number.isFinite(v) || raw.trim() === '')
          throw new AnalysisError('INVALID_VALUE', { plotId, column: t, value: raw, rule: 'a finite number or empty' });
        values[t] = v;
      }
    }
    const checkCell = at(r, 'check');
    const isCheck = checkCell !== null ? truthy(checkCell) : type !== null ? type.toLowerCase() === 'check' : null;
    plots.push({
      plotId,
      entry: at(r, 'entry') ?? '',
      rep: at(r, 'rep'),
      block: at(r, 'block'),
      row: at(r, 'row'),
      col: at(r, 'col'),
      isCheck,
      values,
    });
  }
  return { plots, traits: wanted };
}
