import { integer, numeric, timestamp } from 'drizzle-orm/pg-core';
import { sysCrop, sysOrg, sysUser } from '../system';

/** Column helpers shared by the module's tables (not a table file: drizzle-kit reads only *.tables.ts). */
export const audit = () => ({
  createdBy: integer('created_by').references(() => sysUser.id, { onDelete: 'set null' }),
  updatedBy: integer('updated_by').references(() => sysUser.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
export const org = () =>
  integer('org_id')
    .notNull()
    .references(() => sysOrg.id, { onDelete: 'cascade' });
export const crop = () =>
  integer('crop_id')
    .notNull()
    .references(() => sysCrop.id, { onDelete: 'cascade' });
/** Seed quantities: exact decimals (0.001), read as numbers. */
export const qty = (name: string) => numeric(name, { precision: 16, scale: 3, mode: 'number' });
