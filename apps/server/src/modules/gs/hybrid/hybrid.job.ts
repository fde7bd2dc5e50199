import { eq } from 'drizzle-orm';
import {
  GsError,
  fitHybrid,
  formatGsMessage,
  phenotypesFromTable,
  readCsvTable,
  readPlink,
  selectSamples,
  vanRadenG,
  type HybridRecord,
} from '@breedwise/genomics';
import type { Locale } from '@breedwise/contracts';
import type { GcaMethod } from '@breedwise/contracts/gs';
import { sysTask, type JobQueue } from '../../common';
import type { JobDeps } from '../../../platform/module';
import { AppError } from '../../../platform/errors';
import { gsDataset, gsGca, type GcaResult, type HybridPedigree } from '../gs.tables';
import { fetchStored, workDir } from '../gs-files';
import { gsSlots } from '../gs-slots';
import { GS_GCA_JOB } from './hybrid.service';

const fmt = (v: number) => (Number.isFinite(v) ? v.toFixed(4) : String(v));

const engineRefusal = (err: unknown, locale: Locale) =>
  err instanceof GsError && err.code !== 'ABORTED'
    ? new AppError(400, 'GS_FILE_RULE', { detail: formatGsMessage(err.code, err.params, locale), rule: err.rule ?? err.code })
    : err;

/**
 * The records of the hybrid model from a hybrid dataset: one per phenotype row in file order, its parents
 * from the pedigree (pool 1 female, pool 2 male), and the levels of the chosen fixed-effect columns. The same
 * records `gs hybrid` reads from a phenotype file that carries the parent columns (`--fixed COL`).
 */
export function hybridRecords(phenoPath: string, trait: string, pedigree: HybridPedigree, fixed: string[] = []): HybridRecord[] {
  const p = phenotypesFromTable(readCsvTable(phenoPath), { trait, fixed });
  return p.records.flatMap((r) => {
    const parents = pedigree.parents[r.id];
    return parents ? [{ parent1: parents[0], parent2: parents[1], value: r.value, fixed: r.fixed }] : [];
  });
}

function pearson(x: ArrayLike<number>, y: ArrayLike<number>): number | null {
  const n = x.length;
  if (n < 3) return null;
  let mx = 0;
  let my = 0;
  for (let i = 0; i < n; i++) {
    mx += x[i];
    my += y[i];
  }
  mx /= n;
  my /= n;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    sxy += (x[i] - mx) * (y[i] - my);
    sxx += (x[i] - mx) ** 2;
    syy += (y[i] - my) ** 2;
  }
  return sxx > 0 && syy > 0 ? sxy / Math.sqrt(sxx * syy) : null;
}

export interface GcaInput {
  genoPath: string;
  phenoPath: string;
  pedigree: HybridPedigree;
  traitCode: string;
  sca: boolean;
  method: GcaMethod;
  /** Fixed-effect columns of the phenotype file (e.g. location), dummy-coded by the engine. */
  fixed: string[];
}

export interface GcaIo {
  log(level: 'info', message: string): Promise<unknown>;
  progress(fraction: number, message: string): Promise<unknown>;
  signal?: AbortSignal;
  locale: Locale;
}

/**
 * The GCA computation of a hybrid dataset's files: each pool's VanRaden G from that pool's parents
 * (genotype-file order) and the engine's hybrid model (GCA1 + GCA2 + SCA with the K1 (x) K2 covariance,
 * fixed effects dummy-coded). The GCA job runs it in a computation slot; the demo seed runs it directly.
 */
