import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { and, asc, eq, sql } from 'drizzle-orm';
import { zipSync } from 'fflate';
import { MISSING, encodeBed, phenotypesFromTable, readCsvTable, readPlink, readPlinkMap, type Genotypes } from '@breedwise/genomics';
import type { z } from 'zod';
import type { DatasetByMerge, DatasetBySystem, DatasetComposed, SystemSourcesData } from '@breedwise/contracts/gs';
import type { Locale } from '@breedwise/contracts';
import type { DbOrTx } from '../../../db/client';
import type { RequestContext } from '../../../platform/context';
import { AppError } from '../../../platform/errors';
import { inOrg } from '../../../platform/tenant';
import { storeStagedFile, type FileDeps } from '../../common';
import { existingAccessions } from '../../germ';
import { analysedEntryValues, phenoAnalysis, phenoVariable } from '../../pheno';
import { fetchStored, gsRefusal, workDir } from '../gs-files';
import { datasetNameFree, getDatasetRecord, inspectDataset, insertDataset, type StagedDataset } from './dataset.service';

type Record_ = Awaited<ReturnType<typeof getDatasetRecord>>;
type Notes = DatasetComposed['notes'];

function requireCropId(ctx: RequestContext): number {
  if (ctx.cropId === null) throw new AppError(400, 'GS_CROP_REQUIRED');
  return ctx.cropId;
}

/** A dataset of the caller's organisation (datasets are the organisation's; the crop each records is checked by the callers). */
const datasetOf = (db: DbOrTx, ctx: RequestContext, id: number): Promise<Record_> => getDatasetRecord(db, ctx, id);

/**
 * Checks staged files with the engine exactly as an upload is checked (spec-5 rules), stores them and
 * records the dataset. Shared by createBySystem, createByMerge and the demo data.
 */
export async function storeComposedDataset(deps: FileDeps, ctx: RequestContext, staged: StagedDataset, origin: 'upload' | 'system' | 'merge', locale: Locale) {
  let summary: ReturnType<typeof inspectDataset>;
  try {
    summary = inspectDataset(staged);
  } catch (err) {
    throw gsRefusal(err, locale);
  }
  const pheno = await storeStagedFile(deps, ctx, staged.phenotype.path, { originalName: staged.phenotype.name, kind: 'text', businessType: 'gs-phenotype' });
  const geno = await storeStagedFile(deps, ctx, staged.genotype.path, { originalName: staged.genotype.name, kind: 'archive', businessType: 'gs-genotype' });
  const row = await insertDataset(deps.db, ctx, staged, summary, { phenotypeFileId: pheno.fileId, genotypeFileId: geno.fileId }, origin);
  return { row, summary };
}

const csvCell = (v: number | undefined) => (v === undefined || !Number.isFinite(v) ? 'NA' : String(v));

function writePhenotypeCsv(file: string, traits: string[], samples: string[], values: Map<string, Map<string, number>>) {
  const lines = [['sample', ...traits].join(',')];
  for (const s of samples) lines.push([s, ...traits.map((t) => csvCell(values.get(s)?.get(t)))].join(','));
  fs.writeFileSync(file, `${lines.join('\n')}\n`);
}

// ---- createBySystem ------------------------------------------------------------------------------------

/** Experiments of the current crop with saved analyses, with the analysed traits (the form's choices). */
export async function systemSources(db: DbOrTx, ctx: RequestContext): Promise<SystemSourcesData> {
  const cropId = requireCropId(ctx);
  const exp = (col: string) => sql.raw(`(select e.${col} from doe_experiment e where e.id = "pheno_analysis"."experiment_id")`);
  const rows = await db
    .selectDistinct({
      experimentId: phenoAnalysis.experimentId,
      code: sql<string>`${exp('code')}`,
      name: sql<string>`${exp('name')}`,
      year: sql<number | null>`${exp('year')}`,
      traitCode: phenoVariable.code,
      trait: phenoVariable.trait,
    })
    .from(phenoAnalysis)
    .innerJoin(phenoVariable, eq(phenoVariable.id, phenoAnalysis.variableId))
    .where(and(inOrg(phenoAnalysis, ctx), eq(phenoVariable.cropId, cropId)))
    .orderBy(asc(phenoAnalysis.experimentId), asc(phenoVariable.code))
    .limit(5000);
  const out = new Map<number, SystemSourcesData[number]>();
  for (const r of rows) {
    const e = out.get(r.experimentId) ?? {
      experimentId: r.experimentId,
      code: r.code,
      name: r.name,
      year: r.year === null ? null : Number(r.year),
      traits: [],
    };
    e.traits.push({ code: r.traitCode, trait: r.trait });
    out.set(r.experimentId, e);
  }
  return [...out.values()].sort((a, b) => (b.year ?? 0) - (a.year ?? 0) || a.code.localeCompare(b.code));
}

