import { existsSync, readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { GsError } from '../errors.js';

/** The file name as shown in error messages: its base name, never the server's directory layout. */
export function displayName(path: string): string {
  return basename(path);
}

/** Refuses file names with spaces (spec 5) and missing files; returns the bytes, gunzipped when gzip. */
export function readInputFile(path: string): Buffer {
  checkFileName(path);
  if (!existsSync(path)) throw new GsError('FILE_NOT_FOUND', { file: displayName(path), rule: 'file must exist' });
  const raw = readFileSync(path);
  return raw.length > 2 && raw[0] === 0x1f && raw[1] === 0x8b ? gunzipSync(raw) : raw;
}

/** File names may not contain whitespace (spec 5, uploads). */
export function checkFileName(path: string): void {
  const name = displayName(path);
  if (/\s/.test(name)) throw new GsError('FILE_NAME_HAS_SPACE', { file: name, rule: 'file names have no spaces' });
}

// Letters, digits, underscore, hyphen and dot: no Chinese, no spaces, no commas, no other symbols.
const CODE_PATTERN = /^[A-Za-z0-9_.-]+$/;

/** Sample and pedigree codes: no Chinese, special characters, spaces or commas (spec 5). */
export function isValidCode(code: string): boolean {
  return CODE_PATTERN.test(code);
}

/** Throws SAMPLE_CODE_INVALID (or PEDIGREE_CODE_INVALID) with file and line for an invalid code. */
export function checkSampleCode(code: string, file: string, line: number, kind: 'sample' | 'pedigree' = 'sample'): void {
  if (!isValidCode(code)) {
    throw new GsError(kind === 'sample' ? 'SAMPLE_CODE_INVALID' : 'PEDIGREE_CODE_INVALID', {
      file,
      line,
      rule: 'codes use only letters, digits, "_", "-" and "."',
      params: { code },
    });
  }
}

/**
 * Splits one CSV record (RFC 4180 quoting, comma separator). Embedded newlines inside quotes are not
 * supported: none of the accepted formats uses them, and a stray quote is reported with its line.
 */
export function splitCsvLine(line: string, file: string, lineNo: number): string[] {
  if (line.indexOf('"') < 0) return line.split(',').map((s) => s.trim());
  const out: string[] = [];
  let i = 0;
  while (i <= line.length) {
    if (line[i] === '"') {
      let s = '';
      i++;
      for (;;) {
        if (i >= line.length) throw new GsError('FILE_FORMAT_INVALID', { file, line: lineNo, rule: 'CSV quoting', params: { detail: 'unterminated quote' } });
        if (line[i] === '"') {
          if (line[i + 1] === '"') {
            s += '"';
            i += 2;
            continue;
          }
          i++;
          break;
        }
        s += line[i++];
      }
      out.push(s);
      while (i < line.length && line[i] !== ',') i++;
      i++;
    } else {
      let j = line.indexOf(',', i);
      if (j < 0) j = line.length;
      out.push(line.slice(i, j).trim());
      i = j + 1;
    }
  }
  return out;
}

/**
 * Iterates the non-empty lines of a text buffer with their 1-based line numbers, decoding one line at a
 * time so that a large genotype file never becomes one string.
 */
export function* lines(buf: Buffer): Generator<[string, number]> {
  let start = buf.length >= 3 && buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf ? 3 : 0;
  let lineNo = 0;
  while (start < buf.length) {
    let end = buf.indexOf(10, start);
    if (end < 0) end = buf.length;
    lineNo++;
    const stop = end > start && buf[end - 1] === 13 ? end - 1 : end;
    const line = buf.toString('utf8', start, stop);
    if (line.trim() !== '') yield [line, lineNo];
    start = end + 1;
  }
}

/** A parsed CSV table: header cells and rows with their source line numbers. */
export interface CsvTable {
  file: string;
  header: string[];
  rows: Array<{ cells: string[]; line: number }>;
}

/** Reads a CSV file (plain or gzip) into header and rows, checking row widths. */
export function readCsvTable(path: string): CsvTable {
  const file = displayName(path);
  const buf = readInputFile(path);
  return parseCsvTable(buf, file);
}

/** Parses CSV bytes into header and rows with their line numbers, checking row widths. */
export function parseCsvTable(buf: Buffer, file: string): CsvTable {
  let header: string[] | undefined;
  const rows: CsvTable['rows'] = [];
  for (const [line, lineNo] of lines(buf)) {
    const cells = splitCsvLine(line, file, lineNo);
    if (!header) {
      header = cells;
      continue;
    }
    if (cells.length !== header.length) {
      throw new GsError('FILE_FORMAT_INVALID', {
        file,
        line: lineNo,
        rule: 'every row has as many fields as the header',
        params: { detail: `${cells.length} fields, header has ${header.length}` },
      });
    }
    rows.push({ cells, line: lineNo });
  }
  if (!header) throw new GsError('FILE_FORMAT_INVALID', { file, line: 1, rule: 'a header row is required', params: { detail: 'empty file' } });
  return { file, header, rows };
}

/** NA, empty, '.' and NaN mean missing in every numeric column. */
export function isMissingToken(s: string): boolean {
  return s === '' || s === 'NA' || s === 'na' || s === 'NaN' || s === '.';
}
