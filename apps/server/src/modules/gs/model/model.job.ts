import { eq } from 'drizzle-orm';
import { fitTrait, readPhenotypes, readPlink, type FitTraitOutput, type ModelName } from '@breedwise/genomics';
import { formatGsMessage, GsError } from '@breedwise/genomics';
import type { Locale } from '@breedwise/contracts';
import { sysTask, type JobQueue } from '../../common';
import type { JobDeps } from '../../../platform/module';
import { AppError } from '../../../platform/errors';
import { gsDataset, gsModel, type ModelResult } from '../gs.tables';
import { fetchStored, workDir } from '../gs-files';
import { gsSlots } from '../gs-slots';
import { GS_TRAIN_JOB } from './model.service';

/** What a finished model keeps of the engine's fit (the training job and the demo data build it alike). */
export function modelResult(fit: FitTraitOutput, algorithm: string): ModelResult {
  const cv = fit.cv!;
  return {
    n: fit.n,
    m: fit.m,
    varU: fit.varU,
    varE: fit.varE,
    logLik: fit.logLik,
    beta: fit.beta.map((value, i) => ({ name: fit.betaNames[i], value })),
    bandwidth: fit.bandwidth ?? null,
    seconds: fit.seconds,
    qc: { samples: fit.qc!.samples, markersIn: fit.qc!.markersIn, markersOut: fit.qc!.markersOut, imputedCalls: fit.qc!.imputedCalls },
    cvFolds: cv.folds.map((f) => ({ fold: f.fold, n: f.n, r: Number.isFinite(f.r) ? f.r : null, mse: f.mse, rmse: f.rmse })),
    predictions: cv.predictions,
    gebv: fit.gebv,
    markerEffects: algorithm === 'gblup' || algorithm === 'rkhs' ? null : (fit.markerEffects ?? null),
  };
}

const fmt = (v: number) => (Number.isFinite(v) ? v.toFixed(4) : String(v));

/**
 * Trains a model: the dataset's PLINK .zip and phenotype CSV are copied from storage to a working folder
 * as streams, read once by the engine, fitted with k-fold cross-validation (kernels in worker threads),
 * and the metrics and results commit with the task.
 */
export function defineTrainJob(queue: JobQueue, deps: JobDeps): void {
  queue.define<{ taskId: number }>({
    type: GS_TRAIN_JOB,
    slots: gsSlots,
    retryLimit: 1,
    // 2,000 x 50,000 GBLUP with 5-fold CV takes about a minute; Bayesian chains on large panels much longer.
    expectedSeconds: 60 * 60,
    run: async (job) => {
      const [task] = await job.db.select().from(sysTask).where(eq(sysTask.id, job.taskId));
      const input = task.input as { modelId: number; locale: Locale; cropId: number | null };
      const [model] = await job.db.select().from(gsModel).where(eq(gsModel.id, input.modelId));
      if (!model) throw new AppError(404, 'RECORD_NOT_FOUND');
      const [ds] = await job.db.select().from(gsDataset).where(eq(gsDataset.id, model.datasetId));
      const w = await workDir(deps.config.dataDir);
      try {
        await job.progress(0.01, 'reading the dataset');
        const readStarted = performance.now();
        const genoPath = await fetchStored(job.db, deps.storage, ds.genotypeFileId, w.dir, ds.genotypeFileName);
        const phenoPath = await fetchStored(job.db, deps.storage, ds.phenotypeFileId, w.dir, ds.phenotypeFileName);
        let genotypes;
        let phenotypes;
        try {
          genotypes = readPlink(genoPath);
          phenotypes = readPhenotypes(phenoPath, { trait: model.traitCode });
        } catch (err) {
          if (err instanceof GsError)
            throw new AppError(400, 'GS_FILE_RULE', { detail: formatGsMessage(err.code, err.params, input.locale), rule: err.rule ?? err.code });
          throw err;
        }
        await job.log(
          'info',
          `${genotypes.samples.length} samples x ${genotypes.markers.length} SNPs; ${phenotypes.records.length} phenotype records; read in ${((performance.now() - readStarted) / 1000).toFixed(2)} s`,
        );
        const controller = new AbortController();
        job.signal.addEventListener('abort', () => controller.abort());
        let last = 0;
        let pending: Promise<void> = Promise.resolve();
        const onProgress = (fraction: number, message: string) => {
          const now = Date.now();
          if (now - last < 1000 && fraction < 1) return;
          last = now;
          pending = pending.then(() => job.progress(0.05 + 0.9 * fraction, message)).catch(() => controller.abort());
        };
        const fit = await fitTrait(
          {
            genotypes,
            phenotypes,
            model: model.algorithm as ModelName,
            cv: { k: model.folds, seed: model.seed },
            bayes: { iter: model.iter, burnin: model.burnin, seed: model.seed },
          },
          { onProgress, signal: controller.signal },
        ).catch((err: unknown) => {
          // The engine's refusals (too few observations, no markers left ...) fail the task without retries.
          if (err instanceof GsError && err.code !== 'ABORTED') {
            throw new AppError(400, 'GS_FILE_RULE', { detail: formatGsMessage(err.code, err.params, input.locale), rule: err.rule ?? err.code });
          }
          throw err;
        });
        await pending;
        const cv = fit.cv!;
        await job.log('info', `QC: ${fit.qc?.markersOut ?? 0} of ${fit.qc?.markersIn ?? 0} markers kept, ${fit.qc?.imputedCalls ?? 0} calls imputed`);
        for (const f of cv.folds) await job.log('info', `fold ${f.fold}: n ${f.n}, r ${fmt(f.r)}, RMSE ${fmt(f.rmse)}`);
        await job.log(
          'info',
          `mean r ${fmt(cv.meanR)}, MSE ${fmt(cv.meanMSE)}, RMSE ${fmt(cv.meanRMSE)}; Vu ${fmt(fit.varU)}, Ve ${fmt(fit.varE)}, h2 ${fmt(fit.h2)}; ${fit.seconds.toFixed(1)} s`,
        );
        const result = modelResult(fit, model.algorithm);
        await job.progress(0.97, 'saving the model');
        await job.finish((tx) =>
          tx
            .update(gsModel)
            .set({ finished: true, accuracy: cv.meanR, mse: cv.meanMSE, rmse: cv.meanRMSE, h2: fit.h2, result, updatedAt: new Date() })
            .where(eq(gsModel.id, model.id)),
        );
      } finally {
        await w.done();
      }
    },
  });
}
