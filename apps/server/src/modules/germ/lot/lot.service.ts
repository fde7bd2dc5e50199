import { and, desc, eq, gt, inArray, type SQL } from 'drizzle-orm';
import { lotList, type LotInput, type LotOperationResult, type LotPageParsed, type LotRow, type LotUnit, type TxnType } from '@breedwise/contracts/germ';
import type { DbOrTx, Tx } from '../../../db/client';
import { requireCrop, requireCropWrite, requireOrg, type RequestContext } from '../../../platform/context';
import { AppError, conflict, isUniqueViolation, notFound } from '../../../platform/errors';
import { filterConditions, listColumns } from '../../../platform/filters';
import { cappedCount, countCap, keywordSearch, matchRow, orderBy, pageWindow } from '../../../platform/pagination';
import { createdStamp, inCrop, inOrg, updatedStamp } from '../../../platform/tenant';
import type { AuditSource } from '../../audit';
import { sysUser, tally } from '../../system';
import { nextNumber } from '../counter/counter.service';
import { germGermplasm } from '../germplasm/germplasm.tables';
import { applyMovement, insufficient, lockLots } from '../ledger/ledger.service';
import { placeIndex } from '../place/place.service';
import { germPlace } from '../place/place.tables';
import { q3 } from '../scope';
import { allocateAccessionNo } from '../series/series.service';
import { germLot } from './lot.tables';

const L = germLot;
const G = germGermplasm;

/** The columns behind the list's declared filter and sort keys (`lotList` in the contracts). */
const list = listColumns(lotList, {
  filters: {
    lotNo: L.lotNo,
    accessionNo: G.accessionNo,
    germplasmName: G.name,
    unit: L.unit,
    quantity: L.quantity,
    harvestYear: L.harvestYear,
    seedSource: L.seedSource,
    remark: L.remark,
    updatedAt: L.updatedAt,
  },
  sort: {
    lotNo: L.lotNo,
    quantity: L.quantity,
    unit: L.unit,
    harvestYear: L.harvestYear,
    accessionNo: G.accessionNo,
    germplasmName: G.name,
    createdAt: L.createdAt,
    updatedAt: L.updatedAt,
  },
});

const columns = {
  id: L.id,
  lotNo: L.lotNo,
  germplasmId: L.germplasmId,
  accessionNo: G.accessionNo,
  germplasmName: G.name,
  pedigree: G.pedigree,
  generation: G.generation,
  placeId: L.placeId,
  unit: L.unit,
  quantity: L.quantity,
  harvestYear: L.harvestYear,
  seedSource: L.seedSource,
  remark: L.remark,
  createdBy: sysUser.nickName,
  createdAt: L.createdAt,
  updatedAt: L.updatedAt,
};

async function placeIdsUnder(db: DbOrTx, ctx: RequestContext, placeId: number): Promise<number[]> {
  const places = await db.select({ id: germPlace.id, parentId: germPlace.parentId }).from(germPlace).where(inOrg(germPlace, ctx));
  const out = [placeId];
  for (let i = 0; i < out.length; i++) for (const p of places) if (p.parentId === out[i]) out.push(p.id);
  return out;
}

/** The keyword search of lots (the document editor's lot picker): exact, then prefix, then anywhere. */
const lotSearch = (keyword: string | undefined) => keywordSearch(keyword, [L.lotNo, G.accessionNo, G.name]);

async function lotWhere(db: DbOrTx, ctx: RequestContext, q: Omit<LotPageParsed, 'pageNum' | 'pageSize'>): Promise<SQL | undefined> {
  return and(
    inCrop(L, ctx),
    q.germplasmId ? eq(L.germplasmId, q.germplasmId) : undefined,
    q.placeId ? inArray(L.placeId, await placeIdsUnder(db, ctx, q.placeId)) : undefined,
    q.inStock === 'true' ? gt(L.quantity, 0) : q.inStock === 'false' ? eq(L.quantity, 0) : undefined,
    // A scanned label code is the lot number (or the accession number): matched like any keyword.
    lotSearch(q.keyword).where,
    filterConditions(q.filters, list.filters),
  );
}

type RawLot = Omit<LotRow, 'placePath' | 'warehouseId' | 'createdAt' | 'updatedAt'> & { createdAt: Date; updatedAt: Date };

async function presentLots(db: DbOrTx, ctx: RequestContext, rows: RawLot[]): Promise<LotRow[]> {
  const places = await placeIndex(db, ctx);
  return rows.map((r) => ({
    ...r,
    quantity: q3(r.quantity),
    placePath: places.get(r.placeId)?.path ?? '',
    warehouseId: places.get(r.placeId)?.warehouseId ?? null,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  }));
}

