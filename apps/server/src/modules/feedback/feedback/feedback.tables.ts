import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { sysOrg, sysUser } from '../../system';

/** Users' feedback to the administrators (spec: feedback add, remove, list), with attached files. */
export const sysFeedback = pgTable(
  'sys_feedback',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => sysOrg.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ['bug', 'suggestion', 'question', 'other'] }).notNull(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    link: text('link').notNull(),
    contact: text('contact').notNull(),
    phone: text('phone'),
    status: text('status', { enum: ['open', 'resolved'] })
      .notNull()
      .default('open'),
    /** File ids (sys_file) of the attachments. */
    attachments: jsonb('attachments').$type<string[]>().notNull().default([]),
    createdBy: integer('created_by').references(() => sysUser.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sys_feedback_org_idx').on(t.orgId, t.createdAt)],
);
