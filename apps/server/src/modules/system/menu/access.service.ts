import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { ALL_PERMISSIONS, type Locale } from '@breedwise/contracts';
import type { CropInfo, MenuItem } from '@breedwise/contracts/system';
import type { DbOrTx } from '../../../db/client';
import { sysCrop, sysUserCrop } from '../crop/crop.tables';
import { sysRole, sysRoleMenu, sysUserRole } from '../role/role.tables';
import { sysUserOrg } from '../user/user.tables';
import { sysMenu } from './menu.tables';

export interface Access {
  roles: string[];
  roleIds: number[];
  permissions: string[];
  dashboardType: string;
  isAdmin: boolean;
}

/** Roles and permission strings of a user in one organisation. Administrators hold the wildcard. */
export async function loadAccess(db: DbOrTx, userId: number, orgId: number | null): Promise<Access> {
  if (orgId === null) return { roles: [], roleIds: [], permissions: [], dashboardType: 'default', isAdmin: false };
  const roles = await db
    .select({ id: sysRole.id, key: sysRole.roleKey, builtin: sysRole.builtin, dashboardType: sysRole.dashboardType })
    .from(sysUserRole)
    .innerJoin(sysRole, eq(sysRole.id, sysUserRole.roleId))
    .where(and(eq(sysUserRole.userId, userId), eq(sysRole.orgId, orgId), eq(sysRole.status, 'enabled')))
    .orderBy(asc(sysRole.sort), asc(sysRole.id));
  const isAdmin = roles.some((r) => r.builtin && r.key === 'admin');
  const roleIds = roles.map((r) => r.id);
  let permissions: string[] = [];
  if (isAdmin) permissions = [ALL_PERMISSIONS];
  else if (roleIds.length) {
    const rows = await db
      .selectDistinct({ perms: sysMenu.perms })
      .from(sysRoleMenu)
      .innerJoin(sysMenu, eq(sysMenu.id, sysRoleMenu.menuId))
      .where(and(inArray(sysRoleMenu.roleId, roleIds), eq(sysMenu.status, 'enabled')));
    permissions = [
      ...new Set(
        rows.flatMap((r) =>
          r.perms
            ? r.perms
                .split(',')
                .map((p) => p.trim())
                .filter(Boolean)
            : [],
        ),
      ),
    ].sort();
  }
  return {
    roles: roles.map((r) => r.key),
    roleIds,
    permissions,
    dashboardType: roles[0]?.dashboardType ?? 'default',
    isAdmin,
  };
}

/**
 * The menu tree a user sees: directories and pages granted to one of their roles (administrators see
 * all), minus routes whose role list does not include one of the user's roles (spec section 2).
 */
/**
 * Menu trees built by this process, per database handle, keyed by locale and the rights they were built
 * for. An entry is used only while the database's authorisation version is the one it was built under:
 * sys_auth_version is raised by triggers on every change of menus, roles, role menus and user roles
 * (migration 0010), so a menu edited through any API process is seen by every process at its next call.
 */
const menuCaches = new WeakMap<object, { version: number; trees: Map<string, MenuItem[]>; access: Map<string, Access> }>();
const MENU_CACHE_MAX = 500;
const ACCESS_CACHE_MAX = 20_000;

async function currentAuthVersion(db: DbOrTx): Promise<number> {
  const result = await db.execute(sql`select v from sys_auth_version where id = 1`);
  return Number((result as unknown as { rows: { v: string | number }[] }).rows[0]?.v ?? -1);
}

/** Freezes a value and everything in it: a cached tree handed to several callers can never be changed. */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

/**
 * The menu tree of these rights, from this process's cache while the authorisation version is `version`
 * (the one the request's session was checked under, `ctx.authVersion`; read here when not given). The
 * tree is shared and frozen: callers read it, they do not change it.
 */
export async function loadMenuTree(db: DbOrTx, access: Access, locale: Locale, version?: number): Promise<MenuItem[]> {
  const v = version ?? (await currentAuthVersion(db));
  const key = `${locale}|${access.isAdmin ? 'admin' : ''}|${access.roleIds.join(',')}|${access.roles.join(',')}`;
  return cached(cachesAt(db, v).trees, key, MENU_CACHE_MAX, () => buildMenuTree(db, access, locale));
}

/**
 * `loadAccess` from the same cache while the authorisation version is `version` (roles, role menus, menus
 * and user roles all raise it). Frozen, as the trees are.
 */
