import { and, eq, inArray, ne } from 'drizzle-orm';
import { BUILTIN_ROLES, builtinRoleName, builtinRolePermissions, type BuiltinRoleKey, type GrantedRoleKey } from '@breedwise/contracts';
import type { DbOrTx } from '../../db/client';
import type { DictSeed, MenuSeed } from '../../platform/module';
import { sysDictData, sysDictType } from './dict/dict.tables';
import { sysMenu } from './menu/menu.tables';
import { sysRole, sysRoleMenu } from './role/role.tables';
import { syncProductSeeds } from './seed';
import { sysOrg } from './org/org.tables';

/**
 * Adds the menus and dictionaries this version ships that the database lacks. Existing rows are
 * left alone so that administrators' edits survive upgrades. A menu that appears for the first time
 * is granted to the built-in "user" roles when it is marked for them.
 */
export async function syncReferenceData(db: DbOrTx, menuTree: MenuSeed[], dictionaries: DictSeed[]): Promise<{ menusAdded: number }> {
  const existing = new Map((await db.select({ id: sysMenu.id, key: sysMenu.menuKey }).from(sysMenu)).map((m) => [m.key, m.id]));
  const added: { id: number; forUser: boolean }[] = [];

  const visit = async (nodes: MenuSeed[], parentId: number | null) => {
    for (const [i, node] of nodes.entries()) {
      let id = existing.get(node.key);
      if (id === undefined) {
        const [row] = await db
          .insert(sysMenu)
          .values({
            menuKey: node.key,
            parentId,
            name: node.key.replace(/\./g, '-'),
            path: node.path ?? '',
            component: node.type === 'C' ? (node.component ?? null) : null,
            menuType: node.type ?? 'C',
            perms: node.perms || null,
            icon: node.icon ?? null,
            titleZh: node.zh,
            titleEn: node.en,
            hidden: node.hidden ?? false,
            affix: node.affix ?? false,
            roles: node.roles ?? [],
            appKey: node.key.split('.')[0],
            orderNum: (i + 1) * 10,
            forUser: node.forUser ?? false,
          })
          .onConflictDoNothing({ target: sysMenu.menuKey })
          .returning({ id: sysMenu.id });
        if (row) {
          id = row.id;
          added.push({ id, forUser: node.forUser ?? false });
        } else {
          // Another process inserted it meanwhile.
          [{ id }] = await db.select({ id: sysMenu.id }).from(sysMenu).where(eq(sysMenu.menuKey, node.key));
        }
      }
      // Which entries the built-in user role receives is product metadata: kept in step with this version.
      if (id !== undefined && !added.some((a) => a.id === id)) {
        await db
          .update(sysMenu)
          .set({ forUser: node.forUser ?? false })
          .where(and(eq(sysMenu.id, id), ne(sysMenu.forUser, node.forUser ?? false)));
      }
      if (node.children) await visit(node.children, id!);
    }
  };
  await visit(menuTree, null);

  const grants = added.filter((a) => a.forUser).map((a) => a.id);
  if (grants.length) {
    const userRoles = await db
      .select({ id: sysRole.id })
      .from(sysRole)
      .where(and(eq(sysRole.roleKey, 'user'), eq(sysRole.builtin, true)));
    for (const role of userRoles) {
      await db
        .insert(sysRoleMenu)
        .values(grants.map((menuId) => ({ roleId: role.id, menuId })))
        .onConflictDoNothing();
    }
  }

  await syncBuiltinRoles(db, new Set(added.map((a) => a.id)));

  for (const d of dictionaries) {
    await db.insert(sysDictType).values({ dictType: d.type, appKey: d.appKey, nameZh: d.zh, nameEn: d.en }).onConflictDoNothing();
    await db
      .insert(sysDictData)
      .values(d.entries.map((e, i) => ({ dictType: d.type, dictValue: e.value, labelZh: e.zh, labelEn: e.en, listClass: e.listClass ?? null, sort: i + 1 })))
      .onConflictDoNothing();
  }
  await syncProductSeeds(db);
  return { menusAdded: added.length };
}

/** Grants a new built-in "user" role every menu entry marked for users. */
export async function grantUserMenus(db: DbOrTx, roleId: number): Promise<void> {
  const rows = await db.select({ id: sysMenu.id }).from(sysMenu).where(eq(sysMenu.forUser, true));
  if (rows.length)
    await db
      .insert(sysRoleMenu)
      .values(rows.map((r) => ({ roleId, menuId: r.id })))
      .onConflictDoNothing();
}

