import { GsError, throwIfAborted } from './errors.js';
import { pearson } from './linalg/dense.js';
import type { TraitRecords } from './models/kernel-model.js';
import { subsetRecords } from './models/kernel-model.js';
import { Rng } from './random.js';
import type { Progress } from './relationship.js';

export interface FoldMetrics {
  fold: number;
  n: number;
  r: number;
  mse: number;
  rmse: number;
}

export interface CvResult {
  folds: FoldMetrics[];
  meanR: number;
  meanMSE: number;
  meanRMSE: number;
  predictions: Array<{ id: string; fold: number; observed: number; predicted: number }>;
}

/** What a model gives after training on a subset: fixed effects for the kept columns and genetic values. */
export interface TrainedModel {
  beta: Float64Array;
  /** Genetic value for every row of the sample list (observed or not). */
  g: Float64Array;
}

/** Trains a model on a subset of records (already reduced to the columns with support). */
export type Trainer = (train: TraitRecords, signal?: AbortSignal) => Promise<TrainedModel>;

/**
 * Assigns each distinct phenotyped sample to one of k folds from a seed: a seeded shuffle dealt round
 * robin, so fold sizes differ by at most one.
 */
export function randomFolds(ids: string[], k: number, seed: number): Map<string, number> {
  if (!Number.isInteger(k) || k < 2) throw new GsError('ARGUMENT_INVALID', { params: { detail: `k must be an integer >= 2, got ${k}` } });
  const unique = [...new Set(ids)];
  if (unique.length < k) throw new GsError('TOO_FEW_OBSERVATIONS', { params: { count: unique.length, min: k } });
  const order = new Rng(seed).shuffle(unique);
  return new Map(order.map((id, i) => [id, (i % k) + 1]));
}

/**
 * k-fold cross-validation by sample: every fold's samples are predicted from a model re-fitted on the
 * other folds (variance components included). Samples without a fold stay in every training set.
 * Per fold: Pearson r, MSE and RMSE of predicted (X beta + g) against observed; means over folds.
 */
export async function crossValidate(
  rec: TraitRecords,
  sampleIds: string[],
  folds: Map<string, number>,
  train: Trainer,
  opts: { onProgress?: Progress; signal?: AbortSignal; concurrency?: number } = {},
): Promise<CvResult> {
  const foldOf = Int32Array.from(rec.sample, (s) => folds.get(sampleIds[s]) ?? 0);
  const labels = [...new Set(foldOf)].filter((f) => f > 0).sort((a, b) => a - b);
  opts.onProgress?.(0, 'cross-validation');
  if (labels.length < 2)
    throw new GsError('FOLD_FILE_INVALID', { rule: 'at least two folds with phenotyped samples', params: { detail: `${labels.length} fold(s) found` } });
  const perFold: Array<{ metrics: FoldMetrics; predictions: CvResult['predictions'] }> = [];
  let done = 0;
  const runFold = async (t: number) => {
    const f = labels[t];
    throwIfAborted(opts.signal);
    const trainRows: number[] = [];
    const testRows: number[] = [];
    foldOf.forEach((v, i) => (v === f ? testRows : trainRows).push(i));
    const sub = subsetRecords(rec, trainRows);
    const model = await train(sub, opts.signal);
    const obs = new Float64Array(testRows.length);
    const pred = new Float64Array(testRows.length);
    const predictions: CvResult['predictions'] = [];
    testRows.forEach((i, k) => {
      let v = model.g[rec.sample[i]];
      sub.columns.forEach((c, b) => (v += rec.X[i * rec.p + c] * model.beta[b]));
      obs[k] = rec.y[i];
      pred[k] = v;
      predictions.push({ id: sampleIds[rec.sample[i]], fold: f, observed: rec.y[i], predicted: v });
    });
    let sse = 0;
    for (let k = 0; k < obs.length; k++) sse += (obs[k] - pred[k]) ** 2;
    const mse = sse / obs.length;
    perFold[t] = { metrics: { fold: f, n: obs.length, r: pearson(pred, obs), mse, rmse: Math.sqrt(mse) }, predictions };
    opts.onProgress?.(++done / labels.length, `fold ${f} done`);
  };
  // Folds are independent fits; with kernel-bound trainers two at a time use both cores.
  let next = 0;
  const lanes = Math.max(1, Math.min(opts.concurrency ?? 1, labels.length));
  await Promise.all(
    Array.from({ length: lanes }, async () => {
      while (next < labels.length) await runFold(next++);
    }),
  );
  const result = perFold.map((x) => x.metrics);
  const predictions = perFold.flatMap((x) => x.predictions);
  opts.onProgress?.(1, 'cross-validation done');
  const mean = (key: 'r' | 'mse' | 'rmse') => result.reduce((s, m) => s + m[key], 0) / result.length;
  return { folds: result, meanR: mean('r'), meanMSE: mean('mse'), meanRMSE: mean('rmse'), predictions };
}
