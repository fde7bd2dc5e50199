/** Structural properties and hand-computed examples, independent of the lme4 reference. */
import { describe, expect, it } from 'vitest';
import { analyseTrait, trialModel } from './analyse';
import { tQuantile } from './distributions';
import { fitReml } from './reml';
import { denseMinus2LogLik } from './test-support/dense';
import { referenceSets } from './test-support/data';
import type { PlotRecord, PlotRow } from './types';

const traitPlots = (rows: PlotRow[], trait: string): PlotRecord[] => rows.map(({ values, ...rest }) => ({ ...rest, value: values[trait] ?? null }));
const sets = referenceSets();
const set = (file: string) => sets.find((s) => s.file === file)!;

describe('hand-computed RCBD, 3 entries x 2 reps', () => {
  // rep 1: A 10, B 12, C 14; rep 2: A 11, B 15, C 16. Entry means 10.5, 13.5, 15; grand mean 13.
  // Residuals +-0.5 (A, B) and 0 (C): SSE = 1 on (3-1)(2-1) = 2 df, MSE = 0.5.
  // MS(entry) = 2 * (2.5^2 + 0.5^2 + 2^2) / 2 = 10.5, so sigma2_g = (10.5 - 0.5) / 2 = 5.
  const values: [string, number, number][] = [
    ['A', 1, 10],
    ['B', 1, 12],
    ['C', 1, 14],
    ['A', 2, 11],
    ['B', 2, 15],
    ['C', 2, 16],
  ];
  const plots: PlotRecord[] = values.map(([entry, rep, value], i) => ({ plotId: `P${i + 1}`, entry, rep, value }));
  const r = analyseTrait({ design: 'rcbd', plots, trait: 'yield' });

  it('BLUEs are the entry means with s.e. sqrt(MSE / r)', () => {
    expect(r.blues.map((b) => b.value)).toEqual([10.5, 13.5, 15].map((v) => expect.closeTo(v, 12)));
    expect(r.blues.some((b) => b.isCheck)).toBe(false);
    for (const b of r.blues) expect(b.se).toBeCloseTo(0.5, 12);
  });
  it('CV, s.e.d. and LSD by hand', () => {
    expect(r.varianceComponents).toEqual([{ name: 'Residual', value: expect.closeTo(0.5, 12) }]);
    expect(r.residualDf).toBe(2);
    expect(r.cv).toBeCloseTo((100 * Math.sqrt(0.5)) / 13, 10);
    expect(r.sed).toBeCloseTo(Math.sqrt((2 * 0.5) / 2), 12);
    expect(r.lsd).toBeCloseTo(4.3026527297494619 * Math.sqrt(0.5), 10);
  });
  it('REML on balanced data gives the ANOVA components; Cullis H2 is then sigma2_g / (sigma2_g + sigma2_e / r)', () => {
    const vc = Object.fromEntries(r.fits.blup.varianceComponents.map((v) => [v.name, v.value]));
    expect(vc.entry).toBeCloseTo(5, 8);
    expect(vc.Residual).toBeCloseTo(0.5, 8);
    expect(r.heritability).toBeCloseTo(5 / (5 + 0.5 / 2), 8);
    // BLUP = mean + shrinkage * (entry mean - mean), shrinkage = 5 / (5 + 0.25).
    const k = 5 / 5.25;
    expect(r.blups.map((b) => b.value)).toEqual([10.5, 13.5, 15].map((m) => expect.closeTo(13 + k * (m - 13), 8)));
    expect(r.blups.map((b) => b.effect)).toEqual([10.5, 13.5, 15].map((m) => expect.closeTo(k * (m - 13), 8)));
  });
});

