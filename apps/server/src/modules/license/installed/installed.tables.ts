import { integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { sysUser } from '../../system';

/** Licence files installed on this installation; the newest one is in force. */
export const sysLicenseInstall = pgTable('sys_license_install', {
  id: serial('id').primaryKey(),
  licenseId: text('license_id').notNull(),
  file: text('file').notNull(),
  installedBy: integer('installed_by').references(() => sysUser.id, { onDelete: 'set null' }),
  installedAt: timestamp('installed_at', { withTimezone: true }).notNull().defaultNow(),
});
