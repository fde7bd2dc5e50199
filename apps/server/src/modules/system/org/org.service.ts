import { and, asc, count, eq, gt, isNull } from 'drizzle-orm';
import type { OrgCreate, OrgRow, OrgSettingsData, OrgUpdate } from '@breedwise/contracts/system';
import type { Config } from '../../../config';
import type { DbOrTx } from '../../../db/client';
import type { RequestContext } from '../../../platform/context';
import { conflict, isUniqueViolation, notFound } from '../../../platform/errors';
import { requireOrg } from '../../../platform/context';
import { audit, type AuditSource } from '../../audit';
import { sysCrop, sysUserCrop } from '../crop/crop.tables';
import { systemHooks } from '../hooks';
import { createBuiltinRoles } from '../reference';
import { sysUserRole } from '../role/role.tables';
import { sysSession } from '../session/session.tables';
import { sysUserOrg } from '../user/user.tables';
import { STANDARD_CROPS } from './organisation';
import { sysOrg, type OrgSettings } from './org.tables';

export function settingsOf(s: OrgSettings): OrgSettingsData {
  return { passwordExpiryDays: s.passwordExpiryDays ?? 0, singleSession: s.singleSession ?? false, registration: s.registration ?? 'off' };
}

/** How long a session may sit unused (BW_SESSION_IDLE_MINUTES): sessions idle longer are no longer active. */
export interface SessionWindow {
  sessionIdleMinutes: number;
}

function present(o: typeof sysOrg.$inferSelect, users: number, sessions: number, ctx: RequestContext): OrgRow {
  return {
    id: o.id,
    code: o.code,
    name: o.name,
    settings: settingsOf(o.settings),
    userCount: users,
    activeSessions: sessions,
    current: o.id === ctx.orgId,
    createdAt: o.createdAt.toISOString(),
  };
}

/** Live sessions per organisation: not ended, before their absolute expiry, used within the idle window. */
async function activeSessions(db: DbOrTx, window: SessionWindow, orgId?: number): Promise<Map<number, number>> {
  const now = Date.now();
  const rows = await db
    .select({ orgId: sysSession.orgId, n: count() })
    .from(sysSession)
    .where(
      and(
        isNull(sysSession.endedAt),
        gt(sysSession.expiresAt, new Date(now)),
        gt(sysSession.lastSeenAt, new Date(now - window.sessionIdleMinutes * 60_000)),
        orgId === undefined ? undefined : eq(sysSession.orgId, orgId),
      ),
    )
    .groupBy(sysSession.orgId);
  return new Map(rows.filter((r) => r.orgId !== null).map((r) => [r.orgId!, Number(r.n)]));
}

/** The caller's current organisation with its policies. */
export async function currentOrg(db: DbOrTx, window: SessionWindow, ctx: RequestContext): Promise<OrgRow> {
  const orgId = requireOrg(ctx);
  const [o] = await db.select().from(sysOrg).where(eq(sysOrg.id, orgId));
  if (!o) throw notFound();
  const [{ n }] = await db.select({ n: count() }).from(sysUserOrg).where(eq(sysUserOrg.orgId, orgId));
  const sessions = await activeSessions(db, window, orgId);
  return present(o, Number(n), sessions.get(orgId) ?? 0, ctx);
}

/** Every organisation (platform administrators). */
export async function listOrgs(db: DbOrTx, window: SessionWindow, ctx: RequestContext): Promise<OrgRow[]> {
  const orgs = await db.select().from(sysOrg).orderBy(asc(sysOrg.id));
  const counts = await db.select({ orgId: sysUserOrg.orgId, n: count() }).from(sysUserOrg).groupBy(sysUserOrg.orgId);
  const sessions = await activeSessions(db, window);
  return orgs.map((o) => present(o, Number(counts.find((c) => c.orgId === o.id)?.n ?? 0), sessions.get(o.id) ?? 0, ctx));
}

/** Name and policies (password expiry, single session, registration) of the current organisation. */
export async function updateCurrentOrg(db: DbOrTx, window: SessionWindow, ctx: RequestContext, input: OrgUpdate, src: AuditSource): Promise<OrgRow> {
  const orgId = requireOrg(ctx);
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(sysOrg).where(eq(sysOrg.id, orgId));
    await tx
      .update(sysOrg)
      .set({ name: input.name, settings: { ...before.settings, ...input.settings }, updatedAt: new Date() })
      .where(eq(sysOrg.id, orgId));
    await audit(tx, src, {
      action: 'system.org.update',
      targetType: 'org',
      targetId: orgId,
      detail: { name: input.name, before: settingsOf(before.settings), after: input.settings },
    });
    return currentOrg(tx, window, ctx);
  });
}

/**
 * A new organisation with the standard crops and the built-in roles; its creator (a platform
 * administrator) joins it as administrator.
 */
export async function createOrg(db: DbOrTx, config: Pick<Config, 'license'>, ctx: RequestContext, input: OrgCreate, src: AuditSource): Promise<OrgRow> {
  return db.transaction(async (tx) => {
    await systemHooks().assertSeatAvailable(tx, config, 1, 'organisation');
    let org: typeof sysOrg.$inferSelect;
    try {
      [org] = await tx.insert(sysOrg).values({ code: input.code, name: input.name }).returning();
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict('SYS_ORG_CODE_EXISTS', { code: input.code });
      throw err;
    }
    const crops = await tx
      .insert(sysCrop)
      .values(STANDARD_CROPS.map((c, i) => ({ orgId: org.id, ...c, sort: i + 1 })))
      .returning({ id: sysCrop.id });
    const roles = await createBuiltinRoles(tx, org.id);
    await tx.insert(sysUserOrg).values({ userId: ctx.userId, orgId: org.id });
    await tx.insert(sysUserRole).values({ userId: ctx.userId, roleId: roles.admin });
    await tx.insert(sysUserCrop).values(crops.map((c) => ({ userId: ctx.userId, cropId: c.id, access: 'operate' as const })));
    await audit(tx, src, { action: 'system.org.create', targetType: 'org', targetId: org.id, detail: { code: input.code, name: input.name } });
    return present(org, 1, 0, ctx);
  });
}
