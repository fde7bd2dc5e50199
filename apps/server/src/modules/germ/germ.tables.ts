import { sql } from 'drizzle-orm';
import {
  bigserial, check, date, index, integer, jsonb, numeric, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { GERMPLASM_TYPES, DOC_KINDS, DOC_STATUSES, LOT_UNITS, PLACE_LEVELS, TRAIT_DATA_TYPES, TXN_TYPES } from '@breedwise/contracts';
import { sysCrop, sysOrg, sysUser } from '../system/system.tables';

const audit = () => ({
  createdBy: integer('created_by').references(() => sysUser.id, { onDelete: 'set null' }),
  updatedBy: integer('updated_by').references(() => sysUser.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
const org = () => integer('org_id').notNull().references(() => sysOrg.id, { onDelete: 'cascade' });
const crop = () => integer('crop_id').notNull().references(() => sysCrop.id, { onDelete: 'cascade' });
/** Seed quantities: exact decimals (0.001), read as numbers. */
const qty = (name: string) => numeric(name, { precision: 16, scale: 3, mode: 'number' });

/** A germplasm accession of one crop: passport data, parents and pedigree. */
export const germGermplasm = pgTable('germ_germplasm', {
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
}, (t) => [
  uniqueIndex('germ_germplasm_accession_uq').on(t.orgId, t.cropId, t.accessionNo),
  index('germ_germplasm_name_idx').on(t.orgId, t.cropId, t.name),
  index('germ_germplasm_female_idx').on(t.femaleParentId),
  index('germ_germplasm_male_idx').on(t.maleParentId),
]);

/** Trait descriptors of a crop, grouped (agronomy, disease, quality ...). */
export const germTrait = pgTable('germ_trait', {
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
}, (t) => [uniqueIndex('germ_trait_code_uq').on(t.orgId, t.cropId, t.code)]);

export const germTraitValue = pgTable('germ_trait_value', {
  germplasmId: integer('germplasm_id').notNull().references(() => germGermplasm.id, { onDelete: 'cascade' }),
  traitId: integer('trait_id').notNull().references(() => germTrait.id, { onDelete: 'cascade' }),
  value: text('value').notNull(),
  updatedBy: integer('updated_by').references(() => sysUser.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.germplasmId, t.traitId] })]);

/** Storage places of the organisation: warehouse > shelf > box. */
export const germPlace = pgTable('germ_place', {
  id: serial('id').primaryKey(),
  orgId: org(),
  parentId: integer('parent_id').references((): AnyPgColumn => germPlace.id, { onDelete: 'restrict' }),
  level: text('level', { enum: PLACE_LEVELS }).notNull(),
  code: text('code').notNull(),
  name: text('name').notNull(),
  condition: text('condition'),
  remark: text('remark'),
  ...audit(),
}, (t) => [uniqueIndex('germ_place_code_uq').on(t.orgId, t.code), index('germ_place_parent_idx').on(t.parentId)]);

/**
 * A seed lot: one germplasm at one place in one unit. `quantity` caches the sum of the lot's
 * transactions (updated in the same transaction as each one) and can never go below zero.
 */
export const germLot = pgTable('germ_lot', {
  id: serial('id').primaryKey(),
  orgId: org(),
  cropId: crop(),
  lotNo: text('lot_no').notNull(),
  germplasmId: integer('germplasm_id').notNull().references(() => germGermplasm.id, { onDelete: 'restrict' }),
  placeId: integer('place_id').notNull().references(() => germPlace.id, { onDelete: 'restrict' }),
  unit: text('unit', { enum: LOT_UNITS }).notNull(),
  quantity: qty('quantity').notNull().default(0),
  harvestYear: integer('harvest_year'),
  seedSource: text('seed_source'),
  remark: text('remark'),
  ...audit(),
}, (t) => [
  uniqueIndex('germ_lot_no_uq').on(t.orgId, t.lotNo),
  index('germ_lot_germplasm_idx').on(t.germplasmId),
  index('germ_lot_place_idx').on(t.placeId),
  index('germ_lot_crop_idx').on(t.orgId, t.cropId),
  check('germ_lot_quantity_nonneg', sql`${t.quantity} >= 0`),
]);

/** Documents that move stock; lines below, status changes in germ_document_event. */
export const germDocument = pgTable('germ_document', {
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
}, (t) => [
  uniqueIndex('germ_document_no_uq').on(t.orgId, t.docNo),
  index('germ_document_kind_idx').on(t.orgId, t.cropId, t.kind, t.status),
]);

export const germDocumentLine = pgTable('germ_document_line', {
  id: serial('id').primaryKey(),
  documentId: integer('document_id').notNull().references(() => germDocument.id, { onDelete: 'cascade' }),
  lineNo: integer('line_no').notNull(),
  lotId: integer('lot_id').references(() => germLot.id, { onDelete: 'restrict' }),
  germplasmId: integer('germplasm_id').notNull().references(() => germGermplasm.id, { onDelete: 'restrict' }),
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
}, (t) => [index('germ_document_line_doc_idx').on(t.documentId), index('germ_document_line_lot_idx').on(t.lotId)]);

export const germDocumentEvent = pgTable('germ_document_event', {
  id: serial('id').primaryKey(),
  documentId: integer('document_id').notNull().references(() => germDocument.id, { onDelete: 'cascade' }),
  action: text('action').notNull(),
  fromStatus: text('from_status'),
  toStatus: text('to_status').notNull(),
  userId: integer('user_id').references(() => sysUser.id, { onDelete: 'set null' }),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  comment: text('comment'),
}, (t) => [index('germ_document_event_doc_idx').on(t.documentId)]);

/** The ledger: every change of every lot, with who, when and why. Rows are never updated or deleted. */
export const germLotTxn = pgTable('germ_lot_txn', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  orgId: org(),
  lotId: integer('lot_id').notNull().references(() => germLot.id, { onDelete: 'restrict' }),
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
}, (t) => [
  index('germ_lot_txn_lot_idx').on(t.lotId, t.id),
  index('germ_lot_txn_org_at_idx').on(t.orgId, t.createdAt),
  index('germ_lot_txn_doc_idx').on(t.documentId),
]);

/** Each user's outbound cart: lots and quantities waiting to become an outbound document. */
export const germCart = pgTable('germ_cart', {
  userId: integer('user_id').notNull().references(() => sysUser.id, { onDelete: 'cascade' }),
  orgId: org(),
  cropId: crop(),
  lotId: integer('lot_id').notNull().references(() => germLot.id, { onDelete: 'cascade' }),
  quantity: qty('quantity').notNull(),
  addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.userId, t.orgId, t.lotId] })]);

/** Per-organisation counters for document and lot numbers (atomic upsert, no gaps on rollback-free paths). */
export const germCounter = pgTable('germ_counter', {
  orgId: org(),
  key: text('key').notNull(),
  value: integer('value').notNull().default(0),
}, (t) => [primaryKey({ columns: [t.orgId, t.key] })]);
