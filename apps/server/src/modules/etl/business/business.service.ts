import { and, count, desc, eq, ilike, or, sql } from 'drizzle-orm';
import { businessList, type BusinessDataAdd, type BusinessDataRow, type BusinessInput, type BusinessRow, type BusinessType } from '@breedwise/contracts/etl';
import type { DbOrTx } from '../../../db/client';
import type { RequestContext } from '../../../platform/context';
import { AppError, badRequest, conflict, isUniqueViolation, notFound } from '../../../platform/errors';
import { filterConditions, listColumns } from '../../../platform/filters';
import { likePattern, orderBy, pageWindow } from '../../../platform/pagination';
import { createdStamp, inOrg } from '../../../platform/tenant';
import { convertValue, typeNameParams, type Scalar } from '../pipeline/convert';
import { BUILTIN_TARGETS, businessKey, businessTarget } from '../pipeline/targets';
import { etlBusiness, etlBusinessData } from './business.tables';

type BusinessRecord = typeof etlBusiness.$inferSelect;

const list = listColumns(businessList, {
  filters: { name: etlBusiness.name, code: etlBusiness.code, createdAt: etlBusiness.createdAt },
  sort: { name: etlBusiness.name, code: etlBusiness.code, createdAt: etlBusiness.createdAt, updatedAt: etlBusiness.updatedAt },
});

const rowCount = sql<number>`(select count(*)::int from etl_business_data d where d.business_id = "etl_business"."id")`;

const present = (b: BusinessRecord, rows: number): BusinessRow => ({
  id: b.id,
  code: b.code,
  name: b.name,
  businessType: `data:${b.code}`,
  columns: b.columns,
  rowCount: Number(rows),
  remark: b.remark,
  createdAt: b.createdAt.toISOString(),
  updatedAt: b.updatedAt.toISOString(),
});

export async function listBusiness(
  db: DbOrTx,
  ctx: RequestContext,
  q: Parameters<typeof pageWindow>[0] & {
    keyword?: string;
    filters?: { key: string; value: string }[];
    orderByColumn?: string;
    isAsc?: 'asc' | 'desc' | 'ascending' | 'descending';
  },
) {
  const where = and(
    inOrg(etlBusiness, ctx),
    q.keyword ? or(ilike(etlBusiness.name, likePattern(q.keyword)), ilike(etlBusiness.code, likePattern(q.keyword))) : undefined,
    filterConditions(q.filters, list.filters),
  );
  const { limit, offset } = pageWindow(q);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ b: etlBusiness, rows: rowCount })
      .from(etlBusiness)
      .where(where)
      .orderBy(...orderBy(q, list.sortable, [desc(etlBusiness.updatedAt)], etlBusiness.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(etlBusiness).where(where),
  ]);
  return { rows: rows.map((r) => present(r.b, r.rows)), total: Number(total) };
}

/** Every business type: the built-in targets and the organisation's business data tables. */
export async function businessTypes(db: DbOrTx, ctx: RequestContext): Promise<BusinessType[]> {
  const tables = await db.select().from(etlBusiness).where(inOrg(etlBusiness, ctx)).orderBy(etlBusiness.code);
  return [...BUILTIN_TARGETS, ...tables.map(businessTarget)].map(({ type, label, builtin, naturalKey, fields }) => ({
    type,
    label,
    builtin,
    naturalKey,
    fields,
  }));
}

export async function createBusiness(db: DbOrTx, ctx: RequestContext, input: BusinessInput): Promise<BusinessRow> {
  const seen = new Set<string>();
  for (const c of input.columns) {
    if (seen.has(c.key.toLowerCase())) throw badRequest('ETL_BUSINESS_COLUMN_REPEATED', { key: c.key });
    seen.add(c.key.toLowerCase());
  }
  return db.transaction(async (tx) => {
    try {
      const [b] = await tx
        .insert(etlBusiness)
        .values({ code: input.code, name: input.name, columns: input.columns, remark: input.remark, ...createdStamp(ctx) })
        .returning();
      return present(b, 0);
    } catch (e) {
      if (isUniqueViolation(e)) throw conflict('ETL_BUSINESS_CODE_EXISTS', { code: input.code });
      throw e;
    }
  });
}

async function ownBusiness(db: DbOrTx, ctx: RequestContext, id: number): Promise<BusinessRecord> {
  const [b] = await db
    .select()
    .from(etlBusiness)
    .where(and(inOrg(etlBusiness, ctx), eq(etlBusiness.id, id)));
  if (!b) throw notFound();
  return b;
}

const presentData = (r: typeof etlBusinessData.$inferSelect): BusinessDataRow => ({
  id: r.id,
  businessId: r.businessId,
  runId: r.runId,
  data: r.data,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

export async function businessDataPage(
  db: DbOrTx,
  ctx: RequestContext,
  q: { businessId: number; runId?: number; keyword?: string; pageNum: number; pageSize: number },
) {
  const b = await ownBusiness(db, ctx, q.businessId);
  const where = and(
    inOrg(etlBusinessData, ctx),
    eq(etlBusinessData.businessId, b.id),
    q.runId ? eq(etlBusinessData.runId, q.runId) : undefined,
    q.keyword ? sql`${etlBusinessData.data}::text ilike ${likePattern(q.keyword)}` : undefined,
  );
  const { limit, offset } = pageWindow(q);
  const [rows, [{ total }]] = await Promise.all([
    db.select().from(etlBusinessData).where(where).orderBy(desc(etlBusinessData.id)).limit(limit).offset(offset),
    db.select({ total: count() }).from(etlBusinessData).where(where),
  ]);
  return { rows: rows.map(presentData), total: Number(total) };
}

/** Adds one row by hand: each value converted by its column's type, required and key columns filled, the key unique. */
export async function addBusinessData(db: DbOrTx, ctx: RequestContext, input: BusinessDataAdd): Promise<BusinessDataRow> {
  return db.transaction(async (tx) => {
    const b = await ownBusiness(tx, ctx, input.businessId);
    const known = new Set(b.columns.map((c) => c.key));
    for (const k of Object.keys(input.data)) if (!known.has(k)) throw badRequest('ETL_MAPPING_TARGET_UNKNOWN', { index: 1, field: k, type: `data:${b.code}` });
    const data: Record<string, Scalar> = {};
    for (const c of b.columns) {
      const raw = input.data[c.key];
      const v = typeof raw === 'boolean' || typeof raw === 'number' ? convertValue(String(raw), c.type) : convertValue(raw, c.type);
      if (!v.ok) throw new AppError(400, 'ETL_CONVERT', { row: 1, column: c.key, value: String(raw), ...typeNameParams(c.type) });
      if (v.value === null && (c.required || c.isKey)) throw badRequest('ETL_VALUE_REQUIRED', { row: 1, column: c.key, field: c.label });
      data[c.key] = v.value;
    }
    const keyValue = businessKey(b, data);
    try {
      const [row] = await tx
        .insert(etlBusinessData)
        .values({ businessId: b.id, runId: null, keyValue, data, ...createdStamp(ctx) })
        .returning();
      return presentData(row);
    } catch (e) {
      if (isUniqueViolation(e)) throw conflict('ETL_KEY_EXISTS', { key: keyValue });
      throw e;
    }
  });
}

export async function deleteBusinessData(db: DbOrTx, ctx: RequestContext, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: etlBusinessData.id })
      .from(etlBusinessData)
      .where(and(inOrg(etlBusinessData, ctx), eq(etlBusinessData.id, id)));
    if (!row) throw notFound();
    await tx.delete(etlBusinessData).where(eq(etlBusinessData.id, row.id));
  });
}
