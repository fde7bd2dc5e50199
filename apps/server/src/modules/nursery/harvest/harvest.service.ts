import { and, asc, count, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import { harvestList, type HarvestCreate, type HarvestPageQuery, type HarvestRow } from '@breedwise/contracts/nursery';
import type { z } from 'zod';
import type { DbOrTx, Tx } from '../../../db/client';
import type { RequestContext } from '../../../platform/context';
import { AppError } from '../../../platform/errors';
import { filterConditions, listColumns } from '../../../platform/filters';
import { likePattern, orderBy, pageWindow } from '../../../platform/pagination';
import type { AuditSource } from '../../audit';
import { receiveHarvestedSeed } from '../../germ';
import { germGermplasm } from '../../germ/germplasm/germplasm.tables';
import { germLot } from '../../germ/lot/lot.tables';
import { sysUser } from '../../system';
import { activityOfCrop, getActivity } from '../activity/activity.service';
import { nurseryActivity } from '../activity/activity.tables';
import { nurseryEntry } from '../entry/entry.tables';
import { lockPollinations } from '../pollination/pollination.service';
import { nurseryPollination } from '../pollination/pollination.tables';
import { nurseryHarvest as H } from './harvest.tables';

const columns = {
  id: H.id,
  activityId: H.activityId,
  pollinationId: H.pollinationId,
  pollinationCode: sql<string>`${nurseryActivity.code} || '-P' || lpad(${nurseryPollination.seq}::text, 3, '0')`,
  pollinationType: nurseryPollination.type,
  harvestNumber: H.harvestNumber,
  harvestType: H.harvestType,
  germplasmId: H.germplasmId,
  accessionNo: germGermplasm.accessionNo,
  name: germGermplasm.name,
  pedigree: germGermplasm.pedigree,
  generation: germGermplasm.generation,
  lotId: H.lotId,
  lotNo: germLot.lotNo,
  quantity: sql<number>`(select t.amount from germ_lot_txn t where t.id = ${H.txnId})`,
  unit: germLot.unit,
  createdBy: sysUser.nickName,
  createdAt: H.createdAt,
};

const list = listColumns(harvestList, {
  filters: { harvestNumber: H.harvestNumber, name: germGermplasm.name, generation: germGermplasm.generation, harvestType: H.harvestType },
  sort: { harvestNumber: H.harvestNumber, name: germGermplasm.name, createdAt: H.createdAt },
});

const from = (db: DbOrTx) =>
  db
    .select(columns)
    .from(H)
    .innerJoin(nurseryActivity, eq(nurseryActivity.id, H.activityId))
    .innerJoin(nurseryPollination, eq(nurseryPollination.id, H.pollinationId))
    .innerJoin(germGermplasm, eq(germGermplasm.id, H.germplasmId))
    .innerJoin(germLot, eq(germLot.id, H.lotId))
    .leftJoin(sysUser, eq(sysUser.id, H.createdBy));

export async function listHarvests(db: DbOrTx, ctx: RequestContext, q: z.output<typeof HarvestPageQuery>) {
  await getActivity(db, ctx, q.activityId);
  const where = and(
    eq(H.activityId, q.activityId),
    q.keyword ? or(ilike(H.harvestNumber, likePattern(q.keyword)), ilike(germGermplasm.name, likePattern(q.keyword))) : undefined,
    filterConditions(q.filters, list.filters),
  );
  const { limit, offset } = pageWindow(q);
  const rows = await from(db)
    .where(where)
    .orderBy(...orderBy(q, list.sortable, [asc(H.id)], H.id))
    .limit(limit)
    .offset(offset);
  const [{ total }] = await db.select({ total: count() }).from(H).innerJoin(germGermplasm, eq(germGermplasm.id, H.germplasmId)).where(where);
  return {
    rows: rows.map((r): HarvestRow => ({ ...r, quantity: Number(r.quantity ?? 0), createdAt: r.createdAt.toISOString() })),
    total: Number(total),
  };
}

/** What a harvest takes besides its pollinations. */
export type HarvestFields = Omit<z.output<typeof HarvestCreate>, 'pollinationIds' | 'activityId'>;

/** Refuses a pollination that is not a finished success, or was harvested already. */
export function checkHarvestable(r: { code: string; harvested: boolean; finished: boolean; result: string | null }) {
  if (r.harvested) throw new AppError(409, 'NURSERY_ALREADY_HARVESTED', { code: r.code });
  if (!r.finished || r.result !== 'success') throw new AppError(409, 'NURSERY_NOT_HARVESTABLE', { code: r.code });
}

/**
 * Harvests pollinations inside the caller's transaction: for each, a germplasm record (progeny name,
 * pedigree, generation, parents from the entries' germplasm, the pollination as source), a seed lot at the
 * chosen place with the harvested quantity deposited in the ledger, and the harvest row (with the task that
 * made it, for a harvest job). The pollinations are locked first: a second harvest of the same pollination,
 * even at the same moment, waits and is then refused (and the unique index on the pollination backs this up).
 */
export async function harvestInTx(
  tx: Tx,
  ctx: RequestContext,
  src: AuditSource,
  activity: { id: number; code: string; year: number },
  fields: HarvestFields,
  pollinationIds: number[],
  taskId: number | null = null,
) {
  const rows = await lockPollinations(tx, ctx, pollinationIds, { activityId: activity.id, finishedActivityOk: true });
  for (const r of rows) checkHarvestable(r);
  const entryIds = [...new Set(rows.flatMap((r) => [r.femaleEntryId, r.maleEntryId]).filter((v): v is number => v !== null))];
  const entries = new Map(
    (await tx.select({ id: nurseryEntry.id, germplasmId: nurseryEntry.germplasmId }).from(nurseryEntry).where(inArray(nurseryEntry.id, entryIds))).map((e) => [
      e.id,
      e.germplasmId,
    ]),
  );
  const lotIds: number[] = [];
  for (const r of rows) {
    const female = entries.get(r.femaleEntryId) ?? null;
    const male = r.maleEntryId !== null ? (entries.get(r.maleEntryId) ?? null) : r.type === 'self' ? female : null;
    const harvestNumber = r.code.replace(/-P(\d+)$/, '-H$1');
    const seed = await receiveHarvestedSeed(tx, ctx, src, {
      name: r.progenyName,
      type: r.type === 'dh' ? 'dh' : 'breeding',
      generation: r.progenyGeneration,
      pedigree: r.progenyPedigree,
      femaleParentId: female,
      maleParentId: male,
      source: `${activity.code} ${r.code} (${r.type})`,
      placeId: fields.placeId,
      unit: fields.unit,
      quantity: fields.quantity,
      harvestYear: activity.year,
      reason: `harvest ${harvestNumber}`,
      remark: fields.remark,
    });
    await tx.update(nurseryPollination).set({ harvested: true }).where(eq(nurseryPollination.id, r.id));
    await tx.insert(H).values({
      activityId: activity.id,
      pollinationId: r.id,
      harvestNumber,
      harvestType: fields.harvestType,
      germplasmId: seed.germplasmId,
      lotId: seed.lotId,
      txnId: seed.txnId,
      taskId,
      createdBy: ctx.userId,
    });
    lotIds.push(seed.lotId);
  }
  return { harvested: rows.length, lotIds };
}

/**
 * Harvests finished successful pollinations (at most 200), all or none, in ONE transaction (see
 * `harvestInTx`). More go through the harvest task (`harvest.job.ts`).
 */
export async function harvestPollinations(db: DbOrTx, ctx: RequestContext, src: AuditSource, input: z.output<typeof HarvestCreate>) {
  return db.transaction(async (tx) => {
    const activity = await activityOfCrop(tx, ctx, input.activityId);
    const { pollinationIds, activityId: _activityId, ...fields } = input;
    return harvestInTx(tx, ctx, src, activity, fields, pollinationIds);
  });
}
