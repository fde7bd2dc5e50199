import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { sysOrg, sysUser } from '../../system';

/**
 * Messages to one user (the header bell). Title and content are kept in both languages, because
 * the system writes them and the reader may switch language later.
 */
export const sysMessage = pgTable(
  'sys_message',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orgId: integer('org_id').references(() => sysOrg.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => sysUser.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ['system', 'account', 'approval', 'license'] }).notNull(),
    title: jsonb('title').$type<{ 'zh-CN': string; en: string }>().notNull(),
    content: jsonb('content').$type<{ 'zh-CN': string; en: string }>().notNull(),
    link: text('link'),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sys_message_user_idx').on(t.userId, t.createdAt)],
);