/**
 * The menu entries a built-in role receives: those whose permission one of the modules grants it
 * (`builtinRolePermissions`), the open pages every user has (no permission, marked for users: the
 * dashboard), and the directories above them.
 */
async function builtinRoleMenuIds(db: DbOrTx, role: GrantedRoleKey): Promise<number[]> {
  const menus = await db
    .select({ id: sysMenu.id, parentId: sysMenu.parentId, perms: sysMenu.perms, type: sysMenu.menuType, forUser: sysMenu.forUser })
    .from(sysMenu);
  const granted = new Set(builtinRolePermissions(role));
  const byId = new Map(menus.map((m) => [m.id, m]));
  const out = new Set<number>();
  for (const m of menus) {
    const perms = (m.perms ?? '')
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean);
    const open = m.type === 'C' && perms.length === 0 && m.forUser;
    if (!open && !perms.some((p) => granted.has(p))) continue;
    for (let at: typeof m | undefined = m; at && !out.has(at.id); at = at.parentId === null ? undefined : byId.get(at.parentId)) out.add(at.id);
  }
  return [...out];
}

/** Grants a built-in role its menu entries (all of them, or only those among `only`: entries this start added). */
export async function grantBuiltinRoleMenus(db: DbOrTx, roleId: number, role: GrantedRoleKey, only?: Set<number>): Promise<void> {
  const ids = (await builtinRoleMenuIds(db, role)).filter((id) => !only || only.has(id));
  if (ids.length)
    await db
      .insert(sysRoleMenu)
      .values(ids.map((menuId) => ({ roleId, menuId })))
      .onConflictDoNothing();
}

/**
 * Built-in roles of this version in every organisation: a role an organisation lacks is created with its
 * grants; the roles it has receive the entries this start added (administrators' edits are kept).
 */
async function syncBuiltinRoles(db: DbOrTx, addedMenuIds: Set<number>): Promise<void> {
  const orgs = await db.select({ id: sysOrg.id }).from(sysOrg);
  if (!orgs.length) return;
  for (const [i, def] of BUILTIN_ROLES.entries()) {
    if (def.key === 'admin' || def.key === 'user') continue;
    const created = await db
      .insert(sysRole)
      .values(
        orgs.map((o) => ({ orgId: o.id, roleKey: def.key, roleName: builtinRoleName(def.key), builtin: true, dashboardType: def.dashboardType, sort: i + 1 })),
      )
      .onConflictDoNothing({ target: [sysRole.orgId, sysRole.roleKey] })
      .returning({ id: sysRole.id });
    for (const r of created) await grantBuiltinRoleMenus(db, r.id, def.key);
    if (!addedMenuIds.size) continue;
    const createdIds = new Set(created.map((r) => r.id));
    const existing = await db
      .select({ id: sysRole.id })
      .from(sysRole)
      .where(
        and(
          eq(sysRole.roleKey, def.key),
          eq(sysRole.builtin, true),
          inArray(
            sysRole.orgId,
            orgs.map((o) => o.id),
          ),
        ),
      );
    for (const r of existing) if (!createdIds.has(r.id)) await grantBuiltinRoleMenus(db, r.id, def.key, addedMenuIds);
  }
}

/** The built-in roles of a new organisation, each with its grants; answers their ids by key. */
export async function createBuiltinRoles(db: DbOrTx, orgId: number): Promise<Record<BuiltinRoleKey, number>> {
  const rows = await db
    .insert(sysRole)
    .values(
      BUILTIN_ROLES.map((r, i) => ({ orgId, roleKey: r.key, roleName: builtinRoleName(r.key), builtin: true, dashboardType: r.dashboardType, sort: i + 1 })),
    )
    .returning({ id: sysRole.id, key: sysRole.roleKey });
  const roles = Object.fromEntries(rows.map((r) => [r.key, r.id])) as Record<BuiltinRoleKey, number>;
  await grantUserMenus(db, roles.user);
  for (const r of BUILTIN_ROLES) if (r.key !== 'admin' && r.key !== 'user') await grantBuiltinRoleMenus(db, roles[r.key], r.key);
  return roles;
}
