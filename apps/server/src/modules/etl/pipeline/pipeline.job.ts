import { eq } from 'drizzle-orm';
import { errorMessages, formatMessage, type Locale } from '@breedwise/contracts';
import type { Database } from '../../../db/client';
import type { RequestContext } from '../../../platform/context';
import { AppError } from '../../../platform/errors';
import { createTask, sysTask, taskContext, type JobQueue } from '../../common';
import { claimDuePipelines, createRun, prepareRun, saveRun, tally } from './pipeline.service';
import { etlPipeline } from './pipeline.tables';
import type { UploadedFile } from './sources';

export const RUN_JOB = 'etl.pipeline.run';

interface RunInput {
  runId: number;
  pipelineId: number;
  locale: Locale;
  cropId: number | null;
  file: { name: string; base64: string } | null;
}

/** Records a run and its task (the file travels in the task's input); the caller enqueues after the commit. */
export async function createRunTask(
  db: Parameters<typeof createRun>[0],
  ctx: RequestContext,
  pipelineId: number,
  trigger: 'manual' | 'schedule',
  file: UploadedFile | null,
  locale: Locale,
): Promise<{ runId: number; taskId: number }> {
  const { pipeline, runId } = await createRun(db, ctx, pipelineId, trigger, file);
  const input: RunInput = {
    runId,
    pipelineId,
    locale,
    cropId: ctx.cropId ?? pipeline.cropId,
    file: file ? { name: file.name, base64: file.bytes.toString('base64') } : null,
  };
  const taskId = await createTask(db, ctx, {
    module: 'etl',
    type: RUN_JOB,
    title: `${pipeline.name} #${runId}`,
    input: input as unknown as Record<string, unknown>,
  });
  await saveRun(db, runId, { taskId });
  return { runId, taskId };
}

const translate = (e: AppError, locale: Locale) => (errorMessages[e.errorCode] ? formatMessage(errorMessages[e.errorCode][locale], e.params) : e.errorCode);

/**
 * Runs a pipeline: reads the source, maps and converts every row, lets the target check them, and loads
 * them with the task's success in one transaction. A refused row stops the whole run (nothing loaded)
 * unless the pipeline loads the valid rows; the run keeps its row report either way.
 */
export function definePipelineJob(queue: JobQueue): void {
  queue.define<{ taskId: number }>({
    type: RUN_JOB,
    retryLimit: 2,
    expectedSeconds: 300,
    run: async (job) => {
      const [task] = await job.db.select().from(sysTask).where(eq(sysTask.id, job.taskId));
      const input = task.input as unknown as RunInput;
      const ctx = taskContext(task, input.locale, input.cropId);
      const [pipeline] = await job.db.select().from(etlPipeline).where(eq(etlPipeline.id, input.pipelineId));
      if (!pipeline) throw new AppError(404, 'RECORD_NOT_FOUND');
      await saveRun(job.db, input.runId, { status: 'running' });
      const file = input.file ? { name: input.file.name, bytes: Buffer.from(input.file.base64, 'base64') } : null;
      try {
        await job.progress(0.1, 'reading the source');
        const run = await prepareRun(job.db, ctx, pipeline, file, input.locale);
        await job.log('info', `${run.data.rows.length} source rows, ${run.refused.length} refusals`);
        await job.progress(0.6, 'loading');
        const before = [...run.refused, ...run.settled];
        if (run.refused.length && !pipeline.loadValidRows) {
          const t = tally(before, run.data.rows.length);
          await saveRun(job.db, input.runId, { status: 'refused', ...t, inserted: 0, updated: 0, finishedAt: new Date() });
          throw new AppError(400, 'ETL_RUN_REFUSED', { refused: t.refused });
        }
        await job.finish(async (tx) => {
          const applied = await run.prepared.apply(tx, input.runId);
          const t = tally([...before, ...applied], run.data.rows.length);
          await saveRun(tx, input.runId, { status: 'succeeded', ...t, finishedAt: new Date() });
          return t;
        });
        await job.log('info', `run ${input.runId} loaded`);
      } catch (e) {
        if (e instanceof AppError) {
          if (e.errorCode !== 'ETL_RUN_REFUSED') {
            await saveRun(job.db, input.runId, { status: 'failed', message: translate(e, input.locale), finishedAt: new Date() });
          } else {
            await saveRun(job.db, input.runId, { message: translate(e, input.locale) });
          }
          await job.log('error', translate(e, input.locale));
        }
        throw e;
      }
    },
  });
}

/** Starts the due scheduled runs (each a task, as a manual run); answers the task ids. */
export async function startDueRuns(database: Database, queue: Pick<JobQueue, 'enqueue'>, now = new Date()): Promise<number[]> {
  const due: (typeof etlPipeline.$inferSelect)[] = await claimDuePipelines(database.db, now);
  const tasks: number[] = [];
  for (const p of due) {
    const ctx = taskContext({ orgId: p.orgId, createdBy: p.updatedBy ?? p.createdBy }, 'zh-CN', p.cropId);
    const { taskId } = await database.db.transaction((tx) => createRunTask(tx, ctx, p.id, 'schedule', null, 'zh-CN'));
    await queue.enqueue(RUN_JOB, taskId);
    tasks.push(taskId);
  }
  return tasks;
}
