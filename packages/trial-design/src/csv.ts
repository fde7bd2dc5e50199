import type { Plot } from './types';

/** Field-book columns of the CSV output, in order. */
export const CSV_COLUMNS = ['plot_id', 'plot_number', 'location', 'rep', 'block', 'row', 'col', 'entry', 'name', 'entry_type'] as const;

const quote = (value: string): string => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

/** The plots as CSV (header line, then one line per plot; blank where rep or block is null). */
export function toCsv(plots: Plot[]): string {
  const lines = [CSV_COLUMNS.join(',')];
  for (const p of plots) {
    lines.push(CSV_COLUMNS.map((c) => (p[c] === null ? '' : quote(String(p[c])))).join(','));
  }
  return `${lines.join('\n')}\n`;
}

/** Parses CSV text with a header line into records keyed by lower-cased header names. */
export function parseCsv(text: string): Record<string, string>[] {
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
  if (!content.length) return [];
  const header = content[0].map((h) =>
    h
      .trim()
      .replace(/^\uFEFF/, '')
      .toLowerCase(),
  );
  return content.slice(1).map((r) => Object.fromEntries(header.map((h, i) => [h, (r[i] ?? '').trim()])));
}