describe('structural properties', () => {
  it('balanced RCBD: BLUEs equal the entry means', () => {
    const s = set('rcbd.csv');
    const plots = traitPlots(s.plots, 'height');
    expect(plots.every((p) => p.value !== null)).toBe(true);
    const r = analyseTrait({ design: 'rcbd', plots, trait: 'height' });
    const sums = new Map<string, number[]>();
    for (const p of plots) sums.set(String(p.entry), [...(sums.get(String(p.entry)) ?? []), p.value!]);
    for (const b of r.blues) {
      const v = sums.get(b.entry)!;
      expect(b.value).toBeCloseTo(v.reduce((a, x) => a + x, 0) / v.length, 10);
    }
  });

  it('unbalanced RCBD: BLUEs differ from raw means where plots are missing, and only there', () => {
    const s = set('rcbd.csv');
    const plots = traitPlots(s.plots, 'yield');
    const r = analyseTrait({ design: 'rcbd', plots, trait: 'yield' });
    expect(r.missing).toBe(4);
    const incomplete = r.blues.filter((b) => b.n < 3);
    expect(incomplete.length).toBeGreaterThan(0);
    for (const b of incomplete) expect(b.se).toBeGreaterThan(r.blues.find((x) => x.n === 3)!.se);
  });

  it('is equivariant: y -> a + c y moves BLUEs and BLUPs, scales variances by c^2, keeps H2 and the entry ranking', () => {
    const s = set('alpha.csv');
    const plots = traitPlots(s.plots, 'yield');
    const base = analyseTrait({ design: 'alpha', plots, trait: 'yield' });
    const moved = analyseTrait({ design: 'alpha', plots: plots.map((p) => ({ ...p, value: p.value === null ? null : 100 + 3 * p.value })), trait: 'yield' });
    base.fits.blup.varianceComponents.forEach((v, k) => expect(moved.fits.blup.varianceComponents[k].value / (9 * v.value)).toBeCloseTo(1, 7));
    base.blues.forEach((b, i) => expect(moved.blues[i].value).toBeCloseTo(100 + 3 * b.value, 6));
    base.blups.forEach((b, i) => expect(moved.blups[i].value).toBeCloseTo(100 + 3 * b.value, 6));
    expect(moved.heritability).toBeCloseTo(base.heritability, 8);
    expect(moved.lsd! / base.lsd!).toBeCloseTo(3, 7);
    // -2 logL_R shifts by (n - p) log c^2.
    expect(moved.fits.blue.minus2LogLik - base.fits.blue.minus2LogLik).toBeCloseTo((base.n - base.fits.blue.fixedEffects) * Math.log(9), 6);
  });

  it('does not depend on the order of the plots or on entry labels', () => {
    const s = set('row-column.csv');
    const plots = traitPlots(s.plots, 'yield');
    const base = analyseTrait({ design: 'row-column', plots, trait: 'yield' });
    const shuffled = [...plots].reverse().map((p) => ({ ...p, entry: `G-${p.entry}` }));
    const other = analyseTrait({ design: 'row-column', plots: shuffled, trait: 'yield' });
    const byEntry = new Map(other.blues.map((b) => [b.entry, b.value]));
    for (const b of base.blues) expect(byEntry.get(`G-${b.entry}`)).toBeCloseTo(b.value, 8);
    expect(other.heritability).toBeCloseTo(base.heritability, 8);
  });

  it('a row-column trial without intra-block residual df still gets its REML fits, but no LSD', () => {
    // 4 entries, 2 reps of 2 x 2, one plot missing: the all-fixed model (entry + rep + rep:row + rep:col)
    // has rank 7 = n, while the BLUE model (entry + rep) has 5 fixed effects.
    const layout = [
      [1, 1, 1, 'A', 5.1],
      [1, 1, 2, 'B', 6.3],
      [1, 2, 1, 'C', 4.2],
      [1, 2, 2, 'D', 5.9],
      [2, 3, 1, 'B', 6.8],
      [2, 3, 2, 'A', 5.0],
      [2, 4, 1, 'D', 6.6],
      [2, 4, 2, 'C', null],
    ] as const;
    const plots: PlotRecord[] = layout.map(([rep, row, col, entry, value], i) => ({ plotId: `P${i}`, entry, rep, row, col, value }));
    const r = analyseTrait({ design: 'row-column', plots, trait: 'yield' });
    expect(r.residualDf).toBe(0);
    expect(r.lsd).toBeNull();
    expect(r.fits.blue.fixedEffects).toBe(5);
    expect(Number.isFinite(r.sed)).toBe(true);
  });

  it('lattice is analysed as alpha', () => {
    const s = set('lattice.csv');
    const plots = traitPlots(s.plots, 'yield');
    const a = analyseTrait({ design: 'lattice', plots, trait: 'yield' });
    const b = analyseTrait({ design: 'alpha', plots, trait: 'yield' });
    expect({ ...a, design: 'alpha' }).toEqual(b);
  });

  it('augmented: checks flagged by isCheck or, without flags, found as the entries planted more than once', () => {
    const s = set('augmented.csv');
    const plots = traitPlots(s.plots, 'yield');
    const flagged = analyseTrait({ design: 'augmented', plots, trait: 'yield' });
    const inferred = analyseTrait({ design: 'augmented', plots: plots.map(({ isCheck: _, ...p }) => p), trait: 'yield' });
    expect(inferred).toEqual(flagged);
    expect(flagged.blues.filter((b) => b.isCheck).map((b) => b.entry)).toEqual(['54', '55', '56', '57', '58']);
    expect(flagged.blups.filter((b) => !b.random).map((b) => b.entry)).toEqual(['54', '55', '56', '57', '58']);
    // A new entry's BLUE is its plot value adjusted by its block's effect estimated from the checks.
    const newEntry = flagged.blues.find((b) => !b.isCheck)!;
    expect(newEntry.n).toBe(1);
    expect(newEntry.se).toBeGreaterThan(Math.sqrt(flagged.varianceComponents[0].value));
  });

  it('Cullis H2 is 0 when the genetic variance is on the boundary', () => {
    // Every entry has the same mean (5 + d, 6 - d): MS(entry) = 0 < MSE, so REML puts sigma2_g at zero.
    const plots: PlotRecord[] = [];
    [0.3, -0.2, 0.1, -0.4, 0.2, 0.05].forEach((d, e) => {
      plots.push({ plotId: `${e}-1`, entry: e, rep: 1, value: 5 + d });
      plots.push({ plotId: `${e}-2`, entry: e, rep: 2, value: 6 - d });
    });
    const r = analyseTrait({ design: 'rcbd', plots, trait: 'y' });
    expect(r.geneticVariance).toBe(0);
    expect(r.fits.blup.boundary).toEqual(['entry']);
    expect(r.heritability).toBe(0);
    expect(r.blups.every((b) => b.effect === 0)).toBe(true);
    // lme4: lmer(y ~ rep + (1 | entry)) gives entry variance 0, residual 0.068417, REML criterion 5.14090140937247.
    expect(r.fits.blup.varianceComponents[1].value).toBeCloseTo(0.0684166666666667, 12);
    expect(r.fits.blup.minus2LogLik).toBeCloseTo(5.14090140937247, 9);
  });
});

