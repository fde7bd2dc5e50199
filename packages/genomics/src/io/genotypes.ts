import type { Genotypes } from '../genotype.js';
import { pedigreeA, vanRadenG, type RelationshipMatrix } from '../relationship.js';
import { readPedigree } from './pedigree.js';
import { readGenotypeCsv, readMatrixCsv, type CsvGenotypeCoding } from './csv.js';
import { lines, readInputFile, splitCsvLine } from './text.js';
import { readPlink } from './plink.js';
import { readVcf } from './vcf.js';

/**
 * Reads genotypes by the path's form: .csv(.gz) matrix, .vcf(.gz), or PLINK (.zip, .bed/.bim/.fam,
 * or a prefix). `coding` applies to CSV matrices only.
 */
export function readGenotypes(path: string, coding: CsvGenotypeCoding = 'counts'): Genotypes {
  const lower = path.toLowerCase();
  if (/\.csv(\.gz)?$/.test(lower)) return readGenotypeCsv(path, coding);
  if (/\.vcf(\.gz)?$/.test(lower)) {
    const { samples, markers, codes } = readVcf(path);
    return { samples, markers, codes };
  }
  return readPlink(path);
}

/** Whether `readGenotypes` reads this path as PLINK (a .zip, .bed/.bim/.fam or a prefix). */
export function isPlinkPath(path: string): boolean {
  return !/\.(csv|vcf)(\.gz)?$/i.test(path);
}

/**
 * A pool's relationship matrix for the hybrid model: a square matrix CSV (header ids equal to the row
 * ids) is used as given; a pedigree CSV (three columns, the second and third named female/male,
 * mother/father or dam/sire) gives the pedigree A (spec: a pedigree upload is used for hybrids); any
 * genotype file gives VanRaden's G of that pool's markers.
 */
export async function readPoolRelationship(path: string, coding: CsvGenotypeCoding = 'counts'): Promise<RelationshipMatrix> {
  if (/\.csv(\.gz)?$/i.test(path)) {
    const head = [...firstLines(path, 2)];
    if (head.length === 2) {
      const header = splitCsvLine(head[0], path, 1);
      const row = splitCsvLine(head[1], path, 2);
      if (header.length === row.length && row[0] === header[1]) return readMatrixCsv(path);
      if (header.length === 3 && /^(female|mother|dam)$/i.test(header[1]) && /^(male|father|sire)$/i.test(header[2])) {
        return pedigreeA(readPedigree(path));
      }
    }
  }
  return vanRadenG(readGenotypes(path, coding));
}

function* firstLines(path: string, count: number): Generator<string> {
  let seen = 0;
  for (const [line] of lines(readInputFile(path))) {
    if (seen++ === count) return;
    yield line;
  }
}
