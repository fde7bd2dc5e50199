/**
 * Single-trial analysis of one trait: the BLUE model (entries fixed) and the BLUP model (entries
 * random) of the design, fitted by REML, then entry BLUEs and BLUPs, Cullis heritability, CV and LSD.
 */
import { AnalysisError } from './errors';
import { type FactorTerm, FitFailure, MixedModel } from './mixed-model';
import { fitReml } from './reml';
import { tQuantile } from './distributions';
import {
  DESIGN_KINDS,
  type AnalysisOptions,
  type DesignKind,
  type EntryBlue,
  type EntryBlup,
  type ExperimentAnalysis,
  type ExperimentRequest,
  type FactorValue,
  type FitSummary,
  type PlotRecord,
  type TraitAnalysis,
  type TraitRequest,
} from './types';

type Column = 'rep' | 'block' | 'row' | 'col';

/** Design factors each design needs on every plot with a value. */
const NEEDS: Record<DesignKind, Column[]> = {
  crd: [],
  rcbd: ['rep'],
  alpha: ['rep', 'block'],
  lattice: ['rep', 'block'],
  'row-column': ['rep', 'row', 'col'],
  augmented: ['block'],
};

/** Orders labels numerically when all are numbers, otherwise by code point. */
export function sortLevels(labels: Iterable<string>): string[] {
  const list = [...new Set(labels)];
  const numeric = list.every((l) => l.trim() !== '' && Number.isFinite(Number(l)));
  return numeric ? list.sort((a, b) => Number(a) - Number(b) || (a < b ? -1 : a > b ? 1 : 0)) : list.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

const label = (v: FactorValue): string | null => (v === null || v === undefined || (typeof v === 'string' && v.trim() === '') ? null : String(v).trim());

interface Prepared {
  trait: string;
  design: DesignKind;
  y: Float64Array;
  entry: string[];
  factor: Record<Column, string[]>;
  entryLevels: string[];
  checks: Set<string>;
  plotsOf: Map<string, number>;
  missing: number;
  unobserved: string[];
}

function prepare(req: TraitRequest): Prepared {
  const trait = req.trait ?? 'value';
  if (!(DESIGN_KINDS as readonly string[]).includes(req.design)) {
    throw new AnalysisError('UNKNOWN_DESIGN', { value: String(req.design), allowed: DESIGN_KINDS.join(', ') });
  }
  const design = req.design;
  const needs = NEEDS[design];
  const seen = new Set<string>();
  const allEntries = new Set<string>();
  const plantings = new Map<string, number>();
  const flagged = new Set<string>();
  let anyFlag = false;
  const y: number[] = [];
  const entry: string[] = [];
  const factor: Record<Column, string[]> = { rep: [], block: [], row: [], col: [] };
  let missing = 0;
  for (const p of req.plots) {
    const plotId = label(p.plotId);
    if (plotId === null) throw new AnalysisError('DESIGN_FACTOR_MISSING', { design, column: 'plot_id', plotId: `#${seen.size + 1}` });
    if (seen.has(plotId)) throw new AnalysisError('DUPLICATE_PLOT', { plotId });
    seen.add(plotId);
    const e = label(p.entry);
    if (e === null) throw new AnalysisError('DESIGN_FACTOR_MISSING', { design, column: 'entry', plotId });
    allEntries.add(e);
    plantings.set(e, (plantings.get(e) ?? 0) + 1);
    if (p.isCheck !== undefined && p.isCheck !== null) {
      anyFlag = true;
      if (p.isCheck) flagged.add(e);
    }
    const v = p.value;
    if (v === null || v === undefined || (typeof v === 'number' && Number.isNaN(v))) {
      missing++;
      continue;
    }
    if (typeof v !== 'number' || !Number.isFinite(v)) {
      throw new AnalysisError('INVALID_VALUE', { plotId, column: trait, value: String(v), rule: 'a finite number or empty' });
    }
    for (const c of needs) {
      const l = label(p[c]);
      if (l === null) throw new AnalysisError('DESIGN_FACTOR_MISSING', { design, column: c, plotId });
      factor[c].push(l);
    }
    y.push(v);
    entry.push(e);
  }
  const plotsOf = new Map<string, number>();
  for (const e of entry) plotsOf.set(e, (plotsOf.get(e) ?? 0) + 1);
  const entryLevels = sortLevels(plotsOf.keys());
  const unobserved = sortLevels([...allEntries].filter((e) => !plotsOf.has(e)));
  // Without flags, only an augmented design infers its checks (the entries planted more than once).
  const inferred = design === 'augmented' ? [...plantings].filter(([, k]) => k > 1).map(([e]) => e) : [];
  const checks = anyFlag ? flagged : new Set(inferred);
  return { trait, design, y: Float64Array.from(y), entry, factor, entryLevels, checks, plotsOf, missing, unobserved };
}

/** How a fixed N term enters the entry predictions. */
type Weighting = { kind: 'one' } | { kind: 'average'; levels: number } | { kind: 'new' } | { kind: 'none' };

interface BuiltModel {
  model: MixedModel;
  formula: string;
  weights: Weighting[];
  componentNames: string[];
}

function interaction(a: string[], b: string[]): string[] {
  return a.map((v, i) => `${v}:${b[i]}`);
}

function fixedFactor(name: string, values: string[]): { term: FactorTerm; levels: number } {
  const levels = sortLevels(values);
  const at = new Map(levels.map((l, i) => [l, i - 1]));
  return {
    term: { name, columns: levels.slice(1), index: Int32Array.from(values, (v) => at.get(v) as number), component: -1 },
    levels: levels.length,
  };
}

function randomFactor(name: string, values: string[], component: number): FactorTerm {
  const levels = sortLevels(values);
  const at = new Map(levels.map((l, i) => [l, i]));
  return { name, columns: levels, index: Int32Array.from(values, (v) => at.get(v) as number), component };
}

/** The BLUE model (entries fixed) or the BLUP model (entries random; augmented: new entries random, checks fixed). */
function buildModel(pr: Prepared, entriesRandom: boolean, scale: number): BuiltModel {
  const n = pr.y.length;
  const y = Float64Array.from(pr.y, (v) => v / scale);
  const terms: FactorTerm[] = [];
  const weights: Weighting[] = [];
  const componentNames: string[] = [];
  const design = pr.design === 'lattice' ? 'alpha' : pr.design;
  const isNew = (e: string) => !pr.checks.has(e);
  if (entriesRandom) componentNames.push('entry');
  if (entriesRandom && design !== 'augmented') {
    terms.push({ name: '(Intercept)', columns: ['(Intercept)'], index: new Int32Array(n), component: -1 });
    weights.push({ kind: 'one' });
  }
  if (entriesRandom && design === 'augmented') {
    terms.push({ name: 'new', columns: ['new'], index: Int32Array.from(pr.entry, (e) => (isNew(e) ? 0 : -1)), component: -1 });
    weights.push({ kind: 'new' });
  }
  const addFixed = (name: string, values: string[]) => {
    const { term, levels } = fixedFactor(name, values);
    terms.push(term);
    weights.push({ kind: 'average', levels });
  };
  const addRandom = (name: string, values: string[]) => {
    terms.push(randomFactor(name, values, componentNames.length));
    componentNames.push(name);
    weights.push({ kind: 'none' });
  };
  let fixedText = '';
  let randomText = '';
  if (design === 'rcbd') {
    addFixed('rep', pr.factor.rep);
    fixedText = ' + rep';
  } else if (design === 'alpha') {
    addFixed('rep', pr.factor.rep);
    addRandom('rep:block', interaction(pr.factor.rep, pr.factor.block));
    fixedText = ' + rep';
    randomText = ' + (1 | rep:block)';
  } else if (design === 'row-column') {
    addFixed('rep', pr.factor.rep);
    addRandom('rep:row', interaction(pr.factor.rep, pr.factor.row));
    addRandom('rep:col', interaction(pr.factor.rep, pr.factor.col));
    fixedText = ' + rep';
    randomText = ' + (1 | rep:row) + (1 | rep:col)';
  } else if (design === 'augmented') {
    addFixed('block', pr.factor.block);
    fixedText = ' + block';
  }
  const levelIndex = new Map(pr.entryLevels.map((e, i) => [e, i]));
  const component = Int32Array.from(pr.entryLevels, (e) => (entriesRandom && (design !== 'augmented' || isNew(e)) ? 0 : -1));
  const diag = { name: 'entry', levels: pr.entryLevels, index: Int32Array.from(pr.entry, (e) => levelIndex.get(e) as number), component };
  let formula: string;
  if (!entriesRandom) formula = `y ~ 0 + entry${fixedText}${randomText}`;
  else if (design === 'augmented') formula = `y ~ 0 + group${fixedText} + (0 + new | entry)`;
  else formula = `y ~ 1${fixedText} + (1 | entry)${randomText}`;
  return { model: new MixedModel({ y, diag, terms, components: componentNames }), formula, weights, componentNames };
}

interface Fitted {
  built: BuiltModel;
  sig: Float64Array;
  summary: FitSummary;
  f: ReturnType<MixedModel['factorize']>;
}

function fit(pr: Prepared, built: BuiltModel, scale: number, opts: AnalysisOptions): Fitted {
  const model = built.model;
  const dependent = model.dependentFixedColumns();
  if (dependent.length) {
    const c = dependent[0];
    const term = model.spec.terms[model.colTerm[c]];
    throw new AnalysisError('NOT_ESTIMABLE', { trait: pr.trait, term: term.name, level: term.columns[c - model.termOffset[model.colTerm[c]]] });
  }
  const K = model.K;
  const start = new Float64Array(K + 1);
  let mean = 0;
  for (const v of model.spec.y) mean += v;
  mean /= model.n;
  let variance = 0;
  for (const v of model.spec.y) variance += (v - mean) ** 2;
  variance = variance / Math.max(1, model.n - 1) || 1;
  for (let k = 0; k < K; k++) start[k] = variance / (2 * K);
  start[K] = variance / 2;
  let r;
  try {
    r = fitReml(model, start, opts);
  } catch (e) {
    if (e instanceof FitFailure) throw new AnalysisError('FIT_FAILED', { trait: pr.trait, detail: e.message });
    throw e;
  }
  const f = r.factorization;
  const s2 = scale * scale;
  const m2ll = f.m2ll + (model.n - f.p) * Math.log(s2);
  const names = [...built.componentNames, 'Residual'];
  const summary: FitSummary = {
    formula: built.formula,
    varianceComponents: names.map((name, k) => ({ name, value: r.sig[k] * s2 })),
    boundary: r.boundary.map((k) => built.componentNames[k]),
    converged: r.converged,
    iterations: r.iterations,
    logLik: -m2ll / 2,
    minus2LogLik: m2ll,
    fixedEffects: f.p,
  };
  return { built, sig: r.sig, summary, f };
}

/** Prediction weights over the global N columns for an entry (fixed terms at their average). */
function predictionWeights(model: MixedModel, weights: Weighting[], entryIsNew: boolean): Float64Array {
  const a = new Float64Array(model.m);
  model.spec.terms.forEach((t, ti) => {
    const w = weights[ti];
    const off = model.termOffset[ti];
    for (let j = 0; j < t.columns.length; j++) {
      if (w.kind === 'one') a[off + j] = 1;
      else if (w.kind === 'average') a[off + j] = 1 / w.levels;
      else if (w.kind === 'new') a[off + j] = entryIsNew ? 1 : 0;
    }
  });
  return a;
}

const dot = (a: Float64Array, b: Float64Array) => a.reduce((s, v, i) => s + v * b[i], 0);

/** Analyses one trait of a single trial. */
export function analyseTrait(req: TraitRequest): TraitAnalysis {
  const pr = prepare(req);
  const opts = req.options ?? {};
  const { trait, design } = pr;
  const n = pr.y.length;
  if (pr.entryLevels.length < 2) throw new AnalysisError('TOO_FEW_ENTRIES', { trait, entries: pr.entryLevels.length });
  if (design === 'augmented' && ![...pr.checks].some((c) => (pr.plotsOf.get(c) ?? 0) > 1)) throw new AnalysisError('CHECKS_MISSING', { trait });
  let sum = 0;
  for (const v of pr.y) sum += v;
  const grandMean = sum / n;
  let ss = 0;
  for (const v of pr.y) ss += v * v;
  const scale = Math.sqrt(ss / n) || 1;

  const blueModel = buildModel(pr, false, scale);
  // The BLUE model needs a residual: more plots than fixed effects (entries plus reps or blocks).
  const fixedRank = blueModel.model.fixedRank();
  if (n - fixedRank < 1) throw new AnalysisError('TOO_FEW_OBSERVATIONS', { trait, n, required: fixedRank + 1 });
  const residualDf = n - blueModel.model.allFixedRank();
  const randomEntries = pr.entryLevels.filter((e) => design !== 'augmented' || !pr.checks.has(e));
  if (randomEntries.length < 2) throw new AnalysisError('TOO_FEW_ENTRIES', { trait, entries: randomEntries.length });
  const blue = fit(pr, blueModel, scale, opts);
  const blup = fit(pr, buildModel(pr, true, scale), scale, opts);
  const s2 = scale * scale;

  // BLUEs: L_i x with L_i = e_i (entry) + a (other fixed effects at their average).
  const fb = blue.f;
  const mb = blueModel.model;
  const a = predictionWeights(mb, blueModel.weights, false);
  const sa = fb.sinvTimes(a);
  const aSa = dot(
    Float64Array.from(fb.cols, (c) => a[c]),
    sa,
  );
  const aX = dot(a, fb.xN);
  const blues: EntryBlue[] = pr.entryLevels.map((e, d) => ({
    entry: e,
    isCheck: pr.checks.has(e),
    n: pr.plotsOf.get(e) ?? 0,
    value: scale * (fb.xD[d] + aX),
    se: scale * Math.sqrt(fb.se * (fb.cDD(d) - 2 * fb.hDot(d, sa) + aSa)),
  }));
  const allLevels = pr.entryLevels.map((_, d) => d);
  const sed = Math.sqrt(s2 * fb.se * fb.meanPairDifference(allLevels));
  const lsd = residualDf >= 1 ? tQuantile(0.975, residualDf) * sed : null;
  const residual = blue.summary.varianceComponents[blue.summary.varianceComponents.length - 1].value;

  // BLUPs and Cullis heritability from the BLUP model.
  const fr = blup.f;
  const mr = blup.built.model;
  const comp = mr.spec.diag.component;
  const sigmaG = blup.sig[0] * s2;
  const weightsNew = predictionWeights(mr, blup.built.weights, true);
  const weightsCheck = predictionWeights(mr, blup.built.weights, false);
  const blups: EntryBlup[] = pr.entryLevels.map((e, d) => {
    const random = comp[d] >= 0;
    const w = design === 'augmented' && pr.checks.has(e) ? weightsCheck : weightsNew;
    return {
      entry: e,
      isCheck: pr.checks.has(e),
      n: pr.plotsOf.get(e) ?? 0,
      random,
      value: scale * (fr.xD[d] + dot(w, fr.xN)),
      effect: random ? scale * fr.xD[d] : null,
      pev: random ? s2 * fr.se * fr.cDD(d) : null,
    };
  });
  const randomLevels = allLevels.filter((d) => comp[d] >= 0);
  const heritability = sigmaG > 0 ? 1 - (s2 * fr.se * fr.meanPairDifference(randomLevels)) / (2 * sigmaG) : 0;

  return {
    trait,
    design,
    n,
    missing: pr.missing,
    entries: pr.entryLevels.length,
    unobservedEntries: pr.unobserved,
    grandMean,
    varianceComponents: blue.summary.varianceComponents,
    geneticVariance: sigmaG,
    heritability,
    cv: (100 * Math.sqrt(residual)) / grandMean,
    sed,
    lsd,
    residualDf,
    blues,
    blups,
    fits: { blue: blue.summary, blup: blup.summary },
  };
}

/** Analyses every requested trait of an experiment's field book. */
export function analyseExperiment(req: ExperimentRequest): ExperimentAnalysis {
  const traits = req.traits ?? [...new Set(req.plots.flatMap((p) => Object.keys(p.values)))];
  const present = new Set(req.plots.flatMap((p) => Object.keys(p.values)));
  return {
    design: req.design,
    traits: traits.map((trait) => {
      if (!present.has(trait)) throw new AnalysisError('TRAIT_MISSING', { trait });
      const plots: PlotRecord[] = req.plots.map(({ values, ...rest }) => ({ ...rest, value: values[trait] ?? null }));
      return analyseTrait({ design: req.design, plots, trait, options: req.options });
    }),
  };
}

/** The BLUE (entries fixed) or BLUP (entries random) model of a trait on the trait's own scale: for tests and benchmarks. */
export function trialModel(req: TraitRequest, entriesRandom: boolean): { model: MixedModel; formula: string; componentNames: string[] } {
  const built = buildModel(prepare(req), entriesRandom, 1);
  return { model: built.model, formula: built.formula, componentNames: built.componentNames };
}