describe('REML solver', () => {
  it("the engine's restricted likelihood equals the plain dense formula log|V| + log|X'V^-1X| + y'Py", () => {
    for (const file of ['alpha.csv', 'row-column.csv', 'augmented.csv']) {
      const s = set(file);
      for (const random of [false, true]) {
        const { model } = trialModel({ design: s.design, plots: traitPlots(s.plots, 'yield'), trait: 'yield' }, random);
        const sig = Array.from({ length: model.K + 1 }, (_, k) => 0.1 + 0.07 * k);
        expect(model.factorize(sig).m2ll).toBeCloseTo(denseMinus2LogLik(model.spec, sig), 8);
      }
    }
  });

  it('stops at a maximum: every small move of a component raises -2 logL_R, and the scores vanish', () => {
    const s = set('row-column.csv');
    const { model } = trialModel({ design: 'row-column', plots: traitPlots(s.plots, 'yield'), trait: 'yield' }, true);
    const fit = fitReml(model, [0.2, 0.2, 0.2, 0.2]);
    expect(fit.converged).toBe(true);
    const best = fit.factorization.m2ll;
    for (let k = 0; k < fit.sig.length; k++) {
      for (const f of [0.999, 1.001]) {
        const sig = Float64Array.from(fit.sig);
        sig[k] *= f;
        expect(model.factorize(sig).m2ll).toBeGreaterThan(best);
      }
    }
    // Central-difference gradient of -2 logL_R with respect to each component is ~0.
    for (let k = 0; k < fit.sig.length; k++) {
      const h = 1e-5 * fit.sig[k];
      const up = Float64Array.from(fit.sig);
      const down = Float64Array.from(fit.sig);
      up[k] += h;
      down[k] -= h;
      expect(Math.abs((model.factorize(up).m2ll - model.factorize(down).m2ll) / (2 * h))).toBeLessThan(1e-4);
    }
  });

  it('reaches the same optimum from different starting values', () => {
    const s = set('alpha.csv');
    const { model } = trialModel({ design: 'alpha', plots: traitPlots(s.plots, 'height'), trait: 'height' }, true);
    const a = fitReml(model, [1, 1, 1]);
    const b = fitReml(model, [200, 0.01, 5]);
    a.sig.forEach((v, k) => expect(b.sig[k] / v).toBeCloseTo(1, 7));
  });

  it('reports a fit that ran out of iterations as not converged', () => {
    const s = set('alpha.csv');
    const r = analyseTrait({ design: 'alpha', plots: traitPlots(s.plots, 'yield'), trait: 'yield', options: { maxIter: 2 } });
    expect(r.fits.blup.converged).toBe(false);
    expect(r.fits.blup.iterations).toBe(2);
  });
});

describe('t quantile', () => {
  it.each([
    [1, 12.706204736174694],
    [2, 4.3026527297494619],
    [3, 3.1824463052837078],
    [5, 2.5705818356363137],
    [10, 2.2281388519862739],
    [13, 2.1603686564627917],
    [27, 2.051830516480285],
    [39, 2.0226909200367604],
    [120, 1.9799304050824222],
    [1000, 1.9623390808264076],
  ])('qt(0.975, %i) as R', (df, q) => {
    expect(tQuantile(0.975, df)).toBeCloseTo(q, 10);
    expect(tQuantile(0.025, df)).toBeCloseTo(-q, 10);
  });
});
