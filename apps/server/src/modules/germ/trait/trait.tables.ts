import { integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { TRAIT_DATA_TYPES } from '@breedwise/contracts/germ';
import { sysUser } from '../../system';
import { audit, crop, org } from '../columns';
import { germGermplasm } from '../germplasm/germplasm.tables';

/** Trait descriptors of a crop, grouped (agronomy, disease, quality ...). */
export const germTrait = pgTable(
  'germ_trait',
  {
    id: serial('id').primaryKey(),
    orgId: org(),
    cropId: crop(),
    groupName: text('group_name').notNull(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    unit: text('unit'),
    dataType: text('data_type', { enum: TRAIT_DATA_TYPES }).notNull(),
    categories: jsonb('categories').$type<string[]>().notNull().default([]),
    sort: integer('sort').notNull().default(0),
    ...audit(),
  },
  (t) => [uniqueIndex('germ_trait_code_uq').on(t.orgId, t.cropId, t.code)],
);

export const germTraitValue = pgTable(
  'germ_trait_value',
  {
    germplasmId: integer('germplasm_id')
      .notNull()
      .references(() => germGermplasm.id, { onDelete: 'cascade' }),
    traitId: integer('trait_id')
      .notNull()
      .references(() => germTrait.id, { onDelete: 'cascade' }),
    value: text('value').notNull(),
    updatedBy: integer('updated_by').references(() => sysUser.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.germplasmId, t.traitId] })],
);
