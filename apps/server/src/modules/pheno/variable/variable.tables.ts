import { doublePrecision, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { SCALE_TYPES } from '@breedwise/contracts/pheno';
import { sysCrop, sysOrg, sysUser } from '../../system';

/** Organisation and audit columns of the module's tables. */
export const phenoOrgColumns = () => ({
  orgId: integer('org_id')
    .notNull()
    .references(() => sysOrg.id, { onDelete: 'cascade' }),
  createdBy: integer('created_by').references(() => sysUser.id, { onDelete: 'set null' }),
  updatedBy: integer('updated_by').references(() => sysUser.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A phenotype variable of a crop: trait + method + scale (Crop Ontology's model). */
export const phenoVariable = pgTable(
  'pheno_variable',
  {
    id: serial('id').primaryKey(),
    cropId: integer('crop_id')
      .notNull()
      .references(() => sysCrop.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    name: text('name').notNull(),
    trait: text('trait').notNull(),
    method: text('method'),
    scaleType: text('scale_type', { enum: SCALE_TYPES }).notNull(),
    unit: text('unit'),
    minimum: doublePrecision('minimum'),
    maximum: doublePrecision('maximum'),
    categories: jsonb('categories').$type<{ value: string; label: string }[]>().notNull().default([]),
    synonyms: jsonb('synonyms').$type<string[]>().notNull().default([]),
    ontologyId: text('ontology_id'),
    description: text('description'),
    ...phenoOrgColumns(),
  },
  (t) => [uniqueIndex('pheno_variable_code_uq').on(t.orgId, t.cropId, t.code), index('pheno_variable_updated_idx').on(t.orgId, t.cropId, t.updatedAt)],
);