/**
 * createBySystem: per chosen experiment (every site), the saved single-trial analysis' entry BLUEs (or
 * BLUPs) of the chosen traits; an entry is matched to a panel sample when its name is the sample code, or
 * when it names a germplasm record of the crop whose accession number is the sample code. A sample seen in
 * several experiments or sites gets the mean of its values. The panel is the PLINK file of an existing
 * dataset (the platform keeps genotype panels with their datasets); it is copied into the new dataset.
 */
export async function createBySystem(deps: FileDeps, ctx: RequestContext, body: z.output<typeof DatasetBySystem>): Promise<DatasetComposed> {
  const { db } = deps;
  const cropId = requireCropId(ctx);
  const panel = await datasetOf(db, ctx, body.panelDatasetId);
  if (panel.cropId !== null && panel.cropId !== cropId) throw new AppError(400, 'GS_PANEL_OTHER_CROP', { panel: panel.name });
  await datasetNameFree(db, ctx, body.name);
  const samples = new Set(panel.samples);
  // Entry names that are germplasm names of the crop whose accession is a panel sample.
  const byName = new Map<string, string | null>();
  for (const [accession, g] of await existingAccessions(db, ctx, panel.samples)) byName.set(g.name, byName.has(g.name) ? null : accession);
  const analysed = new Set<string>();
  const values = new Map<string, Map<string, number[]>>();
  const unmatched = new Set<string>();
  for (const experimentId of body.experimentIds) {
    for (let site = 1; site <= 50; site++) {
      const res = await analysedEntryValues(db, ctx, { experimentId, source: body.source, site });
      if (!res.traits.length) break;
      for (const t of res.traits) analysed.add(t);
      const wanted = body.traitCodes.filter((t) => res.traits.includes(t));
      if (!wanted.length) continue;
      for (const row of res.rows) {
        const sample = samples.has(row.name) ? row.name : (byName.get(row.name) ?? null);
        if (!sample) {
          unmatched.add(row.name);
          continue;
        }
        const per = values.get(sample) ?? new Map<string, number[]>();
        for (const t of wanted) {
          const v = row.values[t];
          if (v !== null && v !== undefined && Number.isFinite(v)) per.set(t, [...(per.get(t) ?? []), v]);
        }
        if (per.size) values.set(sample, per);
      }
    }
  }
  for (const trait of body.traitCodes) if (!analysed.has(trait)) throw new AppError(400, 'GS_SYSTEM_TRAIT_NOT_ANALYSED', { trait });
  if (!values.size) throw new AppError(400, 'GS_SYSTEM_NO_OVERLAP', { panel: panel.name });
  const means = new Map<string, Map<string, number>>();
  for (const [s, per] of values) means.set(s, new Map([...per].map(([t, v]) => [t, v.reduce((a, b) => a + b, 0) / v.length])));
  const w = await workDir(deps.config.dataDir);
  try {
    const phenotype = { path: path.join(w.dir, 'system_phenotype.csv'), name: 'system_phenotype.csv' };
    writePhenotypeCsv(
      phenotype.path,
      body.traitCodes,
      panel.samples.filter((s) => means.has(s)),
      means,
    );
    await fsp.mkdir(path.join(w.dir, 'geno'));
    const genotype = {
      path: await fetchStored(db, deps.storage, panel.genotypeFileId, path.join(w.dir, 'geno'), panel.genotypeFileName),
      name: panel.genotypeFileName,
    };
    const staged: StagedDataset = {
      fields: { name: body.name, description: body.description, type: 'inbred' },
      traitCodes: body.traitCodes,
      phenotype,
      genotype,
    };
    const { row, summary } = await storeComposedDataset(deps, ctx, staged, 'system', ctx.locale);
    const notes: Notes = {
      samples: summary.samples.length,
      matched: means.size,
      unmatched: [...unmatched].slice(0, 200),
      markers: summary.snpCount,
      markersDropped: 0,
    };
    return { ...row, notes };
  } finally {
    await w.done();
  }
}