const lotSelect = (db: DbOrTx) => db.select(columns).from(L).innerJoin(G, eq(G.id, L.germplasmId)).leftJoin(sysUser, eq(sysUser.id, L.createdBy));

export async function listLots(db: DbOrTx, ctx: RequestContext, q: LotPageParsed) {
  const where = await lotWhere(db, ctx, q);
  const { limit, offset } = pageWindow(q);
  const unfiltered = !q.germplasmId && !q.placeId && !q.inStock && !q.keyword && !q.filters?.length;
  const [rows, count] = await Promise.all([
    lotSelect(db)
      .where(where)
      .orderBy(...orderBy(q, list.sortable, [...lotSearch(q.keyword).rank, desc(L.updatedAt)], L.id))
      .limit(limit)
      .offset(offset),
    // Without a filter, the total is the crop's tally (kept by triggers), not a count of every lot.
    unfiltered
      ? tally(db, 'germ_lot', requireOrg(ctx), requireCrop(ctx)).then((total) => ({ total }))
      : cappedCount(db, db.select(matchRow).from(L).innerJoin(G, eq(G.id, L.germplasmId)).where(where), countCap(q)),
  ]);
  return { rows: await presentLots(db, ctx, rows), ...count };
}

export async function getLot(db: DbOrTx, ctx: RequestContext, id: number): Promise<LotRow> {
  const [row] = await lotSelect(db).where(and(inCrop(L, ctx), eq(L.id, id)));
  if (!row) throw notFound();
  return (await presentLots(db, ctx, [row]))[0];
}

export async function lotsByIds(db: DbOrTx, ctx: RequestContext, ids: number[]): Promise<LotRow[]> {
  if (!ids.length) return [];
  return presentLots(db, ctx, await lotSelect(db).where(and(inCrop(L, ctx), inArray(L.id, ids))));
}

async function requirePlace(db: DbOrTx, ctx: RequestContext, placeId: number) {
  const [p] = await db
    .select({ id: germPlace.id })
    .from(germPlace)
    .where(and(inOrg(germPlace, ctx), eq(germPlace.id, placeId)));
  if (!p) throw new AppError(404, 'RECORD_NOT_FOUND');
}

/** A new lot number: L<year>-<six digits>, unique in the organisation. */
export async function newLotNo(db: DbOrTx, ctx: RequestContext): Promise<string> {
  const year = new Date().getUTCFullYear();
  return `L${year}-${String(await nextNumber(db, ctx, `lot-${year}`)).padStart(6, '0')}`;
}

/** Inserts an empty lot (the caller books its opening balance). */
export async function insertLot(
  tx: Tx,
  ctx: RequestContext,
  input: {
    germplasmId: number;
    placeId: number;
    unit: LotUnit;
    lotNo: string | null;
    harvestYear: number | null;
    seedSource: string | null;
    remark: string | null;
  },
): Promise<number> {
  const cropId = requireCropWrite(ctx);
  const [g] = await tx
    .select({ id: G.id })
    .from(G)
    .where(and(inCrop(G, ctx), eq(G.id, input.germplasmId)));
  if (!g) throw notFound();
  await requirePlace(tx, ctx, input.placeId);
  const lotNo = input.lotNo ?? (await newLotNo(tx, ctx));
  try {
    const [row] = await tx
      .insert(L)
      .values({
        cropId,
        lotNo,
        germplasmId: input.germplasmId,
        placeId: input.placeId,
        unit: input.unit,
        quantity: 0,
        harvestYear: input.harvestYear,
        seedSource: input.seedSource,
        remark: input.remark,
        ...createdStamp(ctx),
      })
      .returning({ id: L.id });
    return row.id;
  } catch (err) {
    if (isUniqueViolation(err, 'germ_lot_no_uq')) throw conflict('GERM_LOT_NO_EXISTS', { lotNo });
    throw err;
  }
}

export async function createLot(db: DbOrTx, ctx: RequestContext, src: AuditSource, input: LotInput): Promise<LotRow> {
  requireCropWrite(ctx);
  const id = await db.transaction(async (tx) => {
    const lotId = await insertLot(tx, ctx, input);
    if (input.quantity > 0) await applyMovement(tx, ctx, src, { lotId, type: 'deposit', amount: input.quantity, reason: input.remark });
    return lotId;
  });
  return getLot(db, ctx, id);
}

export async function updateLot(
  db: DbOrTx,
  ctx: RequestContext,
  input: { id: number; harvestYear: number | null; seedSource: string | null; remark: string | null },
): Promise<LotRow> {
  requireCropWrite(ctx);
  const rows = await db
    .update(L)
    .set({ harvestYear: input.harvestYear, seedSource: input.seedSource, remark: input.remark, ...updatedStamp(ctx) })
    .where(and(inCrop(L, ctx), eq(L.id, input.id)))
    .returning({ id: L.id });
  if (!rows.length) throw notFound();
  return getLot(db, ctx, input.id);
}

