import { integer, timestamp } from 'drizzle-orm/pg-core';
import { sysCrop, sysOrg, sysUser } from '../system';

/** Organisation and audit columns every DOE table carries. */
export const orgColumns = () => ({
  orgId: integer('org_id')
    .notNull()
    .references(() => sysOrg.id, { onDelete: 'cascade' }),
  createdBy: integer('created_by').references(() => sysUser.id, { onDelete: 'set null' }),
  updatedBy: integer('updated_by').references(() => sysUser.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Crop-scoped rows (projects, experiments, lists ...) belong to one crop of the organisation. */
export const cropColumn = () =>
  integer('crop_id')
    .notNull()
    .references(() => sysCrop.id, { onDelete: 'cascade' });
