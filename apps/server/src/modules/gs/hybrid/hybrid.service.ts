import { and, count, desc, eq, ilike, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  gcaList,
  type CrossPrediction,
  type GcaColumns,
  type GcaCreate,
  type GcaData,
  type GcaFigure,
  type GcaPageQuery,
  type GcaResultQuery,
  type GcaRow,
  type HgImportResult,
} from '@breedwise/contracts/gs';
import type { Locale } from '@breedwise/contracts';
import type { Db, DbOrTx } from '../../../db/client';
import { requireOrg, type RequestContext } from '../../../platform/context';
import { AppError, conflict, isUniqueViolation, notFound } from '../../../platform/errors';
import { filterConditions, listColumns } from '../../../platform/filters';
import { likePattern, orderBy, pageWindow } from '../../../platform/pagination';
import { createdStamp, inOrg, updatedStamp } from '../../../platform/tenant';
import { createTask, csvLine, sysTask } from '../../common';
import { phenotypesFromTable, readCsvTable } from '@breedwise/genomics';
import type { ObjectStorage } from '../../../platform/files/storage';
import { gsDataset, gsGca, type GcaResult } from '../gs.tables';
import { fetchStored, gsRefusal, workDir } from '../gs-files';

export const GS_GCA_JOB = 'gs.gca.run';

const qg = (col: { name: string }) => sql.raw(`"gs_gca"."${col.name}"`);
const creator = sql<string | null>`(select coalesce(u.nick_name, u.username) from sys_user u where u.id = ${qg(gsGca.createdBy)})`;

const rowColumns = {
  id: gsGca.id,
  name: gsGca.name,
  datasetId: gsGca.datasetId,
  datasetName: gsDataset.name,
  traitCode: gsGca.traitCode,
  sca: gsGca.sca,
  method: gsGca.method,
  fixedEffects: gsGca.fixedEffects,
  finished: gsGca.finished,
  counts: sql<{
    p1: number;
    p2: number;
    tested: number;
  } | null>`case when ${qg(gsGca.result)} is null then null else json_build_object('p1', jsonb_array_length(${qg(gsGca.result)}->'pool1'), 'p2', jsonb_array_length(${qg(gsGca.result)}->'pool2'), 'tested', (select count(*) from jsonb_array_elements(${qg(gsGca.result)}->'predictions') e where (e->>'observed')::boolean)) end`,
  taskStatus: sysTask.status,
  taskProgress: sysTask.progress,
  taskMessage: sysTask.message,
  taskId: gsGca.taskId,
  createdBy: creator,
  createdAt: gsGca.createdAt,
  updatedAt: gsGca.updatedAt,
};
const list = listColumns(gcaList, {
  filters: { name: gsGca.name, createdAt: gsGca.createdAt },
  sort: { name: gsGca.name, createdAt: gsGca.createdAt, updatedAt: gsGca.updatedAt },
});
const selectRows = (db: DbOrTx) =>
  db.select(rowColumns).from(gsGca).innerJoin(gsDataset, eq(gsDataset.id, gsGca.datasetId)).leftJoin(sysTask, eq(sysTask.id, gsGca.taskId));
type Raw = Awaited<ReturnType<typeof selectRows>>[number];

