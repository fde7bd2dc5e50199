import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { sysOrg, sysUser } from '../../system';

/** "Commonly used filters" a user saved for one filter drawer. */
export const sysSavedFilter = pgTable(
  'sys_saved_filter',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => sysUser.id, { onDelete: 'cascade' }),
    orgId: integer('org_id')
      .notNull()
      .references(() => sysOrg.id, { onDelete: 'cascade' }),
    filterName: text('filter_name').notNull(),
    title: text('title').notNull(),
    filterObj: jsonb('filter_obj').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sys_saved_filter_user_idx').on(t.userId, t.filterName)],
);
