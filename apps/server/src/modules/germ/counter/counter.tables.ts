import { integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { org } from '../columns';

/** Per-organisation counters for document and lot numbers (atomic upsert, no gaps on rollback-free paths). */
export const germCounter = pgTable(
  'germ_counter',
  {
    orgId: org(),
    key: text('key').notNull(),
    value: integer('value').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.key] })],
);
