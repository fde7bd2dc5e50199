import fs from 'node:fs';
import path from 'node:path';
import { fitTrait, readGenotypeCsv, readPhenotypes, readPlink } from '@breedwise/genomics';
import type { Db, DbOrTx } from '../../db/client';
import type { SeedDeps, SeedOrg } from '../../platform/module';
import { taskContext } from '../common';
import { storeComposedDataset } from './dataset/compose.service';
import { plinkZip } from './gs-fixtures';
import { workDir } from './gs-files';
import { gsModel, gsPredict, type PredictResult } from './gs.tables';
import { modelResult } from './model/model.job';

// drizzle-kit loads the modules as CommonJS, where import.meta is empty and __dirname is the folder.
const here = import.meta.dirname ?? __dirname;
/** The BGLR wheat set the repository holds (599 lines x 1,279 DArT markers, grain yield in 4 environments). */
export const DEMO_WHEAT_DIR = path.resolve(here, '../../../../../packages/genomics/test-data/wheat');
const TRAITS = ['GY_E1', 'GY_E2', 'GY_E4', 'GY_E5'];

/**
 * The demo's genomic selection: the wheat set as a dataset of the wheat crop (checked and stored by the
 * same path as an upload), a GBLUP model on GY_E1 trained with 5-fold CV (about a second on this panel,
 * so it is fitted here by the engine exactly as the training job fits it) and an inbred prediction of 100
 * lines. Needs file storage: without it (the tests' template database) the module seeds nothing.
 */
export async function seedGsDemo(db: DbOrTx, org: SeedOrg, deps?: SeedDeps): Promise<void> {
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