export async function computeGca(input: GcaInput, io: GcaIo): Promise<GcaResult> {
  const { pedigree } = input;
  const controller = new AbortController();
  io.signal?.addEventListener('abort', () => controller.abort());
  let records: HybridRecord[];
  let K1;
  let K2;
  try {
    const g = readPlink(input.genoPath);
    records = hybridRecords(input.phenoPath, input.traitCode, pedigree, input.fixed);
    const index = new Map(g.samples.map((s, i) => [s, i]));
    const rows = (pool: string[]) => pool.map((s) => index.get(s)!);
    await io.log('info', `${g.samples.length} parents x ${g.markers.length} SNPs; pool 1: ${pedigree.pool1.length}, pool 2: ${pedigree.pool2.length}`);
    await io.progress(0.05, 'relationship matrices of both pools');
    K1 = await vanRadenG(selectSamples(g, rows(pedigree.pool1)), { signal: controller.signal });
    K2 = await vanRadenG(selectSamples(g, rows(pedigree.pool2)), { signal: controller.signal });
  } catch (err) {
    throw engineRefusal(err, io.locale);
  }
  await io.log(
    'info',
    `${records.filter((r) => Number.isFinite(r.value)).length} hybrid records of ${input.traitCode}${input.fixed.length ? `; fixed effects: ${input.fixed.join(', ')}` : ''}`,
  );
  let last = 0;
  let pending: Promise<unknown> = Promise.resolve();
  const onProgress = (fraction: number, message: string) => {
    const now = Date.now();
    if (now - last < 1000 && fraction < 1) return;
    last = now;
    pending = pending.then(() => io.progress(0.1 + 0.85 * fraction, message)).catch(() => controller.abort());
  };
  const started = performance.now();
  const fit = await fitHybrid(K1, K2, records, input.fixed.length, {
    sca: input.sca,
    fixedNames: input.fixed,
    method: input.method,
    onProgress,
    signal: controller.signal,
  }).catch((err: unknown) => {
    throw engineRefusal(err, io.locale);
  });
  await pending;
  const seconds = (performance.now() - started) / 1000;
  const used = records.filter((r) => Number.isFinite(r.value) && K1.ids.includes(r.parent1) && K2.ids.includes(r.parent2));
  const fittedR = pearson(
    fit.fittedGenetic,
    used.map((r) => r.value),
  );
  await io.log(
    'info',
    `n ${fit.n}; GCA1 ${fmt(fit.varGca1)}, GCA2 ${fmt(fit.varGca2)}${fit.varSca !== undefined ? `, SCA ${fmt(fit.varSca)}` : ''}, residual ${fmt(fit.varE)}; ${fit.iterations} iterations${fit.converged ? '' : ' (iteration limit reached)'}; ${seconds.toFixed(1)} s`,
  );
  return {
    n: fit.n,
    method: fit.method,
    converged: fit.converged,
    iterations: fit.iterations,
    varGca1: fit.varGca1,
    varGca2: fit.varGca2,
    varSca: fit.varSca ?? null,
    varE: fit.varE,
    logLik: fit.logLik,
    beta: fit.beta,
    atBoundary: fit.atBoundary,
    fittedR,
    seconds,
    pool1: K1.ids,
    pool2: K2.ids,
    gca1: fit.gca1,
    gca2: fit.gca2,
    sca: fit.sca,
    predictions: fit.predictions,
  };
}

/**
 * A GCA task: the dataset's PLINK .zip (the parents) and phenotype CSV are copied from storage to a working
 * folder and `computeGca` fits the hybrid model; the job takes a computation slot of the `gs` group (shared with model
 * training and prediction) before it starts, so one waiting for a slot stays queued. The
 * result commits with the task.
 */
export function defineGcaJob(queue: JobQueue, deps: JobDeps): void {
  queue.define<{ taskId: number }>({
    type: GS_GCA_JOB,
    slots: gsSlots,
    retryLimit: 1,
    expectedSeconds: 30 * 60,
    run: async (job) => {
      const [task] = await job.db.select().from(sysTask).where(eq(sysTask.id, job.taskId));
      const input = task.input as { gcaId: number; locale: Locale };
      const [gca] = await job.db.select().from(gsGca).where(eq(gsGca.id, input.gcaId));
      if (!gca) throw new AppError(404, 'RECORD_NOT_FOUND');
      const [ds] = await job.db.select().from(gsDataset).where(eq(gsDataset.id, gca.datasetId));
      if (!ds?.hybrids) throw new AppError(400, 'GS_DATASET_NOT_HYBRID', { name: ds?.name ?? '' });
      const pedigree = ds.hybrids;
      const w = await workDir(deps.config.dataDir);
      try {
        await job.progress(0.01, 'reading the dataset');
        const genoPath = await fetchStored(job.db, deps.storage, ds.genotypeFileId, w.dir, ds.genotypeFileName);
        const phenoPath = await fetchStored(job.db, deps.storage, ds.phenotypeFileId, w.dir, ds.phenotypeFileName);
        const result = await computeGca(
          { genoPath, phenoPath, pedigree, traitCode: gca.traitCode, sca: gca.sca, method: gca.method, fixed: gca.fixedEffects },
          { log: (level, message) => job.log(level, message), progress: (f, m) => job.progress(f, m), signal: job.signal, locale: input.locale },
        );
        await job.progress(0.97, 'saving the result');
        await job.finish((tx) => tx.update(gsGca).set({ finished: true, result, updatedAt: new Date() }).where(eq(gsGca.id, gca.id)));
      } finally {
        await w.done();
      }
    },
  });
}
