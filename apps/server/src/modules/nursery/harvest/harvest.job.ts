import { and, asc, eq, inArray } from 'drizzle-orm';
import { formatMessage, type Locale } from '@breedwise/contracts';
import { HARVEST_JOB_CHUNK, HARVEST_JOB_MAX, harvestJobLabels, type HarvestJobReport, type HarvestStart } from '@breedwise/contracts/nursery';
import type { z } from 'zod';
import type { DbOrTx } from '../../../db/client';
import type { RequestContext } from '../../../platform/context';
import { AppError, notFound } from '../../../platform/errors';
import { translateError } from '../../../platform/i18n';
import { inCrop } from '../../../platform/tenant';
import type { AuditSource } from '../../audit';
import { createTask, sysTask, taskContext, type JobQueue } from '../../common';
import { activityOfCrop } from '../activity/activity.service';
import { nurseryActivity } from '../activity/activity.tables';
import { pollinationCode } from '../pollination/pollination.service';
import { nurseryPollination as P } from '../pollination/pollination.tables';
import { checkHarvestable, harvestInTx, type HarvestFields } from './harvest.service';
import { nurseryHarvest as H } from './harvest.tables';

export const HARVEST_JOB = 'nursery.harvest.run';

function fieldError(code: Parameters<typeof translateError>[0], params: Record<string, unknown>, field: string, locale: Locale) {
  return new AppError(400, code as never, params, { errors: [{ field, rule: 'invalid', message: translateError(code, locale, params), errorCode: code }] });
}

interface HarvestTaskInput {
  activityId: number;
  pollinationIds: number[];
  fields: HarvestFields;
  locale: Locale;
  cropId: number | null;
  src: AuditSource;
}

/**
 * Records a harvest task: the pollinations (the chosen ones, or every finished success of the nursery still
 * waiting) are checked at once, so a refusal answers the request; the job re-checks them chunk by chunk.
 */
export async function startHarvestTask(
  db: DbOrTx,
  ctx: RequestContext,
  src: AuditSource,
  input: z.output<typeof HarvestStart>,
  locale: Locale,
): Promise<{ taskId: number; count: number }> {
  const activity = await activityOfCrop(db, ctx, input.activityId);
  const rows = await db
    .select({ id: P.id, seq: P.seq, activityId: P.activityId, harvested: P.harvested, finished: P.finished, result: P.result })
    .from(P)
    .innerJoin(nurseryActivity, eq(nurseryActivity.id, P.activityId))
    .where(
      and(
        inCrop(nurseryActivity, ctx),
        input.all
          ? and(eq(P.activityId, activity.id), eq(P.finished, true), eq(P.result, 'success'), eq(P.harvested, false))
          : inArray(P.id, [...new Set(input.pollinationIds ?? [])]),
      ),
    )
    .orderBy(asc(P.id));
  if (!input.all && rows.length !== new Set(input.pollinationIds).size) throw notFound();
  if (!rows.length) throw new AppError(409, 'NURSERY_HARVEST_NONE_WAITING', { code: activity.code });
  if (rows.length > HARVEST_JOB_MAX) throw fieldError('NURSERY_HARVEST_TOO_MANY', { count: rows.length, max: HARVEST_JOB_MAX }, 'pollinationIds', ctx.locale);
  for (const r of rows) {
    if (r.activityId !== activity.id) throw fieldError('NURSERY_NOT_HARVESTABLE', { code: `#${r.id}` }, 'pollinationIds', ctx.locale);
    checkHarvestable({ ...r, code: pollinationCode(activity.code, r.seq) });
  }
  const { all: _all, pollinationIds: _ids, activityId: _a, ...fields } = input;
  const taskInput: HarvestTaskInput = { activityId: activity.id, pollinationIds: rows.map((r) => r.id), fields, locale, cropId: ctx.cropId, src };
  const taskId = await createTask(db, ctx, {
    module: 'nursery',
    type: HARVEST_JOB,
    title: formatMessage(harvestJobLabels.title[locale], { nursery: `${activity.name} (${activity.code})`, count: rows.length }),
    input: taskInput as unknown as Record<string, unknown>,
  });
  return { taskId, count: rows.length };
}

/**
 * The harvest task: chunks of 50 pollinations, each harvested in one transaction (all or none), progress
 * after each; the last chunk commits with the task's success. A retried task skips the pollinations it
 * harvested before (harvest rows carry the task). A refusal (a pollination harvested meanwhile by someone
 * else, a storage place removed) stops the task failed, with the reason and how many were harvested.
 */
export function defineHarvestJob(queue: JobQueue): void {
  queue.define<{ taskId: number }>({
    type: HARVEST_JOB,
    retryLimit: 2,
    // 5,000 pollinations at about 16 lots/s on a busy 2-core server with PostgreSQL (bench/nursery).
    expectedSeconds: 400,
    run: async (job) => {
      const [task] = await job.db.select().from(sysTask).where(eq(sysTask.id, job.taskId));
      const input = task.input as unknown as HarvestTaskInput;
      const ctx = taskContext(task, input.locale, input.cropId);
      const say = (text: keyof typeof harvestJobLabels, params: Record<string, unknown>) => formatMessage(harvestJobLabels[text][input.locale], params);
      const activity = await activityOfCrop(job.db, ctx, input.activityId);
      const total = input.pollinationIds.length;
      const already = new Set((await job.db.select({ id: H.pollinationId }).from(H).where(eq(H.taskId, job.taskId))).map((r) => r.id));
      if (already.size) await job.log('info', say('resumed', { done: already.size }));
      const rest = input.pollinationIds.filter((id) => !already.has(id));
      const chunks: number[][] = [];
      for (let i = 0; i < rest.length; i += HARVEST_JOB_CHUNK) chunks.push(rest.slice(i, i + HARVEST_JOB_CHUNK));
      let done = already.size;
      const report = (): HarvestJobReport => ({ harvested: done, total, chunks: chunks.length });
      try {
        for (let k = 0; k < chunks.length - 1; k++) {
          await job.db.transaction((tx) => harvestInTx(tx, ctx, input.src, activity, input.fields, chunks[k], job.taskId));
          done += chunks[k].length;
          await job.log('info', say('chunk', { done, total }));
          await job.progress(done / total, say('chunk', { done, total }));
        }
        // The last chunk and the task's success commit together.
        await job.finish(async (tx) => {
          const last = chunks.at(-1);
          if (last) await harvestInTx(tx, ctx, input.src, activity, input.fields, last, job.taskId);
          done = total;
          return report();
        });
      } catch (err) {
        if (err instanceof AppError) await job.log('error', say('stopped', { done, total }));
        throw err;
      }
    },
  });
}
