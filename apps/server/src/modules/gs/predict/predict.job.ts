import { eq, inArray } from 'drizzle-orm';
import { sysTask, type JobQueue } from '../../common';
import { AppError } from '../../../platform/errors';
import { gsModel, gsPredict, type PredictResult } from '../gs.tables';
import { gsSlots } from '../gs-slots';
import { GS_PREDICT_JOB } from './predict.service';

/**
 * Predicts a test group: per trait, the GEBVs of the test samples from that trait's model. A trained
 * model's GEBVs cover every genotyped sample of its dataset (BLUPs of the unphenotyped rows of K for the
 * mixed models, Z times the marker effects for the marker models), so they are read from the model.
 */
export function definePredictJob(queue: JobQueue): void {
  queue.define<{ taskId: number }>({
    type: GS_PREDICT_JOB,
    slots: gsSlots,
    retryLimit: 1,
    expectedSeconds: 5 * 60,
    run: async (job) => {
      const [task] = await job.db.select().from(sysTask).where(eq(sysTask.id, job.taskId));
      const { predictId } = task.input as { predictId: number };
      const [pred] = await job.db.select().from(gsPredict).where(eq(gsPredict.id, predictId));
      if (!pred) throw new AppError(404, 'RECORD_NOT_FOUND');
      const models = await job.db.select().from(gsModel).where(inArray(gsModel.id, pred.modelIds));
      const ordered = pred.modelIds.flatMap((id) => models.filter((m) => m.id === id));
      const result: PredictResult = { traits: ordered.map((m) => m.traitCode), rows: pred.sampleCodes.map((id) => ({ id, values: {} })) };
      for (const [k, m] of ordered.entries()) {
        await job.progress((k + 0.5) / ordered.length, `trait ${m.traitCode}: model ${m.name}`);
        if (!m.result) throw new AppError(400, 'GS_MODEL_NOT_FINISHED', { name: m.name });
        const gebv = new Map(m.result.gebv.map((g) => [g.id, g.value]));
        let found = 0;
        for (const row of result.rows) {
          const v = gebv.get(row.id);
          row.values[m.traitCode] = v ?? null;
          if (v !== undefined) found++;
        }
        await job.log('info', `${m.traitCode} (${m.algorithm.toUpperCase()} ${m.name}): ${found} of ${result.rows.length} samples predicted`);
      }
      await job.finish((tx) => tx.update(gsPredict).set({ finished: true, result, updatedAt: new Date() }).where(eq(gsPredict.id, pred.id)));
    },
  });
}
