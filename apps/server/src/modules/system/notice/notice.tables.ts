import { integer, pgTable, serial, text, timestamp, index } from 'drizzle-orm/pg-core';
import { sysOrg } from '../org/org.tables';
import { sysUser } from '../user/user.tables';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** Announcements: for one organisation, or for all when org_id is null. */
export const sysNotice = pgTable(
  'sys_notice',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id').references(() => sysOrg.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    content: text('content').notNull(),
    level: text('level', { enum: ['info', 'warning', 'important'] })
      .notNull()
      .default('info'),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    status: text('status', { enum: ['enabled', 'disabled'] })
      .notNull()
      .default('enabled'),
    createdBy: integer('created_by').references(() => sysUser.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('sys_notice_org_idx').on(t.orgId, t.publishedAt)],
);
