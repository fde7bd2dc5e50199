import { index, integer, pgTable, serial, text, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { PLACE_LEVELS } from '@breedwise/contracts/germ';
import { audit, org } from '../columns';

/** Storage places of the organisation: warehouse > shelf > box. */
export const germPlace = pgTable(
  'germ_place',
  {
    id: serial('id').primaryKey(),
    orgId: org(),
    parentId: integer('parent_id').references((): AnyPgColumn => germPlace.id, { onDelete: 'restrict' }),
    level: text('level', { enum: PLACE_LEVELS }).notNull(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    condition: text('condition'),
    remark: text('remark'),
    ...audit(),
  },
  (t) => [uniqueIndex('germ_place_code_uq').on(t.orgId, t.code), index('germ_place_parent_idx').on(t.parentId)],
);
