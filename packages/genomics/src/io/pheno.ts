import { GsError } from '../errors.js';
import { checkSampleCode, displayName, isMissingToken, readCsvTable, type CsvTable } from './text.js';

/** One phenotype record: a sample, its trait value (NaN when missing) and its fixed-effect levels. */
export interface PhenoRecord {
  id: string;
  value: number;
  fixed: string[];
  line: number;
}

export interface Phenotypes {
  file: string;
  trait: string;
  fixedColumns: string[];
  records: PhenoRecord[];
}

export interface PhenoOptions {
  trait: string;
  /** Sample id column; default the first column. */
  idColumn?: string;
  /** Fixed-effect columns (environment, batch ...), read as factors. */
  fixed?: string[];
}

/**
 * Reads a phenotype CSV: a sample id column, trait columns (numbers; NA or empty for missing) and
 * optional fixed-effect columns. Codes are validated per spec 5; a sample may have several records
 * (for example one per environment).
 */
export function readPhenotypes(path: string, opts: PhenoOptions): Phenotypes {
  checkCsvName(path);
  return phenotypesFromTable(readCsvTable(path), opts);
}

/** Phenotype files are .csv (spec 5: the system template). */
function checkCsvName(path: string): void {
  if (!/\.csv$/i.test(path)) {
    throw new GsError('FILE_FORMAT_INVALID', { file: displayName(path), line: 1, rule: 'phenotype files are .csv', params: { detail: 'not a .csv file' } });
  }
}

/** `readPhenotypes` on a table already parsed (for uploads held in memory). */
export function phenotypesFromTable(table: CsvTable, opts: PhenoOptions): Phenotypes {
  const { file, header } = table;
  const col = (name: string) => {
    const i = header.indexOf(name);
    if (i < 0) throw new GsError('PHENO_COLUMN_MISSING', { file, line: 1, rule: 'named columns exist in the header', params: { column: name } });
    return i;
  };
  const idCol = opts.idColumn === undefined ? 0 : col(opts.idColumn);
  const traitCol = col(opts.trait);
  const fixedCols = (opts.fixed ?? []).map(col);
  const records: PhenoRecord[] = [];
  let numeric = 0;
  for (const { cells, line } of table.rows) {
    const id = cells[idCol];
    checkSampleCode(id, file, line);
    const raw = cells[traitCol];
    let value = Number.NaN;
    if (!isMissingToken(raw)) {
      value = Number(raw);
      if (!Number.isFinite(value)) {
        throw new GsError('PHENO_VALUE_INVALID', { file, line, rule: 'trait values are numbers or NA', params: { column: opts.trait, value: raw } });
      }
      numeric++;
    }
    const fixed = fixedCols.map((c, t) => {
      const level = cells[c];
      if (level === '' || level === 'NA') {
        throw new GsError('PHENO_VALUE_INVALID', {
          file,
          line,
          rule: 'fixed-effect columns have no missing levels',
          params: { column: opts.fixed![t], value: level },
        });
      }
      return level;
    });
    records.push({ id, value, fixed, line });
  }
  if (numeric === 0) throw new GsError('TRAIT_NOT_NUMERIC', { file, rule: 'a trait needs numeric values', params: { column: opts.trait } });
  return { file, trait: opts.trait, fixedColumns: opts.fixed ?? [], records };
}

/**
 * Dummy-coded fixed-effect design for records: an intercept and, per factor, one column for each level
 * but the first (R's treatment contrasts), levels in order of appearance.
 */
