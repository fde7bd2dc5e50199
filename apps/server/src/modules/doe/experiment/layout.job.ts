import { eq } from 'drizzle-orm';
import type { Locale } from '@breedwise/contracts';
import type { DesignParamsParsed } from '@breedwise/contracts/doe';
import type { RequestContext } from '../../../platform/context';
import { sysTask, createTask, taskContext, type JobQueue } from '../../common';
import type { DbOrTx } from '../../../db/client';
import { runDesign } from './design';
import { applyLayout, designInput } from './experiment.service';

export const LAYOUT_JOB = 'doe.experiment.layout';

/** Records the layout-save task; the route enqueues it after the commit. */
export async function createLayoutTask(db: DbOrTx, ctx: RequestContext, params: DesignParamsParsed, title: string): Promise<number> {
  return createTask(db, ctx, { module: 'doe', type: LAYOUT_JOB, title, input: { params, locale: ctx.locale, cropId: ctx.cropId } });
}

/**
 * Saving a layout regenerates the previewed design from its seed (the engine is deterministic), then
 * replaces the plots in the task's own transaction: a large field may take long (spec: up to 2 hours),
 * and a retried job applies the layout once.
 */
export function defineLayoutJob(queue: JobQueue): void {
  queue.define<{ taskId: number }>({
    type: LAYOUT_JOB,
    retryLimit: 1,
    // The spec allows a large field up to 2 hours.
    expectedSeconds: 2 * 60 * 60,
    run: async (job) => {
      const [task] = await job.db.select().from(sysTask).where(eq(sysTask.id, job.taskId));
      const input = task.input as { params: DesignParamsParsed; locale: Locale; cropId: number | null };
      const ctx = taskContext(task, input.locale, input.cropId);
      await job.progress(0.05, 'generating');
      const { input: design } = await designInput(job.db, ctx, input.params);
      const result = runDesign(design);
      await job.log('info', `${result.plots.length} plots generated with seed ${result.seed}`);
      await job.progress(0.5, `saving ${result.plots.length} plots`);
      await job.finish(async (tx) => ({ experimentId: input.params.id, ...(await applyLayout(tx, ctx, input.params, design.code, result)) }));
    },
  });
}
