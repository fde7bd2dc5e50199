import { GsError } from '../errors.js';
import { checkSampleCode, readCsvTable } from './text.js';

/** A pedigree in an order where parents precede offspring; parents are indices or -1 when unknown. */
export interface Pedigree {
  ids: string[];
  female: Int32Array;
  male: Int32Array;
}

const UNKNOWN = new Set(['', '0', 'NA', '-']);

/**
 * Reads a pedigree CSV with columns id, female, male (header names free, in that order). Unknown
 * parents are empty, 0, NA or '-'. Parents not listed as ids become founders; the result is sorted so
 * that parents precede offspring, and cycles or self-parenthood are errors with their line.
 */
export function readPedigree(path: string): Pedigree {
  const table = readCsvTable(path);
  const { file } = table;
  if (table.header.length < 3)
    throw new GsError('PEDIGREE_INVALID', { file, line: 1, rule: 'columns id,female,male', params: { detail: 'needs three columns' } });
  const rows = new Map<string, { female?: string; male?: string; line: number }>();
  for (const { cells, line } of table.rows) {
    const [id, female, male] = cells;
    checkSampleCode(id, file, line, 'pedigree');
    if (rows.has(id)) throw new GsError('PEDIGREE_INVALID', { file, line, rule: 'one row per id', params: { detail: `${id} repeated` } });
    const parent = (p: string) => {
      if (UNKNOWN.has(p)) return undefined;
      checkSampleCode(p, file, line, 'pedigree');
      if (p === id) throw new GsError('PEDIGREE_INVALID', { file, line, rule: 'an individual is not its own parent', params: { detail: id } });
      return p;
    };
    rows.set(id, { female: parent(female), male: parent(male), line });
  }
  return orderPedigree(rows, file);
}

/** Topologically orders a pedigree (parents first); founders missing from the rows are added. */
export function orderPedigree(rows: Map<string, { female?: string; male?: string; line?: number }>, file = 'pedigree'): Pedigree {
  const ids: string[] = [];
  const index = new Map<string, number>();
  const state = new Map<string, number>();
  const visit = (id: string, line: number) => {
    const s = state.get(id);
    if (s === 2) return;
    if (s === 1) throw new GsError('PEDIGREE_INVALID', { file, line, rule: 'the pedigree has no cycles', params: { detail: `${id} is its own ancestor` } });
    state.set(id, 1);
    const r = rows.get(id);
    if (r?.female) visit(r.female, r.line ?? line);
    if (r?.male) visit(r.male, r.line ?? line);
    state.set(id, 2);
    index.set(id, ids.length);
    ids.push(id);
  };
  for (const [id, r] of rows) visit(id, r.line ?? 0);
  const female = new Int32Array(ids.length).fill(-1);
  const male = new Int32Array(ids.length).fill(-1);
  ids.forEach((id, i) => {
    const r = rows.get(id);
    if (r?.female) female[i] = index.get(r.female)!;
    if (r?.male) male[i] = index.get(r.male)!;
  });
  return { ids, female, male };
}
