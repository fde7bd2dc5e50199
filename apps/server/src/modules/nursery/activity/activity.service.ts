import { and, count, desc, eq, ilike, or, sql } from 'drizzle-orm';
import { activityList, ActivityPageQuery, type ActivityInput, type ActivityRow } from '@breedwise/contracts/nursery';
import type { z } from 'zod';
import type { DbOrTx, Tx } from '../../../db/client';
import { requireCropWrite, type RequestContext } from '../../../platform/context';
import { AppError, conflict, isUniqueViolation, notFound } from '../../../platform/errors';
import { filterConditions, listColumns } from '../../../platform/filters';
import { likePattern, orderBy, pageWindow } from '../../../platform/pagination';
import { createdStamp, inCrop, updatedStamp } from '../../../platform/tenant';
import { doeField } from '../../doe/field/field.tables';
import { sysUser } from '../../system';
import { nurseryActivity as A } from './activity.tables';

const columns = {
  id: A.id,
  name: A.name,
  code: A.code,
  fieldId: A.fieldId,
  fieldName: doeField.name,
  year: A.year,
  season: A.season,
  maxMales: A.maxMales,
  status: A.status,
  finishedAt: A.finishedAt,
  entryCount: sql<number>`(select count(*)::int from nursery_entry e where e.activity_id = "nursery_activity"."id")`,
  pollinationCount: sql<number>`(select count(*)::int from nursery_pollination p where p.activity_id = "nursery_activity"."id")`,
  harvestedCount: sql<number>`(select count(*)::int from nursery_harvest h where h.activity_id = "nursery_activity"."id")`,
  remark: A.remark,
  createdBy: sysUser.nickName,
  createdAt: A.createdAt,
  updatedAt: A.updatedAt,
};
type Raw = Omit<ActivityRow, 'createdAt' | 'updatedAt' | 'finishedAt'> & { createdAt: Date; updatedAt: Date; finishedAt: Date | null };
const present = (r: Raw): ActivityRow => ({
  ...r,
  entryCount: Number(r.entryCount),
  pollinationCount: Number(r.pollinationCount),
  harvestedCount: Number(r.harvestedCount),
  finishedAt: r.finishedAt ? r.finishedAt.toISOString() : null,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

const list = listColumns(activityList, {
  filters: { name: A.name, code: A.code, year: A.year, season: A.season, status: A.status, createdAt: A.createdAt },
  sort: { name: A.name, code: A.code, year: A.year, status: A.status, createdAt: A.createdAt, updatedAt: A.updatedAt },
});

const select = (db: DbOrTx) => db.select(columns).from(A).leftJoin(doeField, eq(doeField.id, A.fieldId)).leftJoin(sysUser, eq(sysUser.id, A.createdBy));

export async function listActivities(db: DbOrTx, ctx: RequestContext, q: z.output<typeof ActivityPageQuery>) {
  const where = and(
    inCrop(A, ctx),
    q.status ? eq(A.status, q.status) : undefined,
    q.keyword ? or(ilike(A.name, likePattern(q.keyword)), ilike(A.code, likePattern(q.keyword))) : undefined,
    filterConditions(q.filters, list.filters),
  );
  const { limit, offset } = pageWindow(q);
  const rows = await select(db)
    .where(where)
    .orderBy(...orderBy(q, list.sortable, [desc(A.updatedAt)], A.id))
    .limit(limit)
    .offset(offset);
  const [{ total }] = await db.select({ total: count() }).from(A).where(where);
  return { rows: rows.map(present), total: Number(total) };
}

export async function getActivity(db: DbOrTx, ctx: RequestContext, id: number): Promise<ActivityRow> {
  const [row] = await select(db).where(and(inCrop(A, ctx), eq(A.id, id)));
  if (!row) throw notFound();
  return present(row);
}

/**
 * The activity for a change: of the current crop, writable, and not finished. With a transaction it is
 * locked (FOR SHARE), so a finish committed meanwhile waits for the change or refuses it.
 */
export async function openActivity(db: DbOrTx | Tx, ctx: RequestContext, id: number, lock: false | 'share' | 'update' | true = false) {
  requireCropWrite(ctx);
  const q = db
    .select()
    .from(A)
    .where(and(inCrop(A, ctx), eq(A.id, id)));
  const [row] = lock ? await q.for(lock === 'update' ? 'update' : 'share') : await q;
  if (!row) throw notFound();
  if (row.status === 'finished') throw new AppError(409, 'NURSERY_FINISHED', { code: row.code });
  return row;
}

/** The activity of the current crop, finished or not (harvests are taken after the season). */
export async function activityOfCrop(db: DbOrTx, ctx: RequestContext, id: number) {
  requireCropWrite(ctx);
  const [row] = await db
    .select()
    .from(A)
    .where(and(inCrop(A, ctx), eq(A.id, id)));
  if (!row) throw notFound();
  return row;
}

async function checkField(db: DbOrTx, ctx: RequestContext, fieldId: number | null) {
  if (fieldId === null) return;
  const [f] = await db
    .select({ id: doeField.id })
    .from(doeField)
    .where(and(eq(doeField.orgId, ctx.orgId!), eq(doeField.id, fieldId)));
  if (!f) throw notFound();
}

async function guardCode<T>(code: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err, 'nursery_activity_code_uq')) throw conflict('NURSERY_CODE_EXISTS', { code });
    throw err;
  }
}

