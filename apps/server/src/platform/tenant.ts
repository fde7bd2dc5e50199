import { and, eq, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { requireCrop, requireOrg, type RequestContext } from './context';
import { requestScope } from './request-scope';

/**
 * The one place where tenancy is applied: every query on an organisation's rows adds this condition,
 * so a row of another organisation is simply not found (404, no foreign bytes).
 */
export function inOrg(table: { orgId: PgColumn }, ctx: RequestContext): SQL {
  // Noted, so a 404 can be told apart from a hidden row of another organisation (audited as a denied access).
  requestScope()?.orgTables.add(table);
  return eq(table.orgId, requireOrg(ctx));
}

/** Tenancy of crop-scoped rows: the caller's organisation and current crop (reading needs a crop, view or operate). */
export function inCrop(table: { orgId: PgColumn; cropId: PgColumn }, ctx: RequestContext): SQL {
  return and(inOrg(table, ctx), eq(table.cropId, requireCrop(ctx)))!;
}

/** Audit columns for an insert by the caller. */
export function createdStamp(ctx: RequestContext) {
  const now = new Date();
  return { orgId: requireOrg(ctx), createdBy: ctx.userId, updatedBy: ctx.userId, createdAt: now, updatedAt: now };
}

export function updatedStamp(ctx: RequestContext) {
  return { updatedBy: ctx.userId, updatedAt: new Date() };
}