// ---- createByMerge -------------------------------------------------------------------------------------

interface Bim {
  chr: string[];
  pos: number[];
  a1: string[];
  a2: string[];
}

/** The .bim of a PLINK .zip with its alleles (only that entry is read, as a stream). */
function readBim(zipPath: string): Bim {
  const map = readPlinkMap(zipPath);
  return { chr: map.chr, pos: map.pos, a1: map.a1, a2: map.a2 };
}

/** A PLINK .zip of genotypes with their map and alleles. */
function writePlinkZip(file: string, base: string, g: Genotypes, bim: Bim) {
  const bimText = g.markers.map((m, j) => `${bim.chr[j]}\t${m}\t0\t${bim.pos[j]}\t${bim.a1[j]}\t${bim.a2[j]}`).join('\n') + '\n';
  const fam = g.samples.map((s) => `${s} ${s} 0 0 0 -9`).join('\n') + '\n';
  fs.writeFileSync(file, zipSync({ [`${base}.bed`]: encodeBed(g), [`${base}.bim`]: Buffer.from(bimText), [`${base}.fam`]: Buffer.from(fam) }));
}

async function loadSide(deps: FileDeps, rec: Record_, dir: string) {
  await fsp.mkdir(dir);
  const geno = await fetchStored(deps.db, deps.storage, rec.genotypeFileId, dir, rec.genotypeFileName);
  const pheno = await fetchStored(deps.db, deps.storage, rec.phenotypeFileId, dir, rec.phenotypeFileName);
  const g = readPlink(geno);
  const bim = readBim(geno);
  const table = readCsvTable(pheno);
  const values = new Map<string, Map<string, number>>();
  for (const trait of rec.traitCodes) {
    for (const r of phenotypesFromTable(table, { trait }).records) {
      if (Number.isNaN(r.value)) continue;
      const per = values.get(r.id) ?? new Map<string, number>();
      per.set(trait, r.value);
      values.set(r.id, per);
    }
  }
  return { g, bim, values };
}

/**
 * createByMerge: two datasets of one crop, type and genome build. Markers are matched by name and must
 * agree on chromosome and position (alleles swapped are recoded; other alleles refuse); markers only one
 * dataset has are dropped (the notes say how many). Samples are the first dataset's, then the second's
 * new ones; a sample in both keeps the first dataset's genotypes, and each trait value comes from the first
 * dataset unless it is missing there. Traits are the union of both.
 */
