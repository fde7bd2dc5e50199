import { asc, eq } from 'drizzle-orm';
import type { Locale } from '@breedwise/contracts';
import type { AppCreate, AppRow, AppTile, AppUpdate, MenuItem } from '@breedwise/contracts/system';
import type { z } from 'zod';
import type { DbOrTx } from '../../../db/client';
import type { RequestContext } from '../../../platform/context';
import { conflict, isUniqueViolation, notFound } from '../../../platform/errors';
import { audit, type AuditSource } from '../../audit';
import { loadAccess, loadMenuTree } from '../menu/access.service';
import { sysMenu } from '../menu/menu.tables';
import { sysApp } from './app.tables';

const isExternal = (target: string) => /^https?:\/\//.test(target);

function present(a: typeof sysApp.$inferSelect): AppRow {
  return {
    id: a.id,
    appKey: a.appKey,
    nameZh: a.nameZh,
    nameEn: a.nameEn,
    descriptionZh: a.descriptionZh,
    descriptionEn: a.descriptionEn,
    icon: a.icon,
    target: a.target,
    external: isExternal(a.target),
    sort: a.sort,
    status: a.status,
  };
}

export async function listApps(db: DbOrTx): Promise<AppRow[]> {
  return (await db.select().from(sysApp).orderBy(asc(sysApp.sort), asc(sysApp.id))).map(present);
}

/**
 * The app center of the signed-in user: each enabled app whose menu group the user can see (with
 * its first page), and every external app.
 */
export async function appCenter(db: DbOrTx, ctx: RequestContext, locale: Locale): Promise<AppTile[]> {
  const apps = await db.select().from(sysApp).where(eq(sysApp.status, 'enabled')).orderBy(asc(sysApp.sort), asc(sysApp.id));
  const menu = await loadMenuTree(db, await loadAccess(db, ctx.userId, ctx.orgId), locale);
  const keys = await db.select({ id: sysMenu.id, menuKey: sysMenu.menuKey }).from(sysMenu);
  const pagesOf = (m: MenuItem): MenuItem[] => (m.component ? (m.meta.hidden ? [] : [m]) : m.children.flatMap(pagesOf));
  const tiles: AppTile[] = [];
  for (const a of apps) {
    const base = {
      appKey: a.appKey,
      name: locale === 'en' ? a.nameEn : a.nameZh,
      nameI18n: { 'zh-CN': a.nameZh, en: a.nameEn },
      description: locale === 'en' ? a.descriptionEn : a.descriptionZh,
      icon: a.icon,
    };
    if (isExternal(a.target)) {
      tiles.push({ ...base, external: true, href: a.target, pages: 0 });
      continue;
    }
    const menuId = keys.find((k) => k.menuKey === a.target)?.id;
    const group = menu.find((m) => m.id === menuId);
    const pages = group ? pagesOf(group) : [];
    if (pages.length) tiles.push({ ...base, external: false, href: pages[0].path, pages: pages.length });
  }
  return tiles;
}

function fields(input: z.output<typeof AppUpdate>) {
  return {
    nameZh: input.nameZh,
    nameEn: input.nameEn,
    descriptionZh: input.descriptionZh,
    descriptionEn: input.descriptionEn,
    icon: input.icon,
    target: input.target,
    sort: input.sort,
    status: input.status,
  };
}

export async function createApp(db: DbOrTx, input: z.output<typeof AppCreate>, src: AuditSource): Promise<AppRow> {
  return db.transaction(async (tx) => {
    try {
      const [row] = await tx
        .insert(sysApp)
        .values({ appKey: input.appKey, ...fields({ ...input, id: 0 }) })
        .returning();
      await audit(tx, src, { action: 'system.app.create', targetType: 'app', targetId: row.id, detail: { appKey: input.appKey, target: input.target } });
      return present(row);
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict('SYS_APP_KEY_EXISTS', { appKey: input.appKey });
      throw err;
    }
  });
}

export async function updateApp(db: DbOrTx, input: z.output<typeof AppUpdate>, src: AuditSource): Promise<AppRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(sysApp)
      .set({ ...fields(input), updatedAt: new Date() })
      .where(eq(sysApp.id, input.id))
      .returning();
    if (!row) throw notFound();
    await audit(tx, src, { action: 'system.app.update', targetType: 'app', targetId: row.id, detail: { target: input.target, status: input.status } });
    return present(row);
  });
}

export async function deleteApp(db: DbOrTx, id: number, src: AuditSource): Promise<void> {
  await db.transaction(async (tx) => {
    const rows = await tx.delete(sysApp).where(eq(sysApp.id, id)).returning({ id: sysApp.id, appKey: sysApp.appKey });
    if (!rows.length) throw notFound();
    await audit(tx, src, { action: 'system.app.delete', targetType: 'app', targetId: id, detail: { appKey: rows[0].appKey } });
  });
}
