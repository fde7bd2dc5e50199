import { GsError, throwIfAborted } from './errors.js';
import { qcGenotypes, type Genotypes, type MarkerCoding, type QcOptions, type QcReport } from './genotype.js';
import type { Phenotypes } from './io/pheno.js';
import { crossValidate, randomFolds, type CvResult, type Trainer } from './cv.js';
import { bayesTrainer, fitBayes, type BayesOptions } from './models/bayes.js';
import { fitGblup, fitRkhs, fitRrblup, gblupTrainer, markerCrossProduct, rkhsTrainer, type RrblupResult } from './models/gblup.js';
import { matchRecords } from './models/kernel-model.js';
import type { VarianceMethod } from './models/spectral.js';
import { markerDistances, vanRadenG, type Progress, type RelationshipMatrix } from './relationship.js';
import type { MarkerPredictor } from './predict.js';

export const MODELS = ['gblup', 'rrblup', 'rkhs', 'bayesb', 'bayesc', 'brr'] as const;
export type ModelName = (typeof MODELS)[number];

export interface FitTraitInput {
  genotypes: Genotypes;
  phenotypes: Phenotypes;
  model: ModelName;
  qc?: QcOptions;
  /** Cross-validation: folds by sample id (from a file), or k random folds from a seed. */
  cv?: { folds: Map<string, number> } | { k: number; seed: number };
  /** Variance-component method of the mixed models (REML default). */
  method?: VarianceMethod;
  /** Marker coding of RR-BLUP's Z (rrBLUP's -1/0/1 by default). */
  coding?: MarkerCoding;
  /** Gibbs settings of the Bayesian models. */
  bayes?: Pick<BayesOptions, 'iter' | 'burnin' | 'thin' | 'seed'>;
  /** Gaussian-kernel bandwidth of RKHS; profiled over rrBLUP's grid when absent. */
  bandwidth?: number;
}

export interface FitTraitOutput {
  /** 'pblup' when fitted on a pedigree relationship matrix by `fitOnRelationship`. */
  model: ModelName | 'pblup';
  trait: string;
  /** Records used (phenotyped and genotyped). */
  n: number;
  /** Markers after quality control. */
  m: number;
  varU: number;
  varE: number;
  h2: number;
  /** Fixed effects in the order of `betaNames`. */
  beta: number[];
  betaNames: string[];
  /** Restricted (or ML) log-likelihood of the mixed models; null for the Bayesian models. */
  logLik: number | null;
  gebv: Array<{ id: string; value: number }>;
  markerEffects?: Array<{ marker: string; value: number }>;
  bandwidth?: number;
  /** Linear marker predictor for new genotypes (all models but RKHS). */
  predictor?: MarkerPredictor;
  cv?: CvResult;
  /** Absent when no genotypes were involved (pedigree BLUP). */
  qc?: QcReport;
  seconds: number;
}

export interface RunOptions {
  onProgress?: Progress;
  signal?: AbortSignal;
}

function span(onProgress: Progress | undefined, from: number, to: number): Progress | undefined {
  return onProgress && ((f, msg) => onProgress(from + (to - from) * f, msg));
}

/**
 * Fits one trait with one model after QC, and cross-validates it when asked: the whole computation
 * behind `gs fit` and the GS training job. Progress runs from 0 to 1 over QC, relationship matrix,
 * fit and folds; the signal aborts between units of work.
 */