export async function createByMerge(deps: FileDeps, ctx: RequestContext, body: z.output<typeof DatasetByMerge>): Promise<DatasetComposed> {
  const { db } = deps;
  const [idA, idB] = body.datasetIds;
  if (idA === idB)
    throw new AppError(400, 'GS_MERGE_SAME_DATASET', {}, { errors: [{ field: 'datasetIds', rule: 'distinct', message: 'GS_MERGE_SAME_DATASET' }] });
  const a = await datasetOf(db, ctx, idA);
  const b = await datasetOf(db, ctx, idB);
  const names = { a: a.name, b: b.name };
  if (a.type !== b.type) throw new AppError(400, 'GS_MERGE_TYPE_DIFFERS', names);
  // A hybrid dataset's pedigree (each hybrid's parents in two pools) would have to be merged as well: not offered.
  if (a.type === 'hybrid') throw new AppError(400, 'GS_MERGE_HYBRID', names);
  if (a.cropId !== null && b.cropId !== null && a.cropId !== b.cropId) throw new AppError(400, 'GS_MERGE_CROP_DIFFERS', names);
  if (a.buildId !== null && b.buildId !== null && a.buildId !== b.buildId) throw new AppError(400, 'GS_MERGE_BUILD_DIFFERS', names);
  await datasetNameFree(db, ctx, body.name);
  const w = await workDir(deps.config.dataDir);
  try {
    const A = await loadSide(deps, a, path.join(w.dir, 'a'));
    const B = await loadSide(deps, b, path.join(w.dir, 'b'));
    const indexB = new Map(B.g.markers.map((m, j) => [m, j]));
    const common: Array<{ ja: number; jb: number; flip: boolean }> = [];
    A.g.markers.forEach((m, ja) => {
      const jb = indexB.get(m);
      if (jb === undefined) return;
      if (A.bim.chr[ja] !== B.bim.chr[jb] || A.bim.pos[ja] !== B.bim.pos[jb]) {
        throw new AppError(400, 'GS_MERGE_MAP_DIFFERS', { marker: m, a: `${A.bim.chr[ja]}:${A.bim.pos[ja]}`, b: `${B.bim.chr[jb]}:${B.bim.pos[jb]}` });
      }
      const same = A.bim.a1[ja] === B.bim.a1[jb] && A.bim.a2[ja] === B.bim.a2[jb];
      const swapped = A.bim.a1[ja] === B.bim.a2[jb] && A.bim.a2[ja] === B.bim.a1[jb];
      if (!same && !swapped) {
        throw new AppError(400, 'GS_MERGE_ALLELES_DIFFER', { marker: m, a: `${A.bim.a1[ja]}/${A.bim.a2[ja]}`, b: `${B.bim.a1[jb]}/${B.bim.a2[jb]}` });
      }
      common.push({ ja, jb, flip: swapped && !same });
    });
    if (!common.length) throw new AppError(400, 'GS_MERGE_NO_COMMON_MARKERS', names);
    const inA = new Set(A.g.samples);
    const extra = B.g.samples.map((s, ib) => ({ s, ib })).filter((x) => !inA.has(x.s));
    const samples = [...A.g.samples, ...extra.map((x) => x.s)];
    const nA = A.g.samples.length;
    const nB = B.g.samples.length;
    const n = samples.length;
    const codes = new Int8Array(common.length * n);
    common.forEach(({ ja, jb, flip }, k) => {
      codes.set(A.g.codes.subarray(ja * nA, ja * nA + nA), k * n);
      extra.forEach(({ ib }, e) => {
        const c = B.g.codes[jb * nB + ib];
        codes[k * n + nA + e] = flip && c !== MISSING ? 2 - c : c;
      });
    });
    const merged: Genotypes = { samples, markers: common.map((c) => A.g.markers[c.ja]), codes };
    const bim: Bim = {
      chr: common.map((c) => A.bim.chr[c.ja]),
      pos: common.map((c) => A.bim.pos[c.ja]),
      a1: common.map((c) => A.bim.a1[c.ja]),
      a2: common.map((c) => A.bim.a2[c.ja]),
    };
    const traits = [...a.traitCodes, ...b.traitCodes.filter((t) => !a.traitCodes.includes(t))];
    const values = new Map<string, Map<string, number>>();
    for (const s of samples) {
      const per = new Map<string, number>();
      for (const t of traits) {
        const v = A.values.get(s)?.get(t) ?? B.values.get(s)?.get(t);
        if (v !== undefined) per.set(t, v);
      }
      if (per.size) values.set(s, per);
    }
    const phenotype = { path: path.join(w.dir, 'merged_phenotype.csv'), name: 'merged_phenotype.csv' };
    writePhenotypeCsv(
      phenotype.path,
      traits,
      samples.filter((s) => values.has(s)),
      values,
    );
    const genotype = { path: path.join(w.dir, 'merged.zip'), name: 'merged.zip' };
    writePlinkZip(genotype.path, 'merged', merged, bim);
    const staged: StagedDataset = { fields: { name: body.name, description: body.description, type: 'inbred' }, traitCodes: traits, phenotype, genotype };
    const { row, summary } = await storeComposedDataset(deps, ctx, staged, 'merge', ctx.locale);
    const notes: Notes = {
      samples: summary.samples.length,
      matched: nB - extra.length,
      unmatched: [],
      markers: common.length,
      markersDropped: A.g.markers.length + B.g.markers.length - 2 * common.length,
    };
    return { ...row, notes };
  } finally {
    await w.done();
  }
}