export async function loadAccessAt(db: DbOrTx, userId: number, orgId: number | null, version: number): Promise<Access> {
  return cached(cachesAt(db, version).access, `${userId}|${orgId}`, ACCESS_CACHE_MAX, () => loadAccess(db, userId, orgId));
}

/** This database handle's caches of rights, emptied when the authorisation version is not theirs. */
function cachesAt(db: DbOrTx, version: number) {
  let caches = menuCaches.get(db);
  if (!caches || caches.version !== version) menuCaches.set(db, (caches = { version, trees: new Map(), access: new Map() }));
  return caches;
}

/** A cached value, or the loaded one frozen and kept (the oldest entry goes past `max`). */
async function cached<T>(cache: Map<string, T>, key: string, max: number, load: () => Promise<T>): Promise<T> {
  const hit = cache.get(key);
  if (hit) return hit;
  const value = deepFreeze(await load());
  if (cache.size >= max) cache.delete(cache.keys().next().value!);
  cache.set(key, value);
  return value;
}

async function buildMenuTree(db: DbOrTx, access: Access, locale: Locale): Promise<MenuItem[]> {
  const all = await db
    .select()
    .from(sysMenu)
    .where(and(eq(sysMenu.status, 'enabled'), inArray(sysMenu.menuType, ['M', 'C'])))
    .orderBy(asc(sysMenu.orderNum), asc(sysMenu.id));
  let granted: Set<number>;
  if (access.isAdmin) granted = new Set(all.map((m) => m.id));
  else if (access.roleIds.length) {
    const rows = await db.selectDistinct({ id: sysRoleMenu.menuId }).from(sysRoleMenu).where(inArray(sysRoleMenu.roleId, access.roleIds));
    granted = new Set(rows.map((r) => r.id));
  } else granted = new Set();
  const visible = all.filter((m) => granted.has(m.id) && (m.roles.length === 0 || m.roles.some((r) => access.roles.includes(r))));
  const byParent = new Map<number | null, typeof visible>();
  for (const m of visible) {
    const list = byParent.get(m.parentId) ?? [];
    list.push(m);
    byParent.set(m.parentId, list);
  }
  const build = (parentId: number | null): MenuItem[] =>
    (byParent.get(parentId) ?? []).flatMap((m): MenuItem[] => {
      const children = build(m.id);
      // A directory with nothing visible inside is noise in the menu.
      if (m.menuType === 'M' && children.length === 0) return [];
      return [
        {
          id: m.id,
          name: m.name,
          path: m.path,
          component: m.component,
          meta: {
            title: locale === 'en' ? m.titleEn : m.titleZh,
            titleI18n: { 'zh-CN': m.titleZh, en: m.titleEn },
            icon: m.icon,
            hidden: m.hidden,
            helpUrl: m.helpUrl,
            type: m.type,
            affix: m.affix,
            roles: m.roles,
          },
          children,
        },
      ];
    });
  return build(null);
}

/** Crops of the organisation the user may see, with view-only or operable access. */
export async function loadUserCrops(db: DbOrTx, userId: number, orgId: number | null, locale: Locale): Promise<CropInfo[]> {
  if (orgId === null) return [];
  const rows = await db
    .select({ id: sysCrop.id, code: sysCrop.code, nameZh: sysCrop.nameZh, nameEn: sysCrop.nameEn, access: sysUserCrop.access })
    .from(sysUserCrop)
    .innerJoin(sysCrop, eq(sysCrop.id, sysUserCrop.cropId))
    .where(and(eq(sysUserCrop.userId, userId), eq(sysCrop.orgId, orgId), eq(sysCrop.status, 'enabled')))
    .orderBy(asc(sysCrop.sort), asc(sysCrop.id));
  return rows.map((r) => ({
    cropId: r.id,
    code: r.code,
    name: locale === 'en' ? r.nameEn : r.nameZh,
    nameI18n: { 'zh-CN': r.nameZh, en: r.nameEn },
    access: r.access,
  }));
}

export async function isOrgMember(db: DbOrTx, userId: number, orgId: number): Promise<boolean> {
  const [row] = await db
    .select({ orgId: sysUserOrg.orgId })
    .from(sysUserOrg)
    .where(and(eq(sysUserOrg.userId, userId), eq(sysUserOrg.orgId, orgId)));
  return !!row;
}
