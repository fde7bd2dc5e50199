import { integer, pgTable, primaryKey, serial, text, timestamp, index } from 'drizzle-orm/pg-core';
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

/** Which user dismissed which notice: a dismissed notice is not shown to that user again. */
export const sysNoticeRead = pgTable(
  'sys_notice_read',
  {
    noticeId: integer('notice_id')
      .notNull()
      .references(() => sysNotice.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => sysUser.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.noticeId, t.userId] }), index('sys_notice_read_user_idx').on(t.userId)],
);
