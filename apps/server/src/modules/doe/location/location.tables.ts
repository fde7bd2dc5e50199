import { boolean, doublePrecision, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sysOrg, sysUser } from '../../system';

export const doeLocation = pgTable(
  'doe_location',
  {
    id: serial('id').primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => sysOrg.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    code: text('code').notNull(),
    country: text('country'),
    province: text('province'),
    city: text('city'),
    longitude: doublePrecision('longitude'),
    latitude: doublePrecision('latitude'),
    status: text('status', { enum: ['enabled', 'disabled'] })
      .notNull()
      .default('enabled'),
    /** Out of use for good: hidden from lists and pickers unless asked for. */
    discarded: boolean('discarded').notNull().default(false),
    remark: text('remark'),
    createdBy: integer('created_by').references(() => sysUser.id, { onDelete: 'set null' }),
    updatedBy: integer('updated_by').references(() => sysUser.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('doe_location_org_code_uq').on(t.orgId, t.code),
    index('doe_location_org_name_idx').on(t.orgId, t.name),
    index('doe_location_org_updated_idx').on(t.orgId, t.updatedAt),
  ],
);
