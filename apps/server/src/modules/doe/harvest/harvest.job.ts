import { eq } from 'drizzle-orm';
import type { Locale } from '@breedwise/contracts';
import type { HarvestGenerateInput } from '@breedwise/contracts/doe';
import type { DbOrTx } from '../../../db/client';
import { requireCropWrite, type RequestContext } from '../../../platform/context';
import { sysTask, createTask, taskContext, type JobQueue } from '../../common';
import { checkHarvestable, harvestLines, saveHarvestList } from './harvest.service';

export const HARVEST_JOB = 'doe.harvest.generate';

/** Records the harvest task of a finished experiment (the job writes in `locale`); the route enqueues it after the commit. */
export async function createHarvestTask(db: DbOrTx, ctx: RequestContext, params: HarvestGenerateInput, locale: Locale): Promise<number> {
  requireCropWrite(ctx);
  const exp = await checkHarvestable(db, ctx, params.experimentId);
  return createTask(db, ctx, {
    module: 'doe',
    type: HARVEST_JOB,
    title: `${exp.name} (${exp.code}): ${params.name}`,
    input: { params, locale, cropId: ctx.cropId },
  });
}

/** Builds a harvest list from an experiment's plots; the list and the harvested state commit with the task. */
export function defineHarvestJob(queue: JobQueue): void {
  queue.define<{ taskId: number }>({
    type: HARVEST_JOB,
    retryLimit: 2,
    // One line per plot of an experiment: seconds even for the largest fields.
    expectedSeconds: 60,
    run: async (job) => {
      const [task] = await job.db.select().from(sysTask).where(eq(sysTask.id, job.taskId));
      const input = task.input as { params: HarvestGenerateInput; locale: Locale; cropId: number | null };
      const ctx = taskContext(task, input.locale, input.cropId);
      await job.progress(0.1, 'reading plots');
      const { lines } = await harvestLines(job.db, ctx, input.params);
      await job.log('info', `${lines.length} harvest lines`);
      await job.progress(0.5, `saving ${lines.length} lines`);
      await job.finish((tx) => saveHarvestList(tx, ctx, job.taskId, input.params, lines));
    },
  });
}
