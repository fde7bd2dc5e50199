import { and, count, desc, eq, ilike, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  MAX_COMPARE,
  modelList,
  type CompareData,
  type ModelCreate,
  type ModelDetail,
  type ModelFavorite,
  type ModelPageQuery,
  type ModelRow,
  type ModelUpdate,
} from '@breedwise/contracts/gs';
import type { Locale } from '@breedwise/contracts';
import type { Db, DbOrTx } from '../../../db/client';
import { requireOrg, type RequestContext } from '../../../platform/context';
import { AppError, conflict, isUniqueViolation, notFound } from '../../../platform/errors';
import { filterConditions, listColumns } from '../../../platform/filters';
import { likePattern, orderBy, pageWindow } from '../../../platform/pagination';
import { createdStamp, inOrg, updatedStamp } from '../../../platform/tenant';
import { createTask, sysTask } from '../../common';
import { gsDataset, gsModel } from '../gs.tables';

export const GS_TRAIN_JOB = 'gs.model.train';

type CreateParsed = z.output<typeof ModelCreate>;
type PageParsed = z.output<typeof ModelPageQuery>;

const qm = (col: { name: string }) => sql.raw(`"gs_model"."${col.name}"`);
const creator = sql<string | null>`(select coalesce(u.nick_name, u.username) from sys_user u where u.id = ${qm(gsModel.createdBy)})`;

/** Spec section 4: a model's state follows its training task until the job's effect marks it finished. */
export function taskState(finished: boolean, status: string | null): 'queued' | 'creating' | 'finished' | 'failed' {
  if (finished) return 'finished';
  if (status === 'queued') return 'queued';
  if (status === 'running' || status === 'retrying') return 'creating';
  return 'failed';
}

const rowColumns = {
  id: gsModel.id,
  name: gsModel.name,
  datasetId: gsModel.datasetId,
  datasetName: gsDataset.name,
  traitCode: gsModel.traitCode,
  algorithm: gsModel.algorithm,
  folds: gsModel.folds,
  seed: gsModel.seed,
  finished: gsModel.finished,
  taskStatus: sysTask.status,
  taskProgress: sysTask.progress,
  taskMessage: sysTask.message,
  taskId: gsModel.taskId,
  accuracy: gsModel.accuracy,
  mse: gsModel.mse,
  rmse: gsModel.rmse,
  h2: gsModel.h2,
  favorite: gsModel.favorite,
  createdBy: creator,
  createdAt: gsModel.createdAt,
  updatedAt: gsModel.updatedAt,
};
const list = listColumns(modelList, {
  filters: { name: gsModel.name, algorithm: gsModel.algorithm, traitCode: gsModel.traitCode, createdAt: gsModel.createdAt },
  sort: {
    name: gsModel.name,
    algorithm: gsModel.algorithm,
    accuracy: gsModel.accuracy,
    rmse: gsModel.rmse,
    createdAt: gsModel.createdAt,
    updatedAt: gsModel.updatedAt,
  },
});

type Raw = Awaited<ReturnType<typeof selectRows>>[number];
const selectRows = (db: DbOrTx) =>
  db.select(rowColumns).from(gsModel).innerJoin(gsDataset, eq(gsDataset.id, gsModel.datasetId)).leftJoin(sysTask, eq(sysTask.id, gsModel.taskId));

