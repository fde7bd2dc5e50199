import { bigint, integer, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';

/**
 * Exact row counts of large tables per organisation and crop, kept by statement-level triggers with
 * transition tables (custom migration `0010_tally_trgm_auth_version`). A list without a filter reads
 * its total here instead of counting (a count(*) of a million ledger rows costs hundreds of ms).
 * Each count is spread over eight shards (chosen by the backend's pid), so concurrent inserts into one
 * crop from different connections do not wait for each other's row lock; the total is their sum.
 */
export const sysTally = pgTable(
  'sys_tally',
  {
    tableName: text('table_name').notNull(),
    orgId: integer('org_id').notNull(),
    cropId: integer('crop_id').notNull(),
    shard: smallint('shard').notNull(),
    n: bigint('n', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.tableName, t.orgId, t.cropId, t.shard] })],
);
