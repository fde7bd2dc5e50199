import { and, asc, count, countDistinct, eq, gt, gte, inArray, sql } from 'drizzle-orm';
import type { InventoryStatistic, LotUnit } from '@breedwise/contracts/germ';
import type { DbOrTx } from '../../../db/client';
import { can, requireCrop, requireOrg, type RequestContext } from '../../../platform/context';
import { notFound } from '../../../platform/errors';
import { inCrop } from '../../../platform/tenant';
import { sysCrop, sysUserCrop } from '../../system';
import { germDocument } from '../document/document.tables';
import { germGermplasm } from '../germplasm/germplasm.tables';
import { germLotTxn } from '../ledger/ledger.tables';
import { germLot } from '../lot/lot.tables';
import { placeIndex } from '../place/place.service';
import { q3 } from '../scope';

const G = germGermplasm;

/** A crop of the caller's organisation that the caller may see (crop access, or the administrator). */
async function visibleCrop(db: DbOrTx, ctx: RequestContext, cropId: number) {
  const [crop] = await db
    .select({ id: sysCrop.id })
    .from(sysCrop)
    .where(and(eq(sysCrop.orgId, requireOrg(ctx)), eq(sysCrop.id, cropId)));
  if (!crop) throw notFound();
  if (!can(ctx, '*:*:*')) {
    const [access] = await db
      .select({ cropId: sysUserCrop.cropId })
      .from(sysUserCrop)
      .where(and(eq(sysUserCrop.userId, ctx.userId), eq(sysUserCrop.cropId, cropId)));
    if (!access) throw notFound();
  }
}

export async function cropTypeStatistic(db: DbOrTx, ctx: RequestContext, cropId: number) {
  await visibleCrop(db, ctx, cropId);
  const rows = await db
    .select({ type: G.type, count: count() })
    .from(G)
    .where(and(eq(G.orgId, requireOrg(ctx)), eq(G.cropId, cropId)))
    .groupBy(G.type)
    .orderBy(asc(G.type));
  return rows.map((r) => ({ type: r.type, count: Number(r.count) }));
}

const yearOf = (col: unknown) => sql<number>`extract(year from ${col})::int`;

export async function fiveYearStatistic(db: DbOrTx, ctx: RequestContext) {
  const thisYear = new Date().getUTCFullYear();
  const from = thisYear - 4;
  const start = new Date(Date.UTC(from, 0, 1));
  const introduced = sql`coalesce(${G.introducedOn}::timestamptz, ${G.createdAt})`;
  const [accessions, lots, docs] = await Promise.all([
    db
      .select({ year: yearOf(introduced), n: count() })
      .from(G)
      .where(and(inCrop(G, ctx), gte(introduced, start)))
      .groupBy(yearOf(introduced)),
    db
      .select({ year: yearOf(germLot.createdAt), n: count() })
      .from(germLot)
      .where(and(inCrop(germLot, ctx), gte(germLot.createdAt, start)))
      .groupBy(yearOf(germLot.createdAt)),
    db
      .select({ year: yearOf(germDocument.reviewedAt), kind: germDocument.kind, n: count() })
      .from(germDocument)
      .where(
        and(
          inCrop(germDocument, ctx),
          eq(germDocument.status, 'approved'),
          inArray(germDocument.kind, ['inbound', 'outbound']),
          gte(germDocument.reviewedAt, start),
        ),
      )
      .groupBy(yearOf(germDocument.reviewedAt), germDocument.kind),
  ]);
  return Array.from({ length: 5 }, (_, i) => {
    const year = from + i;
    return {
      year,
      accessions: Number(accessions.find((r) => Number(r.year) === year)?.n ?? 0),
      lots: Number(lots.find((r) => Number(r.year) === year)?.n ?? 0),
      inbound: Number(docs.find((r) => Number(r.year) === year && r.kind === 'inbound')?.n ?? 0),
      outbound: Number(docs.find((r) => Number(r.year) === year && r.kind === 'outbound')?.n ?? 0),
    };
  });
}