function present(r: Raw): ModelRow {
  const status = taskState(r.finished, r.taskStatus);
  return {
    id: r.id,
    name: r.name,
    datasetId: r.datasetId,
    datasetName: r.datasetName,
    traitCode: r.traitCode,
    algorithm: r.algorithm,
    folds: r.folds,
    seed: r.seed,
    status,
    progress: status === 'finished' ? 1 : (r.taskProgress ?? 0),
    taskId: r.taskId,
    accuracy: r.accuracy,
    mse: r.mse,
    rmse: r.rmse,
    h2: r.h2,
    favorite: r.favorite,
    message: status === 'failed' ? (r.taskMessage ?? null) : null,
    createdBy: r.createdBy,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

export async function listModels(db: DbOrTx, ctx: RequestContext, q: PageParsed) {
  const where = and(
    inOrg(gsModel, ctx),
    q.datasetId ? eq(gsModel.datasetId, q.datasetId) : undefined,
    q.traitCode ? eq(gsModel.traitCode, q.traitCode) : undefined,
    q.favorite ? eq(gsModel.favorite, q.favorite === 'true') : undefined,
    q.status === 'finished' ? eq(gsModel.finished, true) : undefined,
    q.status === 'queued' ? and(eq(gsModel.finished, false), eq(sysTask.status, 'queued')) : undefined,
    q.status === 'creating' ? and(eq(gsModel.finished, false), inArray(sysTask.status, ['running', 'retrying'])) : undefined,
    q.status === 'failed' ? and(eq(gsModel.finished, false), sql`coalesce(${sysTask.status}, 'failed') in ('failed', 'cancelled')`) : undefined,
    q.keyword ? ilike(gsModel.name, likePattern(q.keyword)) : undefined,
    filterConditions(q.filters, list.filters),
  );
  const { limit, offset } = pageWindow(q);
  const rows = await selectRows(db)
    .where(where)
    .orderBy(...orderBy(q, list.sortable, [desc(gsModel.createdAt)], gsModel.id))
    .limit(limit)
    .offset(offset);
  const [{ total }] = await db.select({ total: count() }).from(gsModel).leftJoin(sysTask, eq(sysTask.id, gsModel.taskId)).where(where);
  return { rows: rows.map(present), total: Number(total) };
}

export async function getModel(db: DbOrTx, ctx: RequestContext, id: number): Promise<ModelRow> {
  const [row] = await selectRows(db).where(and(inOrg(gsModel, ctx), eq(gsModel.id, id)));
  if (!row) throw notFound();
  return present(row);
}

export async function getModelRecord(db: DbOrTx, ctx: RequestContext, id: number) {
  const [row] = await db
    .select()
    .from(gsModel)
    .where(and(inOrg(gsModel, ctx), eq(gsModel.id, id)));
  if (!row) throw notFound();
  return row;
}

export async function getModelDetail(db: DbOrTx, ctx: RequestContext, id: number): Promise<ModelDetail> {
  const row = await getModel(db, ctx, id);
  const rec = await getModelRecord(db, ctx, id);
  const res = rec.result;
  let markerEffects: ModelDetail['markerEffects'] = null;
  if (res?.markerEffects) {
    const [ds] = await db.select({ markers: gsDataset.markers }).from(gsDataset).where(eq(gsDataset.id, rec.datasetId));
    const at = new Map(ds.markers.names.map((m, j) => [m, j]));
    markerEffects = res.markerEffects.map((e) => {
      const j = at.get(e.marker);
      return { marker: e.marker, chr: j === undefined ? '' : ds.markers.chr[j], pos: j === undefined ? 0 : ds.markers.pos[j], value: e.value };
    });
  }
  return {
    ...row,
    n: res?.n ?? null,
    m: res?.m ?? null,
    varU: res?.varU ?? null,
    varE: res?.varE ?? null,
    logLik: res?.logLik ?? null,
    beta: res?.beta ?? [],
    bandwidth: res?.bandwidth ?? null,
    seconds: res?.seconds ?? null,
    iter: rec.iter,
    burnin: rec.burnin,
    qc: res?.qc ?? null,
    cvFolds: res?.cvFolds ?? [],
    predictions: res?.predictions ?? [],
    markerEffects,
  };
}

/** Records the model and its training task (the route enqueues the job after the commit). */
export async function createModel(db: Db, ctx: RequestContext, body: CreateParsed, locale: Locale): Promise<{ id: number; taskId: number }> {
  requireOrg(ctx);
  return db.transaction(async (tx) => {
    const [ds] = await tx
      .select({ id: gsDataset.id, name: gsDataset.name, traits: gsDataset.traitCodes, type: gsDataset.type })
      .from(gsDataset)
      .where(and(inOrg(gsDataset, ctx), eq(gsDataset.id, body.datasetId)));
    if (!ds) throw new AppError(404, 'RECORD_NOT_FOUND');
    if (ds.type === 'hybrid') throw new AppError(400, 'GS_DATASET_HYBRID', { name: ds.name });
    if (!ds.traits.includes(body.traitCode)) throw new AppError(400, 'GS_TRAIT_NOT_IN_DATASET', { trait: body.traitCode });
    let id: number;
    try {
      const [row] = await tx
        .insert(gsModel)
        .values({
          name: body.name,
          datasetId: ds.id,
          traitCode: body.traitCode,
          algorithm: body.algorithm,
          folds: body.folds,
          seed: body.seed,
          iter: body.iter,
          burnin: body.burnin,
          ...createdStamp(ctx),
        })
        .returning({ id: gsModel.id });
      id = row.id;
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict('GS_NAME_EXISTS', { name: body.name });
      throw err;
    }
    const taskId = await createTask(tx, ctx, {
      module: 'gs',
      type: GS_TRAIN_JOB,
      title: `${body.name} (${body.algorithm.toUpperCase()}, ${ds.name}: ${body.traitCode})`,
      input: { modelId: id, locale, cropId: ctx.cropId },
    });
    await tx.update(gsModel).set({ taskId }).where(eq(gsModel.id, id));
    return { id, taskId };
  });
}

export async function updateModel(db: DbOrTx, ctx: RequestContext, body: z.output<typeof ModelUpdate>): Promise<ModelRow> {
  await getModelRecord(db, ctx, body.id);
  try {
    await db
      .update(gsModel)
      .set({ name: body.name, ...updatedStamp(ctx) })
      .where(and(inOrg(gsModel, ctx), eq(gsModel.id, body.id)));
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('GS_NAME_EXISTS', { name: body.name });
    throw err;
  }
  return getModel(db, ctx, body.id);
}

export async function favoriteModel(db: DbOrTx, ctx: RequestContext, body: z.output<typeof ModelFavorite>): Promise<ModelRow> {
  await getModelRecord(db, ctx, body.id);
  await db
    .update(gsModel)
    .set({ favorite: body.favorite, ...updatedStamp(ctx) })
    .where(and(inOrg(gsModel, ctx), eq(gsModel.id, body.id)));
  return getModel(db, ctx, body.id);
}

/** Deletes a model; an unfinished training task is cancelled with it. */
export async function deleteModel(db: Db, ctx: RequestContext, id: number): Promise<void> {
  const rec = await getModelRecord(db, ctx, id);
  await db.transaction(async (tx) => {
    if (rec.taskId) {
      await tx
        .update(sysTask)
        .set({ status: 'cancelled', finishedAt: new Date() })
        .where(and(eq(sysTask.id, rec.taskId), inArray(sysTask.status, ['queued', 'running', 'retrying'])));
    }
    await tx.delete(gsModel).where(and(inOrg(gsModel, ctx), eq(gsModel.id, id)));
  });
}

/** r and RMSE of finished models side by side, fold by fold (spec: comparative-analysis). */
export async function compareModels(db: DbOrTx, ctx: RequestContext, ids: number[]): Promise<CompareData> {
  const unique = [...new Set(ids)];
  const rows = await db
    .select({ m: gsModel, datasetName: gsDataset.name })
    .from(gsModel)
    .innerJoin(gsDataset, eq(gsDataset.id, gsModel.datasetId))
    .where(and(inOrg(gsModel, ctx), inArray(gsModel.id, unique)));
  if (rows.length !== unique.length) throw notFound();
  const done = rows.filter((r) => r.m.finished && r.m.result);
  if (done.length < 2 || done.length !== rows.length) throw new AppError(400, 'GS_COMPARE_COUNT', { max: MAX_COMPARE });
  const order = new Map(unique.map((id, i) => [id, i]));
  done.sort((a, b) => order.get(a.m.id)! - order.get(b.m.id)!);
  return {
    models: done.map(({ m, datasetName }) => ({
      id: m.id,
      name: m.name,
      algorithm: m.algorithm,
      traitCode: m.traitCode,
      datasetName,
      accuracy: m.accuracy ?? 0,
      mse: m.mse ?? 0,
      rmse: m.rmse ?? 0,
      h2: m.h2,
      folds: m.result!.cvFolds,
    })),
  };
}
