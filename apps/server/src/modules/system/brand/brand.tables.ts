import { sql } from 'drizzle-orm';
import { boolean, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** Branded variants (e.g. the germplasm bank), chosen by the request's host and entry path. */
export const sysBrand = pgTable('sys_brand', {
  id: serial('id').primaryKey(),
  brandKey: text('brand_key').notNull().unique(),
  nameZh: text('name_zh').notNull(),
  nameEn: text('name_en').notNull(),
  logoUrl: text('logo_url'),
  primaryColor: text('primary_color').notNull().default('#1677ff'),
  hosts: text('hosts')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  pathPrefix: text('path_prefix'),
  dashboardType: text('dashboard_type').notNull().default('default'),
  isDefault: boolean('is_default').notNull().default(false),
  status: text('status', { enum: ['enabled', 'disabled'] })
    .notNull()
    .default('enabled'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
