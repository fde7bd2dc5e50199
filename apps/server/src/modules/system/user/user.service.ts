import { and, asc, count, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import { systemTexts, userList, type UserCreate, type UserPageParsed, type UserRow, type UserStatusBody, type UserUpdate } from '@breedwise/contracts/system';
import type { z } from 'zod';
import type { Config } from '../../../config';
import type { Db, DbOrTx } from '../../../db/client';
import type { RequestContext } from '../../../platform/context';
import { requireOrg } from '../../../platform/context';
import { AppError, conflict, isUniqueViolation, notFound } from '../../../platform/errors';
import { listColumns } from '../../../platform/filters';
import { likePattern, orderBy, pageWindow } from '../../../platform/pagination';
import { hashPassword } from '../../../platform/password';
import { audit, type AuditSource } from '../../audit';
import { sysCrop, sysUserCrop } from '../crop/crop.tables';
import { sysDept } from '../dept/dept.tables';
import { systemHooks } from '../hooks';
import { sysRole, sysUserRole } from '../role/role.tables';
import { endUserSessions } from '../session/session.service';
import { assertPasswordAllowed, setPassword } from './password';
import { sysUser, sysUserOrg, sysUserTotp } from './user.tables';

/** The member list's sort keys (declared in the contract) and their columns. */
const { sortable } = listColumns(userList, {
  filters: {},
  sort: {
    username: sysUser.username,
    nickName: sysUser.nickName,
    status: sysUser.status,
    createdAt: sysUser.createdAt,
    lastLoginAt: sysUser.lastLoginAt,
  },
});

/** Members of the caller's organisation only: a user of another organisation is simply not found. */
const member = (orgId: number) => sql`exists (select 1 from ${sysUserOrg} where ${sysUserOrg.userId} = ${sysUser.id} and ${sysUserOrg.orgId} = ${orgId})`;

async function present(db: DbOrTx, orgId: number, rows: { u: typeof sysUser.$inferSelect; deptName: string | null }[]): Promise<UserRow[]> {
  const ids = rows.map((r) => r.u.id);
  if (!ids.length) return [];
  const roles = await db
    .select({ userId: sysUserRole.userId, id: sysRole.id, roleKey: sysRole.roleKey, roleName: sysRole.roleName })
    .from(sysUserRole)
    .innerJoin(sysRole, eq(sysRole.id, sysUserRole.roleId))
    .where(and(inArray(sysUserRole.userId, ids), eq(sysRole.orgId, orgId)))
    .orderBy(asc(sysRole.sort), asc(sysRole.id));
  const crops = await db
    .select({ userId: sysUserCrop.userId, cropId: sysUserCrop.cropId, access: sysUserCrop.access })
    .from(sysUserCrop)
    .innerJoin(sysCrop, eq(sysCrop.id, sysUserCrop.cropId))
    .where(and(inArray(sysUserCrop.userId, ids), eq(sysCrop.orgId, orgId)))
    .orderBy(asc(sysCrop.sort), asc(sysCrop.id));
  const totp = await db.select({ userId: sysUserTotp.userId, enabledAt: sysUserTotp.enabledAt }).from(sysUserTotp).where(inArray(sysUserTotp.userId, ids));
  return rows.map(({ u, deptName }) => ({
    id: u.id,
    username: u.username,
    nickName: u.nickName,
    email: u.email,
    phone: u.phone,
    phoneVerified: u.phoneVerified,
    status: u.status,
    deptId: u.deptId,
    deptName,
    roles: roles.filter((r) => r.userId === u.id).map(({ id, roleKey, roleName }) => ({ id, roleKey, roleName })),
    crops: crops.filter((c) => c.userId === u.id).map(({ cropId, access }) => ({ cropId, access })),
    platformAdmin: u.platformAdmin,
    totpEnabled: totp.some((t) => t.userId === u.id && !!t.enabledAt),
    lastLoginAt: u.lastLoginAt?.toISOString() ?? null,
    createdAt: u.createdAt.toISOString(),
  }));
}

export async function listUsers(db: DbOrTx, ctx: RequestContext, q: UserPageParsed) {
  const orgId = requireOrg(ctx);
  const where = and(
    member(orgId),
    q.status ? eq(sysUser.status, q.status) : undefined,
    q.deptId ? eq(sysUser.deptId, q.deptId) : undefined,
    q.roleId ? sql`exists (select 1 from ${sysUserRole} where ${sysUserRole.userId} = ${sysUser.id} and ${sysUserRole.roleId} = ${q.roleId})` : undefined,
    q.keyword ? or(...[sysUser.username, sysUser.nickName, sysUser.email, sysUser.phone].map((c) => ilike(c, likePattern(q.keyword!)))) : undefined,
  );
  const { limit, offset } = pageWindow(q);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ u: sysUser, deptName: sysDept.name })
      .from(sysUser)
      .leftJoin(sysDept, eq(sysDept.id, sysUser.deptId))
      .where(where)
      .orderBy(...orderBy(q, sortable, [desc(sysUser.createdAt)], sysUser.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(sysUser).where(where),
  ]);
  return { rows: await present(db, orgId, rows), total: Number(total) };
}

