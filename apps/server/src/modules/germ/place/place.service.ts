import { and, count, eq } from 'drizzle-orm';
import { placeLevelLabels, type PlaceInput, type PlaceLevel, type PlaceRow } from '@breedwise/contracts/germ';
import type { DbOrTx } from '../../../db/client';
import { requireOrg, type RequestContext } from '../../../platform/context';
import { AppError, conflict, isUniqueViolation, notFound } from '../../../platform/errors';
import { createdStamp, inOrg, updatedStamp } from '../../../platform/tenant';
import { germLot } from '../lot/lot.tables';
import { germPlace } from './place.tables';

const PARENT_LEVEL: Record<PlaceLevel, PlaceLevel | null> = { warehouse: null, shelf: 'warehouse', box: 'shelf' };

export interface PlaceInfo {
  id: number;
  name: string;
  level: PlaceLevel;
  path: string;
  warehouseId: number | null;
}

/** Every place of the organisation with its full path ("Cold store 1 / Shelf A / Box 03"). */
export async function placeIndex(db: DbOrTx, ctx: RequestContext): Promise<Map<number, PlaceInfo>> {
  const rows = await db
    .select({ id: germPlace.id, parentId: germPlace.parentId, name: germPlace.name, level: germPlace.level })
    .from(germPlace)
    .where(inOrg(germPlace, ctx));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const out = new Map<number, PlaceInfo>();
  for (const r of rows) {
    const names: string[] = [];
    let cur: typeof r | undefined = r;
    let warehouseId: number | null = null;
    for (let guard = 0; cur && guard < 10; guard++) {
      names.unshift(cur.name);
      if (cur.level === 'warehouse') warehouseId = cur.id;
      cur = cur.parentId ? byId.get(cur.parentId) : undefined;
    }
    out.set(r.id, { id: r.id, name: r.name, level: r.level, path: names.join(' / '), warehouseId });
  }
  return out;
}

export async function listPlaces(db: DbOrTx, ctx: RequestContext): Promise<PlaceRow[]> {
  const rows = await db.select().from(germPlace).where(inOrg(germPlace, ctx));
  const counts = await db.select({ placeId: germLot.placeId, lots: count() }).from(germLot).where(inOrg(germLot, ctx)).groupBy(germLot.placeId);
  const lots = new Map(counts.map((c) => [c.placeId, Number(c.lots)]));
  const paths = await placeIndex(db, ctx);
  return rows
    .map((r) => ({
      id: r.id,
      parentId: r.parentId,
      level: r.level,
      code: r.code,
      name: r.name,
      path: paths.get(r.id)!.path,
      condition: r.condition,
      remark: r.remark,
      lotCount: lots.get(r.id) ?? 0,
    }))
    .sort((a, b) => a.path.localeCompare(b.path, 'zh-CN'));
}

async function checkParent(db: DbOrTx, ctx: RequestContext, input: PlaceInput) {
  const want = PARENT_LEVEL[input.level];
  const level = placeLevelLabels[input.level][ctx.locale];
  if (want === null) {
    if (input.parentId !== null) throw new AppError(400, 'GERM_PLACE_LEVEL', { level, parentLevel: placeLevelLabels.top[ctx.locale] });
    return;
  }
  const [parent] =
    input.parentId === null
      ? []
      : await db
          .select({ level: germPlace.level })
          .from(germPlace)
          .where(and(inOrg(germPlace, ctx), eq(germPlace.id, input.parentId)));
  if (!parent || parent.level !== want) throw new AppError(400, 'GERM_PLACE_LEVEL', { level, parentLevel: placeLevelLabels[want][ctx.locale] });
}

async function guardCode<T>(code: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err, 'germ_place_code_uq')) throw conflict('GERM_PLACE_CODE_EXISTS', { code });
    throw err;
  }
}

const pick = (i: PlaceInput) => ({ parentId: i.parentId, level: i.level, code: i.code, name: i.name, condition: i.condition, remark: i.remark });

async function present(db: DbOrTx, ctx: RequestContext, id: number): Promise<PlaceRow> {
  const row = (await listPlaces(db, ctx)).find((p) => p.id === id);
  if (!row) throw notFound();
  return row;
}

export async function createPlace(db: DbOrTx, ctx: RequestContext, input: PlaceInput): Promise<PlaceRow> {
  requireOrg(ctx);
  await checkParent(db, ctx, input);
  const [row] = await guardCode(input.code, () =>
    db
      .insert(germPlace)
      .values({ ...pick(input), ...createdStamp(ctx) })
      .returning({ id: germPlace.id }),
  );
  return present(db, ctx, row.id);
}

export async function updatePlace(db: DbOrTx, ctx: RequestContext, input: PlaceInput & { id: number }): Promise<PlaceRow> {
  const [current] = await db
    .select()
    .from(germPlace)
    .where(and(inOrg(germPlace, ctx), eq(germPlace.id, input.id)));
  if (!current) throw notFound();
  // The level fixes the place's depth; changing it would strand its children.
  if (current.level !== input.level) {
    const [{ children }] = await db.select({ children: count() }).from(germPlace).where(eq(germPlace.parentId, input.id));
    if (Number(children) > 0) throw conflict('GERM_PLACE_IN_USE', { children: Number(children), lots: 0 });
  }
  await checkParent(db, ctx, input);
  await guardCode(input.code, () =>
    db
      .update(germPlace)
      .set({ ...pick(input), ...updatedStamp(ctx) })
      .where(and(inOrg(germPlace, ctx), eq(germPlace.id, input.id))),
  );
  return present(db, ctx, input.id);
}

export async function deletePlace(db: DbOrTx, ctx: RequestContext, id: number): Promise<void> {
  const [current] = await db
    .select({ id: germPlace.id })
    .from(germPlace)
    .where(and(inOrg(germPlace, ctx), eq(germPlace.id, id)));
  if (!current) throw notFound();
  const [{ children }] = await db.select({ children: count() }).from(germPlace).where(eq(germPlace.parentId, id));
  const [{ lots }] = await db.select({ lots: count() }).from(germLot).where(eq(germLot.placeId, id));
  if (Number(children) || Number(lots)) throw conflict('GERM_PLACE_IN_USE', { children: Number(children), lots: Number(lots) });
  await db.delete(germPlace).where(and(inOrg(germPlace, ctx), eq(germPlace.id, id)));
}
