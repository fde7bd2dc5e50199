import fs from 'node:fs';
import path from 'node:path';
import { fitTrait, readGenotypeCsv, readPhenotypes, readPlink } from '@breedwise/genomics';
import type { Db, DbOrTx } from '../../db/client';
import type { SeedDeps, SeedOrg } from '../../platform/module';
import { storeStagedFile, taskContext } from '../common';
import { insertDataset } from './dataset/dataset.service';
import { inspectHybridDataset } from './hybrid/hybrid-dataset';
import { computeGca } from './hybrid/hybrid.job';
import { storeComposedDataset } from './dataset/compose.service';
import { plinkZip } from './gs-fixtures';
import { workDir } from './gs-files';
import { gsGca, gsModel, gsPredict, type PredictResult } from './gs.tables';
import { modelResult } from './model/model.job';

// drizzle-kit loads the modules as CommonJS, where import.meta is empty and __dirname is the folder.
const here = import.meta.dirname ?? __dirname;
/** The BGLR wheat set the repository holds (599 lines x 1,279 DArT markers, grain yield in 4 environments). */
export const DEMO_WHEAT_DIR = path.resolve(here, '../../../../../packages/genomics/test-data/wheat');
const TRAITS = ['GY_E1', 'GY_E2', 'GY_E4', 'GY_E5'];
/** The small Technow maize hybrid set (30 dent x 25 flint parents, 1,774 SNPs, 324 hybrids with GY and GM). */
export const DEMO_HYBRID_DIR = path.resolve(here, '../../../../../packages/genomics/test-data/hybrid/small');
export const DEMO_HYBRID_NAME = '玉米 Technow 杂交种示范';
export const DEMO_GCA_NAME = '玉米 GY 配合力示范';

/**
 * The demo's genomic selection: the wheat set as a dataset of the wheat crop (checked and stored by the
 * same path as an upload), a GBLUP model on GY_E1 trained with 5-fold CV (about a second on this panel,
 * so it is fitted here by the engine exactly as the training job fits it) and an inbred prediction of 100
 * lines. Needs file storage: without it (the tests' template database) the module seeds nothing.
 */
export async function seedGsDemo(db: DbOrTx, org: SeedOrg, deps?: SeedDeps): Promise<void> {
  await seedWheatDemo(db, org, deps);
  await seedHybridDemo(db, org, deps);
}