export async function getUser(db: DbOrTx, ctx: RequestContext, id: number): Promise<UserRow> {
  const orgId = requireOrg(ctx);
  const rows = await db
    .select({ u: sysUser, deptName: sysDept.name })
    .from(sysUser)
    .leftJoin(sysDept, eq(sysDept.id, sysUser.deptId))
    .where(and(member(orgId), eq(sysUser.id, id)));
  if (!rows.length) throw notFound();
  return (await present(db, orgId, rows))[0];
}

/** Roles, crops and department must belong to the caller's organisation. */
async function checkRefs(tx: DbOrTx, orgId: number, input: { roleIds: number[]; crops: { cropId: number }[]; deptId?: number | null }) {
  const roleIds = [...new Set(input.roleIds)];
  if (roleIds.length) {
    const found = await tx
      .select({ id: sysRole.id })
      .from(sysRole)
      .where(and(eq(sysRole.orgId, orgId), inArray(sysRole.id, roleIds)));
    const missing = roleIds.filter((id) => !found.some((f) => f.id === id));
    if (missing.length) throw new AppError(400, 'SYS_ROLE_NOT_FOUND', { ids: missing.join(', ') });
  }
  const cropIds = [...new Set(input.crops.map((c) => c.cropId))];
  if (cropIds.length) {
    const found = await tx
      .select({ id: sysCrop.id })
      .from(sysCrop)
      .where(and(eq(sysCrop.orgId, orgId), inArray(sysCrop.id, cropIds)));
    if (found.length !== cropIds.length) throw new AppError(403, 'CROP_NOT_ALLOWED');
  }
  if (input.deptId) {
    const [d] = await tx
      .select({ id: sysDept.id })
      .from(sysDept)
      .where(and(eq(sysDept.orgId, orgId), eq(sysDept.id, input.deptId)));
    if (!d) throw new AppError(400, 'SYS_DEPT_NOT_FOUND', { ids: String(input.deptId) });
  }
}

/** Replaces the user's roles and crop grants within this organisation (other organisations keep theirs). */
async function setGrants(tx: DbOrTx, orgId: number, userId: number, roleIds: number[], crops: { cropId: number; access: 'view' | 'operate' }[]) {
  const orgRoles = tx.select({ id: sysRole.id }).from(sysRole).where(eq(sysRole.orgId, orgId));
  await tx.delete(sysUserRole).where(and(eq(sysUserRole.userId, userId), inArray(sysUserRole.roleId, orgRoles)));
  if (roleIds.length) await tx.insert(sysUserRole).values([...new Set(roleIds)].map((roleId) => ({ userId, roleId })));
  const orgCrops = tx.select({ id: sysCrop.id }).from(sysCrop).where(eq(sysCrop.orgId, orgId));
  await tx.delete(sysUserCrop).where(and(eq(sysUserCrop.userId, userId), inArray(sysUserCrop.cropId, orgCrops)));
  const unique = new Map(crops.map((c) => [c.cropId, c.access]));
  if (unique.size) await tx.insert(sysUserCrop).values([...unique].map(([cropId, access]) => ({ userId, cropId, access })));
}

