import { date, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { sysUser } from '../../system';
import { sysLicenseSubject } from '../subject/subject.tables';

/** Licences issued to a subject (one current licence per subject, exported as a signed file). */
export const sysLicense = pgTable('sys_license', {
  id: serial('id').primaryKey(),
  subjectId: integer('subject_id')
    .notNull()
    .unique()
    .references(() => sysLicenseSubject.id, { onDelete: 'restrict' }),
  name: text('name').notNull(),
  activationDate: date('activation_date', { mode: 'string' }).notNull(),
  expiryDate: date('expiry_date', { mode: 'string' }).notNull(),
  consumerType: text('consumer_type', { enum: ['user', 'organisation'] }).notNull(),
  consumerAmount: integer('consumer_amount').notNull(),
  description: text('description'),
  updatedBy: integer('updated_by').references(() => sysUser.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
