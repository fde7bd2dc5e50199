import { bigint, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sysOrg, sysUser } from '../../system';
import { sysFile } from '../file/file.tables';

/** A resumable (tus) upload in progress: bytes are staged under DATA_DIR until complete. */
export const sysUpload = pgTable('sys_upload', {
  id: uuid('id').primaryKey().defaultRandom(),
  orgId: integer('org_id')
    .notNull()
    .references(() => sysOrg.id, { onDelete: 'cascade' }),
  userId: integer('user_id')
    .notNull()
    .references(() => sysUser.id, { onDelete: 'cascade' }),
  length: bigint('length', { mode: 'number' }).notNull(),
  offset: bigint('offset', { mode: 'number' }).notNull().default(0),
  fileName: text('file_name').notNull(),
  kind: text('kind').notNull().default('any'),
  businessType: text('business_type').notNull().default('common'),
  fileId: uuid('file_id').references(() => sysFile.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
