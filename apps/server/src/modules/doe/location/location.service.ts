import { and, count, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import {
  locationList,
  type LocationDiscardUpdate,
  type LocationExportQuery,
  type LocationInput,
  type LocationPageParsed,
  type LocationRow,
  type LocationStatusUpdate,
} from '@breedwise/contracts/doe';
import type { DbOrTx } from '../../../db/client';
import type { RequestContext } from '../../../platform/context';
import { conflict, isUniqueViolation, notFound } from '../../../platform/errors';
import { filterConditions, listColumns } from '../../../platform/filters';
import { likePattern, orderBy, pageWindow } from '../../../platform/pagination';
import { createdStamp, inOrg, updatedStamp } from '../../../platform/tenant';
import { sysUser } from '../../system';
import { doeLocation } from './location.tables';

const columns = {
  id: doeLocation.id,
  name: doeLocation.name,
  code: doeLocation.code,
  country: doeLocation.country,
  province: doeLocation.province,
  city: doeLocation.city,
  longitude: doeLocation.longitude,
  latitude: doeLocation.latitude,
  status: doeLocation.status,
  discarded: doeLocation.discarded,
  remark: doeLocation.remark,
  createdBy: sysUser.nickName,
  createdAt: doeLocation.createdAt,
  updatedAt: doeLocation.updatedAt,
};

function present(row: { createdAt: Date; updatedAt: Date } & Omit<LocationRow, 'createdAt' | 'updatedAt'>): LocationRow {
  return { ...row, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}

/** The columns behind the keys the location list declares (contracts: `locationList`). */
const list = listColumns(locationList, {
  filters: {
    name: doeLocation.name,
    code: doeLocation.code,
    country: doeLocation.country,
    province: doeLocation.province,
    city: doeLocation.city,
    remark: doeLocation.remark,
    status: doeLocation.status,
    longitude: doeLocation.longitude,
    latitude: doeLocation.latitude,
    createdAt: doeLocation.createdAt,
    updatedAt: doeLocation.updatedAt,
  },
  sort: {
    name: doeLocation.name,
    code: doeLocation.code,
    country: doeLocation.country,
    province: doeLocation.province,
    city: doeLocation.city,
    status: doeLocation.status,
    createdAt: doeLocation.createdAt,
    updatedAt: doeLocation.updatedAt,
  },
});

function listWhere(ctx: RequestContext, q: LocationExportQuery) {
  return and(
    inOrg(doeLocation, ctx),
    q.status ? eq(doeLocation.status, q.status) : undefined,
    q.discarded === 'hide' ? eq(doeLocation.discarded, false) : q.discarded === 'only' ? eq(doeLocation.discarded, true) : undefined,
    q.keyword
      ? or(...[doeLocation.name, doeLocation.code, doeLocation.country, doeLocation.province, doeLocation.city].map((c) => ilike(c, likePattern(q.keyword!))))
      : undefined,
    filterConditions(q.filters, list.filters),
  );
}

export async function countLocations(db: DbOrTx, ctx: RequestContext, q: LocationExportQuery): Promise<number> {
  const [{ total }] = await db.select({ total: count() }).from(doeLocation).where(listWhere(ctx, q));
  return Number(total);
}

export async function listLocations(db: DbOrTx, ctx: RequestContext, q: LocationPageParsed) {
  const where = listWhere(ctx, q);
  const { limit, offset } = pageWindow(q);
  const [rows, total] = await Promise.all([
    db
      .select(columns)
      .from(doeLocation)
      .leftJoin(sysUser, eq(sysUser.id, doeLocation.createdBy))
      .where(where)
      .orderBy(...orderBy(q, list.sortable, [desc(doeLocation.updatedAt)], doeLocation.id))
      .limit(limit)
      .offset(offset),
    countLocations(db, ctx, q),
  ]);
  return { rows: rows.map(present), total };
}

/** Inserts imported locations in one statement batch (the caller's transaction). */
export async function insertLocations(db: DbOrTx, ctx: RequestContext, rows: LocationInput[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) {
    await db.insert(doeLocation).values(rows.slice(i, i + 500).map((r) => ({ ...pick(r), ...createdStamp(ctx) })));
  }
}

/** Codes of the organisation among the given ones (import checks). */
export async function existingCodes(db: DbOrTx, ctx: RequestContext, codes: string[]): Promise<Set<string>> {
  const found = new Set<string>();
  // In slices: a statement holds at most 65,535 parameters, and an import of 100,000 rows names more.
  for (let at = 0; at < codes.length; at += 10_000) {
    const rows = await db
      .select({ code: doeLocation.code })
      .from(doeLocation)
      .where(and(inOrg(doeLocation, ctx), inArray(doeLocation.code, codes.slice(at, at + 10_000))));
    for (const r of rows) found.add(r.code);
  }
  return found;
}

export async function getLocation(db: DbOrTx, ctx: RequestContext, id: number): Promise<LocationRow> {
  const [row] = await db
    .select(columns)
    .from(doeLocation)
    .leftJoin(sysUser, eq(sysUser.id, doeLocation.createdBy))
    .where(and(inOrg(doeLocation, ctx), eq(doeLocation.id, id)));
  if (!row) throw notFound();
  return present(row);
}

async function guardCode<T>(code: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err, 'doe_location_org_code_uq')) throw conflict('DOE_LOCATION_CODE_EXISTS', { code });
    throw err;
  }
}

