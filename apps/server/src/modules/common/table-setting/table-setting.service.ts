import { and, eq } from 'drizzle-orm';
import type { TableSettings } from '@breedwise/contracts/common';
import type { DbOrTx } from '../../../db/client';
import type { RequestContext } from '../../../platform/context';
import { sysTableSetting } from './table-setting.tables';

/** A user's saved settings of one table, or null when they use the defaults. */
export async function getTableSettings(db: DbOrTx, ctx: RequestContext, tableName: string): Promise<TableSettings | null> {
  const [row] = await db
    .select()
    .from(sysTableSetting)
    .where(and(eq(sysTableSetting.userId, ctx.userId), eq(sysTableSetting.tableName, tableName)));
  return (row?.settings as TableSettings | undefined) ?? null;
}

export async function saveTableSettings(db: DbOrTx, ctx: RequestContext, tableName: string, settings: TableSettings): Promise<void> {
  await db
    .insert(sysTableSetting)
    .values({ userId: ctx.userId, tableName, settings })
    .onConflictDoUpdate({ target: [sysTableSetting.userId, sysTableSetting.tableName], set: { settings, updatedAt: new Date() } });
}

export async function resetTableSettings(db: DbOrTx, ctx: RequestContext, tableName: string): Promise<void> {
  await db.delete(sysTableSetting).where(and(eq(sysTableSetting.userId, ctx.userId), eq(sysTableSetting.tableName, tableName)));
}
