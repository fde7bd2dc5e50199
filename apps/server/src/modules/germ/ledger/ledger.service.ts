import { and, asc, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { lotUnitLabels, txnList, type LotUnit, type TxnRow, type TxnType } from '@breedwise/contracts/germ';
import type { DbOrTx, Tx } from '../../../db/client';
import { requireCrop, requireOrg, type RequestContext } from '../../../platform/context';
import { AppError, conflict, notFound } from '../../../platform/errors';
import { listColumns } from '../../../platform/filters';
import { cappedCount, countCap, likePattern, matchRow, orderBy, pageWindow } from '../../../platform/pagination';
import { inCrop, inOrg } from '../../../platform/tenant';
import { audit, type AuditSource } from '../../audit';
import { sysUser, tally } from '../../system';
import { germDocument } from '../document/document.tables';
import { germGermplasm } from '../germplasm/germplasm.tables';
import { germLot } from '../lot/lot.tables';
import { placeIndex } from '../place/place.service';
import { q3, qtext } from '../scope';
import { germLotTxn } from './ledger.tables';

/** The largest balance a lot can hold (numeric(16,3)). */
const MAX_BALANCE = '9,999,999,999,999.999';

/** One change of one lot. `amount` is signed: deposits positive, withdrawals negative. */
export interface Movement {
  lotId: number;
  type: TxnType;
  amount: number;
  reason?: string | null;
  documentId?: number | null;
  relatedLotId?: number | null;
  fromPlaceId?: number | null;
  toPlaceId?: number | null;
}

/**
 * Locks the lots in id order (FOR UPDATE), so that operations touching several lots never deadlock
 * each other, and answers them by id. Runs in the caller's transaction.
 */
export async function lockLots(tx: Tx, ctx: RequestContext, ids: number[]) {
  if (!ids.length) return new Map<number, typeof germLot.$inferSelect>();
  const rows = await tx
    .select()
    .from(germLot)
    .where(and(inOrg(germLot, ctx), inArray(germLot.id, [...new Set(ids)])))
    .orderBy(asc(germLot.id))
    .for('update');
  return new Map(rows.map((r) => [r.id, r]));
}

export function insufficient(ctx: RequestContext, lot: { lotNo: string; quantity: number; unit: LotUnit }, requested: number) {
  return conflict('GERM_INSUFFICIENT_STOCK', {
    lotNo: lot.lotNo,
    available: q3(lot.quantity),
    requested: q3(requested),
    unit: lotUnitLabels[lot.unit][ctx.locale],
  });
}

/** A balance beyond numeric(16,3) is a refusal naming the limit, not a server fault. */
async function guardRange<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    let e = err as { code?: string; cause?: unknown } | undefined;
    for (let depth = 0; e && depth < 3; depth++, e = e.cause as typeof e) {
      if (e.code === '22003') throw new AppError(400, 'GERM_QUANTITY_LIMIT', { max: MAX_BALANCE });
    }
    throw err;
  }
}

/**
 * Applies a movement inside the caller's transaction: the lot's balance changes by a conditional
 * update that cannot take it below zero (concurrent updates of the row wait for each other and
 * re-check the condition), and the ledger gets one row with the balance after it. A refused
 * withdrawal is 'insufficient stock' and leaves nothing behind once the transaction rolls back.
 */
export async function applyMovement(tx: Tx, ctx: RequestContext, src: AuditSource, m: Movement): Promise<{ txnId: number; balance: number }> {
  const delta = qtext(m.amount);
  const [lot] = await guardRange(() =>
    tx
      .update(germLot)
      .set({
        quantity: sql`${germLot.quantity} + ${delta}::numeric`,
        ...(m.toPlaceId ? { placeId: m.toPlaceId } : {}),
        updatedBy: ctx.userId,
        updatedAt: new Date(),
      })
      .where(and(inOrg(germLot, ctx), eq(germLot.id, m.lotId), sql`${germLot.quantity} + ${delta}::numeric >= 0`))
      .returning({ quantity: germLot.quantity, lotNo: germLot.lotNo, unit: germLot.unit }),
  );
  if (!lot) {
    const [current] = await tx
      .select()
      .from(germLot)
      .where(and(inOrg(germLot, ctx), eq(germLot.id, m.lotId)));
    if (!current) throw notFound();
    throw insufficient(ctx, current, -m.amount);
  }
  const [txn] = await tx
    .insert(germLotTxn)
    .values({
      orgId: ctx.orgId!,
      lotId: m.lotId,
      type: m.type,
      amount: q3(m.amount),
      balanceAfter: q3(lot.quantity),
      reason: m.reason ?? null,
      documentId: m.documentId ?? null,
      relatedLotId: m.relatedLotId ?? null,
      fromPlaceId: m.fromPlaceId ?? null,
      toPlaceId: m.toPlaceId ?? null,
      createdBy: ctx.userId,
    })
    .returning({ id: germLotTxn.id });
  await audit(tx, src, {
    action: `germ.lot.${m.type}`,
    targetType: 'germ_lot',
    targetId: m.lotId,
    detail: {
      lotNo: lot.lotNo,
      amount: q3(m.amount),
      balance: q3(lot.quantity),
      unit: lot.unit,
      reason: m.reason ?? null,
      documentId: m.documentId ?? null,
      txnId: txn.id,
    },
  });
  return { txnId: txn.id, balance: q3(lot.quantity) };
}