async function isOrgAdminRole(tx: DbOrTx, roleIds: number[]) {
  if (!roleIds.length) return false;
  const rows = await tx
    .select({ id: sysRole.id })
    .from(sysRole)
    .where(and(inArray(sysRole.id, roleIds), eq(sysRole.roleKey, 'admin'), eq(sysRole.builtin, true)));
  return rows.length > 0;
}

export async function createUser(
  db: Db,
  config: Pick<Config, 'license'>,
  ctx: RequestContext,
  input: z.output<typeof UserCreate>,
  src: AuditSource,
): Promise<UserRow> {
  const orgId = requireOrg(ctx);
  assertPasswordAllowed(input.password, ctx.locale);
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    await checkRefs(tx, orgId, input);
    await systemHooks().assertSeatAvailable(tx, config, 1);
    let id: number;
    try {
      [{ id }] = await tx
        .insert(sysUser)
        .values({
          username: input.username,
          nickName: input.nickName,
          email: input.email ?? null,
          phone: input.phone ?? null,
          deptId: input.deptId ?? null,
          passwordHash,
          // The administrator knows this password: the user replaces it at first login.
          passwordChangeRequired: true,
          defaultOrgId: orgId,
        })
        .returning({ id: sysUser.id });
    } catch (err) {
      if (isUniqueViolation(err, 'sys_user_username_uq')) throw conflict('SYS_USERNAME_TAKEN', { username: input.username });
      throw err;
    }
    await tx.insert(sysUserOrg).values({ userId: id, orgId });
    await setGrants(tx, orgId, id, input.roleIds, input.crops);
    await audit(tx, src, {
      action: 'system.user.create',
      targetType: 'user',
      targetId: id,
      detail: { username: input.username, roleIds: input.roleIds, crops: input.crops },
    });
    return getUser(tx, ctx, id);
  });
}

export async function updateUser(db: Db, ctx: RequestContext, input: z.output<typeof UserUpdate>, src: AuditSource): Promise<UserRow> {
  const orgId = requireOrg(ctx);
  return db.transaction(async (tx) => {
    const before = await getUser(tx, ctx, input.id);
    await checkRefs(tx, orgId, input);
    if (input.id === ctx.userId && before.roles.some((r) => r.roleKey === 'admin') && !(await isOrgAdminRole(tx, input.roleIds))) {
      throw new AppError(400, 'SYS_USER_SELF_CHANGE');
    }
    const phoneChanged = (input.phone ?? null) !== before.phone;
    await tx
      .update(sysUser)
      .set({
        nickName: input.nickName,
        email: input.email ?? null,
        phone: input.phone ?? null,
        deptId: input.deptId ?? null,
        updatedAt: new Date(),
        // A number set by someone else is not proven by the user: it receives no login codes until confirmed.
        ...(phoneChanged ? { phoneVerified: false } : {}),
      })
      .where(eq(sysUser.id, input.id));
    await setGrants(tx, orgId, input.id, input.roleIds, input.crops);
    await audit(tx, src, {
      action: 'system.user.update',
      targetType: 'user',
      targetId: input.id,
      detail: {
        roleIds: { before: before.roles.map((r) => r.id), after: input.roleIds },
        crops: { before: before.crops, after: input.crops },
        deptId: input.deptId ?? null,
      },
    });
    return getUser(tx, ctx, input.id);
  });
}

