import { and, eq, getTableName, inArray, sql, type Column, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Locale } from '@breedwise/contracts';
import type { DbOrTx } from '../../db/client';
import { requireOrg, type RequestContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { translateError } from '../../platform/i18n';
import { sysUserOrg } from '../system/system.tables';

/** Crop-scoped rows need a current crop; without one the caller sees nothing of them. */
export function requireCrop(ctx: RequestContext): number {
  if (ctx.cropId === null) throw new AppError(403, 'CROP_NOT_ALLOWED');
  return ctx.cropId;
}

/** Tenancy of crop-scoped rows: the organisation and the session's crop. */
export function inCrop(table: { orgId: PgColumn; cropId: PgColumn }, ctx: RequestContext): SQL {
  return and(eq(table.orgId, requireOrg(ctx)), eq(table.cropId, requireCrop(ctx)))!;
}

export const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

/** Every user id given belongs to the caller's organisation. */
export async function requireOrgUsers(db: DbOrTx, ctx: RequestContext, userIds: (number | null | undefined)[]): Promise<void> {
  const ids = [...new Set(userIds.filter((v): v is number => typeof v === 'number'))];
  if (!ids.length) return;
  const rows = await db.select({ userId: sysUserOrg.userId }).from(sysUserOrg).where(and(eq(sysUserOrg.orgId, requireOrg(ctx)), inArray(sysUserOrg.userId, ids)));
  const found = new Set(rows.map((r) => r.userId));
  const missing = ids.find((id) => !found.has(id));
  if (missing !== undefined) throw new AppError(400, 'DOE_USER_NOT_IN_ORG', { userId: missing });
}

/** Members as given, one row per user (the leader becomes a leader member). */
export function normaliseMembers(members: { userId: number; role: 'leader' | 'member' }[], leaderId: number | null): { userId: number; role: 'leader' | 'member' }[] {
  const byUser = new Map<number, 'leader' | 'member'>();
  for (const m of members) {
    if (byUser.has(m.userId)) throw new AppError(400, 'DOE_MEMBER_REPEATED', { userId: m.userId });
    byUser.set(m.userId, m.role);
  }
  if (leaderId !== null) byUser.set(leaderId, 'leader');
  return [...byUser].map(([userId, role]) => ({ userId, role }));
}

const statusLabels: Record<string, Record<Locale, string>> = {
  temporary: { 'zh-CN': '暂存', en: 'in temporary storage' },
  designed: { 'zh-CN': '已设计', en: 'designed' },
  finished: { 'zh-CN': '已完成', en: 'finished' },
  harvested: { 'zh-CN': '已收获', en: 'harvested' },
};
const actionLabels: Record<string, Record<Locale, string>> = {
  design: { 'zh-CN': '设计', en: 'designed' },
  reset: { 'zh-CN': '重置设计', en: 'reset' },
  finish: { 'zh-CN': '完成', en: 'finished' },
  reopen: { 'zh-CN': '重新打开', en: 'reopened' },
  harvest: { 'zh-CN': '收获', en: 'harvested' },
  push: { 'zh-CN': '推送到表型系统', en: 'pushed to the phenotype system' },
  edit: { 'zh-CN': '修改', en: 'edited' },
};
export const statusLabel = (status: string, locale: Locale) => statusLabels[status]?.[locale] ?? status;
export const actionLabel = (action: string, locale: Locale) => actionLabels[action]?.[locale] ?? action;

export const designMethodLabels: Record<string, Record<Locale, string>> = {
  crd: { 'zh-CN': '完全随机设计', en: 'completely randomised' },
  rcbd: { 'zh-CN': '随机完全区组设计', en: 'randomised complete block' },
  latin: { 'zh-CN': '拉丁方设计', en: 'Latin square' },
  lattice: { 'zh-CN': '格子设计', en: 'square lattice' },
  alpha: { 'zh-CN': 'α 设计', en: 'alpha lattice' },
  rowcol: { 'zh-CN': '行列设计', en: 'row-column' },
  augmented: { 'zh-CN': '增广设计', en: 'augmented' },
  diagonal: { 'zh-CN': '对角对照设计', en: 'diagonal checks' },
  prep: { 'zh-CN': '部分重复设计', en: 'partially replicated' },
  split: { 'zh-CN': '裂区设计', en: 'split-plot' },
  strip: { 'zh-CN': '条区设计', en: 'strip-plot' },
  'entry-order': { 'zh-CN': '顺序排列设计', en: 'entry-order' },
};

/**
 * A refusal that also names the field it is about, with the message in the caller's language, so the
 * web puts it under that field.
 */
export function refusal(status: number, errorCode: string, params: Record<string, unknown>, locale: Locale, field?: string): AppError {
  return new AppError(status, errorCode, params, field ? { errors: [{ field, rule: 'invalid', message: translateError(errorCode, locale, params), errorCode }] } : {});
}

/**
 * A column written with its table, for correlated subqueries: drizzle leaves columns of a one-table
 * select unqualified, and inside `(select ... from t where t.x = id)` the bare name would bind to `t`.
 */
export const qualified = (c: Column) => sql.raw(`"${getTableName(c.table)}"."${c.name}"`);
