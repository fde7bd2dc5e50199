import { integer, timestamp } from 'drizzle-orm/pg-core';
import { sysCrop, sysOrg, sysUser } from '../system';

/** Organisation, crop and audit columns every nursery table carries (not a table file). */
export const org = () =>
  integer('org_id')
    .notNull()
    .references(() => sysOrg.id, { onDelete: 'cascade' });
export const crop = () =>
  integer('crop_id')
    .notNull()
    .references(() => sysCrop.id, { onDelete: 'cascade' });
export const audit = () => ({
  createdBy: integer('created_by').references(() => sysUser.id, { onDelete: 'set null' }),
  updatedBy: integer('updated_by').references(() => sysUser.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