export async function fitTrait(input: FitTraitInput, opts: RunOptions = {}): Promise<FitTraitOutput> {
  const started = performance.now();
  const { model, phenotypes } = input;
  if (!MODELS.includes(model)) throw new GsError('ARGUMENT_INVALID', { params: { detail: `unknown model ${model}` } });
  throwIfAborted(opts.signal);
  opts.onProgress?.(0, 'quality control');
  const { genotypes: g, report: qc } = qcGenotypes(input.genotypes, input.qc);
  const method = input.method ?? 'REML';
  const signal = opts.signal;
  const prep = span(opts.onProgress, 0.05, 0.45);
  // The full fit and the folds are independent: they share the last part of the progress range, and
  // for the mixed models run two at a time (one kernel session each).
  const folds = input.cv ? foldMap(input.cv, g, phenotypes) : undefined;
  const foldCount = folds ? new Set(folds.values()).size : 0;
  let fullDone = 0;
  let foldsDone = 0;
  const report = (msg: string) => opts.onProgress?.(0.45 + (0.55 * (fullDone + foldsDone * foldCount)) / (1 + foldCount), msg);
  const tick = (msg: string) => {
    fullDone = 1;
    report(msg);
  };
  const validate = (trainer: Trainer, concurrency: number) =>
    folds &&
    crossValidate(matchRecords(g.samples, phenotypes), g.samples, folds, trainer, {
      signal,
      concurrency,
      onProgress: (f, msg) => {
        foldsDone = f;
        report(msg);
      },
    });

  let out: FitParts;
  let cv: CvResult | undefined;
  if (model === 'gblup' || model === 'rrblup') {
    const coding = input.coding ?? 'minus101';
    const K = model === 'gblup' ? await vanRadenG(g, { onProgress: prep, signal }) : await markerCrossProduct(g, coding, { onProgress: prep, signal });
    const full = (
      model === 'gblup' ? fitGblup(K, phenotypes, { method, signal, genotypes: g }) : fitRrblup(g, phenotypes, { method, coding, crossProduct: K, signal })
    ).then((fit) => {
      tick('model fitted');
      return fit;
    });
    const [fit, cvr] = await Promise.all([full, validate(gblupTrainer(K, method), 2)]);
    cv = cvr;
    out = { ...kernelOut(fit), predictor: fit.predictor };
    if ('markerEffects' in fit) out.markerEffects = (fit as RrblupResult).markerEffects.map((e) => ({ marker: e.id, value: e.value }));
  } else if (model === 'rkhs') {
    const distances = await markerDistances(g, { onProgress: prep, signal });
    const full = fitRkhs(g, phenotypes, { method, bandwidth: input.bandwidth, distances, signal }).then((fit) => {
      tick('model fitted');
      return fit;
    });
    const [fit, cvr] = await Promise.all([full, validate(rkhsTrainer(distances, g.samples, { method, bandwidth: input.bandwidth }), 2)]);
    cv = cvr;
    out = { ...kernelOut(fit), bandwidth: fit.bandwidth };
  } else {
    // The Gibbs sweeps run on the calling thread, so chains gain nothing from running side by side.
    const fit = await fitBayes(model, g, phenotypes, { ...input.bayes, signal, onProgress: span(opts.onProgress, 0.05, 0.45 + 0.55 / (1 + foldCount)) });
    fullDone = 1;
    cv = await validate(bayesTrainer(model, g, input.bayes), 1);
    const gv = fit.gebv.map((x) => x.value);
    const mean = gv.reduce((s, v) => s + v, 0) / gv.length;
    const varG = gv.reduce((s, v) => s + (v - mean) ** 2, 0) / (gv.length - 1);
    out = {
      n: fit.n,
      varU: fit.varB,
      varE: fit.varE,
      h2: varG / (varG + fit.varE),
      beta: fit.beta.map((b) => b.value),
      betaNames: fit.beta.map((b) => b.name),
      logLik: null,
      gebv: fit.gebv,
      markerEffects: fit.markerEffects.map((e) => ({ marker: e.id, value: e.value })),
      predictor: fit.predictor,
    };
  }
  opts.onProgress?.(1, 'done');
  return {
    model,
    trait: phenotypes.trait,
    n: out.n,
    m: g.markers.length,
    varU: out.varU,
    varE: out.varE,
    h2: out.h2,
    beta: out.beta,
    betaNames: out.betaNames,
    logLik: out.logLik,
    gebv: out.gebv,
    ...(out.markerEffects ? { markerEffects: out.markerEffects } : {}),
    ...(out.bandwidth !== undefined ? { bandwidth: out.bandwidth } : {}),
    ...(out.predictor ? { predictor: out.predictor } : {}),
    ...(cv ? { cv } : {}),
    qc,
    seconds: (performance.now() - started) / 1000,
  };
}

type FitParts = Pick<FitTraitOutput, 'n' | 'varU' | 'varE' | 'h2' | 'beta' | 'betaNames' | 'logLik' | 'gebv' | 'markerEffects' | 'bandwidth' | 'predictor'>;

function foldMap(cv: NonNullable<FitTraitInput['cv']>, g: Genotypes, phenotypes: Phenotypes): Map<string, number> {
  if ('folds' in cv) return cv.folds;
  const rec = matchRecords(g.samples, phenotypes);
  return randomFolds(
    Array.from(rec.sample, (s) => g.samples[s]),
    cv.k,
    cv.seed,
  );
}

/**
 * GBLUP on a given relationship matrix (pedigree BLUP with `pedigreeA`, or any matrix read with
 * `readMatrixCsv`), with cross-validation when asked; the output has the shape of `fitTrait`'s, m = 0.
 */
export async function fitOnRelationship(
  input: { K: RelationshipMatrix; phenotypes: Phenotypes; cv?: FitTraitInput['cv']; method?: VarianceMethod; model?: 'pblup' | 'gblup' },
  opts: RunOptions = {},
): Promise<FitTraitOutput> {
  const started = performance.now();
  const { K, phenotypes } = input;
  const method = input.method ?? 'REML';
  const folds =
    input.cv &&
    ('folds' in input.cv
      ? input.cv.folds
      : randomFolds(
          Array.from(matchRecords(K.ids, phenotypes).sample, (s) => K.ids[s]),
          input.cv.k,
          input.cv.seed,
        ));
  const [fit, cv] = await Promise.all([
    fitGblup(K, phenotypes, { method, signal: opts.signal }),
    folds &&
      crossValidate(matchRecords(K.ids, phenotypes), K.ids, folds, gblupTrainer(K, method), {
        signal: opts.signal,
        concurrency: 2,
        onProgress: opts.onProgress,
      }),
  ]);
  opts.onProgress?.(1, 'done');
  const { n, ...rest } = kernelOut(fit);
  return {
    model: input.model ?? 'pblup',
    trait: phenotypes.trait,
    n,
    m: 0,
    ...rest,
    ...(cv ? { cv } : {}),
    seconds: (performance.now() - started) / 1000,
  };
}

function kernelOut(fit: Awaited<ReturnType<typeof fitGblup>>) {
  return {
    n: fit.n,
    varU: fit.varU,
    varE: fit.varE,
    h2: fit.h2,
    beta: fit.beta.map((b) => b.value),
    betaNames: fit.beta.map((b) => b.name),
    logLik: fit.logLik,
    gebv: fit.gebv,
  };
}