export function fixedDesign(records: Array<{ fixed: string[] }>, factors: number, factorNames?: string[]): { X: Float64Array; p: number; names: string[] } {
  const levels: string[][] = Array.from({ length: factors }, () => []);
  for (const r of records) {
    r.fixed.forEach((lv, f) => {
      if (!levels[f].includes(lv)) levels[f].push(lv);
    });
  }
  const names = ['(Intercept)'];
  const offsets: number[] = [];
  for (let f = 0; f < factors; f++) {
    offsets.push(names.length);
    for (const lv of levels[f].slice(1)) names.push(`${factorNames?.[f] ?? f}:${lv}`);
  }
  const p = names.length;
  const n = records.length;
  const X = new Float64Array(n * p);
  records.forEach((r, i) => {
    X[i * p] = 1;
    r.fixed.forEach((lv, f) => {
      const k = levels[f].indexOf(lv);
      if (k > 0) X[i * p + offsets[f] + k - 1] = 1;
    });
  });
  return { X, p, names };
}

/** Reads a fold file with columns id and fold (any second column name); folds are positive integers. */
export function readFoldFile(path: string): Map<string, number> {
  const table = readCsvTable(path);
  const { file, header } = table;
  if (header.length < 2) {
    throw new GsError('FOLD_FILE_INVALID', { file, line: 1, rule: 'columns id,fold', params: { detail: 'needs an id and a fold column' } });
  }
  const idCol = header.indexOf('id') >= 0 ? header.indexOf('id') : 0;
  const foldCol = header.indexOf('fold') >= 0 ? header.indexOf('fold') : idCol === 0 ? 1 : 0;
  const folds = new Map<string, number>();
  for (const { cells, line } of table.rows) {
    const id = cells[idCol];
    checkSampleCode(id, file, line);
    const f = Number(cells[foldCol]);
    if (!Number.isInteger(f) || f < 1)
      throw new GsError('FOLD_FILE_INVALID', { file, line, rule: 'folds are positive integers', params: { detail: `fold "${cells[foldCol]}"` } });
    if (folds.has(id)) throw new GsError('FOLD_FILE_INVALID', { file, line, rule: 'one fold per sample', params: { detail: `sample ${id} repeated` } });
    folds.set(id, f);
  }
  return folds;
}

export interface HybridPhenoOptions {
  trait: string;
  /** Column of the pool 1 parent; found by content when absent (the column whose codes are all in pool 1). */
  parent1Column?: string;
  parent2Column?: string;
  fixed?: string[];
}

/**
 * Reads hybrid phenotypes: one row per plot or cross with its two parents, the trait and optional
 * fixed-effect columns. Parent codes are validated like sample codes.
 */
export function readHybridPhenotypes(path: string, opts: HybridPhenoOptions, pool1: string[], pool2: string[]) {
  checkCsvName(path);
  const table = readCsvTable(path);
  const { file, header } = table;
  const col = (name: string) => {
    const i = header.indexOf(name);
    if (i < 0) throw new GsError('PHENO_COLUMN_MISSING', { file, line: 1, rule: 'named columns exist in the header', params: { column: name } });
    return i;
  };
  const find = (ids: string[], other: number) => {
    const set = new Set(ids);
    const i = header.findIndex((_, c) => c !== other && table.rows.length > 0 && table.rows.every((r) => set.has(r.cells[c])));
    if (i < 0) throw new GsError('PHENO_COLUMN_MISSING', { file, line: 1, rule: 'a column of parent codes for each pool', params: { column: 'parent' } });
    return i;
  };
  const c1 = opts.parent1Column ? col(opts.parent1Column) : find(pool1, -1);
  const c2 = opts.parent2Column ? col(opts.parent2Column) : find(pool2, c1);
  const traitCol = col(opts.trait);
  const fixedCols = (opts.fixed ?? []).map(col);
  return table.rows.map(({ cells, line }) => {
    checkSampleCode(cells[c1], file, line);
    checkSampleCode(cells[c2], file, line);
    const raw = cells[traitCol];
    const value = isMissingToken(raw) ? Number.NaN : Number(raw);
    if (!isMissingToken(raw) && !Number.isFinite(value)) {
      throw new GsError('PHENO_VALUE_INVALID', { file, line, rule: 'trait values are numbers or NA', params: { column: opts.trait, value: raw } });
    }
    return { parent1: cells[c1], parent2: cells[c2], value, fixed: fixedCols.map((c) => cells[c]) };
  });
}
