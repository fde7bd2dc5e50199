import { sql } from 'drizzle-orm';
import { boolean, integer, pgTable, serial, text, timestamp, index } from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/**
 * The menu tree (spec section 2). Type M is a directory, C a page, F a button that only carries a
 * permission. Menus are product structure shared by all organisations; roles decide who sees them.
 */
export const sysMenu = pgTable(
  'sys_menu',
  {
    id: serial('id').primaryKey(),
    menuKey: text('menu_key').notNull().unique(),
    parentId: integer('parent_id'),
    name: text('name').notNull(),
    path: text('path').notNull().default(''),
    component: text('component'),
    menuType: text('menu_type', { enum: ['M', 'C', 'F'] }).notNull(),
    perms: text('perms'),
    icon: text('icon'),
    titleZh: text('title_zh').notNull(),
    titleEn: text('title_en').notNull(),
    hidden: boolean('hidden').notNull().default(false),
    affix: boolean('affix').notNull().default(false),
    helpUrl: text('help_url'),
    type: text('type'),
    roles: text('roles')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    appKey: text('app_key'),
    orderNum: integer('order_num').notNull().default(0),
    /** The built-in user role receives this entry when an organisation is created (product metadata). */
    forUser: boolean('for_user').notNull().default(false),
    status: text('status', { enum: ['enabled', 'disabled'] })
      .notNull()
      .default('enabled'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('sys_menu_parent_idx').on(t.parentId)],
);
