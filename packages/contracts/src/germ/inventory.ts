import { z } from 'zod';
import type { Translations } from '../errors';
import { PageQuery } from '../query';
import { IdParam } from '../envelope';
import { listSpec, resource } from '../http/endpoint';
import { germPermissions as P } from './permissions';
import { codeText, optionalText } from '../doe/shared';

/** Storage places nest warehouse > shelf > box; a lot may sit at any of them. */
export const PLACE_LEVELS = ['warehouse', 'shelf', 'box'] as const;
export const PlaceLevel = z.enum(PLACE_LEVELS);
export type PlaceLevel = z.infer<typeof PlaceLevel>;

export const PlaceFields = z.object({
  parentId: z
    .number()
    .int()
    .positive()
    .nullish()
    .transform((v) => v ?? null),
  level: PlaceLevel,
  code: codeText(50),
  name: z.string().trim().min(1).max(100),
  /** Storage condition, e.g. "4 °C, 30% RH". */
  condition: optionalText(100),
  remark: optionalText(500),
});
export const PlaceCreate = PlaceFields;
export type PlaceCreate = z.input<typeof PlaceCreate>;
export type PlaceInput = z.output<typeof PlaceCreate>;
export const PlaceUpdate = PlaceFields.extend({ id: z.number().int().positive() });
export type PlaceUpdate = z.input<typeof PlaceUpdate>;
export const PlaceRow = z.object({
  id: z.number().int(),
  parentId: z.number().int().nullable(),
  level: PlaceLevel,
  code: z.string(),
  name: z.string(),
  /** "Cold store 1 / Shelf A / Box 03". */
  path: z.string(),
  condition: z.string().nullable(),
  remark: z.string().nullable(),
  lotCount: z.number().int(),
});
export type PlaceRow = z.infer<typeof PlaceRow>;

export const LOT_UNITS = ['g', 'kg', 'seed', 'ear', 'packet'] as const;
export const LotUnit = z.enum(LOT_UNITS);
export type LotUnit = z.infer<typeof LotUnit>;
export const lotUnitLabels: Record<LotUnit, Translations> = {
  g: { 'zh-CN': '克', en: 'g' },
  kg: { 'zh-CN': '千克', en: 'kg' },
  seed: { 'zh-CN': '粒', en: 'seeds' },
  ear: { 'zh-CN': '穗', en: 'ears' },
  packet: { 'zh-CN': '袋', en: 'packets' },
};

/** Quantities keep three decimals (0.001 g); the ledger stores them exactly (numeric). */
export const MAX_QUANTITY = 1_000_000_000;
const threeDecimals = (v: number) => Math.abs(Math.round(v * 1000) - v * 1000) < 1e-6;
export const positiveQuantity = z
  .number()
  .positive()
  .max(MAX_QUANTITY)
  .refine(threeDecimals, { params: { rule: 'format', format: '0.001' } });
export const nonNegativeQuantity = z
  .number()
  .min(0)
  .max(MAX_QUANTITY)
  .refine(threeDecimals, { params: { rule: 'format', format: '0.001' } });

/** A lot number as printed on its label and scanned back. Empty: the server numbers it (L2026-000123). */
export const lotNoText = z
  .string()
  .trim()
  .max(40)
  .nullish()
  .refine((v) => !v || /^[A-Za-z0-9][A-Za-z0-9_.-]*$/.test(v), { params: { rule: 'format', format: 'A-Z a-z 0-9 _ . -' } })
  .transform((v) => (v ? v : null));

const year = z
  .number()
  .int()
  .min(1900)
  .max(2200)
  .nullish()
  .transform((v) => v ?? null);

export const LotCreate = z.object({
  germplasmId: z.number().int().positive(),
  placeId: z.number().int().positive(),
  unit: LotUnit,
  lotNo: lotNoText,
  /** Opening balance, booked as a deposit. */
  quantity: nonNegativeQuantity.default(0),
  harvestYear: year,
  /** Where the seed came from (a harvest, an increase, a donor). */
  seedSource: optionalText(200),
  remark: optionalText(500),
});
export type LotCreate = z.input<typeof LotCreate>;
export type LotInput = z.output<typeof LotCreate>;
export const LotUpdate = z.object({
  id: z.number().int().positive(),
  harvestYear: year,
  seedSource: optionalText(200),
  remark: optionalText(500),
});
export type LotUpdate = z.input<typeof LotUpdate>;

