/**
 * The engine against R's lme4 (and lm for models without a random term) on the committed reference
 * data: six trial layouts from the trial-design engine, two simulated traits each, some plots missing.
 * Reference numbers: test-data/lme4-reference.R (lme4 1.1-31, tight optimiser tolerances).
 */
import { describe, expect, it } from 'vitest';
import { analyseExperiment } from './analyse';
import { referenceSets } from './test-support/data';
import type { VarianceComponent } from './types';

const REL = 1e-4;
const ABS = 1e-6;

/** |a - b| within REL relative, or within ABS where the reference is near zero. */
function close(actual: number, expected: number, what: string): void {
  const ok = Math.abs(expected) < ABS ? Math.abs(actual - expected) <= ABS : Math.abs(actual - expected) <= REL * Math.abs(expected);
  if (!ok) expect.fail(`${what}: ${actual} vs lme4 ${expected}`);
}

function components(vcs: VarianceComponent[], ref: Record<string, number>, what: string): void {
  expect(vcs.map((v) => v.name).sort()).toEqual(Object.keys(ref).sort());
  for (const v of vcs) close(v.value, ref[v.name], `${what} ${v.name}`);
}

describe.each(referenceSets())('$file', (set) => {
  const result = analyseExperiment({ design: set.design, plots: set.plots });
  it.each(Object.keys(set.traits))('%s: variance components, REML criterion, BLUEs, BLUPs, H2, CV, LSD', (trait) => {
    const r = result.traits.find((t) => t.trait === trait)!;
    const ref = set.traits[trait];
    expect(r.n).toBe(ref.n);
    close(r.grandMean, ref.grandMean, 'grand mean');
    expect(r.fits.blue.converged && r.fits.blup.converged).toBe(true);
    components(r.fits.blue.varianceComponents, ref.blue.vc, 'BLUE model');
    components(r.fits.blup.varianceComponents, ref.blup.vc, 'BLUP model');
    close(r.fits.blue.minus2LogLik, ref.blue.m2ll, 'BLUE model REML criterion');
    close(r.fits.blup.minus2LogLik, ref.blup.m2ll, 'BLUP model REML criterion');
    expect(r.fits.blue.logLik).toBeCloseTo(-r.fits.blue.minus2LogLik / 2, 12);
    expect(r.blues.map((b) => b.entry).sort()).toEqual(Object.keys(ref.blue.blues).sort());
    for (const b of r.blues) {
      close(b.value, ref.blue.blues[b.entry][0], `BLUE ${b.entry}`);
      close(b.se, ref.blue.blues[b.entry][1], `BLUE s.e. ${b.entry}`);
    }
    expect(r.blups.map((b) => b.entry).sort()).toEqual(Object.keys(ref.blup.blups).sort());
    for (const b of r.blups) {
      const x = ref.blup.blups[b.entry];
      close(b.value, x[0], `BLUP ${b.entry}`);
      expect(b.random).toBe(x.length === 3);
      if (x.length === 3) {
        close(b.effect!, x[1], `BLUP effect ${b.entry}`);
        close(b.pev!, x[2], `PEV ${b.entry}`);
      }
    }
    close(r.heritability, ref.blup.h2, 'Cullis H2');
    close(r.sed, ref.blue.sed, 'sed');
    close(r.lsd!, ref.blue.lsd, 'LSD');
    close(r.cv, ref.blue.cv, 'CV');
    expect(r.residualDf).toBe(ref.blue.df);
    close(r.geneticVariance, ref.blup.vc.entry, 'genetic variance');
  });
});

describe('boundary', () => {
  it('holds a component at exactly zero where lme4 puts it on the boundary', () => {
    const set = referenceSets().find((s) => s.file === 'row-column.csv')!;
    const r = analyseExperiment({ design: set.design, plots: set.plots, traits: ['height'] }).traits[0];
    const ref = set.traits.height;
    expect(ref.blue.vc['rep:row']).toBeLessThan(1e-10);
    expect(ref.blue.vc['rep:col']).toBeLessThan(1e-10);
    expect(r.fits.blue.boundary.sort()).toEqual(['rep:col', 'rep:row']);
    expect(r.fits.blue.varianceComponents.filter((v) => v.name !== 'Residual').map((v) => v.value)).toEqual([0, 0]);
    expect(r.fits.blup.boundary).toEqual(['rep:col']);
    expect(r.fits.blup.varianceComponents.find((v) => v.name === 'rep:row')!.value).toBeGreaterThan(0.3);
  });
});
