import { z } from 'zod';
import type { Translations } from '../errors';
import { PageQuery } from '../query';
import { Permissions } from '../permissions';
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
    lotId: z.number().int().positive().nullish().transform((v) => v ?? null),
    germplasmId: z.number().int().positive().nullish().transform((v) => v ?? null),
    placeId: z.number().int().positive().nullish().transform((v) => v ?? null),
    unit: LotUnit.nullish().transform((v) => v ?? null),
    lotNo: lotNoText,
    harvestYear: z.number().int().min(1900).max(2200).nullish().transform((v) => v ?? null),
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
export const StocktakingCreate = z.object({ ...header, placeId: z.number().int().positive().nullish().transform((v) => v ?? null), lines: lines(StocktakingLine) });
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
  inbound: { list: Permissions.germ.inboundList, add: Permissions.germ.inboundAdd, approve: Permissions.germ.inboundApprove },
  outbound: { list: Permissions.germ.outboundList, add: Permissions.germ.outboundAdd, approve: Permissions.germ.outboundApprove },
  stocktaking: { list: Permissions.germ.stocktakingList, add: Permissions.germ.stocktakingAdd, approve: Permissions.germ.stocktakingApprove },
  scrap: { list: Permissions.germ.scrapList, add: Permissions.germ.scrapAdd, approve: Permissions.germ.scrapApprove },
};
