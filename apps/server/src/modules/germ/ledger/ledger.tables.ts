import { bigserial, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { TXN_TYPES } from '@breedwise/contracts/germ';
import { sysUser } from '../../system';
import { org, qty } from '../columns';
import { germDocument } from '../document/document.tables';
import { germLot } from '../lot/lot.tables';
import { germPlace } from '../place/place.tables';

/** The ledger: every change of every lot, with who, when and why. Rows are never updated or deleted. */
export const germLotTxn = pgTable(
  'germ_lot_txn',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orgId: org(),
    lotId: integer('lot_id')
      .notNull()
      .references(() => germLot.id, { onDelete: 'restrict' }),
    type: text('type', { enum: TXN_TYPES }).notNull(),
    amount: qty('amount').notNull(),
    balanceAfter: qty('balance_after').notNull(),
    reason: text('reason'),
    documentId: integer('document_id').references(() => germDocument.id, { onDelete: 'set null' }),
    relatedLotId: integer('related_lot_id').references(() => germLot.id, { onDelete: 'set null' }),
    fromPlaceId: integer('from_place_id').references(() => germPlace.id, { onDelete: 'set null' }),
    toPlaceId: integer('to_place_id').references(() => germPlace.id, { onDelete: 'set null' }),
    createdBy: integer('created_by').references(() => sysUser.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('germ_lot_txn_lot_idx').on(t.lotId, t.id),
    index('germ_lot_txn_org_at_idx').on(t.orgId, t.createdAt),
    index('germ_lot_txn_doc_idx').on(t.documentId),
  ],
);