/** Enables or disables members (all or none); disabling ends their sessions at once. */
export async function setUserStatus(db: Db, config: Pick<Config, 'license'>, ctx: RequestContext, input: UserStatusBody, src: AuditSource): Promise<number> {
  const orgId = requireOrg(ctx);
  const ids = [...new Set(input.ids)];
  if (input.status === 'disabled' && ids.includes(ctx.userId)) throw new AppError(400, 'SYS_USER_SELF_CHANGE');
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: sysUser.id, status: sysUser.status })
      .from(sysUser)
      .where(and(member(orgId), inArray(sysUser.id, ids)));
    if (rows.length !== ids.length) throw notFound();
    if (input.status === 'enabled') await systemHooks().assertSeatAvailable(tx, config, rows.filter((r) => r.status !== 'enabled').length);
    await tx.update(sysUser).set({ status: input.status, updatedAt: new Date() }).where(inArray(sysUser.id, ids));
    if (input.status === 'disabled') for (const id of ids) await endUserSessions(tx, id, 'disabled');
    await audit(tx, src, {
      action: `system.user.${input.status === 'enabled' ? 'enable' : 'disable'}`,
      targetType: 'user',
      targetId: ids.join(','),
      detail: { ids },
    });
    return rows.length;
  });
}

/** An administrator sets a member's password: every session of that user ends, and the next login asks for a new one. */
export async function adminResetPassword(db: Db, ctx: RequestContext, id: number, password: string, src: AuditSource): Promise<void> {
  assertPasswordAllowed(password, ctx.locale);
  await db.transaction(async (tx) => {
    await getUser(tx, ctx, id);
    await setPassword(tx, id, password, 'admin', undefined, id !== ctx.userId);
    await audit(tx, src, { action: 'system.user.resetPassword', targetType: 'user', targetId: id });
  });
}

/** Ends every session of a member (force logout). */
export async function forceLogout(db: Db, ctx: RequestContext, id: number, src: AuditSource): Promise<number> {
  return db.transaction(async (tx) => {
    await getUser(tx, ctx, id);
    const n = await endUserSessions(tx, id, 'admin');
    await audit(tx, src, { action: 'system.user.forceLogout', targetType: 'user', targetId: id, detail: { ended: n } });
    return n;
  });
}

/** Approves (enables) or rejects (deletes) a pending registration. */
export async function approveUser(db: Db, config: Pick<Config, 'license'>, ctx: RequestContext, id: number, approve: boolean, src: AuditSource): Promise<void> {
  await db.transaction(async (tx) => {
    const user = await getUser(tx, ctx, id);
    if (user.status !== 'pending') throw new AppError(409, 'SYS_USER_NOT_PENDING');
    if (approve) {
      await systemHooks().assertSeatAvailable(tx, config, 1);
      await tx.update(sysUser).set({ status: 'enabled', updatedAt: new Date() }).where(eq(sysUser.id, id));
      await systemHooks().sendMessage(tx, [id], {
        orgId: ctx.orgId,
        type: 'account',
        title: systemTexts.approvedTitle,
        content: systemTexts.approvedContent,
      });
    } else {
      await tx.delete(sysUser).where(eq(sysUser.id, id));
    }
    await audit(tx, src, {
      action: approve ? 'system.user.approve' : 'system.user.reject',
      targetType: 'user',
      targetId: id,
      detail: { username: user.username },
    });
  });
}

/**
 * Removes a member from the organisation (roles and crops here go too). A user left without any
 * organisation is deleted.
 */
export async function removeUser(db: Db, ctx: RequestContext, id: number, src: AuditSource): Promise<void> {
  const orgId = requireOrg(ctx);
  if (id === ctx.userId) throw new AppError(400, 'SYS_USER_SELF_CHANGE');
  await db.transaction(async (tx) => {
    const user = await getUser(tx, ctx, id);
    await setGrants(tx, orgId, id, [], []);
    await tx.delete(sysUserOrg).where(and(eq(sysUserOrg.userId, id), eq(sysUserOrg.orgId, orgId)));
    const [{ left }] = await tx.select({ left: count() }).from(sysUserOrg).where(eq(sysUserOrg.userId, id));
    if (Number(left) === 0) await tx.delete(sysUser).where(eq(sysUser.id, id));
    else {
      await tx
        .update(sysUser)
        .set({ defaultOrgId: null })
        .where(and(eq(sysUser.id, id), eq(sysUser.defaultOrgId, orgId)));
      await endUserSessions(tx, id, 'admin');
    }
    await audit(tx, src, { action: 'system.user.remove', targetType: 'user', targetId: id, detail: { username: user.username, deleted: Number(left) === 0 } });
  });
}
