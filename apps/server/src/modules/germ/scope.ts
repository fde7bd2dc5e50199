import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../platform/errors';
import { requireCropWrite, requireOrg, type RequestContext } from '../../platform/context';
import { inOrg } from '../../platform/tenant';
import { germCounter } from './germ.tables';

/** Germplasm is crop-scoped: reading needs a current crop (view or operate). */
export function currentCrop(ctx: RequestContext): number {
  requireOrg(ctx);
  if (ctx.cropId === null) throw new AppError(403, 'CROP_NOT_ALLOWED');
  return ctx.cropId;
}

/** The organisation and current crop of the caller: the one condition every crop-scoped query adds. */
export function inCrop(table: { orgId: PgColumn; cropId: PgColumn }, ctx: RequestContext): SQL {
  return and(inOrg(table, ctx), eq(table.cropId, currentCrop(ctx)))!;
}

/** Writes need operate access to the current crop (spec section 6). */
export const writeCrop = requireCropWrite;

/** The next number of a per-organisation counter (document and lot numbers); atomic under concurrency. */
export async function nextNumber(db: DbOrTx, ctx: RequestContext, key: string): Promise<number> {
  const [row] = await db
    .insert(germCounter)
    .values({ orgId: requireOrg(ctx), key, value: 1 })
    .onConflictDoUpdate({ target: [germCounter.orgId, germCounter.key], set: { value: sql`${germCounter.value} + 1` } })
    .returning({ value: germCounter.value });
  return row.value;
}

export const iso = (d: Date | null) => (d ? d.toISOString() : null);
/** numeric(16,3) read as number may carry float noise from sums: round to the stored precision. */
export const q3 = (v: number | string | null | undefined) => (v === null || v === undefined ? 0 : Math.round(Number(v) * 1000) / 1000);
/** A quantity as exact SQL text (never a float in arithmetic). */
export const qtext = (v: number) => v.toFixed(3);

/** The caller's context in the language of this request (an Accept-Language header overrides the session's). */
export function ctxOf(req: { ctx: RequestContext; locale: RequestContext['locale'] }): RequestContext {
  return req.ctx.locale === req.locale ? req.ctx : { ...req.ctx, locale: req.locale };
}
