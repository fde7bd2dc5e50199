import { GsError, checkFileName, checkSampleCode, phenotypesFromTable, readCsvTable } from '@breedwise/genomics';
import { AppError } from '../../../platform/errors';
import type { HybridPedigree } from '../gs.tables';
import { inspectGenotypes, traitSummary, type StagedDataset } from '../dataset/dataset.service';

const UNKNOWN = new Set(['', '0', 'NA', '-']);

/**
 * Reads the pedigree of a hybrid dataset: a CSV of hybrid, female parent (pool 1), male parent (pool 2),
 * header names free. Codes follow spec 5 (no Chinese, spaces, commas or special characters); each
 * hybrid has one row and both parents. Refusals name file, line and rule.
 */
export function readHybridPedigree(path: string, file: string): Map<string, { female: string; male: string; line: number }> {
  const table = readCsvTable(path);
  if (table.header.length < 3) {
    throw new GsError('PEDIGREE_INVALID', { file, line: 1, rule: 'columns hybrid,female,male', params: { detail: 'hybrid, female, male' } });
  }
  const out = new Map<string, { female: string; male: string; line: number }>();
  for (const { cells, line } of table.rows) {
    const [hybrid, female, male] = cells.map((c) => c.trim());
    checkSampleCode(hybrid, file, line, 'pedigree');
    if (UNKNOWN.has(female) || UNKNOWN.has(male)) throw new AppError(400, 'GS_PEDIGREE_PARENTS_MISSING', { file, line, hybrid });
    checkSampleCode(female, file, line, 'pedigree');
    checkSampleCode(male, file, line, 'pedigree');
    if (out.has(hybrid)) throw new GsError('PEDIGREE_INVALID', { file, line, rule: 'one row per hybrid', params: { detail: hybrid } });
    out.set(hybrid, { female, male, line });
  }
  if (!out.size) throw new GsError('PEDIGREE_INVALID', { file, line: 2, rule: 'at least one hybrid', params: { detail: 'hybrid, female, male' } });
  return out;
}

/**
 * Checks a hybrid dataset's staged files (spec 5, each refusal naming file, line and rule) and summarises
 * them: phenotypes of hybrids (first column the hybrid code), the parents' PLINK .zip, and the pedigree
 * naming each hybrid's female (pool 1) and male (pool 2) parent. Every parent must be genotyped and every
 * phenotyped hybrid must be in the pedigree.
 */
export function inspectHybridDataset(staged: StagedDataset & { pedigree: { path: string; name: string } }) {
  const { phenotype, genotype, pedigree, traitCodes } = staged;
  checkFileName(phenotype.path);
  checkFileName(genotype.path);
  checkFileName(pedigree.path);
  if (!/\.csv$/i.test(phenotype.name)) throw new AppError(400, 'GS_PHENOTYPE_NOT_CSV', { file: phenotype.name });
  if (!/\.zip$/i.test(genotype.name)) throw new AppError(400, 'GS_GENOTYPE_NOT_ZIP', { file: genotype.name });
  if (!/\.csv$/i.test(pedigree.name)) throw new AppError(400, 'GS_PEDIGREE_NOT_CSV', { file: pedigree.name });
  const table = readCsvTable(phenotype.path);
  for (const trait of traitCodes) {
    if (!table.header.includes(trait)) throw new AppError(400, 'GS_TRAIT_NOT_IN_FILE', { trait, file: phenotype.name });
  }
  const phenos = traitCodes.map((trait) => phenotypesFromTable(table, { trait }));
  const parents = readHybridPedigree(pedigree.path, pedigree.name);
  const g = inspectGenotypes(genotype.path, genotype.name);
  const genotyped = new Set(g.samples);
  const females = new Set<string>();
  const males = new Set<string>();
  for (const [, p] of parents) {
    for (const parent of [p.female, p.male]) {
      if (!genotyped.has(parent)) throw new AppError(400, 'GS_PARENT_NOT_GENOTYPED', { file: pedigree.name, line: p.line, parent });
    }
    females.add(p.female);
    males.add(p.male);
  }
  const phenotyped = new Set<string>();
  const traits = phenos.map((p) => {
    const values: number[] = [];
    let missing = 0;
    for (const r of p.records) {
      if (!parents.has(r.id)) throw new AppError(400, 'GS_HYBRID_NOT_IN_PEDIGREE', { file: phenotype.name, line: r.line, hybrid: r.id });
      if (Number.isNaN(r.value)) missing++;
      else {
        values.push(r.value);
        phenotyped.add(r.id);
      }
    }
    return traitSummary(p.trait, values, missing);
  });
  if (!phenotyped.size) throw new AppError(400, 'GS_HYBRID_NO_RECORDS', { file: phenotype.name });
  const hybrids: HybridPedigree = {
    parents: Object.fromEntries([...parents].map(([h, p]) => [h, [p.female, p.male] as [string, string]])),
    pool1: g.samples.filter((s) => females.has(s)),
    pool2: g.samples.filter((s) => males.has(s)),
  };
  return {
    samples: g.samples,
    snpCount: g.snpCount,
    qc: g.qc,
    traits,
    commonSamples: phenotyped.size,
    phenotypedSamples: phenotyped.size,
    phenotypedIds: [...phenotyped],
    markers: g.markers,
    hybrids,
  };
}

/** The crosses of a hybrid dataset that have a phenotype, as `female:male` keys. */
export function testedCrosses(h: HybridPedigree, phenotypedIds: string[]): Set<string> {
  const out = new Set<string>();
  for (const id of phenotypedIds) {
    const p = h.parents[id];
    if (p) out.add(`${p[0]}:${p[1]}`);
  }
  return out;
}
