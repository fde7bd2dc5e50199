/** Refusals: typed codes whose messages exist in both languages and name the offending column, plot or level. */
import { describe, expect, it } from 'vitest';
import { analyseExperiment, analyseTrait } from './analyse';
import { AnalysisError, analysisErrorMessages, type AnalysisErrorCode } from './errors';
import type { PlotRecord, TraitRequest } from './types';

function refusal(req: TraitRequest): AnalysisError {
  try {
    analyseTrait(req);
  } catch (e) {
    if (e instanceof AnalysisError) return e;
    throw e;
  }
  throw new Error('the request was accepted');
}

/** 4 entries x 2 reps x 2 blocks per rep, blocks of 2. */
function alphaPlots(): PlotRecord[] {
  const layout = [
    [1, 1, 'A', 'B'],
    [1, 2, 'C', 'D'],
    [2, 1, 'A', 'C'],
    [2, 2, 'B', 'D'],
  ] as const;
  const plots: PlotRecord[] = [];
  let v = 0;
  for (const [rep, block, e1, e2] of layout) {
    for (const entry of [e1, e2]) plots.push({ plotId: `P${plots.length + 1}`, entry, rep, block, value: 5 + ((v++ * 7) % 5) / 3 });
  }
  return plots;
}

describe('refusals', () => {
  it('UNKNOWN_DESIGN lists the designs', () => {
    const e = refusal({ design: 'split' as never, plots: alphaPlots() });
    expect(e.code).toBe('UNKNOWN_DESIGN');
    expect(e.message).toContain('row-column');
  });

  it('DESIGN_FACTOR_MISSING names the column and the plot', () => {
    const plots = alphaPlots();
    plots[3] = { ...plots[3], block: null };
    const e = refusal({ design: 'alpha', plots });
    expect(e.code).toBe('DESIGN_FACTOR_MISSING');
    expect(e.params).toMatchObject({ column: 'block', plotId: 'P4' });
    expect(e.localized('zh-CN')).toContain('block');
    // The row-column analysis needs row and col.
    expect(refusal({ design: 'row-column', plots: alphaPlots() }).params).toMatchObject({ column: 'row', plotId: 'P1' });
  });

  it('a plot without a value needs no design factors', () => {
    const plots = alphaPlots();
    plots.push({ plotId: 'P99', entry: 'A', value: null });
    expect(analyseTrait({ design: 'alpha', plots }).missing).toBe(1);
  });

  it('DUPLICATE_PLOT and INVALID_VALUE', () => {
    const plots = alphaPlots();
    expect(refusal({ design: 'alpha', plots: [...plots, { ...plots[0] }] }).code).toBe('DUPLICATE_PLOT');
    const bad = alphaPlots();
    bad[2] = { ...bad[2], value: Number.POSITIVE_INFINITY };
    expect(refusal({ design: 'alpha', plots: bad, trait: 'yield' }).params).toMatchObject({ plotId: 'P3', column: 'yield' });
  });

  it('TOO_FEW_OBSERVATIONS when no residual degree of freedom is left', () => {
    const plots = alphaPlots().slice(0, 4);
    const e = refusal({ design: 'rcbd', plots: plots.map((p) => ({ ...p, rep: 1 })), trait: 'yield' });
    expect(e.code).toBe('TOO_FEW_OBSERVATIONS');
    expect(e.params).toMatchObject({ trait: 'yield', n: 4, required: 5 });
  });

  it('TOO_FEW_ENTRIES with one entry observed', () => {
    const plots = alphaPlots().map((p) => (p.entry === 'A' ? p : { ...p, value: null }));
    expect(refusal({ design: 'crd', plots }).code).toBe('TOO_FEW_ENTRIES');
  });

  it('CHECKS_MISSING in an augmented design without a replicated check', () => {
    const plots: PlotRecord[] = ['A', 'B', 'C', 'D'].map((entry, i) => ({ plotId: `P${i}`, entry, block: (i % 2) + 1, value: i }));
    expect(refusal({ design: 'augmented', plots }).code).toBe('CHECKS_MISSING');
  });

  it('NOT_ESTIMABLE names the level: an augmented block whose checks are all missing', () => {
    const plots: PlotRecord[] = [];
    for (let b = 1; b <= 3; b++) {
      for (const c of ['C1', 'C2'])
        plots.push({ plotId: `${b}-${c}`, entry: c, block: b, isCheck: true, value: b === 3 ? null : 5 + b + (c === 'C2' ? 0.5 : 0) });
      for (let k = 0; k < 3; k++) plots.push({ plotId: `${b}-N${k}`, entry: `N${b}${k}`, block: b, isCheck: false, value: 4 + k / 2 + b / 10 });
    }
    const e = refusal({ design: 'augmented', plots, trait: 'yield' });
    expect(e.code).toBe('NOT_ESTIMABLE');
    expect(e.params).toMatchObject({ trait: 'yield', term: 'block', level: '3' });
  });

  it('TRAIT_MISSING for a trait no plot carries', () => {
    expect(() => analyseExperiment({ design: 'crd', plots: [{ plotId: 'a', entry: 1, values: { yield: 1 } }], traits: ['height'] })).toThrow(
      expect.objectContaining({ code: 'TRAIT_MISSING' }),
    );
  });

  it('every code has both languages and every placeholder is filled where it is raised', () => {
    for (const [code, m] of Object.entries(analysisErrorMessages) as [AnalysisErrorCode, Record<string, string>][]) {
      expect(m['zh-CN'], code).toBeTruthy();
      expect(m.en, code).toBeTruthy();
      expect(m['zh-CN'].match(/\{\w+\}/g)?.sort(), code).toEqual(m.en.match(/\{\w+\}/g)?.sort());
    }
    const e = refusal({ design: 'alpha', plots: alphaPlots().map((p, i) => (i === 0 ? { ...p, rep: undefined } : p)) });
    expect(e.localized('en')).not.toMatch(/\{\w+\}/);
    expect(e.localized('zh-CN')).not.toMatch(/\{\w+\}/);
  });
});