/** Spec section 4: queued, creating (running or retrying), finished, failed. */
function present(r: Raw): GcaRow {
  const status = r.finished
    ? 'finished'
    : r.taskStatus === 'queued'
      ? 'queued'
      : r.taskStatus === 'running' || r.taskStatus === 'retrying'
        ? 'creating'
        : 'failed';
  const c = r.finished ? r.counts : null;
  return {
    id: r.id,
    name: r.name,
    datasetId: r.datasetId,
    datasetName: r.datasetName,
    traitCode: r.traitCode,
    sca: r.sca,
    method: r.method,
    fixedEffects: r.fixedEffects,
    status,
    progress: r.finished ? 1 : (r.taskProgress ?? 0),
    taskId: r.taskId,
    message: status === 'failed' ? (r.taskMessage ?? null) : null,
    pool1Count: c ? Number(c.p1) : null,
    pool2Count: c ? Number(c.p2) : null,
    testedCount: c ? Number(c.tested) : null,
    untestedCount: c ? Number(c.p1) * Number(c.p2) - Number(c.tested) : null,
    createdBy: r.createdBy,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

export async function listGcaTasks(db: DbOrTx, ctx: RequestContext, q: z.output<typeof GcaPageQuery>) {
  const where = and(
    inOrg(gsGca, ctx),
    q.datasetId ? eq(gsGca.datasetId, q.datasetId) : undefined,
    q.keyword ? ilike(gsGca.name, likePattern(q.keyword)) : undefined,
    filterConditions(q.filters, list.filters),
  );
  const { limit, offset } = pageWindow(q);
  const rows = await selectRows(db)
    .where(where)
    .orderBy(...orderBy(q, list.sortable, [desc(gsGca.createdAt)], gsGca.id))
    .limit(limit)
    .offset(offset);
  const [{ total }] = await db.select({ total: count() }).from(gsGca).where(where);
  return { rows: rows.map(present), total: Number(total) };
}

export async function getGcaRow(db: DbOrTx, ctx: RequestContext, id: number): Promise<GcaRow> {
  const [row] = await selectRows(db).where(and(inOrg(gsGca, ctx), eq(gsGca.id, id)));
  if (!row) throw notFound();
  return present(row);
}

async function getGcaRecord(db: DbOrTx, ctx: RequestContext, id: number) {
  const [row] = await db
    .select()
    .from(gsGca)
    .where(and(inOrg(gsGca, ctx), eq(gsGca.id, id)));
  if (!row) throw notFound();
  return row;
}

async function finishedResult(db: DbOrTx, ctx: RequestContext, id: number): Promise<{ rec: typeof gsGca.$inferSelect; result: GcaResult }> {
  const rec = await getGcaRecord(db, ctx, id);
  if (!rec.finished || !rec.result) throw new AppError(409, 'GS_GCA_NOT_FINISHED');
  return { rec, result: rec.result };
}

const MISSING_LEVEL = new Set(['', 'NA', 'na', 'NaN', '.', '-']);
const MAX_LEVELS_SHOWN = 200;

/** A hybrid dataset of the caller's organisation with its phenotype file copied to `dir`. */
async function hybridPhenotype(deps: GcaFileDeps, ctx: RequestContext, datasetId: number, dir: string) {
  const [ds] = await deps.db
    .select()
    .from(gsDataset)
    .where(and(inOrg(gsDataset, ctx), eq(gsDataset.id, datasetId)));
  if (!ds) throw notFound();
  if (ds.type !== 'hybrid') throw new AppError(400, 'GS_DATASET_NOT_HYBRID', { name: ds.name });
  const file = await fetchStored(deps.db, deps.storage, ds.phenotypeFileId, dir, ds.phenotypeFileName);
  return { ds, table: readCsvTable(file) };
}

export interface GcaFileDeps {
  db: DbOrTx;
  storage: ObjectStorage;
  dataDir: string;
}

/** gca-columns: the phenotype file's columns other than the hybrid column and the dataset's traits, with their levels. */
export async function gcaColumns(deps: GcaFileDeps, ctx: RequestContext, datasetId: number): Promise<GcaColumns> {
  requireOrg(ctx);
  const w = await workDir(deps.dataDir);
  try {
    const { ds, table } = await hybridPhenotype(deps, ctx, datasetId, w.dir);
    const columns = table.header.flatMap((name, c) => {
      if (c === 0 || ds.traitCodes.includes(name)) return [];
      const levels = new Set<string>();
      let missing = 0;
      for (const { cells } of table.rows) {
        const v = (cells[c] ?? '').trim();
        if (MISSING_LEVEL.has(v)) missing++;
        else levels.add(v);
      }
      return [{ name, levels: [...levels].sort().slice(0, MAX_LEVELS_SHOWN), missing }];
    });
    return { fileName: ds.phenotypeFileName, columns };
  } finally {
    await w.done();
  }
}

/**
 * The fixed-effect columns of a new GCA task: each a column of the dataset's phenotype file, not the hybrid
 * column nor a trait, and (checked by the engine's reader, naming file and line) without missing levels in
 * the records of the trait.
 */
export async function checkGcaFixed(deps: GcaFileDeps, ctx: RequestContext, body: z.output<typeof GcaCreate>, locale: Locale): Promise<void> {
  if (!body.fixedEffects.length) return;
  const w = await workDir(deps.dataDir);
  try {
    const { ds, table } = await hybridPhenotype(deps, ctx, body.datasetId, w.dir);
    for (const column of body.fixedEffects) {
      const c = table.header.indexOf(column);
      if (c <= 0 || ds.traitCodes.includes(column) || body.fixedEffects.indexOf(column) !== body.fixedEffects.lastIndexOf(column)) {
        throw new AppError(400, 'GS_GCA_FIXED_UNKNOWN', { column, file: ds.phenotypeFileName });
      }
    }
    if (!ds.traitCodes.includes(body.traitCode)) return;
    try {
      phenotypesFromTable(table, { trait: body.traitCode, fixed: body.fixedEffects });
    } catch (err) {
      throw gsRefusal(err, locale);
    }
  } finally {
    await w.done();
  }
}

/** Records a GCA task on a hybrid dataset's trait and its job (the caller enqueues it after the commit). */
export async function createGcaTask(db: Db, ctx: RequestContext, body: z.output<typeof GcaCreate>, locale: Locale) {
  requireOrg(ctx);
  return db.transaction(async (tx) => {
    const [ds] = await tx
      .select({ id: gsDataset.id, name: gsDataset.name, type: gsDataset.type, traits: gsDataset.traitCodes })
      .from(gsDataset)
      .where(and(inOrg(gsDataset, ctx), eq(gsDataset.id, body.datasetId)));
    if (!ds) throw notFound();
    if (ds.type !== 'hybrid') throw new AppError(400, 'GS_DATASET_NOT_HYBRID', { name: ds.name });
    if (!ds.traits.includes(body.traitCode)) throw new AppError(400, 'GS_TRAIT_NOT_IN_DATASET', { trait: body.traitCode });
    let id: number;
    try {
      const [row] = await tx
        .insert(gsGca)
        .values({
          name: body.name,
          datasetId: ds.id,
          traitCode: body.traitCode,
          sca: body.sca,
          method: body.method,
          fixedEffects: body.fixedEffects,
          ...createdStamp(ctx),
        })
        .returning({ id: gsGca.id });
      id = row.id;
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict('GS_NAME_EXISTS', { name: body.name });
      throw err;
    }
    const taskId = await createTask(tx, ctx, {
      module: 'gs',
      type: GS_GCA_JOB,
      title: `${body.name} (${ds.name}: ${body.traitCode}, GCA${body.sca ? ' + SCA' : ''})`,
      input: { gcaId: id, locale, cropId: ctx.cropId },
    });
    await tx.update(gsGca).set({ taskId }).where(eq(gsGca.id, id));
    return { id, taskId };
  });
}

/** Runs a finished or failed GCA task again: the result is cleared and a new job recorded (refused while one is queued or running). */
export async function resetGcaTask(db: Db, ctx: RequestContext, id: number, locale: Locale) {
  requireOrg(ctx);
  return db.transaction(async (tx) => {
    const [row] = await selectRows(tx).where(and(inOrg(gsGca, ctx), eq(gsGca.id, id)));
    if (!row) throw notFound();
    const state = present(row).status;
    if (state === 'queued' || state === 'creating') throw conflict('GS_GCA_RUNNING', { name: row.name });
    const taskId = await createTask(tx, ctx, {
      module: 'gs',
      type: GS_GCA_JOB,
      title: `${row.name} (${row.datasetName}: ${row.traitCode}, GCA${row.sca ? ' + SCA' : ''})`,
      input: { gcaId: id, locale, cropId: ctx.cropId },
    });
    await tx
      .update(gsGca)
      .set({ taskId, finished: false, result: null, ...updatedStamp(ctx) })
      .where(and(inOrg(gsGca, ctx), eq(gsGca.id, id)));
    return { id, taskId };
  });
}

export async function deleteGcaTask(db: Db, ctx: RequestContext, id: number): Promise<void> {
  const rec = await getGcaRecord(db, ctx, id);
  await db.transaction(async (tx) => {
    if (rec.taskId) {
      await tx
        .update(sysTask)
        .set({ status: 'cancelled', finishedAt: new Date() })
        .where(and(eq(sysTask.id, rec.taskId), inArray(sysTask.status, ['queued', 'running', 'retrying'])));
    }
    await tx.delete(gsGca).where(and(inOrg(gsGca, ctx), eq(gsGca.id, id)));
  });
}

const ranked = (values: Array<{ id: string; value: number }>) =>
  [...values].sort((a, b) => b.value - a.value || a.id.localeCompare(b.id)).map((v, i) => ({ rank: i + 1, id: v.id, value: v.value }));

export async function gcaData(db: DbOrTx, ctx: RequestContext, id: number): Promise<GcaData> {
  const { result } = await finishedResult(db, ctx, id);
  return {
    task: await getGcaRow(db, ctx, id),
    n: result.n,
    converged: result.converged,
    iterations: result.iterations,
    varGca1: result.varGca1,
    varGca2: result.varGca2,
    varSca: result.varSca,
    varE: result.varE,
    logLik: result.logLik,
    intercept: result.beta[0]?.value ?? 0,
    atBoundary: result.atBoundary,
    fittedR: result.fittedR,
    seconds: result.seconds,
    gca1: ranked(result.gca1),
    gca2: ranked(result.gca2),
    sca: result.sca.map((s) => {
      const [parent1, parent2] = s.cross.split(':');
      return { parent1, parent2, value: s.value, observed: s.observed };
    }),
  };
}

export async function gcaFigure(db: DbOrTx, ctx: RequestContext, id: number): Promise<GcaFigure> {
  const { result } = await finishedResult(db, ctx, id);
  const pool1 = ranked(result.gca1).map((g) => g.id);
  const pool2 = ranked(result.gca2).map((g) => g.id);
  const i1 = new Map(pool1.map((p, i) => [p, i]));
  const i2 = new Map(pool2.map((p, i) => [p, i]));
  let min = Infinity;
  let max = -Infinity;
  const cells: GcaFigure['cells'] = [];
  for (const p of result.predictions) {
    const r = i1.get(p.parent1);
    const c = i2.get(p.parent2);
    if (r === undefined || c === undefined) continue;
    cells.push([c, r, p.value, p.observed ? 1 : 0]);
    min = Math.min(min, p.value);
    max = Math.max(max, p.value);
  }
  return { pool1, pool2, cells, min: Number.isFinite(min) ? min : 0, max: Number.isFinite(max) ? max : 0 };
}

/** Every cross with its components, ranked by predicted performance (highest first). */
function crossTable(result: GcaResult, scope: 'untested' | 'all'): CrossPrediction[] {
  const g1 = new Map(result.gca1.map((g) => [g.id, g.value]));
  const g2 = new Map(result.gca2.map((g) => [g.id, g.value]));
  const sca = new Map(result.sca.map((s) => [s.cross, s.value]));
  const withSca = result.varSca !== null;
  return result.predictions
    .filter((p) => scope === 'all' || !p.observed)
    .sort((a, b) => b.value - a.value || a.parent1.localeCompare(b.parent1) || a.parent2.localeCompare(b.parent2))
    .map((p, i) => ({
      rank: i + 1,
      parent1: p.parent1,
      parent2: p.parent2,
      gca1: g1.get(p.parent1) ?? 0,
      gca2: g2.get(p.parent2) ?? 0,
      sca: withSca ? (sca.get(`${p.parent1}:${p.parent2}`) ?? 0) : null,
      value: p.value,
      observed: p.observed,
    }));
}

export async function gcaPredictionResult(db: DbOrTx, ctx: RequestContext, q: z.output<typeof GcaResultQuery>) {
  const { result } = await finishedResult(db, ctx, q.id);
  let rows = crossTable(result, q.scope);
  if (q.keyword) {
    const k = q.keyword.toLowerCase();
    rows = rows.filter((r) => r.parent1.toLowerCase().includes(k) || r.parent2.toLowerCase().includes(k));
  }
  if (q.orderByColumn === 'value' && (q.isAsc === 'asc' || q.isAsc === 'ascending')) rows = [...rows].reverse();
  const { limit, offset } = pageWindow(q);
  return { rows: rows.slice(offset, offset + limit), total: rows.length };
}

export async function gcaResultCsv(db: DbOrTx, ctx: RequestContext, id: number): Promise<{ name: string; csv: string }> {
  const { rec, result } = await finishedResult(db, ctx, id);
  const lines = [csvLine(['rank', 'female', 'male', 'gca1', 'gca2', 'sca', rec.traitCode, 'tested'])];
  for (const r of crossTable(result, 'all')) lines.push(csvLine([r.rank, r.parent1, r.parent2, r.gca1, r.gca2, r.sca ?? '', r.value, r.observed ? 1 : 0]));
  return { name: `${rec.name}.csv`, csv: lines.join('\n') + '\n' };
}

/** The hybrid template: the crosses still to predict (never tested), one per line, female (pool 1) then male (pool 2). */
export async function hgTemplateCsv(db: DbOrTx, ctx: RequestContext, id: number): Promise<{ name: string; csv: string }> {
  const { rec, result } = await finishedResult(db, ctx, id);
  const lines = [csvLine(['female', 'male'])];
  for (const p of result.predictions) if (!p.observed) lines.push(csvLine([p.parent1, p.parent2]));
  return { name: `${rec.name}_hybrid_template.csv`, csv: lines.join('\n') + '\n' };
}

/** Predicts the crosses listed in a filled hybrid template (columns female and male); every parent must belong to its pool. */
export async function importHgTemplate(
  db: DbOrTx,
  ctx: RequestContext,
  id: number,
  table: { fileName: string; header: string[]; rows: Array<{ cells: string[]; line: number }> },
): Promise<HgImportResult> {
  const { result } = await finishedResult(db, ctx, id);
  const header = table.header.map((h) => h.trim().toLowerCase());
  const cf = header.indexOf('female');
  const cm = header.indexOf('male');
  if (cf < 0 || cm < 0) throw new AppError(400, 'GS_HG_COLUMNS', { file: table.fileName });
  const all = new Map(crossTable(result, 'all').map((r) => [`${r.parent1}:${r.parent2}`, r]));
  const pool1 = new Set(result.pool1);
  const pool2 = new Set(result.pool2);
  const rows: HgImportResult['rows'] = [];
  for (const { cells, line } of table.rows) {
    const female = (cells[cf] ?? '').trim();
    const male = (cells[cm] ?? '').trim();
    if (!female && !male) continue;
    if (!pool1.has(female)) throw new AppError(400, 'GS_HG_PARENT_UNKNOWN', { file: table.fileName, line, parent: female || '""', pool: 1 });
    if (!pool2.has(male)) throw new AppError(400, 'GS_HG_PARENT_UNKNOWN', { file: table.fileName, line, parent: male || '""', pool: 2 });
    const { rank: _rank, ...cross } = all.get(`${female}:${male}`)!;
    rows.push({ line, ...cross });
  }
  if (!rows.length) throw new AppError(400, 'GS_HG_EMPTY', { file: table.fileName });
  return { fileName: table.fileName, rows };
}
