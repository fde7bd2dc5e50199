import { and, asc, count, eq, ilike, inArray, or } from 'drizzle-orm';
import type { RoleCreate, RoleDetail, RoleRow, RolePageQuery, RoleUpdate } from '@breedwise/contracts/system';
import type { z } from 'zod';
import type { DbOrTx } from '../../../db/client';
import type { RequestContext } from '../../../platform/context';
import { AppError, conflict, isUniqueViolation, notFound } from '../../../platform/errors';
import { likePattern, pageWindow } from '../../../platform/pagination';
import { inOrg } from '../../../platform/tenant';
import { audit, type AuditSource } from '../../audit';
import { sysMenu } from '../menu/menu.tables';
import { sysRole, sysRoleMenu, sysUserRole } from './role.tables';

function present(r: typeof sysRole.$inferSelect, users: number): RoleRow {
  return {
    id: r.id,
    roleKey: r.roleKey,
    roleName: r.roleName,
    builtin: r.builtin,
    dashboardType: r.dashboardType as RoleRow['dashboardType'],
    status: r.status,
    sort: r.sort,
    userCount: users,
    createdAt: r.createdAt.toISOString(),
  };
}

export async function listRoles(db: DbOrTx, ctx: RequestContext, q: z.output<typeof RolePageQuery>) {
  const where = and(
    inOrg(sysRole, ctx),
    q.status ? eq(sysRole.status, q.status) : undefined,
    q.keyword ? or(ilike(sysRole.roleKey, likePattern(q.keyword)), ilike(sysRole.roleName, likePattern(q.keyword))) : undefined,
  );
  const { limit, offset } = pageWindow(q);
  const rows = await db
    .select({ r: sysRole, users: count(sysUserRole.userId) })
    .from(sysRole)
    .leftJoin(sysUserRole, eq(sysUserRole.roleId, sysRole.id))
    .where(where)
    .groupBy(sysRole.id)
    .orderBy(asc(sysRole.sort), asc(sysRole.id))
    .limit(limit)
    .offset(offset);
  const [{ total }] = await db.select({ total: count() }).from(sysRole).where(where);
  return { rows: rows.map((x) => present(x.r, Number(x.users))), total: Number(total) };
}

export async function getRole(db: DbOrTx, ctx: RequestContext, id: number): Promise<RoleDetail> {
  const [row] = await db
    .select()
    .from(sysRole)
    .where(and(inOrg(sysRole, ctx), eq(sysRole.id, id)));
  if (!row) throw notFound();
  const [{ n }] = await db.select({ n: count() }).from(sysUserRole).where(eq(sysUserRole.roleId, id));
  const menus = await db.select({ id: sysRoleMenu.menuId }).from(sysRoleMenu).where(eq(sysRoleMenu.roleId, id));
  return { ...present(row, Number(n)), menuIds: menus.map((m) => m.id).sort((a, b) => a - b) };
}

async function replaceMenus(tx: DbOrTx, roleId: number, menuIds: number[]) {
  const ids = [...new Set(menuIds)];
  if (ids.length) {
    const found = await tx.select({ id: sysMenu.id }).from(sysMenu).where(inArray(sysMenu.id, ids));
    const missing = ids.filter((id) => !found.some((f) => f.id === id));
    if (missing.length) throw new AppError(400, 'SYS_MENU_NOT_FOUND', { ids: missing.join(', ') });
  }
  await tx.delete(sysRoleMenu).where(eq(sysRoleMenu.roleId, roleId));
  if (ids.length) await tx.insert(sysRoleMenu).values(ids.map((menuId) => ({ roleId, menuId })));
}

export async function createRole(db: DbOrTx, ctx: RequestContext, input: z.output<typeof RoleCreate>, src: AuditSource): Promise<RoleDetail> {
  return db.transaction(async (tx) => {
    let id: number;
    try {
      [{ id }] = await tx
        .insert(sysRole)
        .values({
          orgId: ctx.orgId!,
          roleKey: input.roleKey,
          roleName: input.roleName,
          dashboardType: input.dashboardType,
          status: input.status,
          sort: input.sort,
        })
        .returning({ id: sysRole.id });
    } catch (err) {
      if (isUniqueViolation(err, 'sys_role_org_key_uq')) throw conflict('SYS_ROLE_KEY_EXISTS', { roleKey: input.roleKey });
      throw err;
    }
    await replaceMenus(tx, id, input.menuIds);
    await audit(tx, src, { action: 'system.role.create', targetType: 'role', targetId: id, detail: { roleKey: input.roleKey, menuIds: input.menuIds } });
    return getRole(tx, ctx, id);
  });
}

export async function updateRole(db: DbOrTx, ctx: RequestContext, input: z.output<typeof RoleUpdate>, src: AuditSource): Promise<RoleDetail> {
  return db.transaction(async (tx) => {
    const before = await getRole(tx, ctx, input.id);
    if (before.builtin && before.roleKey !== input.roleKey) throw new AppError(400, 'SYS_ROLE_BUILTIN');
    try {
      await tx
        .update(sysRole)
        .set({
          roleKey: input.roleKey,
          roleName: input.roleName,
          dashboardType: input.dashboardType,
          status: before.builtin ? 'enabled' : input.status,
          sort: input.sort,
          updatedAt: new Date(),
        })
        .where(and(inOrg(sysRole, ctx), eq(sysRole.id, input.id)));
    } catch (err) {
      if (isUniqueViolation(err, 'sys_role_org_key_uq')) throw conflict('SYS_ROLE_KEY_EXISTS', { roleKey: input.roleKey });
      throw err;
    }
    await audit(tx, src, {
      action: 'system.role.update',
      targetType: 'role',
      targetId: input.id,
      detail: { roleName: input.roleName, dashboardType: input.dashboardType, status: input.status },
    });
    return getRole(tx, ctx, input.id);
  });
}

/** The permission assignment of a role: the menu entries (directories, pages, buttons) it grants. */
export async function setRoleMenus(db: DbOrTx, ctx: RequestContext, roleId: number, menuIds: number[], src: AuditSource): Promise<RoleDetail> {
  return db.transaction(async (tx) => {
    const before = await getRole(tx, ctx, roleId);
    await replaceMenus(tx, roleId, menuIds);
    const after = [...new Set(menuIds)];
    await audit(tx, src, {
      action: 'system.role.menus',
      targetType: 'role',
      targetId: roleId,
      detail: { added: after.filter((m) => !before.menuIds.includes(m)), removed: before.menuIds.filter((m) => !after.includes(m)) },
    });
    return getRole(tx, ctx, roleId);
  });
}

export async function deleteRole(db: DbOrTx, ctx: RequestContext, id: number, src: AuditSource): Promise<void> {
  await db.transaction(async (tx) => {
    const role = await getRole(tx, ctx, id);
    if (role.builtin) throw new AppError(400, 'SYS_ROLE_BUILTIN');
    if (role.userCount > 0) throw conflict('SYS_ROLE_IN_USE', { count: role.userCount });
    await tx.delete(sysRole).where(and(inOrg(sysRole, ctx), eq(sysRole.id, id)));
    await audit(tx, src, { action: 'system.role.delete', targetType: 'role', targetId: id, detail: { roleKey: role.roleKey } });
  });
}
