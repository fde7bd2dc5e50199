import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { sysTally } from './tally.tables';

/** Tables whose totals the triggers keep (per organisation and crop). */
export type TalliedTable = 'germ_germplasm' | 'germ_lot' | 'germ_lot_txn';

/** The exact number of rows of a tallied table in one organisation and crop (sum of the shards). */
export async function tally(db: DbOrTx, table: TalliedTable, orgId: number, cropId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<string>`coalesce(sum(${sysTally.n}), 0)` })
    .from(sysTally)
    .where(and(eq(sysTally.tableName, table), eq(sysTally.orgId, orgId), eq(sysTally.cropId, cropId)));
  return Number(row?.n ?? 0);
}