const pick = (i: ActivityInput) => ({
  name: i.name,
  code: i.code,
  fieldId: i.fieldId,
  year: i.year,
  season: i.season,
  maxMales: i.maxMales,
  remark: i.remark,
});

export async function createActivity(db: DbOrTx, ctx: RequestContext, input: ActivityInput): Promise<ActivityRow> {
  const cropId = requireCropWrite(ctx);
  await checkField(db, ctx, input.fieldId);
  const [row] = await guardCode(input.code, () =>
    db
      .insert(A)
      .values({ ...pick(input), cropId, ...createdStamp(ctx) })
      .returning({ id: A.id }),
  );
  return getActivity(db, ctx, row.id);
}

export async function updateActivity(db: DbOrTx, ctx: RequestContext, input: ActivityInput & { id: number }): Promise<ActivityRow> {
  await db.transaction(async (tx) => {
    await openActivity(tx, ctx, input.id, true);
    await checkField(tx, ctx, input.fieldId);
    await guardCode(input.code, () =>
      tx
        .update(A)
        .set({ ...pick(input), ...updatedStamp(ctx) })
        .where(eq(A.id, input.id)),
    );
  });
  return getActivity(db, ctx, input.id);
}

/** Irreversible: a finished activity refuses every later change of itself, its entries and pollinations. */
export async function finishActivity(db: DbOrTx, ctx: RequestContext, id: number): Promise<ActivityRow> {
  await db.transaction(async (tx) => {
    requireCropWrite(ctx);
    const [row] = await tx
      .select()
      .from(A)
      .where(and(inCrop(A, ctx), eq(A.id, id)))
      .for('update');
    if (!row) throw notFound();
    if (row.status === 'finished') throw new AppError(409, 'NURSERY_FINISHED', { code: row.code });
    await tx
      .update(A)
      .set({ status: 'finished', finishedAt: new Date(), ...updatedStamp(ctx) })
      .where(eq(A.id, id));
  });
  return getActivity(db, ctx, id);
}

export async function deleteActivity(db: DbOrTx, ctx: RequestContext, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await openActivity(tx, ctx, id, true);
    const [{ n }] = await tx
      .select({ n: sql<number>`(select count(*)::int from nursery_harvest h where h.activity_id = ${id})` })
      .from(A)
      .where(eq(A.id, id));
    if (Number(n) > 0) throw new AppError(409, 'NURSERY_HAS_HARVESTS', { code: row.code, count: Number(n) });
    await tx.execute(sql`delete from nursery_pollination where activity_id = ${id}`);
    await tx.delete(A).where(eq(A.id, id));
  });
}
