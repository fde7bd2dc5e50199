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
    /**
     * The department's leader (a sys_user id): the approver of the workflow's "department leader of the
     * starter" rule. No foreign key: user.tables already imports this file (a cycle); a removed user or
     * one who left the organisation is simply no candidate (resolution keeps organisation members only).
     */
    leaderUserId: integer('leader_user_id'),
    createdAt: createdAt(),
  },
  (t) => [index('sys_dept_org_idx').on(t.orgId)],
);
