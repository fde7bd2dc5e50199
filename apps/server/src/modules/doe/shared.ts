import { and, eq, getTableName, inArray, sql, type Column } from 'drizzle-orm';
import type { ErrorCode, Locale } from '@breedwise/contracts';
import { experimentActionLabels, experimentStatusLabels, type ExperimentAction, type ExperimentStatus } from '@breedwise/contracts/doe';
import type { DbOrTx } from '../../db/client';
import { requireOrg, type RequestContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { translateError } from '../../platform/i18n';
import { sysUserOrg } from '../system';

/** Every user id given belongs to the caller's organisation. */
export async function requireOrgUsers(db: DbOrTx, ctx: RequestContext, userIds: (number | null | undefined)[]): Promise<void> {
  const ids = [...new Set(userIds.filter((v): v is number => typeof v === 'number'))];
  if (!ids.length) return;
  const rows = await db
    .select({ userId: sysUserOrg.userId })
    .from(sysUserOrg)
    .where(and(eq(sysUserOrg.orgId, requireOrg(ctx)), inArray(sysUserOrg.userId, ids)));
  const found = new Set(rows.map((r) => r.userId));
  const missing = ids.find((id) => !found.has(id));
  if (missing !== undefined) throw new AppError(400, 'DOE_USER_NOT_IN_ORG', { userId: missing });
}

/** Members as given, one row per user (the leader becomes a leader member). */
export function normaliseMembers(
  members: { userId: number; role: 'leader' | 'member' }[],
  leaderId: number | null,
): { userId: number; role: 'leader' | 'member' }[] {
  const byUser = new Map<number, 'leader' | 'member'>();
  for (const m of members) {
    if (byUser.has(m.userId)) throw new AppError(400, 'DOE_MEMBER_REPEATED', { userId: m.userId });
    byUser.set(m.userId, m.role);
  }
  if (leaderId !== null) byUser.set(leaderId, 'leader');
  return [...byUser].map(([userId, role]) => ({ userId, role }));
}

/** An experiment state and a transition as refusals name them, in the caller's language. */
export const statusLabel = (status: string, locale: Locale) => experimentStatusLabels[status as ExperimentStatus]?.[locale] ?? status;
export const actionLabel = (action: string, locale: Locale) => experimentActionLabels[action as ExperimentAction]?.[locale] ?? action;

/**
 * A refusal that also names the field it is about, with the message in the caller's language, so the
 * web puts it under that field.
 */
export function refusal(status: number, errorCode: ErrorCode, params: Record<string, unknown>, locale: Locale, field?: string): AppError {
  return new AppError(
    status,
    errorCode,
    params,
    field ? { errors: [{ field, rule: 'invalid', message: translateError(errorCode, locale, params), errorCode }] } : {},
  );
}

/**
 * A column written with its table, for correlated subqueries: drizzle leaves columns of a one-table
 * select unqualified, and inside `(select ... from t where t.x = id)` the bare name would bind to `t`.
 */
export const qualified = (c: Column) => sql.raw(`"${getTableName(c.table)}"."${c.name}"`);
