import { beforeAll, describe, expect, it } from 'vitest';
import { crossValidate } from '../cv.js';
import { readGenotypeCsv, readMatrixCsv } from '../io/csv.js';
import { readFoldFile, readPhenotypes } from '../io/pheno.js';
import { pearson } from '../linalg/dense.js';
import { markerDistances, vanRadenG, type RelationshipMatrix } from '../relationship.js';
import type { Genotypes } from '../genotype.js';
import { readRefCsv, relErr, testData } from '../test/fixtures.js';
import { fitGblup, fitRrblup, gblupTrainer, rkhsTrainer } from './gblup.js';
import { matchRecords } from './kernel-model.js';

// BGLR's wheat set against rrBLUP 4.6.3 (reference values from test-data/wheat and its README table).
const TRAITS = ['1', '2', '4', '5'];
let g: Genotypes;
let K: RelationshipMatrix;
const pheno = (trait: string) => readPhenotypes(testData('wheat/wheat_Y.csv'), { trait });

beforeAll(async () => {
  g = readGenotypeCsv(testData('wheat/wheat_X.csv.gz'), 'inbred01');
  K = await vanRadenG(g);
});

describe('wheat: VanRaden G against rrBLUP A.mat(2X-1)', () => {
  it('matches every element to 1e-9', () => {
    const ref = readRefCsv('wheat/ref_Amat_2Xm1.csv.gz');
    const n = g.samples.length;
    expect(ref.length - 1).toBe(n);
    let worst = 0;
    let diag = 0;
    for (let i = 0; i < n; i++) {
      expect(ref[i + 1][0]).toBe(K.ids[i]);
      for (let l = 0; l < n; l++) worst = Math.max(worst, Math.abs(Number(ref[i + 1][l + 1]) - K.values[i * n + l]));
      diag += K.values[i * n + i];
    }
    expect(worst).toBeLessThan(1e-9);
    expect(diag / n).toBeCloseTo(2, 12);
    expect(K.values[0]).toBeCloseTo(2.31422081, 8);
    expect(K.values[1]).toBeCloseTo(0.2300652491, 10);
  });
});

describe('wheat: GBLUP REML against mixed.solve', () => {
  it('trait 1: Vu, Ve, beta, logLik, h2 and GEBVs', async () => {
    const fit = await fitGblup(K, pheno('1'));
    expect(relErr(fit.varU, 0.3014842767)).toBeLessThan(1e-6);
    expect(relErr(fit.varE, 0.540997722)).toBeLessThan(1e-6);
    expect(relErr(fit.logLik, -788.458062)).toBeLessThan(1e-6);
    expect(Math.abs(fit.beta[0].value)).toBeLessThan(1e-10);
    expect(fit.h2).toBeCloseTo(0.357852, 6);
    const ref = readRefCsv('wheat/ref_gblup_gebv_trait1.csv').slice(1);
    const byId = new Map(fit.gebv.map((x) => [x.id, x.value]));
    const ours = ref.map((r) => byId.get(r[0])!);
    const theirs = ref.map((r) => Number(r[1]));
    expect(pearson(ours, theirs)).toBeGreaterThan(0.999999);
    for (let i = 0; i < ref.length; i++) expect(Math.abs(ours[i] - theirs[i])).toBeLessThan(1e-6);
  });

  it.each([
    ['2', 0.26751265, 0.56510489],
    ['4', 0.21582117, 0.65238862],
    ['5', 0.24427906, 0.59155258],
  ])('trait %s: Vu and Ve', async (trait, vu, ve) => {
    const fit = await fitGblup(K, pheno(trait));
    // The README gives these to 8 decimals, which is all the relative precision they carry.
    expect(relErr(fit.varU, vu)).toBeLessThan(2e-7);
    expect(relErr(fit.varE, ve)).toBeLessThan(2e-7);
  });
});

