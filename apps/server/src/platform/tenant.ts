import { eq, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { requireOrg, type RequestContext } from './context';

/**
 * The one place where tenancy is applied: every query on an organisation's rows adds this condition,
 * so a row of another organisation is simply not found (404, no foreign bytes).
 */
export function inOrg(table: { orgId: PgColumn }, ctx: RequestContext): SQL {
  return eq(table.orgId, requireOrg(ctx));
}

/** Audit columns for an insert by the caller. */
export function createdStamp(ctx: RequestContext) {
  const now = new Date();
  return { orgId: requireOrg(ctx), createdBy: ctx.userId, updatedBy: ctx.userId, createdAt: now, updatedAt: now };
}

export function updatedStamp(ctx: RequestContext) {
  return { updatedBy: ctx.userId, updatedAt: new Date() };
}
