import { integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** Apps of the app center: a top-level menu group of this product, or an external address. */
export const sysApp = pgTable('sys_app', {
  id: serial('id').primaryKey(),
  appKey: text('app_key').notNull().unique(),
  nameZh: text('name_zh').notNull(),
  nameEn: text('name_en').notNull(),
  descriptionZh: text('description_zh'),
  descriptionEn: text('description_en'),
  icon: text('icon'),
  target: text('target').notNull(),
  sort: integer('sort').notNull().default(0),
  status: text('status', { enum: ['enabled', 'disabled'] })
    .notNull()
    .default('enabled'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