async function lockedLot(tx: Tx, ctx: RequestContext, id: number) {
  const lot = (await lockLots(tx, ctx, [id])).get(id);
  if (!lot || lot.cropId !== ctx.cropId) throw notFound();
  return lot;
}

async function operate(
  db: DbOrTx,
  ctx: RequestContext,
  lotId: number,
  work: (tx: Tx) => Promise<{ txnIds: number[]; newLotId?: number }>,
): Promise<LotOperationResult> {
  requireCropWrite(ctx);
  const done = await db.transaction(work);
  return { lot: await getLot(db, ctx, lotId), txnIds: done.txnIds, newLot: done.newLotId ? await getLot(db, ctx, done.newLotId) : null };
}

/** Deposit, withdrawal or discard of one lot: one movement in one transaction. */
export function moveStock(
  db: DbOrTx,
  ctx: RequestContext,
  src: AuditSource,
  type: Extract<TxnType, 'deposit' | 'withdrawal' | 'discard'>,
  input: { lotId: number; quantity: number; reason: string | null },
) {
  return operate(db, ctx, input.lotId, async (tx) => {
    const [lot] = await tx
      .select({ cropId: L.cropId })
      .from(L)
      .where(and(inOrg(L, ctx), eq(L.id, input.lotId)));
    if (!lot || lot.cropId !== ctx.cropId) throw notFound();
    const { txnId } = await applyMovement(tx, ctx, src, {
      lotId: input.lotId,
      type,
      amount: type === 'deposit' ? input.quantity : -input.quantity,
      reason: input.reason,
    });
    return { txnIds: [txnId] };
  });
}

/** Sets the balance to a counted figure; the difference is booked as an adjustment. */
export function adjustStock(db: DbOrTx, ctx: RequestContext, src: AuditSource, input: { lotId: number; balance: number; reason: string }) {
  return operate(db, ctx, input.lotId, async (tx) => {
    const lot = await lockedLot(tx, ctx, input.lotId);
    const { txnId } = await applyMovement(tx, ctx, src, { lotId: lot.id, type: 'adjustment', amount: q3(input.balance - lot.quantity), reason: input.reason });
    return { txnIds: [txnId] };
  });
}

/** Moves the whole lot to another place (a zero-amount ledger row keeps where it was and where it went). */
export function transferLot(db: DbOrTx, ctx: RequestContext, src: AuditSource, input: { lotId: number; placeId: number; reason: string | null }) {
  return operate(db, ctx, input.lotId, async (tx) => {
    const lot = await lockedLot(tx, ctx, input.lotId);
    await requirePlace(tx, ctx, input.placeId);
    if (lot.placeId === input.placeId) throw new AppError(400, 'GERM_SAME_PLACE');
    const { txnId } = await applyMovement(tx, ctx, src, {
      lotId: lot.id,
      type: 'transfer',
      amount: 0,
      reason: input.reason,
      fromPlaceId: lot.placeId,
      toPlaceId: input.placeId,
    });
    return { txnIds: [txnId] };
  });
}

/** Takes part of a lot into a new lot (at the same or another place). */
export function splitLot(
  db: DbOrTx,
  ctx: RequestContext,
  src: AuditSource,
  input: { lotId: number; quantity: number; placeId: number | null; lotNo: string | null; reason: string | null },
) {
  return operate(db, ctx, input.lotId, async (tx) => {
    const lot = await lockedLot(tx, ctx, input.lotId);
    if (lot.quantity < input.quantity) throw insufficient(ctx, lot, input.quantity);
    const newLotId = await insertLot(tx, ctx, {
      germplasmId: lot.germplasmId,
      placeId: input.placeId ?? lot.placeId,
      unit: lot.unit,
      lotNo: input.lotNo,
      harvestYear: lot.harvestYear,
      seedSource: lot.seedSource,
      remark: null,
    });
    const out = await applyMovement(tx, ctx, src, { lotId: lot.id, type: 'split', amount: -input.quantity, reason: input.reason, relatedLotId: newLotId });
    const into = await applyMovement(tx, ctx, src, { lotId: newLotId, type: 'split', amount: input.quantity, reason: input.reason, relatedLotId: lot.id });
    return { txnIds: [out.txnId, into.txnId], newLotId };
  });
}