/** The ledger's sort keys (`txnList` in the contracts). */
const ledgerSort = listColumns(txnList, { filters: {}, sort: { createdAt: germLotTxn.createdAt, amount: germLotTxn.amount, type: germLotTxn.type } });

const related = alias(germLot, 'related_lot');

export async function listTransactions(
  db: DbOrTx,
  ctx: RequestContext,
  q: {
    pageNum: number;
    pageSize: number;
    lotId?: number;
    germplasmId?: number;
    type?: TxnType;
    keyword?: string;
    orderByColumn?: string;
    isAsc?: 'asc' | 'desc' | 'ascending' | 'descending';
  },
) {
  const T = germLotTxn;
  const L = germLot;
  const G = germGermplasm;
  const where = and(
    inCrop(L, ctx),
    q.lotId ? eq(T.lotId, q.lotId) : undefined,
    q.germplasmId ? eq(L.germplasmId, q.germplasmId) : undefined,
    q.type ? eq(T.type, q.type) : undefined,
    q.keyword ? or(ilike(L.lotNo, likePattern(q.keyword)), ilike(G.accessionNo, likePattern(q.keyword)), ilike(T.reason, likePattern(q.keyword))) : undefined,
  );
  const { limit, offset } = pageWindow(q);
  const base = db
    .select({
      id: T.id,
      lotId: T.lotId,
      lotNo: L.lotNo,
      germplasmId: L.germplasmId,
      accessionNo: G.accessionNo,
      germplasmName: G.name,
      type: T.type,
      amount: T.amount,
      balanceAfter: T.balanceAfter,
      unit: L.unit,
      reason: T.reason,
      documentId: T.documentId,
      documentNo: germDocument.docNo,
      documentKind: germDocument.kind,
      relatedLotId: T.relatedLotId,
      relatedLotNo: related.lotNo,
      fromPlaceId: T.fromPlaceId,
      toPlaceId: T.toPlaceId,
      createdBy: sysUser.nickName,
      createdAt: T.createdAt,
    })
    .from(T)
    .innerJoin(L, eq(L.id, T.lotId))
    .innerJoin(G, eq(G.id, L.germplasmId))
    .leftJoin(germDocument, eq(germDocument.id, T.documentId))
    .leftJoin(related, eq(related.id, T.relatedLotId))
    .leftJoin(sysUser, eq(sysUser.id, T.createdBy));
  const unfiltered = !q.lotId && !q.germplasmId && !q.type && !q.keyword;
  const order = orderBy(q, ledgerSort.sortable, [desc(T.id)], T.id);
  // The page's ids first (the movements, their lots and accessions: what the filters name), then the
  // documents, related lots and users of those rows only. Planning the six-table join with a page limit
  // took 3.4 ms on every call; the join by ids is planned once per connection (a prepared statement).
  const pageIds = () =>
    db
      .select({ id: T.id })
      .from(T)
      .innerJoin(L, eq(L.id, T.lotId))
      .innerJoin(G, eq(G.id, L.germplasmId))
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset)
      .then((r) => r.map((x) => x.id));
  const [rows, count] = await Promise.all([
    pageIds().then((ids) => (ids.length ? base.where(inArray(T.id, ids)).orderBy(...order) : [])),
    // The whole ledger of a crop is counted by triggers (sys_tally); a count of a million rows is not cheap.
    unfiltered
      ? tally(db, 'germ_lot_txn', requireOrg(ctx), requireCrop(ctx)).then((total) => ({ total }))
      : cappedCount(db, db.select(matchRow).from(T).innerJoin(L, eq(L.id, T.lotId)).innerJoin(G, eq(G.id, L.germplasmId)).where(where), countCap(q)),
  ]);
  // Place paths only when a row names a place (most movements do not).
  const places = rows.some((r) => r.fromPlaceId || r.toPlaceId) ? await placeIndex(db, ctx) : new Map<number, { path: string }>();
  const out: TxnRow[] = rows.map(({ fromPlaceId, toPlaceId, ...r }) => ({
    ...r,
    amount: q3(r.amount),
    balanceAfter: q3(r.balanceAfter),
    fromPlace: fromPlaceId ? (places.get(fromPlaceId)?.path ?? null) : null,
    toPlace: toPlaceId ? (places.get(toPlaceId)?.path ?? null) : null,
    createdAt: r.createdAt.toISOString(),
  }));
  return { rows: out, ...count };
}
