import { z } from 'zod';
import type { Translations } from '../errors';
import { PageQuery } from '../query';
import { IdParam } from '../envelope';
import { listSpec, resource } from '../http/endpoint';
import { germPermissions as P } from './permissions';
import { optionalText } from '../doe/shared';
import { LotUnit, lotNoText, nonNegativeQuantity, positiveQuantity } from './inventory';

/** Documents that move stock (issue 8 item 4). Their effect is applied once, on approval. */
export const DOC_KINDS = ['inbound', 'outbound', 'stocktaking', 'scrap'] as const;
export const DocKind = z.enum(DOC_KINDS);
export type DocKind = z.infer<typeof DocKind>;

export const DOC_STATUSES = ['draft', 'submitted', 'approved', 'rejected'] as const;
export const DocStatus = z.enum(DOC_STATUSES);
export type DocStatus = z.infer<typeof DocStatus>;

/**
 * The transition table: the only way a document's status changes. approved is final; a rejected
 * document can be reopened as a draft, corrected and submitted again.
 */
export const DOC_TRANSITIONS = {
  submit: { from: ['draft'], to: 'submitted', approver: false },
  withdraw: { from: ['submitted'], to: 'draft', approver: false },
  reopen: { from: ['rejected'], to: 'draft', approver: false },
  approve: { from: ['submitted'], to: 'approved', approver: true },
  reject: { from: ['submitted'], to: 'rejected', approver: true },
} as const satisfies Record<string, { from: readonly DocStatus[]; to: DocStatus; approver: boolean }>;
export type DocAction = keyof typeof DOC_TRANSITIONS;
export const DOC_ACTIONS = Object.keys(DOC_TRANSITIONS) as DocAction[];

/** The actions allowed from a status (for buttons and checks). */
export function docActionsFrom(status: DocStatus): DocAction[] {
  return DOC_ACTIONS.filter((a) => (DOC_TRANSITIONS[a].from as readonly DocStatus[]).includes(status));
}

const lineRemark = optionalText(200);
const lines = <T extends z.ZodType>(line: T) => z.array(line).min(1).max(500);
const header = {
  title: optionalText(100),
  remark: optionalText(500),
};

/** Inbound: into an existing lot, or a new lot of a germplasm at a place. */
export const InboundLine = z
  .object({
    lotId: z
      .number()
      .int()
      .positive()
      .nullish()
      .transform((v) => v ?? null),
    germplasmId: z
      .number()
      .int()
      .positive()
      .nullish()
      .transform((v) => v ?? null),
    placeId: z
      .number()
      .int()
      .positive()
      .nullish()
      .transform((v) => v ?? null),
    unit: LotUnit.nullish().transform((v) => v ?? null),
    lotNo: lotNoText,
    harvestYear: z
      .number()
      .int()
      .min(1900)
      .max(2200)
      .nullish()
      .transform((v) => v ?? null),
    quantity: positiveQuantity,
    remark: lineRemark,
  })
  .superRefine((v, ctx) => {
    if (v.lotId === null && (v.germplasmId === null || v.placeId === null || v.unit === null)) {
      ctx.addIssue({ code: 'custom', path: ['lotId'], message: 'a lot, or a germplasm with place and unit', params: { errorCode: 'GERM_INBOUND_TARGET' } });
    }
  });
export const OutboundLine = z.object({ lotId: z.number().int().positive(), quantity: positiveQuantity, remark: lineRemark });
export const ScrapLine = OutboundLine;
export const StocktakingLine = z.object({ lotId: z.number().int().positive(), countedQuantity: nonNegativeQuantity, remark: lineRemark });

export const InboundCreate = z.object({ ...header, lines: lines(InboundLine) });
export const OutboundCreate = z.object({
  ...header,
  /** Who receives the seed (a nursery, a partner, a trial). */
  recipient: optionalText(100),
  purpose: optionalText(200),
  lines: lines(OutboundLine),
});
export const StocktakingCreate = z.object({
  ...header,
  placeId: z
    .number()
    .int()
    .positive()
    .nullish()
    .transform((v) => v ?? null),
  lines: lines(StocktakingLine),
});
export const ScrapCreate = z.object({ ...header, lines: lines(ScrapLine) });
const withId = { id: z.number().int().positive() };
export const InboundUpdate = InboundCreate.extend(withId);
export const OutboundUpdate = OutboundCreate.extend(withId);
export const StocktakingUpdate = StocktakingCreate.extend(withId);
export const ScrapUpdate = ScrapCreate.extend(withId);
export type InboundCreate = z.input<typeof InboundCreate>;
export type OutboundCreate = z.input<typeof OutboundCreate>;
export type StocktakingCreate = z.input<typeof StocktakingCreate>;
export type ScrapCreate = z.input<typeof ScrapCreate>;

