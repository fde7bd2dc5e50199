import { bigint, bigserial, index, integer, jsonb, pgTable, real, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sysOrg, sysUser } from '../system/system.tables';

/** Server-wide settings kept in the database so every API process shares them (e.g. the file-link key). */
export const sysConfig = pgTable('sys_config', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Every stored file: the bytes are in the object storage under `storage_key`. */
export const sysFile = pgTable('sys_file', {
  id: uuid('id').primaryKey().defaultRandom(),
  orgId: integer('org_id').notNull().references(() => sysOrg.id, { onDelete: 'cascade' }),
  storageKey: text('storage_key').notNull().unique(),
  originalName: text('original_name').notNull(),
  contentType: text('content_type').notNull(),
  size: bigint('size', { mode: 'number' }).notNull(),
  sha256: text('sha256').notNull(),
  businessType: text('business_type').notNull().default('common'),
  createdBy: integer('created_by').references(() => sysUser.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
}, (t) => [index('sys_file_org_idx').on(t.orgId, t.createdAt)]);

/** A resumable (tus) upload in progress: bytes are staged under DATA_DIR until complete. */
export const sysUpload = pgTable('sys_upload', {
  id: uuid('id').primaryKey().defaultRandom(),
  orgId: integer('org_id').notNull().references(() => sysOrg.id, { onDelete: 'cascade' }),
  userId: integer('user_id').notNull().references(() => sysUser.id, { onDelete: 'cascade' }),
  length: bigint('length', { mode: 'number' }).notNull(),
  offset: bigint('offset', { mode: 'number' }).notNull().default(0),
  fileName: text('file_name').notNull(),
  kind: text('kind').notNull().default('any'),
  businessType: text('business_type').notNull().default('common'),
  fileId: uuid('file_id').references(() => sysFile.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** Column and look settings of one table for one user. */
export const sysTableSetting = pgTable('sys_table_setting', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull().references(() => sysUser.id, { onDelete: 'cascade' }),
  tableName: text('table_name').notNull(),
  settings: jsonb('settings').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [uniqueIndex('sys_table_setting_user_table_uq').on(t.userId, t.tableName)]);

/** "Commonly used filters" a user saved for one filter drawer. */
export const sysSavedFilter = pgTable('sys_saved_filter', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull().references(() => sysUser.id, { onDelete: 'cascade' }),
  orgId: integer('org_id').notNull().references(() => sysOrg.id, { onDelete: 'cascade' }),
  filterName: text('filter_name').notNull(),
  title: text('title').notNull(),
  filterObj: jsonb('filter_obj').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('sys_saved_filter_user_idx').on(t.userId, t.filterName)]);

/** A long-running piece of work a user started (import, export, analysis): what the web shows. */
export const sysTask = pgTable('sys_task', {
  id: serial('id').primaryKey(),
  orgId: integer('org_id').notNull().references(() => sysOrg.id, { onDelete: 'cascade' }),
  createdBy: integer('created_by').references(() => sysUser.id, { onDelete: 'set null' }),
  module: text('module').notNull(),
  type: text('type').notNull(),
  title: text('title').notNull(),
  status: text('status', { enum: ['queued', 'running', 'succeeded', 'failed', 'cancelled'] }).notNull().default('queued'),
  progress: real('progress').notNull().default(0),
  message: text('message'),
  input: jsonb('input').notNull().default({}),
  result: jsonb('result'),
  attempts: integer('attempts').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  startedAt: timestamp('started_at', { withTimezone: true }),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
}, (t) => [index('sys_task_org_user_idx').on(t.orgId, t.createdBy, t.createdAt)]);

export const sysTaskLog = pgTable('sys_task_log', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  taskId: integer('task_id').notNull().references(() => sysTask.id, { onDelete: 'cascade' }),
  level: text('level', { enum: ['info', 'warn', 'error'] }).notNull().default('info'),
  message: text('message').notNull(),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('sys_task_log_task_idx').on(t.taskId, t.id)]);
