import { and, count, desc, eq, ilike, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { predictList, type PredictCreate, type PredictDetail, type PredictPageQuery, type PredictRow } from '@breedwise/contracts/gs';
import type { Locale } from '@breedwise/contracts';
import type { Db, DbOrTx } from '../../../db/client';
import { requireOrg, type RequestContext } from '../../../platform/context';
import { AppError, conflict, isUniqueViolation, notFound } from '../../../platform/errors';
import { filterConditions, listColumns } from '../../../platform/filters';
import { likePattern, orderBy, pageWindow } from '../../../platform/pagination';
import { createdStamp, inOrg, updatedStamp } from '../../../platform/tenant';
import { createTask, sysTask } from '../../common';
import { gsDataset, gsModel, gsPredict, type PredictResult, type PredictVerification } from '../gs.tables';
import { csvLine } from '../../common';

export const GS_PREDICT_JOB = 'gs.predict.run';

const qp = (col: { name: string }) => sql.raw(`"gs_predict"."${col.name}"`);
const creator = sql<string | null>`(select coalesce(u.nick_name, u.username) from sys_user u where u.id = ${qp(gsPredict.createdBy)})`;

const rowColumns = {
  id: gsPredict.id,
  name: gsPredict.name,
  datasetId: gsPredict.datasetId,
  datasetName: gsDataset.name,
  modelIds: gsPredict.modelIds,
  sampleCodes: gsPredict.sampleCodes,
  finished: gsPredict.finished,
  verification: gsPredict.verification,
  taskStatus: sysTask.status,
  taskProgress: sysTask.progress,
  taskMessage: sysTask.message,
  taskId: gsPredict.taskId,
  createdBy: creator,
  createdAt: gsPredict.createdAt,
  updatedAt: gsPredict.updatedAt,
};
const list = listColumns(predictList, {
  filters: { name: gsPredict.name, createdAt: gsPredict.createdAt },
  sort: { name: gsPredict.name, createdAt: gsPredict.createdAt, updatedAt: gsPredict.updatedAt },
});
const selectRows = (db: DbOrTx) =>
  db.select(rowColumns).from(gsPredict).innerJoin(gsDataset, eq(gsDataset.id, gsPredict.datasetId)).leftJoin(sysTask, eq(sysTask.id, gsPredict.taskId));
type Raw = Awaited<ReturnType<typeof selectRows>>[number];

async function present(db: DbOrTx, rows: Raw[]): Promise<PredictRow[]> {
  const ids = [...new Set(rows.flatMap((r) => r.modelIds))];
  const models = ids.length
    ? await db
        .select({ id: gsModel.id, name: gsModel.name, traitCode: gsModel.traitCode, algorithm: gsModel.algorithm })
        .from(gsModel)
        .where(inArray(gsModel.id, ids))
    : [];
  const byId = new Map(models.map((m) => [m.id, m]));
  return rows.map((r) => {
    const ms = r.modelIds.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
    // Spec section 4: queued, creating, finished, failed; validating once observed values were uploaded.
    const status = r.finished
      ? r.verification
        ? 'validating'
        : 'finished'
      : r.taskStatus === 'queued'
        ? 'queued'
        : r.taskStatus === 'running' || r.taskStatus === 'retrying'
          ? 'creating'
          : 'failed';
    return {
      id: r.id,
      name: r.name,
      datasetId: r.datasetId,
      datasetName: r.datasetName,
      traits: ms.map((m) => m.traitCode),
      models: ms,
      sampleCount: r.sampleCodes.length,
      status,
      progress: r.finished ? 1 : (r.taskProgress ?? 0),
      taskId: r.taskId,
      message: status === 'failed' ? (r.taskMessage ?? null) : null,
      createdBy: r.createdBy,
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
    };
  });
}

export async function listPredictions(db: DbOrTx, ctx: RequestContext, q: z.output<typeof PredictPageQuery>) {
  const where = and(
    inOrg(gsPredict, ctx),
    q.datasetId ? eq(gsPredict.datasetId, q.datasetId) : undefined,
    q.keyword ? ilike(gsPredict.name, likePattern(q.keyword)) : undefined,
    filterConditions(q.filters, list.filters),
  );
  const { limit, offset } = pageWindow(q);
  const rows = await selectRows(db)
    .where(where)
    .orderBy(...orderBy(q, list.sortable, [desc(gsPredict.createdAt)], gsPredict.id))
    .limit(limit)
    .offset(offset);
  const [{ total }] = await db.select({ total: count() }).from(gsPredict).where(where);
  return { rows: await present(db, rows), total: Number(total) };
}

export async function getPredictRecord(db: DbOrTx, ctx: RequestContext, id: number) {
  const [row] = await db
    .select()
    .from(gsPredict)
    .where(and(inOrg(gsPredict, ctx), eq(gsPredict.id, id)));
  if (!row) throw notFound();
  return row;
}

/** Ranked by the first trait (highest GEBV first; samples without a value last). */
export function rankRows(result: PredictResult): PredictDetail['rows'] {
  const first = result.traits[0];
  return [...result.rows]
    .sort((a, b) => (b.values[first] ?? -Infinity) - (a.values[first] ?? -Infinity) || a.id.localeCompare(b.id))
    .map((r, i) => ({ rank: i + 1, id: r.id, values: r.values }));
}

export async function getPrediction(db: DbOrTx, ctx: RequestContext, id: number): Promise<PredictDetail> {
  const [row] = await selectRows(db).where(and(inOrg(gsPredict, ctx), eq(gsPredict.id, id)));
  if (!row) throw notFound();
  const [base] = await present(db, [row]);
  const rec = await getPredictRecord(db, ctx, id);
  return { ...base, rows: rec.result ? rankRows(rec.result) : [], verification: rec.verification ?? null };
}

/**
 * Records a prediction task: one finished model per trait, all of one dataset (the same test group);
 * the test group is given sample codes of that dataset's genotypes, or its samples without phenotypes.
 */
export async function createPrediction(db: Db, ctx: RequestContext, body: z.output<typeof PredictCreate>, locale: Locale) {
  requireOrg(ctx);
  return db.transaction(async (tx) => {
    const ids = [...new Set(body.modelIds)];
    const models = await tx
      .select()
      .from(gsModel)
      .where(and(inOrg(gsModel, ctx), inArray(gsModel.id, ids)));
    if (models.length !== ids.length) throw notFound();
    const seen = new Set<string>();
    for (const m of models) {
      if (!m.finished) throw new AppError(400, 'GS_MODEL_NOT_FINISHED', { name: m.name });
      if (seen.has(m.traitCode)) throw new AppError(400, 'GS_MODEL_TRAIT_REPEATED', { trait: m.traitCode });
      seen.add(m.traitCode);
    }
    if (new Set(models.map((m) => m.datasetId)).size > 1) throw new AppError(400, 'GS_MODELS_DIFFERENT_DATASETS');
    const [ds] = await tx.select().from(gsDataset).where(eq(gsDataset.id, models[0].datasetId));
    const genotyped = new Set(ds.samples);
    let codes = [...new Set(body.sampleCodes)];
    if (codes.length) {
      const unknown = codes.filter((c) => !genotyped.has(c));
      if (unknown.length) throw new AppError(400, 'GS_SAMPLES_UNKNOWN', { codes: unknown.slice(0, 10).join(', ') + (unknown.length > 10 ? ' …' : '') });
    } else {
      const phenotyped = new Set(ds.phenotypedIds);
      codes = ds.samples.filter((s) => !phenotyped.has(s));
    }
    if (!codes.length) throw new AppError(400, 'GS_TEST_GROUP_EMPTY');
    let id: number;
    try {
      const [row] = await tx
        .insert(gsPredict)
        .values({ name: body.name, datasetId: ds.id, modelIds: ids, sampleCodes: codes, ...createdStamp(ctx) })
        .returning({ id: gsPredict.id });
      id = row.id;
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict('GS_NAME_EXISTS', { name: body.name });
      throw err;
    }
    const taskId = await createTask(tx, ctx, {
      module: 'gs',
      type: GS_PREDICT_JOB,
      title: `${body.name} (${ds.name}: ${codes.length})`,
      input: { predictId: id, locale, cropId: ctx.cropId },
    });
    await tx.update(gsPredict).set({ taskId }).where(eq(gsPredict.id, id));
    return { id, taskId };
  });
}

export async function deletePrediction(db: Db, ctx: RequestContext, id: number): Promise<void> {
  const rec = await getPredictRecord(db, ctx, id);
  await db.transaction(async (tx) => {
    if (rec.taskId) {
      await tx
        .update(sysTask)
        .set({ status: 'cancelled', finishedAt: new Date() })
        .where(and(eq(sysTask.id, rec.taskId), inArray(sysTask.status, ['queued', 'running', 'retrying'])));
    }
    await tx.delete(gsPredict).where(and(inOrg(gsPredict, ctx), eq(gsPredict.id, id)));
  });
}

export async function predictionCsv(db: DbOrTx, ctx: RequestContext, id: number): Promise<{ name: string; csv: string }> {
  const detail = await getPrediction(db, ctx, id);
  const lines = [csvLine(['rank', 'sample', ...detail.traits])];
  for (const r of detail.rows) lines.push(csvLine([r.rank, r.id, ...detail.traits.map((t) => r.values[t] ?? '')]));
  return { name: `${detail.name}.csv`, csv: lines.join('\n') + '\n' };
}

function pearson(x: number[], y: number[]): number | null {
  const n = x.length;
  if (n < 3) return null;
  const mx = x.reduce((s, v) => s + v, 0) / n;
  const my = y.reduce((s, v) => s + v, 0) / n;
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

/** The realised accuracy per trait from observed values (sample column, then trait columns). */
export async function verifyPrediction(
  db: DbOrTx,
  ctx: RequestContext,
  id: number,
  observed: { fileName: string; name?: string; header: string[]; rows: Array<{ cells: string[] }> },
): Promise<PredictDetail> {
  const rec = await getPredictRecord(db, ctx, id);
  if (!rec.finished || !rec.result) throw new AppError(409, 'GS_PREDICTION_NOT_FINISHED');
  const predicted = new Map(rec.result.rows.map((r) => [r.id, r.values]));
  const traits: PredictVerification['traits'] = [];
  for (const trait of rec.result.traits) {
    const col = observed.header.indexOf(trait);
    if (col < 0) continue;
    const xs: number[] = [];
    const ys: number[] = [];
    for (const { cells } of observed.rows) {
      const p = predicted.get(cells[0])?.[trait];
      const o = Number(cells[col]);
      if (p === undefined || p === null || cells[col] === '' || !Number.isFinite(o)) continue;
      xs.push(p);
      ys.push(o);
    }
    if (!xs.length) continue;
    const rmse = Math.sqrt(xs.reduce((s, v, i) => s + (v - ys[i]) ** 2, 0) / xs.length);
    traits.push({ trait, n: xs.length, r: pearson(xs, ys), rmse });
  }
  if (!traits.length) throw new AppError(400, 'GS_VERIFY_NO_OVERLAP', { file: observed.fileName, trait: rec.result.traits.join(', ') });
  await db
    .update(gsPredict)
    .set({ verification: { fileName: observed.fileName, name: observed.name ?? null, at: new Date().toISOString(), traits }, ...updatedStamp(ctx) })
    .where(and(inOrg(gsPredict, ctx), eq(gsPredict.id, id)));
  return getPrediction(db, ctx, id);
}
