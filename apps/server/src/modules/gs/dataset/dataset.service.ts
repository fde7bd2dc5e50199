import fsp from 'node:fs/promises';
import path from 'node:path';
import { and, count, desc, eq, ilike, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { GsError, MAX_SNP, MISSING, checkFileName, phenotypesFromTable, readCsvTable, scanPlink, type Genotypes } from '@breedwise/genomics';
import {
  datasetList,
  type DatasetCreateFields,
  type DatasetDetail,
  type DatasetPageQuery,
  type DatasetRow,
  type DatasetUpdate,
  type QcSummary,
  type TraitSummary,
} from '@breedwise/contracts/gs';
import type { Db, DbOrTx } from '../../../db/client';
import { requireOrg, type RequestContext } from '../../../platform/context';
import { AppError, conflict, isUniqueViolation, notFound } from '../../../platform/errors';
import { filterConditions, listColumns } from '../../../platform/filters';
import { likePattern, orderBy, pageWindow } from '../../../platform/pagination';
import { createdStamp, inOrg, updatedStamp } from '../../../platform/tenant';
import type { ObjectStorage } from '../../../platform/files/storage';
import { sysFile, sysTask } from '../../common';
import { gsDataset, gsGca, gsModel, type HybridPedigree } from '../gs.tables';
import { buildList } from '../../system';

type PageParsed = z.output<typeof DatasetPageQuery>;
type UpdateParsed = z.output<typeof DatasetUpdate>;

const q = (col: { name: string }) => sql.raw(`"gs_dataset"."${col.name}"`);
const creator = sql<string | null>`(select coalesce(u.nick_name, u.username) from sys_user u where u.id = ${q(gsDataset.createdBy)})`;
const modelCount = sql<number>`(select count(*)::int from gs_model m where m.dataset_id = ${q(gsDataset.id)})`;

const rowColumns = {
  id: gsDataset.id,
  name: gsDataset.name,
  description: gsDataset.description,
  type: gsDataset.type,
  sampleCount: gsDataset.sampleCount,
  snpCount: gsDataset.snpCount,
  traitCodes: gsDataset.traitCodes,
  phenotypeFileName: gsDataset.phenotypeFileName,
  genotypeFileName: gsDataset.genotypeFileName,
  pedigreeFileName: gsDataset.pedigreeFileName,
  modelCount,
  origin: gsDataset.origin,
  buildId: gsDataset.buildId,
  createdBy: creator,
  createdAt: gsDataset.createdAt,
  updatedAt: gsDataset.updatedAt,
};
const list = listColumns(datasetList, {
  filters: { name: gsDataset.name, createdAt: gsDataset.createdAt },
  sort: {
    name: gsDataset.name,
    sampleCount: gsDataset.sampleCount,
    snpCount: gsDataset.snpCount,
    createdAt: gsDataset.createdAt,
    updatedAt: gsDataset.updatedAt,
  },
});

type RawRow = Omit<DatasetRow, 'createdAt' | 'updatedAt' | 'traitCount'> & { createdAt: Date; updatedAt: Date };
const present = (r: RawRow): DatasetRow => ({
  ...r,
  traitCount: r.traitCodes.length,
  modelCount: Number(r.modelCount),
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

export async function listDatasets(db: DbOrTx, ctx: RequestContext, query: PageParsed) {
  const where = and(
    inOrg(gsDataset, ctx),
    query.keyword ? ilike(gsDataset.name, likePattern(query.keyword)) : undefined,
    filterConditions(query.filters, list.filters),
  );
  const { limit, offset } = pageWindow(query);
  const rows = await db
    .select(rowColumns)
    .from(gsDataset)
    .where(where)
    .orderBy(...orderBy(query, list.sortable, [desc(gsDataset.updatedAt)], gsDataset.id))
    .limit(limit)
    .offset(offset);
  const [{ total }] = await db.select({ total: count() }).from(gsDataset).where(where);
  return { rows: rows.map(present), total: Number(total) };
}

export async function getDatasetRecord(db: DbOrTx, ctx: RequestContext, id: number) {
  const [row] = await db
    .select()
    .from(gsDataset)
    .where(and(inOrg(gsDataset, ctx), eq(gsDataset.id, id)));
  if (!row) throw notFound();
  return row;
}

export async function getDataset(db: DbOrTx, ctx: RequestContext, id: number): Promise<DatasetRow> {
  const [row] = await db
    .select(rowColumns)
    .from(gsDataset)
    .where(and(inOrg(gsDataset, ctx), eq(gsDataset.id, id)));
  if (!row) throw notFound();
  return present(row);
}

export async function getDatasetDetail(db: DbOrTx, ctx: RequestContext, id: number): Promise<DatasetDetail> {
  const row = await getDataset(db, ctx, id);
  const rec = await getDatasetRecord(db, ctx, id);
  return { ...row, commonSamples: rec.commonSamples, phenotypedSamples: rec.phenotypedSamples, qc: rec.qc, traits: rec.traits, hybrid: hybridSummary(rec) };
}

/** Hybrid datasets: hybrids, the parents of each pool, and how many of the pool 1 x pool 2 crosses were tested. */
function hybridSummary(rec: typeof gsDataset.$inferSelect): DatasetDetail['hybrid'] {
  const h = rec.hybrids;
  if (rec.type !== 'hybrid' || !h) return null;
  const tested = new Set(rec.phenotypedIds.flatMap((id) => (h.parents[id] ? [h.parents[id].join(':')] : [])));
  return {
    hybrids: Object.keys(h.parents).length,
    pool1: h.pool1,
    pool2: h.pool2,
    testedCrosses: tested.size,
    possibleCrosses: h.pool1.length * h.pool2.length,
  };
}

function histogram(values: number[], bins: number, lo?: number, hi?: number) {
  if (!values.length) return { edges: [], counts: [] };
  const min = lo ?? values.reduce((a, b) => Math.min(a, b));
  const max = hi ?? values.reduce((a, b) => Math.max(a, b));
  const width = max > min ? (max - min) / bins : 1;
  const edges = Array.from({ length: bins + 1 }, (_, i) => min + i * width);
  const counts = new Array<number>(bins).fill(0);
  for (const v of values) counts[Math.min(bins - 1, Math.max(0, Math.floor((v - min) / width)))]++;
  return { edges, counts };
}

/** Call rate and minor-allele frequency of every marker, summarised as the markers come (one at a time). */
export function qcAccumulator(n: number) {
  const maf: number[] = [];
  const callRate: number[] = [];
  let missing = 0;
  let monomorphic = 0;
  return {
    add(codes: Int8Array) {
      let called = 0;
      let sum = 0;
      for (let i = 0; i < n; i++) {
        const c = codes[i];
        if (c === MISSING) continue;
        called++;
        sum += c;
      }
      missing += n - called;
      callRate.push(n ? called / n : 0);
      const p = called ? sum / (2 * called) : 0;
      const f = Math.min(p, 1 - p);
      maf.push(f);
      if (f === 0) monomorphic++;
    },
    summary(): QcSummary {
      const mean = (v: number[]) => (v.length ? v.reduce((s, x) => s + x, 0) / v.length : 0);
      return {
        samples: n,
        markers: maf.length,
        missingCalls: missing,
        meanCallRate: mean(callRate),
        minCallRate: callRate.length ? callRate.reduce((a, b) => Math.min(a, b)) : 0,
        monomorphic,
        meanMaf: mean(maf),
        mafHistogram: histogram(maf, 10, 0, 0.5),
        callRateHistogram: histogram(callRate, 10, 0, 1),
      };
    },
  };
}

/** Call rate and minor-allele frequency of every marker, summarised (spec: QC summary with a MAF histogram). */
export function qcSummary(g: Genotypes): QcSummary {
  const n = g.samples.length;
  const qc = qcAccumulator(n);
  for (let j = 0; j < g.markers.length; j++) qc.add(g.codes.subarray(j * n, j * n + n));
  return qc.summary();
}

/**
 * The upload check of a PLINK .zip: the engine's reader refusals (file, line, rule), samples, map and
 * QC summary, streamed marker by marker (the genotype matrix is not built: memory stays at a few MB).
 */
export function inspectGenotypes(zipPath: string, displayName: string) {
  let qc: ReturnType<typeof qcAccumulator> | undefined;
  const { samples, map } = scanPlink(zipPath, (_j, codes) => {
    qc ??= qcAccumulator(codes.length);
    qc.add(codes);
  });
  if (map.names.length > MAX_SNP) {
    throw new GsError('SNP_LIMIT_EXCEEDED', { file: displayName, rule: `at most ${MAX_SNP} SNP loci`, params: { count: map.names.length, max: MAX_SNP } });
  }
  return {
    samples,
    snpCount: map.names.length,
    qc: (qc ?? qcAccumulator(samples.length)).summary(),
    markers: { names: map.names, chr: map.chr, pos: map.pos },
  };
}

export function traitSummary(code: string, values: number[], missing: number): TraitSummary {
  const n = values.length;
  const mean = n ? values.reduce((s, v) => s + v, 0) / n : null;
  const sd = n > 1 && mean !== null ? Math.sqrt(values.reduce((s, v) => s + (v - mean) ** 2, 0) / (n - 1)) : null;
  return {
    code,
    n,
    missing,
    mean,
    sd,
    min: n ? values.reduce((a, b) => Math.min(a, b)) : null,
    max: n ? values.reduce((a, b) => Math.max(a, b)) : null,
    histogram: histogram(values, 20),
  };
}

export interface StagedDataset {
  fields: z.output<typeof DatasetCreateFields>;
  traitCodes: string[];
  phenotype: { path: string; name: string };
  genotype: { path: string; name: string };
  /** Hybrid datasets: the pedigree CSV (hybrid, female, male). */
  pedigree?: { path: string; name: string };
}

/**
 * Checks the staged files against the spec-5 rules with the engine (every refusal names file, line and
 * rule) and summarises them; nothing is stored yet. The genotypes are read once, from the staged file.
 */
export function inspectDataset(staged: StagedDataset) {
  const { phenotype, genotype, traitCodes } = staged;
  checkFileName(phenotype.path);
  checkFileName(genotype.path);
  if (!/\.csv$/i.test(phenotype.name)) throw new AppError(400, 'GS_PHENOTYPE_NOT_CSV', { file: phenotype.name });
  if (!/\.zip$/i.test(genotype.name)) throw new AppError(400, 'GS_GENOTYPE_NOT_ZIP', { file: genotype.name });
  const table = readCsvTable(phenotype.path);
  for (const trait of traitCodes) {
    if (!table.header.includes(trait)) throw new AppError(400, 'GS_TRAIT_NOT_IN_FILE', { trait, file: phenotype.name });
  }
  const phenos = traitCodes.map((trait) => phenotypesFromTable(table, { trait }));
  const g = inspectGenotypes(genotype.path, genotype.name);
  const genotyped = new Set(g.samples);
  const phenotyped = new Set<string>();
  const traits = phenos.map((p) => {
    const values: number[] = [];
    let missing = 0;
    for (const r of p.records) {
      if (Number.isNaN(r.value)) missing++;
      else {
        values.push(r.value);
        phenotyped.add(r.id);
      }
    }
    return traitSummary(p.trait, values, missing);
  });
  const common = [...phenotyped].filter((id) => genotyped.has(id)).length;
  if (common === 0) {
    throw new GsError('NO_COMMON_SAMPLES', {
      file: phenotype.name,
      rule: 'phenotyped samples must be genotyped',
      params: { phenoFile: phenotype.name, genoFile: genotype.name },
    });
  }
  return {
    samples: g.samples,
    snpCount: g.snpCount,
    qc: g.qc,
    traits,
    commonSamples: common,
    phenotypedSamples: phenotyped.size,
    phenotypedIds: [...phenotyped],
    markers: g.markers,
  };
}

export async function insertDataset(
  db: Db,
  ctx: RequestContext,
  staged: StagedDataset,
  summary: ReturnType<typeof inspectDataset> & { hybrids?: HybridPedigree },
  files: { phenotypeFileId: string; genotypeFileId: string; pedigreeFileId?: string },
  origin: 'upload' | 'system' | 'merge' = 'upload',
): Promise<DatasetRow> {
  const { currentBuildId } = await buildList(db, ctx);
  try {
    const [row] = await db
      .insert(gsDataset)
      .values({
        name: staged.fields.name,
        description: staged.fields.description ?? null,
        type: summary.hybrids ? 'hybrid' : 'inbred',
        sampleCount: summary.samples.length,
        snpCount: summary.snpCount,
        traitCodes: staged.traitCodes,
        commonSamples: summary.commonSamples,
        phenotypedSamples: summary.phenotypedSamples,
        qc: summary.qc,
        traits: summary.traits,
        samples: summary.samples,
        phenotypedIds: summary.phenotypedIds,
        markers: summary.markers,
        phenotypeFileId: files.phenotypeFileId,
        genotypeFileId: files.genotypeFileId,
        phenotypeFileName: staged.phenotype.name,
        genotypeFileName: staged.genotype.name,
        pedigreeFileId: files.pedigreeFileId ?? null,
        pedigreeFileName: summary.hybrids ? (staged.pedigree?.name ?? null) : null,
        hybrids: summary.hybrids ?? null,
        origin,
        cropId: ctx.cropId,
        buildId: currentBuildId,
        ...createdStamp(ctx),
      })
      .returning({ id: gsDataset.id });
    return getDataset(db, ctx, row.id);
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('GS_NAME_EXISTS', { name: staged.fields.name });
    throw err;
  }
}

export async function datasetNameFree(db: DbOrTx, ctx: RequestContext, name: string): Promise<void> {
  const [row] = await db
    .select({ id: gsDataset.id })
    .from(gsDataset)
    .where(and(inOrg(gsDataset, ctx), eq(gsDataset.name, name)));
  if (row) throw conflict('GS_NAME_EXISTS', { name });
}

export async function updateDataset(db: DbOrTx, ctx: RequestContext, body: UpdateParsed): Promise<DatasetRow> {
  await getDatasetRecord(db, ctx, body.id);
  try {
    await db
      .update(gsDataset)
      .set({ name: body.name, description: body.description || null, ...updatedStamp(ctx) })
      .where(and(inOrg(gsDataset, ctx), eq(gsDataset.id, body.id)));
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('GS_NAME_EXISTS', { name: body.name });
    throw err;
  }
  return getDataset(db, ctx, body.id);
}

/** Deletes a dataset with its models and predictions (refused while one of its models trains) and its stored files. */
export async function deleteDataset(db: Db, storage: ObjectStorage, ctx: RequestContext, id: number): Promise<void> {
  const rec = await getDatasetRecord(db, ctx, id);
  const keys = await db.transaction(async (tx) => {
    const running = await tx
      .select({ id: gsModel.id })
      .from(gsModel)
      .innerJoin(sysTask, eq(sysTask.id, gsModel.taskId))
      .where(and(eq(gsModel.datasetId, id), inArray(sysTask.status, ['queued', 'running', 'retrying'])));
    const gcaRunning = await tx
      .select({ id: gsGca.id })
      .from(gsGca)
      .innerJoin(sysTask, eq(sysTask.id, gsGca.taskId))
      .where(and(eq(gsGca.datasetId, id), inArray(sysTask.status, ['queued', 'running', 'retrying'])));
    if (running.length || gcaRunning.length) throw conflict('GS_DATASET_IN_USE', { name: rec.name });
    await tx.delete(gsDataset).where(and(inOrg(gsDataset, ctx), eq(gsDataset.id, id)));
    const files = await tx
      .delete(sysFile)
      .where(
        and(
          eq(sysFile.orgId, requireOrg(ctx)),
          inArray(sysFile.id, [rec.phenotypeFileId, rec.genotypeFileId, ...(rec.pedigreeFileId ? [rec.pedigreeFileId] : [])]),
        ),
      )
      .returning({ key: sysFile.storageKey });
    return files.map((f) => f.key);
  });
  for (const key of keys) await storage.delete(key).catch(() => undefined);
}

/** The phenotype template: the sample column (hybrids: the hybrid column), then one column per trait code; or the hybrid pedigree template. */
export function phenotypeTemplate(traitCodes: string[] | undefined, type: 'inbred' | 'hybrid' | 'pedigree' = 'inbred'): string {
  if (type === 'pedigree') return 'hybrid,female,male\n';
  const traits = traitCodes?.length ? traitCodes : ['trait1', 'trait2'];
  return `${type === 'hybrid' ? 'hybrid' : 'sample'},${traits.join(',')}\n`;
}

export async function removeStaged(...paths: string[]) {
  for (const p of paths) await fsp.rm(p, { force: true });
}
export const baseName = (p: string) => path.basename(p);
