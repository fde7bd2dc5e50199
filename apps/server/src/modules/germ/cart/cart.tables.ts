import { integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { sysUser } from '../../system';
import { crop, org, qty } from '../columns';
import { germLot } from '../lot/lot.tables';

/** Each user's outbound cart: lots and quantities waiting to become an outbound document. */
export const germCart = pgTable(
  'germ_cart',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => sysUser.id, { onDelete: 'cascade' }),
    orgId: org(),
    cropId: crop(),
    lotId: integer('lot_id')
      .notNull()
      .references(() => germLot.id, { onDelete: 'cascade' }),
    quantity: qty('quantity').notNull(),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.orgId, t.lotId] })],
);