/** Pours lots of the same germplasm and unit into a target lot; the sources are left empty. */
export function mergeLots(db: DbOrTx, ctx: RequestContext, src: AuditSource, input: { targetLotId: number; sourceLotIds: number[]; reason: string | null }) {
  return operate(db, ctx, input.targetLotId, async (tx) => {
    const sources = [...new Set(input.sourceLotIds)].filter((id) => id !== input.targetLotId);
    const locked = await lockLots(tx, ctx, [input.targetLotId, ...sources]);
    const target = locked.get(input.targetLotId);
    if (!target || target.cropId !== ctx.cropId) throw notFound();
    const txnIds: number[] = [];
    for (const id of sources) {
      const s = locked.get(id);
      if (!s || s.cropId !== ctx.cropId) throw notFound();
      if (s.germplasmId !== target.germplasmId || s.unit !== target.unit) throw new AppError(400, 'GERM_MERGE_MISMATCH', { lotNo: s.lotNo });
      if (s.quantity <= 0) continue;
      txnIds.push(
        (await applyMovement(tx, ctx, src, { lotId: s.id, type: 'merge', amount: -s.quantity, reason: input.reason, relatedLotId: target.id })).txnId,
      );
      txnIds.push((await applyMovement(tx, ctx, src, { lotId: target.id, type: 'merge', amount: s.quantity, reason: input.reason, relatedLotId: s.id })).txnId);
    }
    return { txnIds };
  });
}

/**
 * Harvested seed arriving from a nursery, in the caller's transaction: a germplasm record (next accession
 * number of the crop's series; name, type, generation, parents, pedigree, source), a lot of it at a place,
 * and the deposit of the harvested quantity in the ledger.
 */
export async function receiveHarvestedSeed(
  tx: Tx,
  ctx: RequestContext,
  src: AuditSource,
  input: {
    name: string;
    type: 'breeding' | 'hybrid' | 'dh';
    generation: string;
    pedigree: string | null;
    femaleParentId: number | null;
    maleParentId: number | null;
    source: string;
    placeId: number;
    unit: LotUnit;
    quantity: number;
    harvestYear: number | null;
    reason: string;
    remark: string | null;
  },
): Promise<{ germplasmId: number; accessionNo: string; lotId: number; lotNo: string; txnId: number }> {
  const cropId = requireCropWrite(ctx);
  await requirePlace(tx, ctx, input.placeId);
  const accessionNo = await allocateAccessionNo(tx, ctx);
  const [g] = await tx
    .insert(G)
    .values({
      cropId,
      accessionNo,
      name: input.name,
      type: input.type,
      generation: input.generation,
      pedigree: input.pedigree,
      femaleParentId: input.femaleParentId,
      maleParentId: input.maleParentId,
      source: input.source,
      remark: input.remark,
      ...createdStamp(ctx),
    })
    .returning({ id: G.id });
  const lotId = await insertLot(tx, ctx, {
    germplasmId: g.id,
    placeId: input.placeId,
    unit: input.unit,
    lotNo: null,
    harvestYear: input.harvestYear,
    seedSource: input.source,
    remark: input.remark,
  });
  const { txnId } = await applyMovement(tx, ctx, src, { lotId, type: 'deposit', amount: input.quantity, reason: input.reason });
  const [lot] = await tx.select({ lotNo: L.lotNo }).from(L).where(eq(L.id, lotId));
  return { germplasmId: g.id, accessionNo, lotId, lotNo: lot.lotNo, txnId };
}

/** Lot numbers already taken in the organisation, with the germplasm each holds (the data pipelines' re-runs). */
export async function existingLotNos(db: DbOrTx, ctx: RequestContext, lotNos: string[]): Promise<Map<string, { id: number; germplasmId: number }>> {
  const found = new Map<string, { id: number; germplasmId: number }>();
  const unique = [...new Set(lotNos)];
  for (let at = 0; at < unique.length; at += 5000) {
    const rows = await db
      .select({ id: L.id, lotNo: L.lotNo, germplasmId: L.germplasmId })
      .from(L)
      .where(and(inOrg(L, ctx), inArray(L.lotNo, unique.slice(at, at + 5000))));
    for (const r of rows) found.set(r.lotNo, { id: r.id, germplasmId: r.germplasmId });
  }
  return found;
}

/**
 * Lots created in the caller's transaction with the lot screen's rules (germplasm of the current crop, a
 * place of the organisation, a free lot number or the next one), each with its opening balance booked as
 * a ledger deposit. Answers each lot's id and number.
 */
export async function createLotsInTx(tx: Tx, ctx: RequestContext, src: AuditSource, inputs: LotInput[]): Promise<{ id: number; lotNo: string }[]> {
  requireCropWrite(ctx);
  const out: { id: number; lotNo: string }[] = [];
  for (const input of inputs) {
    const lotId = await insertLot(tx, ctx, input);
    if (input.quantity > 0) await applyMovement(tx, ctx, src, { lotId, type: 'deposit', amount: input.quantity, reason: input.remark });
    const [lot] = await tx.select({ lotNo: L.lotNo }).from(L).where(eq(L.id, lotId));
    out.push({ id: lotId, lotNo: lot.lotNo });
  }
  return out;
}
