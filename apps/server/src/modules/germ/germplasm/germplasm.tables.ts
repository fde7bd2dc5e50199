import { date, index, integer, jsonb, pgTable, serial, text, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { GERMPLASM_TYPES } from '@breedwise/contracts/germ';
import { audit, crop, org } from '../columns';

/** A germplasm accession of one crop: passport data, parents and pedigree. */
export const germGermplasm = pgTable(
  'germ_germplasm',
  {
    id: serial('id').primaryKey(),
    orgId: org(),
    cropId: crop(),
    accessionNo: text('accession_no').notNull(),
    name: text('name').notNull(),
    synonyms: jsonb('synonyms').$type<string[]>().notNull().default([]),
    type: text('type', { enum: GERMPLASM_TYPES }).notNull(),
    origin: text('origin'),
    source: text('source'),
    generation: text('generation'),
    femaleParentId: integer('female_parent_id').references((): AnyPgColumn => germGermplasm.id, { onDelete: 'set null' }),
    maleParentId: integer('male_parent_id').references((): AnyPgColumn => germGermplasm.id, { onDelete: 'set null' }),
    pedigree: text('pedigree'),
    introducedOn: date('introduced_on'),
    attributes: jsonb('attributes').$type<{ key: string; value: string }[]>().notNull().default([]),
    imageIds: jsonb('image_ids').$type<string[]>().notNull().default([]),
    documentIds: jsonb('document_ids').$type<string[]>().notNull().default([]),
    remark: text('remark'),
    ...audit(),
  },
  (t) => [
    uniqueIndex('germ_germplasm_accession_uq').on(t.orgId, t.cropId, t.accessionNo),
    index('germ_germplasm_name_idx').on(t.orgId, t.cropId, t.name),
    // The list's default order (last updated first) and its common sorts and filters.
    index('germ_germplasm_updated_idx').on(t.orgId, t.cropId, t.updatedAt),
    index('germ_germplasm_created_idx').on(t.orgId, t.cropId, t.createdAt),
    index('germ_germplasm_type_idx').on(t.orgId, t.cropId, t.type, t.updatedAt),
    index('germ_germplasm_origin_idx').on(t.orgId, t.cropId, t.origin),
    index('germ_germplasm_female_idx').on(t.femaleParentId),
    index('germ_germplasm_male_idx').on(t.maleParentId),
  ],
);