describe('wheat: marker ridge regression against mixed.solve(Z = markers)', () => {
  it('Z = X (0/1): Vu, Ve, beta', async () => {
    const fit = await fitRrblup(g, pheno('1'), { coding: 'inbred01' });
    expect(relErr(fit.varU, 0.002829028236)).toBeLessThan(1e-6);
    expect(relErr(fit.varE, 0.5409986491)).toBeLessThan(1e-6);
    expect(relErr(fit.beta[0].value, -1.245905534)).toBeLessThan(1e-6);
    const ref = readRefCsv('wheat/ref_rrblup_marker_effects_trait1.csv').slice(1);
    const byId = new Map(fit.markerEffects.map((x) => [x.id, x.value]));
    expect(
      pearson(
        ref.map((r) => byId.get(r[0])!),
        ref.map((r) => Number(r[1])),
      ),
    ).toBeGreaterThan(0.999999);
  });

  it('Z = 2X-1: Vu, Ve, beta; GEBVs equal GBLUP', async () => {
    const fit = await fitRrblup(g, pheno('1'), { coding: 'minus101' });
    expect(relErr(fit.varU, 0.0007072570647)).toBeLessThan(1e-6);
    expect(relErr(fit.varE, 0.5409986475)).toBeLessThan(1e-6);
    expect(relErr(fit.beta[0].value, -0.7559702815)).toBeLessThan(1e-6);
    const gblup = await fitGblup(K, pheno('1'));
    expect(
      pearson(
        fit.gebv.map((x) => x.value),
        gblup.gebv.map((x) => x.value),
      ),
    ).toBeGreaterThan(0.9999999);
  });

  it('Z = 2X-1 by ML: Vu, Ve, logLik', async () => {
    const fit = await fitRrblup(g, pheno('1'), { coding: 'minus101', method: 'ML' });
    expect(relErr(fit.varU, 0.0006978622271)).toBeLessThan(1e-6);
    expect(relErr(fit.varE, 0.5423303211)).toBeLessThan(1e-6);
    expect(relErr(fit.logLik, -791.6630033)).toBeLessThan(1e-6);
  });
});

describe('wheat: pedigree BLUP', () => {
  it('K = wheat A: Vu, Ve', async () => {
    const A = readMatrixCsv(testData('wheat/wheat_A_pedigree.csv.gz'));
    const fit = await fitGblup(A, pheno('1'));
    expect(relErr(fit.varU, 0.28432641)).toBeLessThan(2e-7);
    expect(relErr(fit.varE, 0.56254002)).toBeLessThan(2e-7);
  });
});

describe('wheat: cross-validation with re-fitted GBLUP', () => {
  const folds5 = () => readFoldFile(testData('wheat/wheat_fold5_seed123.csv'));

  it('5-fold trait 1: r per fold to 4 decimals and the reference predictions', async () => {
    const ph = pheno('1');
    const cv = await crossValidate(matchRecords(K.ids, ph), K.ids, folds5(), gblupTrainer(K));
    expect(cv.folds.map((f) => f.r.toFixed(4))).toEqual(['0.5826', '0.4998', '0.4223', '0.6896', '0.2735']);
    expect(cv.meanR).toBeCloseTo(0.493539, 6);
    const ref = readRefCsv('wheat/ref_gblup_cv5_trait1_predictions.csv').slice(1);
    const byId = new Map(cv.predictions.map((p) => [p.id, p.predicted]));
    expect(
      pearson(
        ref.map((r) => byId.get(r[0])!),
        ref.map((r) => Number(r[2])),
      ),
    ).toBeGreaterThan(0.999999);
  });

  it.each([
    ['2', 0.475103],
    ['4', 0.34751],
    ['5', 0.452629],
  ])('5-fold trait %s: mean r', async (trait, meanR) => {
    const cv = await crossValidate(matchRecords(K.ids, pheno(trait)), K.ids, folds5(), gblupTrainer(K));
    expect(cv.meanR).toBeCloseTo(meanR, 6);
  });

  it('10-fold BGLR sets: mean r for the four traits', async () => {
    const sets = readFoldFile(testData('wheat/wheat_sets10.csv'));
    const want = [0.512031, 0.480765, 0.384956, 0.47831];
    for (const [t, trait] of TRAITS.entries()) {
      const cv = await crossValidate(matchRecords(K.ids, pheno(trait)), K.ids, sets, gblupTrainer(K));
      expect(cv.meanR).toBeCloseTo(want[t], 6);
    }
  });

  it('Gaussian kernel (kinship.BLUP GAUSS): fold 1 r', async () => {
    const D = await markerDistances(g);
    const folds = new Map([...folds5()].map(([id, f]) => [id, f === 1 ? 1 : 2]));
    const cv = await crossValidate(matchRecords(K.ids, pheno('1')), K.ids, folds, rkhsTrainer(D, K.ids));
    expect(cv.folds[0].r).toBeCloseTo(0.616907, 6);
  });
});