export const LotRow = z.object({
  id: z.number().int(),
  lotNo: z.string(),
  germplasmId: z.number().int(),
  accessionNo: z.string(),
  germplasmName: z.string(),
  /** The germplasm's pedigree and generation (a nursery harvest brings them along). */
  pedigree: z.string().nullable(),
  generation: z.string().nullable(),
  placeId: z.number().int(),
  placePath: z.string(),
  warehouseId: z.number().int().nullable(),
  unit: LotUnit,
  quantity: z.number(),
  harvestYear: z.number().int().nullable(),
  seedSource: z.string().nullable(),
  remark: z.string().nullable(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type LotRow = z.infer<typeof LotRow>;

export const LotPageQuery = PageQuery.extend({
  germplasmId: z.coerce.number().int().positive().optional(),
  placeId: z.coerce.number().int().positive().optional(),
  /** `true`: only lots with stock left. */
  inStock: z.enum(['true', 'false']).optional(),
});
export type LotPageQuery = z.input<typeof LotPageQuery>;
export type LotPageParsed = z.output<typeof LotPageQuery>;

const reason = optionalText(200);
const requiredReason = z.string().trim().min(1).max(200);

export const LotDeposit = z.object({ lotId: z.number().int().positive(), quantity: positiveQuantity, reason });
export const LotWithdraw = LotDeposit;
export const LotDiscard = LotDeposit.extend({ reason: requiredReason });
/** Sets the balance to what was counted; the difference is booked as an adjustment. */
export const LotAdjust = z.object({ lotId: z.number().int().positive(), balance: nonNegativeQuantity, reason: requiredReason });
export const LotTransfer = z.object({ lotId: z.number().int().positive(), placeId: z.number().int().positive(), reason });
export const LotSplit = z.object({
  lotId: z.number().int().positive(),
  quantity: positiveQuantity,
  placeId: z
    .number()
    .int()
    .positive()
    .nullish()
    .transform((v) => v ?? null),
  lotNo: lotNoText,
  reason,
});
export const LotMerge = z.object({
  targetLotId: z.number().int().positive(),
  sourceLotIds: z.array(z.number().int().positive()).min(1).max(50),
  reason,
});
export type LotDeposit = z.input<typeof LotDeposit>;
export type LotWithdraw = z.input<typeof LotWithdraw>;
export type LotDiscard = z.input<typeof LotDiscard>;
export type LotAdjust = z.input<typeof LotAdjust>;
export type LotTransfer = z.input<typeof LotTransfer>;
export type LotSplit = z.input<typeof LotSplit>;
export type LotMerge = z.input<typeof LotMerge>;

/** Every change of a lot is one of these; the balance is the sum of the amounts. */
export const TXN_TYPES = ['deposit', 'withdrawal', 'discard', 'adjustment', 'transfer', 'split', 'merge'] as const;
export const TxnType = z.enum(TXN_TYPES);
export type TxnType = z.infer<typeof TxnType>;

export const TxnRow = z.object({
  id: z.number().int(),
  lotId: z.number().int(),
  lotNo: z.string(),
  germplasmId: z.number().int(),
  accessionNo: z.string(),
  germplasmName: z.string(),
  type: TxnType,
  /** Signed: deposits positive, withdrawals negative. */
  amount: z.number(),
  balanceAfter: z.number(),
  unit: LotUnit,
  reason: z.string().nullable(),
  documentId: z.number().int().nullable(),
  documentNo: z.string().nullable(),
  documentKind: z.string().nullable(),
  relatedLotId: z.number().int().nullable(),
  relatedLotNo: z.string().nullable(),
  fromPlace: z.string().nullable(),
  toPlace: z.string().nullable(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
});
export type TxnRow = z.infer<typeof TxnRow>;

export const TxnPageQuery = PageQuery.extend({
  lotId: z.coerce.number().int().positive().optional(),
  germplasmId: z.coerce.number().int().positive().optional(),
  type: TxnType.optional(),
});
export type TxnPageQuery = z.input<typeof TxnPageQuery>;

export const LotOperationResult = z.object({ lot: LotRow, txnIds: z.array(z.number().int()), newLot: LotRow.nullable() });
export type LotOperationResult = z.infer<typeof LotOperationResult>;

export const inventoryFieldLabels: Record<string, Translations> = {
  condition: { 'zh-CN': '储存条件', en: 'Storage condition' },
  placeId: { 'zh-CN': '储存位置', en: 'Storage place' },
  lotId: { 'zh-CN': '批次', en: 'Lot' },
  lotNo: { 'zh-CN': '批次号', en: 'Lot number' },
  unit: { 'zh-CN': '单位', en: 'Unit' },
  quantity: { 'zh-CN': '数量', en: 'Quantity' },
  balance: { 'zh-CN': '实际结存', en: 'Counted balance' },
  harvestYear: { 'zh-CN': '收获年份', en: 'Harvest year' },
  seedSource: { 'zh-CN': '种子来源', en: 'Seed source' },
  reason: { 'zh-CN': '原因', en: 'Reason' },
  targetLotId: { 'zh-CN': '目标批次', en: 'Target lot' },
  sourceLotIds: { 'zh-CN': '合并批次', en: 'Lots to merge' },
};

/** What a lot list may be filtered and sorted by. */
export const lotList = listSpec({
  filters: {
    lotNo: { type: 'text', repeatable: true },
    accessionNo: { type: 'text', repeatable: true },
    germplasmName: { type: 'text', repeatable: true },
    unit: { type: 'select' },
    quantity: { type: 'number', repeatable: true },
    harvestYear: { type: 'number', repeatable: true },
    seedSource: { type: 'text' },
    remark: { type: 'text' },
    updatedAt: { type: 'date' },
  },
  sortable: ['lotNo', 'quantity', 'unit', 'harvestYear', 'accessionNo', 'germplasmName', 'createdAt', 'updatedAt'],
});

/** The ledger is sorted, not filtered (lot, germplasm, kind and keyword are its own parameters). */
export const txnList = listSpec({ filters: {}, sortable: ['createdAt', 'amount', 'type'] });

/** Storage places of the organisation: warehouse > shelf > box. */
export const place = resource(
  { tag: 'germ: storage places', base: '/api/place' },
  {
    list: {
      method: 'GET',
      path: '/list',
      permission: P.inventoryList,
      summary: 'Storage places of the organisation (warehouse > shelf > box) with paths and lot counts',
      data: z.array(PlaceRow),
    },
    create: {
      method: 'POST',
      path: '/create',
      permission: P.placeEdit,
      summary: 'Adds a storage place; a shelf sits in a warehouse, a box on a shelf',
      body: PlaceCreate,
      data: PlaceRow,
    },
    update: { method: 'PUT', path: '/update', permission: P.placeEdit, summary: 'Updates a storage place', body: PlaceUpdate, data: PlaceRow },
    remove: { method: 'DELETE', path: '/:id', permission: P.placeEdit, summary: 'Deletes an empty storage place', params: IdParam, data: z.null() },
  },
);

/** Seed lots of the current crop, their ledger and the operations that book into it. */
export const lot = resource(
  { tag: 'germ: seed lots', base: '/api/lot' },
  {
    page: {
      method: 'GET',
      path: '/page',
      permission: P.inventoryList,
      summary: 'Seed lots of the current crop; the keyword matches lot numbers (a scanned label), accessions and names',
      query: LotPageQuery,
      page: LotRow,
      list: lotList,
    },
    detail: { method: 'GET', path: '/detail/:id', permission: P.inventoryList, summary: 'One seed lot', params: IdParam, data: LotRow },
    transactions: {
      method: 'GET',
      path: '/transactions',
      permission: P.inventoryList,
      summary: 'The ledger: transactions of the current crop, of one lot or one germplasm',
      query: TxnPageQuery,
      page: TxnRow,
      list: txnList,
    },
    create: {
      method: 'POST',
      path: '/create',
      permission: P.inventoryEdit,
      summary: 'Creates a lot; an opening quantity is booked as a deposit',
      body: LotCreate,
      data: LotRow,
    },
    update: {
      method: 'PUT',
      path: '/update',
      permission: P.inventoryEdit,
      summary: 'Updates a lot’s descriptive fields (quantities change only through transactions)',
      body: LotUpdate,
      data: LotRow,
    },
    deposit: { method: 'POST', path: '/deposit', permission: P.inventoryEdit, summary: 'Deposits seed into a lot', body: LotDeposit, data: LotOperationResult },
    withdraw: {
      method: 'POST',
      path: '/withdraw',
      permission: P.inventoryEdit,
      summary: 'Withdraws seed; refused with GERM_INSUFFICIENT_STOCK rather than going below zero, also under concurrent requests',
      body: LotWithdraw,
      data: LotOperationResult,
    },
    discard: {
      method: 'POST',
      path: '/discard',
      permission: P.inventoryEdit,
      summary: 'Discards (scraps) seed, with a reason',
      body: LotDiscard,
      data: LotOperationResult,
    },
    adjust: {
      method: 'POST',
      path: '/adjust',
      permission: P.inventoryEdit,
      summary: 'Sets the balance to a counted figure; the difference is booked as an adjustment',
      body: LotAdjust,
      data: LotOperationResult,
    },
    transfer: {
      method: 'POST',
      path: '/transfer',
      permission: P.inventoryEdit,
      summary: 'Moves a whole lot to another storage place',
      body: LotTransfer,
      data: LotOperationResult,
    },
    split: {
      method: 'POST',
      path: '/split',
      permission: P.inventoryEdit,
      summary: 'Splits part of a lot into a new lot',
      body: LotSplit,
      data: LotOperationResult,
    },
    merge: {
      method: 'POST',
      path: '/merge',
      permission: P.inventoryEdit,
      summary: 'Merges lots of the same germplasm and unit into a target lot',
      body: LotMerge,
      data: LotOperationResult,
    },
  },
);
