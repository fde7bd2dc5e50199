import { integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { sysOrg } from '../org/org.tables';
import { sysUser } from '../user/user.tables';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export const sysCrop = pgTable(
  'sys_crop',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => sysOrg.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    nameZh: text('name_zh').notNull(),
    nameEn: text('name_en').notNull(),
    sort: integer('sort').notNull().default(0),
    status: text('status', { enum: ['enabled', 'disabled'] })
      .notNull()
      .default('enabled'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('sys_crop_org_code_uq').on(t.orgId, t.code)],
);

export const sysUserCrop = pgTable(
  'sys_user_crop',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => sysUser.id, { onDelete: 'cascade' }),
    cropId: integer('crop_id')
      .notNull()
      .references(() => sysCrop.id, { onDelete: 'cascade' }),
    access: text('access', { enum: ['view', 'operate'] })
      .notNull()
      .default('operate'),
    /** The genome build the user works with for this crop (gws changeBuild). */
    currentBuildId: integer('current_build_id').references((): AnyPgColumn => sysGenomeBuild.id, { onDelete: 'set null' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.cropId] })],
);

/** Reference genome versions of a crop (gws getBuildList). */
export const sysGenomeBuild = pgTable(
  'sys_genome_build',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => sysOrg.id, { onDelete: 'cascade' }),
    cropId: integer('crop_id')
      .notNull()
      .references(() => sysCrop.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    sort: integer('sort').notNull().default(0),
    createdBy: integer('created_by').references(() => sysUser.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('sys_genome_build_crop_code_uq').on(t.cropId, t.code)],
);
