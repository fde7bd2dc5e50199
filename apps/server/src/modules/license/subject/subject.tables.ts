import { integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { sysUser } from '../../system';

/** Customers licences are issued to (the gateway's licence subjects). */
export const sysLicenseSubject = pgTable('sys_license_subject', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  contact: text('contact'),
  description: text('description'),
  createdBy: integer('created_by').references(() => sysUser.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
