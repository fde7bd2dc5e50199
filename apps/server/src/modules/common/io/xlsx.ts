import ExcelJS from 'exceljs';
import { AppError } from '../../../platform/errors';
import { safeCell, safeRow } from './cells';

export interface SheetColumn {
  header: string;
  key: string;
  width?: number;
}

export interface Sheet {
  name: string;
  columns: SheetColumn[];
  rows: Record<string, unknown>[];
  /** Bold, frozen header row and auto filter. */
  headerStyle?: boolean;
}

const XLSX_LIMITS = { maxRows: 100_000 };

function styleHeader(ws: ExcelJS.Worksheet, columns: number) {
  const header = ws.getRow(1);
  header.font = { bold: true };
  header.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE6F4FF' } };
  ws.views = [{ state: 'frozen', ySplit: 1 }];
  if (columns > 0) ws.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: columns } };
}

/** A workbook in memory (templates, reports, small exports); text cells made safe (cells.ts). */
export async function buildWorkbook(sheets: Sheet[]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Breedwise';
  wb.created = new Date();
  for (const s of sheets) {
    const ws = wb.addWorksheet(s.name.slice(0, 31));
    ws.columns = s.columns.map((c) => ({ header: safeCell(c.header), key: c.key, width: c.width ?? Math.max(12, c.header.length * 2 + 2) }));
    // Every text cell through safeCell: no exported cell can be read as a formula (see cells.ts).
    for (const row of s.rows) ws.addRow(safeRow(row));
    if (s.headerStyle !== false) styleHeader(ws, s.columns.length);
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** A large workbook streamed to a file, row by row (export jobs); text cells made safe (cells.ts). */
export async function writeWorkbookFile(
  path: string,
  sheetName: string,
  columns: SheetColumn[],
  rows: AsyncIterable<Record<string, unknown>>,
): Promise<number> {
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: path, useStyles: true });
  const ws = wb.addWorksheet(sheetName.slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.columns = columns.map((c) => ({ header: safeCell(c.header), key: c.key, width: c.width ?? Math.max(12, c.header.length * 2 + 2) }));
  ws.getRow(1).font = { bold: true };
  ws.getRow(1).commit();
  let n = 0;
  for await (const row of rows) {
    ws.addRow(safeRow(row)).commit();
    n++;
  }
  ws.commit();
  await wb.commit();
  return n;
}

export type CellValue = string | number | boolean | null;

/** A cell as plain data: rich text joined, formulas by their result, hyperlinks by their text, dates as YYYY-MM-DD[ HH:mm:ss]. */
export function plainCell(v: ExcelJS.CellValue): CellValue {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return v;
  if (v instanceof Date) {
    const iso = v.toISOString();
    return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso.slice(0, 19).replace('T', ' ');
  }
  if (typeof v === 'object') {
    if ('richText' in v) return v.richText.map((r) => r.text).join('');
    if ('result' in v) return plainCell(v.result as ExcelJS.CellValue);
    if ('text' in v) return typeof v.text === 'string' ? v.text : plainCell(v.text as ExcelJS.CellValue);
    if ('error' in v) return null;
  }
  return String(v);
}

export interface ReadSheet {
  headers: string[];
  /** Data rows with their spreadsheet row number (the header is row 1). */
  rows: { rowNumber: number; cells: CellValue[] }[];
}

/** Reads the first worksheet with the streaming reader, so a large file does not sit in memory twice. */
export async function readFirstSheet(path: string, maxRows = XLSX_LIMITS.maxRows): Promise<ReadSheet> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(path, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    styles: 'ignore',
    hyperlinks: 'cache',
    entries: 'ignore',
  });
  let headers: string[] | null = null;
  const rows: ReadSheet['rows'] = [];
  try {
    for await (const ws of reader) {
      for await (const row of ws) {
        const values = (row.values as ExcelJS.CellValue[]).slice(1).map(plainCell);
        if (!headers) {
          headers = values.map((v) => (v === null ? '' : String(v).trim()));
          continue;
        }
        if (values.every((v) => v === null || (typeof v === 'string' && v.trim() === ''))) continue;
        if (rows.length >= maxRows) throw new AppError(400, 'IMPORT_TOO_MANY_ROWS', { max: maxRows });
        rows.push({ rowNumber: row.number, cells: values });
      }
      break;
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw new AppError(400, 'IMPORT_NOT_XLSX');
  }
  return { headers: headers ?? [], rows };
}