async function seedWheatDemo(db: DbOrTx, org: SeedOrg, deps?: SeedDeps): Promise<void> {
  const wheat = org.crops.wheat;
  const admin = org.users.admin;
  if (!deps || !wheat || !admin || !fs.existsSync(path.join(DEMO_WHEAT_DIR, 'wheat_X.csv.gz'))) return;
  const ctx = taskContext({ orgId: org.orgId, createdBy: admin }, 'zh-CN', wheat);
  const w = await workDir(deps.config.dataDir);
  try {
    const g = readGenotypeCsv(path.join(DEMO_WHEAT_DIR, 'wheat_X.csv.gz'), 'inbred01');
    const genotype = { path: path.join(w.dir, 'wheat_demo.zip'), name: 'wheat_demo.zip' };
    fs.writeFileSync(genotype.path, plinkZip(g, 'wheat_demo'));
    const lines = fs.readFileSync(path.join(DEMO_WHEAT_DIR, 'wheat_Y.csv'), 'utf8').trim().split(/\r?\n/);
    const phenotype = { path: path.join(w.dir, 'wheat_demo_pheno.csv'), name: 'wheat_demo_pheno.csv' };
    fs.writeFileSync(phenotype.path, [`sample,${TRAITS.join(',')}`, ...lines.slice(1).map((l) => l.replace(/"/g, ''))].join('\n') + '\n');
    // Read before storing: the store moves the staged files into the storage.
    const genotypes = readPlink(genotype.path);
    const phenotypes = readPhenotypes(phenotype.path, { trait: 'GY_E1' });
    const fileDeps = { db: db as Db, storage: deps.storage, config: deps.config };
    const { row: ds } = await storeComposedDataset(
      fileDeps,
      ctx,
      {
        fields: { name: '小麦 599 示范数据集', description: 'BGLR 小麦：599 个品系 × 1,279 个 DArT 标记', type: 'inbred' },
        traitCodes: TRAITS,
        phenotype,
        genotype,
      },
      'upload',
      'zh-CN',
    );
    const fit = await fitTrait({
      genotypes,
      phenotypes,
      model: 'gblup',
      cv: { k: 5, seed: 123 },
    });
    const result = modelResult(fit, 'gblup');
    const cv = fit.cv!;
    const stamp = { orgId: org.orgId, createdBy: admin, updatedBy: admin };
    const [model] = await db
      .insert(gsModel)
      .values({
        ...stamp,
        name: '小麦 GBLUP 示范',
        datasetId: ds.id,
        traitCode: 'GY_E1',
        algorithm: 'gblup',
        folds: 5,
        seed: 123,
        iter: 6000,
        burnin: 1000,
        finished: true,
        favorite: true,
        accuracy: cv.meanR,
        mse: cv.meanMSE,
        rmse: cv.meanRMSE,
        h2: fit.h2,
        result,
      })
      .returning({ id: gsModel.id });
    // The prediction job's computation: the model's GEBVs of the test group.
    const testGroup = g.samples.slice(0, 100);
    const gebv = new Map(result.gebv.map((x) => [x.id, x.value]));
    const predicted: PredictResult = { traits: ['GY_E1'], rows: testGroup.map((id) => ({ id, values: { GY_E1: gebv.get(id) ?? null } })) };
    await db.insert(gsPredict).values({
      ...stamp,
      name: '小麦 GEBV 示范',
      datasetId: ds.id,
      modelIds: [model.id],
      sampleCodes: testGroup,
      finished: true,
      result: predicted,
    });
  } finally {
    await w.done();
  }
}

/**
 * The demo's hybrid prediction: the Technow maize subset (dent parents pool 1, flint parents pool 2) as a
 * hybrid dataset of the maize crop, checked and stored as an upload is, and a finished GCA task of grain
 * yield (GCA + SCA, AI-REML) whose result is computed here by the GCA job's own computation (`computeGca`,
 * about a second on this set), so no job is queued.
 */
async function seedHybridDemo(db: DbOrTx, org: SeedOrg, deps?: SeedDeps): Promise<void> {
  const maize = org.crops.maize;
  const admin = org.users.admin;
  if (!deps || !maize || !admin || !fs.existsSync(path.join(DEMO_HYBRID_DIR, 'hybrid_parents.zip'))) return;
  const ctx = taskContext({ orgId: org.orgId, createdBy: admin }, 'zh-CN', maize);
  const w = await workDir(deps.config.dataDir);
  try {
    const stage = (name: string) => {
      const target = path.join(w.dir, name);
      fs.copyFileSync(path.join(DEMO_HYBRID_DIR, name), target);
      return { path: target, name };
    };
    const phenotype = stage('hybrid_pheno.csv');
    const genotype = stage('hybrid_parents.zip');
    const pedigree = stage('hybrid_pedigree.csv');
    const staged = {
      fields: { name: DEMO_HYBRID_NAME, description: 'Technow 等：30 个马齿 × 25 个硬粒亲本，324 个杂交种', type: 'hybrid' as const },
      traitCodes: ['GY', 'GM'],
      phenotype,
      genotype,
      pedigree,
    };
    const summary = inspectHybridDataset(staged);
    const gca = { traitCode: 'GY', sca: true, method: 'ai-reml' as const, fixed: [] as string[] };
    // Computed before storing: the store moves the staged files into the storage.
    const result = await computeGca(
      { genoPath: genotype.path, phenoPath: phenotype.path, pedigree: summary.hybrids, ...gca },
      { log: async () => undefined, progress: async () => undefined, locale: 'zh-CN' },
    );
    const fileDeps = { db: db as Db, storage: deps.storage, config: deps.config };
    const pheno = await storeStagedFile(fileDeps, ctx, phenotype.path, { originalName: phenotype.name, kind: 'text', businessType: 'gs-phenotype' });
    const geno = await storeStagedFile(fileDeps, ctx, genotype.path, { originalName: genotype.name, kind: 'archive', businessType: 'gs-genotype' });
    const ped = await storeStagedFile(fileDeps, ctx, pedigree.path, { originalName: pedigree.name, kind: 'text', businessType: 'gs-pedigree' });
    const ds = await insertDataset(db as Db, ctx, staged, summary, { phenotypeFileId: pheno.fileId, genotypeFileId: geno.fileId, pedigreeFileId: ped.fileId });
    await db.insert(gsGca).values({
      orgId: org.orgId,
      createdBy: admin,
      updatedBy: admin,
      name: DEMO_GCA_NAME,
      datasetId: ds.id,
      traitCode: gca.traitCode,
      sca: gca.sca,
      method: gca.method,
      fixedEffects: gca.fixed,
      finished: true,
      result,
    });
  } finally {
    await w.done();
  }
}
