/**
 * Entry means of a trial as a genomic-selection phenotype table: one row per entry, one column per
 * trait, in the layout @breedwise/genomics reads (sample id column first, trait columns, NA for missing).
 */
import type { TraitAnalysis } from './types';

/** Which entry values become phenotypes: BLUEs (the usual choice for GS training) or BLUPs. */
export type PhenotypeSource = 'blue' | 'blup';

export interface GsPhenotypeTable {
  header: string[];
  rows: (string | number | null)[][];
}

/** Entries in first-seen order across traits; a trait without a value for an entry gives null. */
export function gsPhenotypes(analyses: TraitAnalysis[], source: PhenotypeSource = 'blue', idColumn = 'entry'): GsPhenotypeTable {
  const order: string[] = [];
  const seen = new Set<string>();
  const byTrait = analyses.map((a) => {
    const m = new Map<string, number>();
    for (const e of source === 'blue' ? a.blues : a.blups) {
      m.set(e.entry, e.value);
      if (!seen.has(e.entry)) {
        seen.add(e.entry);
        order.push(e.entry);
      }
    }
    return m;
  });
  return {
    header: [idColumn, ...analyses.map((a) => a.trait)],
    rows: order.map((e) => [e, ...byTrait.map((m) => m.get(e) ?? null)]),
  };
}

const quote = (v: string): string => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

/** The table as CSV text (values with up to 10 significant digits, NA for missing). */
export function gsPhenotypeCsv(analyses: TraitAnalysis[], source: PhenotypeSource = 'blue', idColumn = 'entry'): string {
  const t = gsPhenotypes(analyses, source, idColumn);
  const cell = (v: string | number | null) => (v === null ? 'NA' : typeof v === 'number' ? String(Number(v.toPrecision(10))) : quote(v));
  return `${[t.header.map(quote).join(','), ...t.rows.map((r) => r.map(cell).join(','))].join('\n')}\n`;
}
