import { randomBytes } from 'node:crypto';
import { asc, count, eq } from 'drizzle-orm';
import type { MenuCreate, MenuNode, MenuUpdate } from '@breedwise/contracts/system';
import type { z } from 'zod';
import type { DbOrTx } from '../../../db/client';
import { AppError, conflict, notFound } from '../../../platform/errors';
import { audit, type AuditSource } from '../../audit';
import { sysMenu } from './menu.tables';

type Row = typeof sysMenu.$inferSelect;

function node(m: Row, children: MenuNode[]): MenuNode {
  return {
    id: m.id,
    menuKey: m.menuKey,
    parentId: m.parentId,
    name: m.name,
    path: m.path,
    component: m.component,
    menuType: m.menuType,
    perms: m.perms,
    icon: m.icon,
    titleZh: m.titleZh,
    titleEn: m.titleEn,
    hidden: m.hidden,
    affix: m.affix,
    helpUrl: m.helpUrl,
    type: m.type,
    roles: m.roles,
    appKey: m.appKey,
    orderNum: m.orderNum,
    status: m.status,
    children,
  };
}

/** The whole menu tree with every field, for the menu editor and the role permission tree. */
export async function menuTreeAll(db: DbOrTx): Promise<MenuNode[]> {
  const rows = await db.select().from(sysMenu).orderBy(asc(sysMenu.orderNum), asc(sysMenu.id));
  const build = (parentId: number | null): MenuNode[] => rows.filter((r) => r.parentId === parentId).map((r) => node(r, build(r.id)));
  return build(null);
}

async function checkParent(tx: DbOrTx, parentId: number | null, selfId?: number): Promise<string | null> {
  if (parentId === null) return null;
  const rows = await tx.select({ id: sysMenu.id, parentId: sysMenu.parentId, menuType: sysMenu.menuType, appKey: sysMenu.appKey }).from(sysMenu);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const parent = byId.get(parentId);
  if (!parent || parent.menuType === 'F') throw new AppError(400, 'SYS_MENU_PARENT_INVALID');
  for (let p: number | null | undefined = parentId; p !== null && p !== undefined; p = byId.get(p)?.parentId) {
    if (p === selfId) throw new AppError(400, 'SYS_MENU_PARENT_INVALID');
  }
  return parent.appKey;
}

function fields(input: z.output<typeof MenuCreate>) {
  return {
    parentId: input.parentId,
    menuType: input.menuType,
    titleZh: input.titleZh,
    titleEn: input.titleEn,
    path: input.path,
    // Only pages open a screen; directories and buttons carry none.
    component: input.menuType === 'C' ? input.component : null,
    perms: input.perms,
    icon: input.icon,
    hidden: input.hidden,
    affix: input.affix,
    helpUrl: input.helpUrl,
    type: input.type,
    roles: [...new Set(input.roles)],
    orderNum: input.orderNum,
    status: input.status,
  };
}

export async function createMenu(db: DbOrTx, input: z.output<typeof MenuCreate>, src: AuditSource): Promise<MenuNode> {
  return db.transaction(async (tx) => {
    const appKey = await checkParent(tx, input.parentId);
    const menuKey = `custom.${randomBytes(6).toString('hex')}`;
    const [row] = await tx
      .insert(sysMenu)
      .values({ menuKey, name: menuKey.replace('.', '-'), appKey, ...fields(input) })
      .returning();
    await audit(tx, src, {
      action: 'system.menu.create',
      targetType: 'menu',
      targetId: row.id,
      detail: { titleEn: input.titleEn, path: input.path, perms: input.perms },
    });
    return node(row, []);
  });
}

export async function updateMenu(db: DbOrTx, input: z.output<typeof MenuUpdate>, src: AuditSource): Promise<MenuNode> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(sysMenu).where(eq(sysMenu.id, input.id));
    if (!before) throw notFound();
    await checkParent(tx, input.parentId, input.id);
    const [row] = await tx
      .update(sysMenu)
      .set({ ...fields(input), updatedAt: new Date() })
      .where(eq(sysMenu.id, input.id))
      .returning();
    await audit(tx, src, {
      action: 'system.menu.update',
      targetType: 'menu',
      targetId: input.id,
      detail: {
        before: { hidden: before.hidden, roles: before.roles, perms: before.perms, status: before.status },
        after: { hidden: row.hidden, roles: row.roles, perms: row.perms, status: row.status },
      },
    });
    return node(row, []);
  });
}

export async function deleteMenu(db: DbOrTx, id: number, src: AuditSource): Promise<void> {
  await db.transaction(async (tx) => {
    const [{ kids }] = await tx.select({ kids: count() }).from(sysMenu).where(eq(sysMenu.parentId, id));
    if (Number(kids) > 0) throw conflict('SYS_MENU_HAS_CHILDREN');
    const rows = await tx.delete(sysMenu).where(eq(sysMenu.id, id)).returning({ id: sysMenu.id, menuKey: sysMenu.menuKey });
    if (!rows.length) throw notFound();
    await audit(tx, src, { action: 'system.menu.delete', targetType: 'menu', targetId: id, detail: { menuKey: rows[0].menuKey } });
  });
}