export async function recentYearStatistic(db: DbOrTx, ctx: RequestContext) {
  const now = new Date();
  const months = Array.from({ length: 12 }, (_, i) => {
    const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11 + i, 1));
    return d.toISOString().slice(0, 7);
  });
  const start = new Date(`${months[0]}-01T00:00:00Z`);
  const month = sql<string>`to_char(${germLotTxn.createdAt} at time zone 'UTC', 'YYYY-MM')`;
  const rows = await db
    .select({ month, type: germLotTxn.type, n: count() })
    .from(germLotTxn)
    .innerJoin(germLot, eq(germLot.id, germLotTxn.lotId))
    .where(and(inCrop(germLot, ctx), gte(germLotTxn.createdAt, start)))
    .groupBy(month, germLotTxn.type);
  const n = (m: string, types: string[]) => rows.filter((r) => r.month === m && types.includes(r.type)).reduce((s, r) => s + Number(r.n), 0);
  return months.map((m) => ({
    month: m,
    deposits: n(m, ['deposit']),
    withdrawals: n(m, ['withdrawal']),
    discards: n(m, ['discard']),
    adjustments: n(m, ['adjustment']),
  }));
}

export async function cropStatistic(db: DbOrTx, ctx: RequestContext) {
  const orgId = requireOrg(ctx);
  const crops = await db.select().from(sysCrop).where(eq(sysCrop.orgId, orgId)).orderBy(asc(sysCrop.sort), asc(sysCrop.id));
  const [acc, lots] = await Promise.all([
    db.select({ cropId: G.cropId, n: count() }).from(G).where(eq(G.orgId, orgId)).groupBy(G.cropId),
    db.select({ cropId: germLot.cropId, n: count() }).from(germLot).where(eq(germLot.orgId, orgId)).groupBy(germLot.cropId),
  ]);
  return crops.map((c) => ({
    cropId: c.id,
    code: c.code,
    nameZh: c.nameZh,
    nameEn: c.nameEn,
    accessions: Number(acc.find((a) => a.cropId === c.id)?.n ?? 0),
    lots: Number(lots.find((a) => a.cropId === c.id)?.n ?? 0),
  }));
}

export async function inventoryStatistic(db: DbOrTx, ctx: RequestContext): Promise<InventoryStatistic> {
  requireCrop(ctx);
  const [totals] = await db
    .select({ lots: count(), empty: sql<number>`count(*) filter (where ${germLot.quantity} = 0)` })
    .from(germLot)
    .where(inCrop(germLot, ctx));
  const [{ accessions }] = await db
    .select({ accessions: countDistinct(germLot.germplasmId) })
    .from(germLot)
    .where(and(inCrop(germLot, ctx), gt(germLot.quantity, 0)));
  const byPlace = await db
    .select({ placeId: germLot.placeId, unit: germLot.unit, lots: count(), quantity: sql<string>`sum(${germLot.quantity})` })
    .from(germLot)
    .where(inCrop(germLot, ctx))
    .groupBy(germLot.placeId, germLot.unit);
  const places = await placeIndex(db, ctx);
  const units = new Map<LotUnit, { lots: number; quantity: number }>();
  const warehouses = new Map<number | null, { name: string; lots: number; quantities: Map<LotUnit, number> }>();
  for (const r of byPlace) {
    const u = units.get(r.unit) ?? { lots: 0, quantity: 0 };
    units.set(r.unit, { lots: u.lots + Number(r.lots), quantity: q3(u.quantity + Number(r.quantity)) });
    const wid = places.get(r.placeId)?.warehouseId ?? null;
    const w = warehouses.get(wid) ?? { name: wid ? places.get(wid)!.name : '—', lots: 0, quantities: new Map() };
    w.lots += Number(r.lots);
    w.quantities.set(r.unit, q3((w.quantities.get(r.unit) ?? 0) + Number(r.quantity)));
    warehouses.set(wid, w);
  }
  return {
    lots: Number(totals.lots),
    emptyLots: Number(totals.empty),
    accessionsInStock: Number(accessions),
    byUnit: [...units.entries()].map(([unit, v]) => ({ unit, ...v })),
    byWarehouse: [...warehouses.entries()].map(([placeId, w]) => ({
      placeId,
      name: w.name,
      lots: w.lots,
      quantities: [...w.quantities.entries()].map(([unit, quantity]) => ({ unit, quantity })),
    })),
  };
}
