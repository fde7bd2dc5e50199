import { eq } from 'drizzle-orm';
import type { HarvestGenerateInput, Locale } from '@breedwise/contracts';
import { sysTask } from '../../common/common.tables';
import { taskContext, type JobQueue } from '../../common';
import { harvestLines, saveHarvestList } from './harvest.service';

export const HARVEST_JOB = 'doe.harvest.generate';

/** Builds a harvest list from an experiment's plots; the list and the harvested state commit with the task. */
export function defineHarvestJob(queue: JobQueue): void {
  queue.define<{ taskId: number }>({
    type: HARVEST_JOB,
    retryLimit: 2,
    expireInSeconds: 60 * 60,
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
