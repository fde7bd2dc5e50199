import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { DOC_KINDS, DOC_STATUSES, LOT_UNITS } from '@breedwise/contracts/germ';
import { sysUser } from '../../system';
import { audit, crop, org, qty } from '../columns';
import { germGermplasm } from '../germplasm/germplasm.tables';
import { germLot } from '../lot/lot.tables';
import { germPlace } from '../place/place.tables';

/** Documents that move stock; lines below, status changes in germ_document_event. */
export const germDocument = pgTable(
  'germ_document',
  {
    id: serial('id').primaryKey(),
    orgId: org(),
    cropId: crop(),
    kind: text('kind', { enum: DOC_KINDS }).notNull(),
    docNo: text('doc_no').notNull(),
    status: text('status', { enum: DOC_STATUSES }).notNull().default('draft'),
    title: text('title'),
    recipient: text('recipient'),
    purpose: text('purpose'),
    placeId: integer('place_id').references(() => germPlace.id, { onDelete: 'set null' }),
    remark: text('remark'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    reviewedBy: integer('reviewed_by').references(() => sysUser.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewComment: text('review_comment'),
    ...audit(),
  },
  (t) => [uniqueIndex('germ_document_no_uq').on(t.orgId, t.docNo), index('germ_document_kind_idx').on(t.orgId, t.cropId, t.kind, t.status)],
);

export const germDocumentLine = pgTable(
  'germ_document_line',
  {
    id: serial('id').primaryKey(),
    documentId: integer('document_id')
      .notNull()
      .references(() => germDocument.id, { onDelete: 'cascade' }),
    lineNo: integer('line_no').notNull(),
    lotId: integer('lot_id').references(() => germLot.id, { onDelete: 'restrict' }),
    germplasmId: integer('germplasm_id')
      .notNull()
      .references(() => germGermplasm.id, { onDelete: 'restrict' }),
    placeId: integer('place_id').references(() => germPlace.id, { onDelete: 'restrict' }),
    unit: text('unit', { enum: LOT_UNITS }).notNull(),
    lotNo: text('lot_no'),
    harvestYear: integer('harvest_year'),
    quantity: qty('quantity'),
    countedQuantity: qty('counted_quantity'),
    bookedQuantity: qty('booked_quantity'),
    /** The lot an approved inbound line created. */
    newLotId: integer('new_lot_id').references(() => germLot.id, { onDelete: 'set null' }),
    remark: text('remark'),
  },
  (t) => [index('germ_document_line_doc_idx').on(t.documentId), index('germ_document_line_lot_idx').on(t.lotId)],
);

export const germDocumentEvent = pgTable(
  'germ_document_event',
  {
    id: serial('id').primaryKey(),
    documentId: integer('document_id')
      .notNull()
      .references(() => germDocument.id, { onDelete: 'cascade' }),
    action: text('action').notNull(),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    userId: integer('user_id').references(() => sysUser.id, { onDelete: 'set null' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    comment: text('comment'),
  },
  (t) => [index('germ_document_event_doc_idx').on(t.documentId)],
);
