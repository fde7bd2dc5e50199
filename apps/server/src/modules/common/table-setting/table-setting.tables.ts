import { integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sysUser } from '../../system';

/** Column and look settings of one table for one user. */
export const sysTableSetting = pgTable(
  'sys_table_setting',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => sysUser.id, { onDelete: 'cascade' }),
    tableName: text('table_name').notNull(),
    settings: jsonb('settings').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sys_table_setting_user_table_uq').on(t.userId, t.tableName)],
);
