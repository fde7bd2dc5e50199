import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { LOT_UNITS } from '@breedwise/contracts/germ';
import { audit, crop, org, qty } from '../columns';
import { germGermplasm } from '../germplasm/germplasm.tables';
import { germPlace } from '../place/place.tables';

/**
 * A seed lot: one germplasm at one place in one unit. `quantity` caches the sum of the lot's
 * transactions (updated in the same transaction as each one) and can never go below zero.
 */
export const germLot = pgTable(
  'germ_lot',
  {
    id: serial('id').primaryKey(),
    orgId: org(),
    cropId: crop(),
    lotNo: text('lot_no').notNull(),
    germplasmId: integer('germplasm_id')
      .notNull()
      .references(() => germGermplasm.id, { onDelete: 'restrict' }),
    placeId: integer('place_id')
      .notNull()
      .references(() => germPlace.id, { onDelete: 'restrict' }),
    unit: text('unit', { enum: LOT_UNITS }).notNull(),
    quantity: qty('quantity').notNull().default(0),
    harvestYear: integer('harvest_year'),
    seedSource: text('seed_source'),
    remark: text('remark'),
    ...audit(),
  },
  (t) => [
    uniqueIndex('germ_lot_no_uq').on(t.orgId, t.lotNo),
    index('germ_lot_germplasm_idx').on(t.germplasmId),
    index('germ_lot_place_idx').on(t.placeId),
    index('germ_lot_crop_idx').on(t.orgId, t.cropId),
    index('germ_lot_updated_idx').on(t.orgId, t.cropId, t.updatedAt),
    index('germ_lot_crop_no_idx').on(t.orgId, t.cropId, t.lotNo),
    check('germ_lot_quantity_nonneg', sql`${t.quantity} >= 0`),
  ],
);
