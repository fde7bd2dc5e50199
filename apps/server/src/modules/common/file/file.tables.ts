import { bigint, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sysOrg, sysUser } from '../../system';

/** Server-wide settings kept in the database so every API process shares them (e.g. the file-link key). */
export const sysConfig = pgTable('sys_config', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Every stored file: the bytes are in the object storage under `storage_key`. */
export const sysFile = pgTable(
  'sys_file',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: integer('org_id')
      .notNull()
      .references(() => sysOrg.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull().unique(),
    originalName: text('original_name').notNull(),
    contentType: text('content_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    businessType: text('business_type').notNull().default('common'),
    createdBy: integer('created_by').references(() => sysUser.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('sys_file_org_idx').on(t.orgId, t.createdAt)],
);
