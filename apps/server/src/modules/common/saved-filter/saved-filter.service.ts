import { and, desc, eq } from 'drizzle-orm';
import type { SavedFilter, SavedFilterCreate } from '@breedwise/contracts/common';
import type { DbOrTx } from '../../../db/client';
import type { RequestContext } from '../../../platform/context';
import { requireOrg } from '../../../platform/context';
import { AppError, notFound } from '../../../platform/errors';
import { sysSavedFilter } from './saved-filter.tables';

const MAX_SAVED_FILTERS = 50;

/** The caller's saved filters of one filter drawer, newest first. */
export async function mySavedFilters(db: DbOrTx, ctx: RequestContext, filterName: string): Promise<SavedFilter[]> {
  const rows = await db
    .select()
    .from(sysSavedFilter)
    .where(and(eq(sysSavedFilter.userId, ctx.userId), eq(sysSavedFilter.orgId, requireOrg(ctx)), eq(sysSavedFilter.filterName, filterName)))
    .orderBy(desc(sysSavedFilter.id));
  return rows.map((r) => ({ id: r.id, title: r.title, filterObj: r.filterObj as SavedFilter['filterObj'], createdAt: r.createdAt.toISOString() }));
}

export async function saveFilter(db: DbOrTx, ctx: RequestContext, filterName: string, input: SavedFilterCreate): Promise<SavedFilter> {
  const existing = await mySavedFilters(db, ctx, filterName);
  if (existing.length >= MAX_SAVED_FILTERS) throw new AppError(400, 'VALIDATION_FAILED', { detail: `at most ${MAX_SAVED_FILTERS}` });
  const [row] = await db
    .insert(sysSavedFilter)
    .values({ userId: ctx.userId, orgId: requireOrg(ctx), filterName, title: input.title, filterObj: input.filterObj })
    .returning();
  return { id: row.id, title: row.title, filterObj: input.filterObj, createdAt: row.createdAt.toISOString() };
}

export async function deleteMyFilter(db: DbOrTx, ctx: RequestContext, id: number): Promise<void> {
  const rows = await db
    .delete(sysSavedFilter)
    .where(and(eq(sysSavedFilter.id, id), eq(sysSavedFilter.userId, ctx.userId)))
    .returning({ id: sysSavedFilter.id });
  if (!rows.length) throw notFound();
}