/** A document as the service receives it, whatever its kind. */
export interface DocInput {
  title: string | null;
  remark: string | null;
  recipient?: string | null;
  purpose?: string | null;
  placeId?: number | null;
  lines: {
    lotId: number | null;
    germplasmId?: number | null;
    placeId?: number | null;
    unit?: LotUnit | null;
    lotNo?: string | null;
    harvestYear?: number | null;
    quantity?: number;
    countedQuantity?: number;
    remark: string | null;
  }[];
}

export const DocStatusChange = z.object({
  id: z.number().int().positive(),
  action: z.enum(['submit', 'withdraw', 'reopen']),
  comment: optionalText(500),
});
export const DocAudit = z.object({
  id: z.number().int().positive(),
  action: z.enum(['approve', 'reject']),
  comment: optionalText(500),
});
export type DocStatusChange = z.input<typeof DocStatusChange>;
export type DocAudit = z.input<typeof DocAudit>;

export const DocRow = z.object({
  id: z.number().int(),
  docNo: z.string(),
  kind: DocKind,
  status: DocStatus,
  title: z.string().nullable(),
  recipient: z.string().nullable(),
  purpose: z.string().nullable(),
  placeId: z.number().int().nullable(),
  placePath: z.string().nullable(),
  remark: z.string().nullable(),
  lineCount: z.number().int(),
  createdById: z.number().int().nullable(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  submittedAt: z.string().nullable(),
  reviewedBy: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  reviewComment: z.string().nullable(),
});
export type DocRow = z.infer<typeof DocRow>;

export const DocLineRow = z.object({
  id: z.number().int(),
  lotId: z.number().int().nullable(),
  lotNo: z.string().nullable(),
  germplasmId: z.number().int(),
  accessionNo: z.string(),
  germplasmName: z.string(),
  placeId: z.number().int().nullable(),
  placePath: z.string().nullable(),
  unit: LotUnit,
  /** Inbound, outbound and scrap: the amount moved. */
  quantity: z.number().nullable(),
  /** Stocktaking: what was counted, what the ledger said when counted, and the difference. */
  countedQuantity: z.number().nullable(),
  bookedQuantity: z.number().nullable(),
  difference: z.number().nullable(),
  /** The lot's balance now. */
  currentBalance: z.number().nullable(),
  harvestYear: z.number().int().nullable(),
  newLotNo: z.string().nullable(),
  remark: z.string().nullable(),
});
export type DocLineRow = z.infer<typeof DocLineRow>;

export const DocEventRow = z.object({
  action: z.string(),
  fromStatus: z.string().nullable(),
  toStatus: z.string(),
  by: z.string().nullable(),
  at: z.string(),
  comment: z.string().nullable(),
});
export const DocDetail = DocRow.extend({ lines: z.array(DocLineRow), events: z.array(DocEventRow), actions: z.array(z.string()) });
export type DocDetail = z.infer<typeof DocDetail>;

export const DocPageQuery = PageQuery.extend({
  status: DocStatus.optional(),
  /** `true`: only the caller's documents. */
  mine: z.enum(['true', 'false']).optional(),
});
export type DocPageQuery = z.input<typeof DocPageQuery>;
export type DocPageParsed = z.output<typeof DocPageQuery>;

// The outbound cart (`api/outbound/addOutboundToCache`): lots picked for an outbound document.
export const CartItem = z.object({ lotId: z.number().int().positive(), quantity: positiveQuantity });
export const CartAdd = z.object({ items: z.array(CartItem).min(1).max(200) });
export type CartAdd = z.input<typeof CartAdd>;
export const CartRow = z.object({
  lotId: z.number().int(),
  lotNo: z.string(),
  germplasmId: z.number().int(),
  accessionNo: z.string(),
  germplasmName: z.string(),
  placePath: z.string(),
  unit: LotUnit,
  available: z.number(),
  quantity: z.number(),
  addedAt: z.string(),
});
export type CartRow = z.infer<typeof CartRow>;
export const CartCheckout = z.object({
  title: optionalText(100),
  recipient: optionalText(100),
  purpose: optionalText(200),
  remark: optionalText(500),
  /** Submit the new document for approval at once. */
  submit: z.boolean().default(false),
});
export type CartCheckout = z.input<typeof CartCheckout>;

export const documentFieldLabels: Record<string, Translations> = {
  lines: { 'zh-CN': '明细', en: 'Lines' },
  recipient: { 'zh-CN': '领用方', en: 'Recipient' },
  purpose: { 'zh-CN': '用途', en: 'Purpose' },
  countedQuantity: { 'zh-CN': '实盘数量', en: 'Counted quantity' },
  comment: { 'zh-CN': '意见', en: 'Comment' },
  action: { 'zh-CN': '操作', en: 'Action' },
  items: { 'zh-CN': '批次', en: 'Lots' },
  mine: { 'zh-CN': '只看我的', en: 'Mine only' },
  submit: { 'zh-CN': '立即提交', en: 'Submit now' },
};

/** The list, add and approve permissions of each document kind (the server checks them, the web hides by them). */
export const docPermissions: Record<DocKind, { list: string; add: string; approve: string }> = {
  inbound: { list: P.inboundList, add: P.inboundAdd, approve: P.inboundApprove },
  outbound: { list: P.outboundList, add: P.outboundAdd, approve: P.outboundApprove },
  stocktaking: { list: P.stocktakingList, add: P.stocktakingAdd, approve: P.stocktakingApprove },
  scrap: { list: P.scrapList, add: P.scrapAdd, approve: P.scrapApprove },
};

/** Document lists are sorted by these keys (status, mine and keyword are their own parameters). */
export const docList = listSpec({ filters: {}, sortable: ['docNo', 'status', 'createdAt', 'updatedAt'] });

/**
 * The same REST pattern for each kind of stock document, defined once: the kind names the base path,
 * the permissions and the create/update bodies.
 */
function documentResource<const K extends DocKind, C extends z.ZodType, U extends z.ZodType>(kind: K, bodies: { create: C; update: U; what: string }) {
  const p = docPermissions[kind];
  return resource(
    { tag: `germ: ${kind}`, base: `/api/${kind}` },
    {
      page: {
        method: 'GET',
        path: '/page',
        permission: p.list,
        summary: `${bodies.what}. Documents of the current crop, paged`,
        query: DocPageQuery,
        page: DocRow,
        list: docList,
      },
      detail: {
        method: 'GET',
        path: '/detail/:id',
        permission: p.list,
        summary: 'One document with its lines, its history and the actions open to the caller',
        params: IdParam,
        data: DocDetail,
      },
      create: { method: 'POST', path: '/create', permission: p.add, summary: 'Creates a draft', body: bodies.create, data: DocDetail },
      update: {
        method: 'PUT',
        path: '/update',
        permission: p.add,
        summary: 'Replaces a draft’s header and lines (creator only)',
        body: bodies.update,
        data: DocDetail,
      },
      status: {
        method: 'PUT',
        path: '/status',
        permission: p.add,
        summary: 'Creator’s transitions: submit (draft -> submitted), withdraw (submitted -> draft), reopen (rejected -> draft)',
        body: DocStatusChange,
        data: DocDetail,
      },
      audit: {
        method: 'PUT',
        path: '/audit',
        permission: p.approve,
        summary: 'Approver’s transitions: approve (applies the stock effect once, in the same transaction) or reject',
        body: DocAudit,
        data: DocDetail,
      },
      remove: { method: 'DELETE', path: '/:id', permission: p.add, summary: 'Deletes a draft (creator only)', params: IdParam, data: z.null() },
    },
  );
}

export const inbound = documentResource('inbound', {
  create: InboundCreate,
  update: InboundUpdate,
  what: 'Inbound: deposits into existing lots or new lots, on approval',
});
export const outbound = documentResource('outbound', {
  create: OutboundCreate,
  update: OutboundUpdate,
  what: 'Outbound: withdrawals from lots, on approval',
});
export const stocktaking = documentResource('stocktaking', {
  create: StocktakingCreate,
  update: StocktakingUpdate,
  what: 'Stocktaking: counted against booked quantities; the differences are adjusted on approval',
});
export const scrap = documentResource('scrap', { create: ScrapCreate, update: ScrapUpdate, what: 'Scrap: discards from lots, on approval' });

/** The outbound cart: lots picked from the inventory, then turned into an outbound document. */
export const cart = resource(
  { tag: 'germ: outbound cart', base: '/api/outbound' },
  {
    list: {
      method: 'GET',
      path: '/cache',
      permission: P.outboundAdd,
      summary: 'The caller’s outbound cart in the current crop',
      data: z.array(CartRow),
    },
    add: {
      method: 'POST',
      path: '/addOutboundToCache',
      permission: P.outboundAdd,
      summary: 'Adds lots to the cart (a lot already there takes the new quantity); refused beyond the stock',
      body: CartAdd,
      data: z.array(CartRow),
    },
    update: {
      method: 'PUT',
      path: '/cache',
      permission: P.outboundAdd,
      summary: 'Changes the quantity of one lot in the cart',
      body: CartItem,
      data: z.array(CartRow),
    },
    remove: {
      method: 'DELETE',
      path: '/cache/:id',
      permission: P.outboundAdd,
      summary: 'Removes one lot (by lot id) from the cart',
      params: IdParam,
      data: z.array(CartRow),
    },
    clear: { method: 'DELETE', path: '/cache', permission: P.outboundAdd, summary: 'Empties the cart', data: z.array(CartRow) },
    checkout: {
      method: 'POST',
      path: '/createFromCache',
      permission: P.outboundAdd,
      summary: 'Turns the cart into an outbound draft (or submits it at once) and empties the cart, in one transaction',
      body: CartCheckout,
      data: DocDetail,
    },
  },
);
