import { integer, pgTable, serial, text, timestamp, index, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { sysOrg } from '../org/org.tables';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const sysDept = pgTable(
  'sys_dept',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => sysOrg.id, { onDelete: 'cascade' }),
    parentId: integer('parent_id').references((): AnyPgColumn => sysDept.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    sort: integer('sort').notNull().default(0),
    status: text('status', { enum: ['enabled', 'disabled'] })
      .notNull()
      .default('enabled'),
    createdAt: createdAt(),
  },
  (t) => [index('sys_dept_org_idx').on(t.orgId)],
);
