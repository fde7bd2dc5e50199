import { GsError, MAX_SNP } from '../errors.js';
import type { Genotypes } from '../genotype.js';
import { checkSampleCode, displayName, isMissingToken, lines, readInputFile, splitCsvLine } from './text.js';

/**
 * How the numbers in a genotype CSV map to allele counts. 'counts' reads 0/1/2; 'inbred01' reads the
 * 0/1 presence coding of inbred lines (as BGLR's wheat markers) as counts 0/2; 'minus101' reads rrBLUP's
 * -1/0/1 coding as counts 0/1/2.
 */
export type CsvGenotypeCoding = 'counts' | 'inbred01' | 'minus101';

const MAPS: Record<CsvGenotypeCoding, Record<string, number>> = {
  counts: { '0': 0, '1': 1, '2': 2 },
  inbred01: { '0': 0, '1': 2 },
  minus101: { '-1': 0, '0': 1, '1': 2 },
};

/**
 * Reads a genotype matrix in CSV: an id column, then one column per marker; missing calls are NA or
 * empty. Validates sample codes, duplicates, values and the 100,000-marker limit with file and line.
 */
export function readGenotypeCsv(path: string, coding: CsvGenotypeCoding = 'counts'): Genotypes {
  return parseGenotypeCsv(readInputFile(path), displayName(path), coding);
}

/** `readGenotypeCsv` on bytes already in memory; `file` names them in errors. */
export function parseGenotypeCsv(buf: Buffer, file: string, coding: CsvGenotypeCoding = 'counts'): Genotypes {
  const map = MAPS[coding];
  let markers: string[] | undefined;
  const samples: string[] = [];
  const seen = new Set<string>();
  const columns: Int8Array[] = [];
  let cap = 0;
  for (const [line, lineNo] of lines(buf)) {
    const cells = splitCsvLine(line, file, lineNo);
    if (!markers) {
      markers = cells.slice(1);
      if (markers.length > MAX_SNP) {
        throw new GsError('SNP_LIMIT_EXCEEDED', { file, line: lineNo, rule: `at most ${MAX_SNP} SNP loci`, params: { count: markers.length, max: MAX_SNP } });
      }
      const names = new Set<string>();
      for (const name of markers) {
        if (name === '')
          throw new GsError('FILE_FORMAT_INVALID', { file, line: lineNo, rule: 'marker names are not empty', params: { detail: 'empty marker name' } });
        if (names.has(name)) throw new GsError('DUPLICATE_MARKER', { file, line: lineNo, rule: 'marker names are unique', params: { code: name } });
        names.add(name);
      }
      cap = 256;
      for (let j = 0; j < markers.length; j++) columns.push(new Int8Array(cap));
      continue;
    }
    if (cells.length !== markers.length + 1) {
      throw new GsError('FILE_FORMAT_INVALID', {
        file,
        line: lineNo,
        rule: 'every row has as many fields as the header',
        params: { detail: `${cells.length} fields, header has ${markers.length + 1}` },
      });
    }
    const id = cells[0];
    checkSampleCode(id, file, lineNo);
    if (seen.has(id)) throw new GsError('DUPLICATE_SAMPLE', { file, line: lineNo, rule: 'sample codes are unique', params: { code: id } });
    seen.add(id);
    const i = samples.length;
    if (i === cap) {
      cap *= 2;
      for (let j = 0; j < columns.length; j++) {
        const grown = new Int8Array(cap);
        grown.set(columns[j]);
        columns[j] = grown;
      }
    }
    for (let j = 0; j < markers.length; j++) {
      const s = cells[j + 1];
      if (isMissingToken(s)) {
        columns[j][i] = -1;
        continue;
      }
      const v = map[s] ?? map[String(Number(s))];
      if (v === undefined) {
        throw new GsError('GENOTYPE_VALUE_INVALID', { file, line: lineNo, rule: `values are ${Object.keys(map).join('/')} or NA`, params: { value: s } });
      }
      columns[j][i] = v;
    }
    samples.push(id);
  }
  if (!markers) throw new GsError('FILE_FORMAT_INVALID', { file, line: 1, rule: 'a header row is required', params: { detail: 'empty file' } });
  if (samples.length === 0) throw new GsError('FILE_FORMAT_INVALID', { file, line: 2, rule: 'at least one sample row', params: { detail: 'no samples' } });
  const n = samples.length;
  const codes = new Int8Array(n * markers.length);
  for (let j = 0; j < markers.length; j++) codes.set(columns[j].subarray(0, n), j * n);
  return { samples, markers, codes };
}

/** Writes a square matrix with an id column and header as CSV text. */
export function matrixToCsv(ids: string[], values: Float64Array): string {
  const n = ids.length;
  const out: string[] = [['id', ...ids].join(',')];
  for (let i = 0; i < n; i++) {
    const row: string[] = [ids[i]];
    for (let l = 0; l < n; l++) row.push(String(values[i * n + l]));
    out.push(row.join(','));
  }
  return out.join('\n') + '\n';
}

/**
 * Reads a square relationship matrix saved as CSV (id column plus one column per sample, the same order
 * as the rows), such as a pedigree matrix exported from another tool.
 */
export function readMatrixCsv(path: string): { ids: string[]; values: Float64Array } {
  const file = displayName(path);
  const buf = readInputFile(path);
  let header: string[] | undefined;
  const ids: string[] = [];
  const rows: Float64Array[] = [];
  for (const [line, lineNo] of lines(buf)) {
    const cells = splitCsvLine(line, file, lineNo);
    if (!header) {
      header = cells.slice(1);
      continue;
    }
    if (cells.length !== header.length + 1) {
      throw new GsError('FILE_FORMAT_INVALID', {
        file,
        line: lineNo,
        rule: 'a square matrix',
        params: { detail: `${cells.length - 1} values, expected ${header.length}` },
      });
    }
    checkSampleCode(cells[0], file, lineNo);
    if (cells[0] !== header[ids.length]) {
      throw new GsError('FILE_FORMAT_INVALID', {
        file,
        line: lineNo,
        rule: 'rows in the order of the columns',
        params: { detail: `row ${cells[0]} under column ${header[ids.length]}` },
      });
    }
    const row = new Float64Array(header.length);
    for (let j = 0; j < header.length; j++) {
      const v = Number(cells[j + 1]);
      if (!Number.isFinite(v))
        throw new GsError('FILE_FORMAT_INVALID', { file, line: lineNo, rule: 'matrix entries are numbers', params: { detail: `"${cells[j + 1]}"` } });
      row[j] = v;
    }
    ids.push(cells[0]);
    rows.push(row);
  }
  if (!header || ids.length !== header.length) {
    throw new GsError('FILE_FORMAT_INVALID', {
      file,
      line: ids.length + 2,
      rule: 'a square matrix',
      params: { detail: `${ids.length} rows, ${header?.length ?? 0} columns` },
    });
  }
  const n = ids.length;
  const values = new Float64Array(n * n);
  rows.forEach((r, i) => values.set(r, i * n));
  return { ids, values };
}
