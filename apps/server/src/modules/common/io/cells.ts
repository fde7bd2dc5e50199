/**
 * Spreadsheet formula injection (CSV injection): a cell that starts with `=`, `+`, `-`, `@`, a tab or
 * a carriage return may be run as a formula by Excel, LibreOffice or Google Sheets when an exported
 * file is opened (`=HYPERLINK(...)`, `+1+cmd|...`, `@SUM(...)`). Every CSV and xlsx export writes its
 * cells through `safeCell` (OWASP's rule): such a text gets a leading apostrophe, which spreadsheets
 * show as text. Numbers stay numbers, and a text that is only a number (`-2.5`) stays as it is: it
 * cannot be a formula.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

/** True for a text a spreadsheet could take for a formula. */
export function isFormulaLike(text: string): boolean {
  return FORMULA_START.test(text) && !PLAIN_NUMBER.test(text);
}

/** A cell value made safe to export: formula-like texts get a leading apostrophe; anything else is unchanged. */
export function safeCell<T>(value: T): T | string {
  return typeof value === 'string' && isFormulaLike(value) ? `'${value}` : value;
}

/** One CSV field (RFC 4180 quoting) of a safe cell value; null and undefined are empty. */
export function csvField(value: unknown): string {
  if (value === null || value === undefined) return '';
  const s = String(safeCell(value instanceof Date ? value.toISOString() : value));
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** A CSV line of safe fields (without the line break). */
export const csvLine = (values: unknown[]): string => values.map(csvField).join(',');

/** A row whose text cells are made safe (xlsx writers). */
export function safeRow(row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row)) out[k] = safeCell(v);
  return out;
}

/**
 * An imported text cell: the apostrophe our exports add before a formula-like text is taken off
 * again (a spreadsheet's own leading apostrophe never reaches the file), so an export imports back
 * unchanged. Anything else is kept as typed.
 */
export function importedText(text: string): string {
  return text.startsWith("'") && isFormulaLike(text.slice(1)) ? text.slice(1) : text;
}

/**
 * True when the cell starts with a tab or line break (among other white space) that hides a
 * formula-like text (`\t=1+1`): trimming it would uncover the formula. Imports refuse such a cell
 * rather than store what it hid; leading spaces alone are trimmed as usual.
 */
export function trimUncoversFormula(text: string): boolean {
  const lead = /^\s*/.exec(text)![0];
  return /[\t\r\n]/.test(lead) && isFormulaLike(text.trim());
}
