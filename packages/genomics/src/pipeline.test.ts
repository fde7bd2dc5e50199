import { describe, expect, it } from 'vitest';
import { randomFolds } from './cv.js';
import { readGenotypeCsv } from './io/csv.js';
import { readPhenotypes } from './io/pheno.js';
import { fitTrait } from './pipeline.js';
import { predictGebv } from './predict.js';
import { selectMarkers, selectSamples } from './genotype.js';
import { testData } from './test/fixtures.js';

describe('fitTrait', () => {
  const genotypes = readGenotypeCsv(testData('wheat/wheat_X.csv.gz'), 'inbred01');
  const phenotypes = readPhenotypes(testData('wheat/wheat_Y.csv'), { trait: '2' });

  it('seeded folds are balanced and reproducible', () => {
    const ids = genotypes.samples;
    const a = randomFolds(ids, 5, 42);
    expect(randomFolds(ids, 5, 42)).toEqual(a);
    expect(randomFolds(ids, 5, 43)).not.toEqual(a);
    const sizes = [1, 2, 3, 4, 5].map((f) => [...a.values()].filter((v) => v === f).length);
    expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
  });

  it('GBLUP with seeded CV reports progress in order, the spec output shape and QC', async () => {
    const seen: number[] = [];
    const out = await fitTrait({ genotypes, phenotypes, model: 'gblup', cv: { k: 5, seed: 1 }, qc: { maf: 0.05 } }, { onProgress: (f) => seen.push(f) });
    expect(Object.keys(out).slice(0, 11)).toEqual(['model', 'trait', 'n', 'm', 'varU', 'varE', 'h2', 'beta', 'betaNames', 'logLik', 'gebv']);
    expect(out.n).toBe(599);
    expect(out.m).toBe(out.qc!.markersOut);
    expect(out.qc!.removedMaf).toBeGreaterThan(0);
    expect(out.cv!.folds).toHaveLength(5);
    expect(out.cv!.meanR).toBeGreaterThan(0.35);
    for (let i = 1; i < seen.length; i++) expect(seen[i]).toBeGreaterThanOrEqual(seen[i - 1]);
    expect(seen.at(-1)).toBe(1);
  });

  it('RR-BLUP gives marker effects whose GEBVs match GBLUP; RKHS profiles the bandwidth', async () => {
    const rr = await fitTrait({ genotypes, phenotypes, model: 'rrblup' });
    expect(rr.markerEffects).toHaveLength(1279);
    const gb = await fitTrait({ genotypes, phenotypes, model: 'gblup' });
    const a = rr.gebv.map((x) => x.value);
    const b = gb.gebv.map((x) => x.value);
    const ma = a.reduce((s, v) => s + v) / a.length;
    const mb = b.reduce((s, v) => s + v) / b.length;
    let sab = 0;
    let saa = 0;
    let sbb = 0;
    a.forEach((v, i) => {
      sab += (v - ma) * (b[i] - mb);
      saa += (v - ma) ** 2;
      sbb += (b[i] - mb) ** 2;
    });
    expect(sab / Math.sqrt(saa * sbb)).toBeGreaterThan(0.99999);
    const rk = await fitTrait({ genotypes, phenotypes, model: 'rkhs' });
    expect(rk.bandwidth).toBeGreaterThan(0);
    expect(rk.bandwidth).toBeLessThanOrEqual(1);
  });

  it('the marker predictor of GBLUP, RR-BLUP and BayesC scores genotypes like the fit', async () => {
    for (const model of ['gblup', 'rrblup', 'bayesc'] as const) {
      const out = await fitTrait({ genotypes, phenotypes, model, bayes: { iter: 100, burnin: 20, seed: 2 } });
      const scored = predictGebv(genotypes, out.predictor!);
      scored.forEach((s, i) => expect(Math.abs(s.value - out.gebv[i].value)).toBeLessThan(1e-9));
    }
    const out = await fitTrait({ genotypes, phenotypes, model: 'gblup' });
    const newLines = selectSamples(genotypes, [0, 1, 2]);
    const partial = selectMarkers(
      newLines,
      Array.from({ length: 1000 }, (_, j) => j),
    );
    expect(predictGebv(partial, out.predictor!)).toHaveLength(3);
    expect(predictGebv(newLines, out.predictor!)[2].value).toBeCloseTo(out.gebv[2].value, 9);
  });

  it('aborts when the signal fires', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(fitTrait({ genotypes, phenotypes, model: 'gblup' }, { signal: controller.signal })).rejects.toMatchObject({ code: 'ABORTED' });
  });
});