export async function createLocation(db: DbOrTx, ctx: RequestContext, input: LocationInput): Promise<LocationRow> {
  const [row] = await guardCode(input.code, () =>
    db
      .insert(doeLocation)
      .values({ ...pick(input), ...createdStamp(ctx) })
      .returning({ id: doeLocation.id }),
  );
  return getLocation(db, ctx, row.id);
}

export async function updateLocation(db: DbOrTx, ctx: RequestContext, input: LocationInput & { id: number }): Promise<LocationRow> {
  const rows = await guardCode(input.code, () =>
    db
      .update(doeLocation)
      .set({ ...pick(input), ...updatedStamp(ctx) })
      .where(and(inOrg(doeLocation, ctx), eq(doeLocation.id, input.id)))
      .returning({ id: doeLocation.id }),
  );
  if (rows.length === 0) throw notFound();
  return getLocation(db, ctx, input.id);
}

/** A location with fields, experiments or designs stays (disable it instead). */
export async function deleteLocation(db: DbOrTx, ctx: RequestContext, id: number): Promise<void> {
  const location = await getLocation(db, ctx, id);
  const [{ n }] = await db
    .select({
      n: sql<number>`(select count(*) from doe_field where location_id = ${id}) + (select count(*) from doe_experiment where location_id = ${id}) + (select count(*) from doe_experiment_site where location_id = ${id}) + (select count(*) from doe_germ_design_line where location_id = ${id})`,
    })
    .from(doeLocation)
    .where(eq(doeLocation.id, id));
  if (Number(n) > 0) throw conflict('DOE_LOCATION_IN_USE', { name: location.name, count: Number(n) });
  const rows = await db
    .delete(doeLocation)
    .where(and(inOrg(doeLocation, ctx), eq(doeLocation.id, id)))
    .returning({ id: doeLocation.id });
  if (rows.length === 0) throw notFound();
}

/** Enables or disables several locations at once: all of them or none. */
export async function setLocationStatus(db: DbOrTx, ctx: RequestContext, input: LocationStatusUpdate): Promise<number> {
  const ids = [...new Set(input.ids)];
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(doeLocation)
      .set({ status: input.status, ...updatedStamp(ctx) })
      .where(and(inOrg(doeLocation, ctx), inArray(doeLocation.id, ids)))
      .returning({ id: doeLocation.id });
    if (rows.length !== ids.length) throw notFound();
    return rows.length;
  });
}

/** Only the fields a user may write: ids, organisation and audit columns never come from the body. */
function pick(input: LocationInput) {
  return {
    name: input.name,
    code: input.code,
    country: input.country,
    province: input.province,
    city: input.city,
    longitude: input.longitude,
    latitude: input.latitude,
    remark: input.remark,
  };
}

/** Discards locations or takes them back into use: all of them or none. */
export async function setLocationDiscarded(db: DbOrTx, ctx: RequestContext, input: LocationDiscardUpdate): Promise<number> {
  const ids = [...new Set(input.ids)];
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(doeLocation)
      .set({ discarded: input.discarded, ...updatedStamp(ctx) })
      .where(and(inOrg(doeLocation, ctx), inArray(doeLocation.id, ids)))
      .returning({ id: doeLocation.id });
    if (rows.length !== ids.length) throw notFound();
    return rows.length;
  });
}
