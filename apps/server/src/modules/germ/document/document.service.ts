import { and, asc, count, desc, eq, ilike, inArray, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  DOC_TRANSITIONS,
  docActionLabels,
  docActionsFrom,
  docList,
  docPermissions,
  docKindLabels,
  docReviewTexts,
  docStatusLabels,
  type DocAction,
  type DocDetail,
  type DocInput,
  type DocKind,
  type DocLineRow,
  type DocPageParsed,
  type DocRow,
  type DocStatus,
} from '@breedwise/contracts/germ';
import type { DbOrTx, Tx } from '../../../db/client';
import { can, requireCropWrite, type RequestContext } from '../../../platform/context';
import { AppError, conflict, notFound } from '../../../platform/errors';
import { listColumns } from '../../../platform/filters';
import { likePattern, orderBy, pageWindow } from '../../../platform/pagination';
import { iso } from '../../../platform/reply';
import { createdStamp, inCrop, inOrg, updatedStamp } from '../../../platform/tenant';
import { cancelBusinessProcessIn, decideTaskIn, initBusinessProcessIn, myOpenTaskFor, type BusinessEnd } from '../../bpm';
import { audit, type AuditSource } from '../../audit';
import { notifierFor, sysUser } from '../../system';
import { sendMessage } from '../../message';
import type { Config } from '../../../config';
import { formatMessage, type Locale, type Translations } from '@breedwise/contracts';
import { nextNumber } from '../counter/counter.service';
import { germGermplasm } from '../germplasm/germplasm.tables';
import { applyMovement, insufficient, lockLots } from '../ledger/ledger.service';
import { insertLot } from '../lot/lot.service';
import { germLot } from '../lot/lot.tables';
import { placeIndex } from '../place/place.service';
import { q3 } from '../scope';
import { germDocument, germDocumentEvent, germDocumentLine } from './document.tables';

const D = germDocument;
const DL = germDocumentLine;
const PREFIX: Record<DocKind, string> = { inbound: 'IN', outbound: 'OUT', stocktaking: 'ST', scrap: 'SC' };
const reviewer = alias(sysUser, 'reviewer');
const approvePermission = (kind: DocKind) => docPermissions[kind].approve;
/** The list's sort keys (`docList` in the contracts). */
const list = listColumns(docList, { filters: {}, sort: { docNo: D.docNo, status: D.status, createdAt: D.createdAt, updatedAt: D.updatedAt } });

const docColumns = {
  id: D.id,
  docNo: D.docNo,
  kind: D.kind,
  status: D.status,
  title: D.title,
  recipient: D.recipient,
  purpose: D.purpose,
  placeId: D.placeId,
  remark: D.remark,
  createdById: D.createdBy,
  createdBy: sysUser.nickName,
  createdAt: D.createdAt,
  updatedAt: D.updatedAt,
  submittedAt: D.submittedAt,
  reviewedBy: reviewer.nickName,
  reviewedAt: D.reviewedAt,
  reviewComment: D.reviewComment,
};

const docSelect = (db: DbOrTx) =>
  db.select(docColumns).from(D).leftJoin(sysUser, eq(sysUser.id, D.createdBy)).leftJoin(reviewer, eq(reviewer.id, D.reviewedBy));

async function presentDocs(db: DbOrTx, ctx: RequestContext, rows: Awaited<ReturnType<ReturnType<typeof docSelect>['where']>>): Promise<DocRow[]> {
  const ids = rows.map((r) => r.id);
  const counts = ids.length ? await db.select({ id: DL.documentId, n: count() }).from(DL).where(inArray(DL.documentId, ids)).groupBy(DL.documentId) : [];
  const places = await placeIndex(db, ctx);
  return rows.map((r) => ({
    ...r,
    placePath: r.placeId ? (places.get(r.placeId)?.path ?? null) : null,
    lineCount: Number(counts.find((c) => c.id === r.id)?.n ?? 0),
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    submittedAt: iso(r.submittedAt),
    reviewedAt: iso(r.reviewedAt),
  }));
}

export async function listDocs(db: DbOrTx, ctx: RequestContext, kind: DocKind, q: DocPageParsed) {
  const where = and(
    inCrop(D, ctx),
    eq(D.kind, kind),
    q.status ? eq(D.status, q.status) : undefined,
    q.mine === 'true' ? eq(D.createdBy, ctx.userId) : undefined,
    q.keyword ? or(ilike(D.docNo, likePattern(q.keyword)), ilike(D.title, likePattern(q.keyword)), ilike(D.recipient, likePattern(q.keyword))) : undefined,
  );
  const { limit, offset } = pageWindow(q);
  const [rows, [{ total }]] = await Promise.all([
    docSelect(db)
      .where(where)
      .orderBy(...orderBy(q, list.sortable, [desc(D.id)], D.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(D).where(where),
  ]);
  return { rows: await presentDocs(db, ctx, rows), total: Number(total) };
}

/** The actions the caller may take on a document now (for the buttons). */
function allowedActions(ctx: RequestContext, kind: DocKind, status: DocStatus, createdBy: number | null): DocAction[] {
  return docActionsFrom(status).filter((a) => (DOC_TRANSITIONS[a].approver ? can(ctx, approvePermission(kind)) : createdBy === ctx.userId));
}

export async function getDoc(db: DbOrTx, ctx: RequestContext, kind: DocKind, id: number): Promise<DocDetail> {
  const [row] = await docSelect(db).where(and(inCrop(D, ctx), eq(D.kind, kind), eq(D.id, id)));
  if (!row) throw notFound();
  const [doc] = await presentDocs(db, ctx, [row]);
  const myTask = doc.status === 'submitted' ? await myOpenTaskFor(db, ctx, docBusinessType(kind), String(id)) : null;
  const newLot = alias(germLot, 'new_lot');
  const lines = await db
    .select({
      id: DL.id,
      lotId: DL.lotId,
      lotNo: germLot.lotNo,
      germplasmId: DL.germplasmId,
      accessionNo: germGermplasm.accessionNo,
      germplasmName: germGermplasm.name,
      linePlaceId: DL.placeId,
      lotPlaceId: germLot.placeId,
      unit: DL.unit,
      quantity: DL.quantity,
      countedQuantity: DL.countedQuantity,
      bookedQuantity: DL.bookedQuantity,
      currentBalance: germLot.quantity,
      harvestYear: DL.harvestYear,
      lineLotNo: DL.lotNo,
      newLotNo: newLot.lotNo,
      newLotBalance: newLot.quantity,
      remark: DL.remark,
    })
    .from(DL)
    .innerJoin(germGermplasm, eq(germGermplasm.id, DL.germplasmId))
    .leftJoin(germLot, eq(germLot.id, DL.lotId))
    .leftJoin(newLot, eq(newLot.id, DL.newLotId))
    .where(eq(DL.documentId, id))
    .orderBy(asc(DL.lineNo));
  const places = await placeIndex(db, ctx);
  const events = await db
    .select({
      action: germDocumentEvent.action,
      fromStatus: germDocumentEvent.fromStatus,
      toStatus: germDocumentEvent.toStatus,
      by: sysUser.nickName,
      at: germDocumentEvent.at,
      comment: germDocumentEvent.comment,
    })
    .from(germDocumentEvent)
    .leftJoin(sysUser, eq(sysUser.id, germDocumentEvent.userId))
    .where(eq(germDocumentEvent.documentId, id))
    .orderBy(asc(germDocumentEvent.id));
  return {
    ...doc,
    lines: lines.map((l): DocLineRow => {
      const placeId = l.lotPlaceId ?? l.linePlaceId;
      return {
        id: l.id,
        lotId: l.lotId,
        lotNo: l.lotNo ?? l.newLotNo ?? l.lineLotNo,
        germplasmId: l.germplasmId,
        accessionNo: l.accessionNo,
        germplasmName: l.germplasmName,
        placeId,
        placePath: placeId ? (places.get(placeId)?.path ?? null) : null,
        unit: l.unit,
        quantity: l.quantity === null ? null : q3(l.quantity),
        countedQuantity: l.countedQuantity === null ? null : q3(l.countedQuantity),
        bookedQuantity: l.bookedQuantity === null ? null : q3(l.bookedQuantity),
        difference: l.countedQuantity === null || l.bookedQuantity === null ? null : q3(l.countedQuantity - l.bookedQuantity),
        currentBalance: l.currentBalance !== null ? q3(l.currentBalance) : l.newLotBalance !== null ? q3(l.newLotBalance) : null,
        harvestYear: l.harvestYear,
        newLotNo: l.newLotNo,
        remark: l.remark,
      };
    }),
    events: events.map((e) => ({ ...e, at: e.at.toISOString() })),
    actions: allowedActions(ctx, kind, doc.status, doc.createdById).filter((a) => !DOC_TRANSITIONS[a].approver || myTask !== null),
  };
}

/** Checks the lines against lots, germplasm and places of the caller's crop; answers the rows to insert. */
async function buildLines(tx: Tx, ctx: RequestContext, kind: DocKind, input: DocInput) {
  const lotIds = input.lines.map((l) => l.lotId).filter((v): v is number => v !== null);
  const lots = lotIds.length
    ? await tx
        .select()
        .from(germLot)
        .where(and(inCrop(germLot, ctx), inArray(germLot.id, lotIds)))
    : [];
  const byId = new Map(lots.map((l) => [l.id, l]));
  const seen = new Set<number>();
  const germIds = input.lines.map((l) => l.germplasmId).filter((v): v is number => v !== null && v !== undefined);
  const germs = germIds.length
    ? await tx
        .select({ id: germGermplasm.id })
        .from(germGermplasm)
        .where(and(inCrop(germGermplasm, ctx), inArray(germGermplasm.id, germIds)))
    : [];
  const places = await placeIndex(tx, ctx);
  return input.lines.map((l, i) => {
    const base = { lineNo: i + 1, remark: l.remark };
    if (l.lotId !== null) {
      const lot = byId.get(l.lotId);
      if (!lot) throw new AppError(404, 'RECORD_NOT_FOUND');
      if (kind !== 'inbound' && seen.has(lot.id)) throw new AppError(400, 'GERM_LINE_DUPLICATE_LOT', { lotNo: lot.lotNo });
      seen.add(lot.id);
      if (kind === 'stocktaking')
        return { ...base, lotId: lot.id, germplasmId: lot.germplasmId, unit: lot.unit, countedQuantity: l.countedQuantity!, bookedQuantity: lot.quantity };
      return { ...base, lotId: lot.id, germplasmId: lot.germplasmId, unit: lot.unit, quantity: l.quantity! };
    }
    // Inbound into a new lot.
    if (!germs.some((g) => g.id === l.germplasmId) || !places.has(l.placeId!)) throw new AppError(404, 'RECORD_NOT_FOUND');
    return {
      ...base,
      lotId: null,
      germplasmId: l.germplasmId!,
      placeId: l.placeId!,
      unit: l.unit!,
      lotNo: l.lotNo ?? null,
      harvestYear: l.harvestYear ?? null,
      quantity: l.quantity!,
    };
  });
}

const header = (input: DocInput) => ({
  title: input.title,
  remark: input.remark,
  recipient: input.recipient ?? null,
  purpose: input.purpose ?? null,
  placeId: input.placeId ?? null,
});

async function event(
  tx: Tx,
  ctx: RequestContext,
  documentId: number,
  action: string,
  fromStatus: DocStatus | null,
  toStatus: DocStatus,
  comment: string | null = null,
) {
  await tx.insert(germDocumentEvent).values({ documentId, action, fromStatus, toStatus, userId: ctx.userId, comment });
}

/** Creates a draft document (in the caller's transaction when given one). */
export async function createDocIn(tx: Tx, ctx: RequestContext, kind: DocKind, input: DocInput): Promise<number> {
  const cropId = requireCropWrite(ctx);
  if (input.placeId) {
    const places = await placeIndex(tx, ctx);
    if (!places.has(input.placeId)) throw notFound();
  }
  const lines = await buildLines(tx, ctx, kind, input);
  const year = new Date().getUTCFullYear();
  const docNo = `${PREFIX[kind]}-${year}-${String(await nextNumber(tx, ctx, `doc-${kind}-${year}`)).padStart(5, '0')}`;
  const [doc] = await tx
    .insert(D)
    .values({ ...header(input), kind, docNo, status: 'draft', cropId, ...createdStamp(ctx) })
    .returning({ id: D.id });
  await tx.insert(DL).values(lines.map((l) => ({ ...l, documentId: doc.id })));
  await event(tx, ctx, doc.id, 'create', null, 'draft');
  return doc.id;
}

export async function createDoc(db: DbOrTx, ctx: RequestContext, kind: DocKind, input: DocInput): Promise<DocDetail> {
  requireCropWrite(ctx);
  const id = await db.transaction((tx) => createDocIn(tx, ctx, kind, input));
  return getDoc(db, ctx, kind, id);
}

async function lockDoc(tx: Tx, ctx: RequestContext, kind: DocKind, id: number) {
  const [doc] = await tx
    .select()
    .from(D)
    .where(and(inCrop(D, ctx), eq(D.kind, kind), eq(D.id, id)))
    .for('update');
  if (!doc) throw notFound();
  return doc;
}

function statusWord(ctx: RequestContext, status: string) {
  return docStatusLabels[status]?.[ctx.locale] ?? status;
}

function editableDraft(ctx: RequestContext, doc: typeof D.$inferSelect) {
  if (doc.status !== 'draft') throw conflict('GERM_DOC_NOT_EDITABLE', { docNo: doc.docNo, status: statusWord(ctx, doc.status) });
  if (doc.createdBy !== ctx.userId) throw new AppError(403, 'GERM_DOC_NOT_OWNER', { docNo: doc.docNo });
}

export async function updateDoc(db: DbOrTx, ctx: RequestContext, kind: DocKind, input: DocInput & { id: number }): Promise<DocDetail> {
  requireCropWrite(ctx);
  await db.transaction(async (tx) => {
    const doc = await lockDoc(tx, ctx, kind, input.id);
    editableDraft(ctx, doc);
    if (input.placeId) {
      const places = await placeIndex(tx, ctx);
      if (!places.has(input.placeId)) throw notFound();
    }
    const lines = await buildLines(tx, ctx, kind, input);
    await tx
      .update(D)
      .set({ ...header(input), ...updatedStamp(ctx) })
      .where(eq(D.id, doc.id));
    await tx.delete(DL).where(eq(DL.documentId, doc.id));
    await tx.insert(DL).values(lines.map((l) => ({ ...l, documentId: doc.id })));
  });
  return getDoc(db, ctx, kind, input.id);
}

export async function deleteDoc(db: DbOrTx, ctx: RequestContext, kind: DocKind, id: number): Promise<void> {
  requireCropWrite(ctx);
  await db.transaction(async (tx) => {
    const doc = await lockDoc(tx, ctx, kind, id);
    editableDraft(ctx, doc);
    await tx.delete(D).where(eq(D.id, doc.id));
  });
}

/** Refuses a submission whose withdrawals already exceed the stock (approval checks again, under locks). */
async function checkAvailable(tx: Tx, ctx: RequestContext, kind: DocKind, documentId: number) {
  if (kind !== 'outbound' && kind !== 'scrap') return;
  const rows = await tx
    .select({ quantity: DL.quantity, lotNo: germLot.lotNo, available: germLot.quantity, unit: germLot.unit })
    .from(DL)
    .innerJoin(germLot, eq(germLot.id, DL.lotId))
    .where(eq(DL.documentId, documentId));
  for (const r of rows)
    if (r.quantity !== null && r.quantity > r.available) throw insufficient(ctx, { lotNo: r.lotNo, quantity: r.available, unit: r.unit }, r.quantity);
}

/** The document's effect on stock, applied once, inside the approving transaction. */
async function applyEffect(tx: Tx, ctx: RequestContext, src: AuditSource, doc: typeof D.$inferSelect) {
  const lines = await tx.select().from(DL).where(eq(DL.documentId, doc.id)).orderBy(asc(DL.lineNo));
  const locked = await lockLots(
    tx,
    ctx,
    lines.map((l) => l.lotId).filter((v): v is number => v !== null),
  );
  const reason = doc.title ? `${doc.docNo} ${doc.title}` : doc.docNo;
  for (const line of lines) {
    if (line.lotId !== null && !locked.has(line.lotId)) throw notFound();
    switch (doc.kind) {
      case 'inbound': {
        let lotId = line.lotId;
        if (lotId === null) {
          lotId = await insertLot(tx, ctx, {
            germplasmId: line.germplasmId,
            placeId: line.placeId!,
            unit: line.unit,
            lotNo: line.lotNo,
            harvestYear: line.harvestYear,
            seedSource: reason,
            remark: line.remark,
          });
          await tx.update(DL).set({ newLotId: lotId }).where(eq(DL.id, line.id));
        }
        await applyMovement(tx, ctx, src, { lotId, type: 'deposit', amount: line.quantity!, reason, documentId: doc.id });
        break;
      }
      case 'outbound':
        await applyMovement(tx, ctx, src, { lotId: line.lotId!, type: 'withdrawal', amount: -line.quantity!, reason, documentId: doc.id });
        break;
      case 'scrap':
        await applyMovement(tx, ctx, src, { lotId: line.lotId!, type: 'discard', amount: -line.quantity!, reason, documentId: doc.id });
        break;
      case 'stocktaking': {
        // The difference found at the count; movements booked since then stay as they are.
        const delta = q3(line.countedQuantity! - line.bookedQuantity!);
        if (delta !== 0) await applyMovement(tx, ctx, src, { lotId: line.lotId!, type: 'adjustment', amount: delta, reason, documentId: doc.id });
        break;
      }
    }
  }
}

/** The workflow business type of a document kind (`germ_outbound`, ...). */
export const docBusinessType = (kind: DocKind) => `germ_${kind}`;

/** The caller may take over the document's crop inside an approval (the approver's current crop may differ). */
const inDocCrop = (ctx: RequestContext, doc: { cropId: number }): RequestContext => ({ ...ctx, cropId: doc.cropId, cropAccess: 'operate' });

/** Quantities a process may decide on (`quantity > 100` in a gateway condition). */
async function processVariables(tx: Tx, doc: typeof D.$inferSelect) {
  const lines = await tx.select({ quantity: DL.quantity, counted: DL.countedQuantity }).from(DL).where(eq(DL.documentId, doc.id));
  return {
    docNo: doc.docNo,
    kind: doc.kind,
    lineCount: lines.length,
    quantity: q3(lines.reduce((s, l) => s + (l.quantity ?? l.counted ?? 0), 0)),
  };
}

/**
 * The creator's transitions (submit, withdraw, reopen). Submitting starts the process bound to the
 * document's business type in the same transaction; withdrawing cancels it. The approver's decisions
 * go through the workflow (`reviewDoc`, or the task endpoints), which calls `onDocProcessEnd`.
 */
export async function transitionDoc(
  db: DbOrTx,
  ctx: RequestContext,
  src: AuditSource,
  kind: DocKind,
  id: number,
  action: DocAction,
  comment: string | null,
): Promise<DocDetail> {
  requireCropWrite(ctx);
  const rule = DOC_TRANSITIONS[action];
  await db.transaction(async (tx) => {
    const doc = await lockDoc(tx, ctx, kind, id);
    if (!(rule.from as readonly DocStatus[]).includes(doc.status)) {
      throw conflict('GERM_DOC_TRANSITION', { docNo: doc.docNo, status: statusWord(ctx, doc.status), action: docActionLabels[action][ctx.locale] });
    }
    if (!rule.approver && doc.createdBy !== ctx.userId) throw new AppError(403, 'GERM_DOC_NOT_OWNER', { docNo: doc.docNo });
    if (action === 'submit') await checkAvailable(tx, ctx, kind, doc.id);
    const now = new Date();
    await tx
      .update(D)
      .set({
        status: rule.to,
        ...(action === 'submit' ? { submittedAt: now, reviewedBy: null, reviewedAt: null, reviewComment: null } : {}),
        ...updatedStamp(ctx),
      })
      .where(eq(D.id, doc.id));
    await event(tx, ctx, doc.id, action, doc.status, rule.to, comment);
    await audit(tx, src, {
      action: `germ.${kind}.${action}`,
      targetType: 'germ_document',
      targetId: doc.id,
      detail: { docNo: doc.docNo, from: doc.status, to: rule.to, comment },
    });
    if (action === 'submit') await initBusinessProcessIn(tx, ctx, src, docBusinessType(kind), String(doc.id), await processVariables(tx, doc));
    if (action === 'withdraw') await cancelBusinessProcessIn(tx, ctx, src, docBusinessType(kind), String(doc.id), comment ?? 'withdrawn');
  });
  return getDoc(db, ctx, kind, id);
}

/**
 * The approver's decision from the document screen: the caller's open task of the document's process,
 * approved or rejected through the workflow (one transaction with the stock effect when the process ends).
 */
export async function reviewDoc(
  db: DbOrTx,
  ctx: RequestContext,
  src: AuditSource,
  kind: DocKind,
  id: number,
  action: 'approve' | 'reject',
  comment: string | null,
  config?: Pick<Config, 'sms' | 'mail'>,
): Promise<DocDetail> {
  requireCropWrite(ctx);
  const ended = await db.transaction(async (tx) => {
    const [doc] = await tx
      .select()
      .from(D)
      .where(and(inCrop(D, ctx), eq(D.kind, kind), eq(D.id, id)));
    if (!doc) throw notFound();
    if (doc.status !== 'submitted') {
      throw conflict('GERM_DOC_TRANSITION', { docNo: doc.docNo, status: statusWord(ctx, doc.status), action: docActionLabels[action][ctx.locale] });
    }
    const taskId = await myOpenTaskFor(tx, ctx, docBusinessType(kind), String(doc.id));
    if (taskId === null) throw new AppError(403, 'BPM_TASK_NOT_YOURS');
    await decideTaskIn(tx, ctx, src, { id: taskId, outcome: action, comment });
    const [after] = await tx.select().from(D).where(eq(D.id, doc.id));
    return after.status === 'approved' || after.status === 'rejected' ? after : null;
  });
  // The requester also gets an e-mail when a mail gateway is configured (after the commit).
  if (ended?.createdBy && config && notifierFor(config).mailConfigured) {
    const { title, content } = await reviewTexts(db, ended, ctx.userId, ended.status === 'approved' ? 'approve' : 'reject', comment);
    await mailRequester(db, config, { userId: ended.createdBy, subject: title, text: content });
  }
  return getDoc(db, ctx, kind, id);
}

/**
 * The business handler of the documents' processes: called by the workflow in the transaction that ended
 * the instance. Approved: the stock effect once, with the status; rejected: back to the requester;
 * cancelled (withdrawn, or cancelled from the process screen): a submitted document becomes a draft again.
 */
export async function onDocProcessEnd(tx: Tx, actor: RequestContext, src: AuditSource, end: BusinessEnd): Promise<void> {
  const [found] = await tx
    .select()
    .from(D)
    .where(and(inOrg(D, actor), eq(D.id, Number(end.businessKey))))
    .for('update');
  if (!found || found.status !== 'submitted') return;
  const ctx = inDocCrop(actor, found);
  const doc = found;
  const kind = doc.kind;
  if (end.outcome === 'cancelled') {
    await tx
      .update(D)
      .set({ status: 'draft', ...updatedStamp(ctx) })
      .where(eq(D.id, doc.id));
    await event(tx, ctx, doc.id, 'cancel', 'submitted', 'draft', end.comment);
    return;
  }
  const action = end.outcome === 'approved' ? 'approve' : 'reject';
  const to: DocStatus = end.outcome;
  const now = new Date();
  await tx
    .update(D)
    .set({ status: to, reviewedBy: ctx.userId, reviewedAt: now, reviewComment: end.comment, ...updatedStamp(ctx) })
    .where(eq(D.id, doc.id));
  if (action === 'approve') await applyEffect(tx, ctx, src, doc);
  await event(tx, ctx, doc.id, action, doc.status, to, end.comment);
  await audit(tx, src, {
    action: `germ.${kind}.${action}`,
    targetType: 'germ_document',
    targetId: doc.id,
    detail: { docNo: doc.docNo, from: doc.status, to, comment: end.comment, processInstanceId: end.instanceId },
  });
  if (doc.createdBy) {
    // The requester hears of the review in the inbox, in the same transaction.
    const { title, content } = await reviewTexts(tx, doc, ctx.userId, action, end.comment);
    await sendMessage(tx, [doc.createdBy], { orgId: doc.orgId, type: 'approval', title, content, link: `/germ/${kind}?open=${doc.id}` });
  }
}

/** The inbox message and e-mail of a review, in both languages. */
async function reviewTexts(db: DbOrTx, doc: typeof D.$inferSelect, reviewerId: number, action: 'approve' | 'reject', comment: string | null) {
  const [reviewer] = await db.select({ nickName: sysUser.nickName, username: sysUser.username }).from(sysUser).where(eq(sysUser.id, reviewerId));
  const say = (text: Translations, params: Record<string, unknown>): Translations => ({
    'zh-CN': formatMessage(text['zh-CN'], params.zh as Record<string, unknown>),
    en: formatMessage(text.en, params.en as Record<string, unknown>),
  });
  const params = (l: Locale) => ({
    kind: docKindLabels[doc.kind][l],
    docNo: doc.docNo,
    title: doc.title ?? '',
    reviewer: reviewer?.nickName || reviewer?.username || '',
    comment: comment ? formatMessage(docReviewTexts.comment[l], { comment }) : '',
  });
  const both = { zh: params('zh-CN'), en: params('en') };
  return {
    title: say(action === 'approve' ? docReviewTexts.approvedTitle : docReviewTexts.rejectedTitle, both),
    content: say(action === 'approve' ? docReviewTexts.approved : docReviewTexts.rejected, both),
  };
}

/** The e-mail of a review, in the requester's language; a failed delivery is in the outbox record, the review stands. */
async function mailRequester(db: DbOrTx, config: Pick<Config, 'sms' | 'mail'>, m: { userId: number; subject: Translations; text: Translations }) {
  const [user] = await db.select({ email: sysUser.email, locale: sysUser.locale }).from(sysUser).where(eq(sysUser.id, m.userId));
  if (!user?.email) return;
  const l: Locale = user.locale === 'en' ? 'en' : 'zh-CN';
  try {
    await notifierFor(config).mail(db, { to: user.email, subject: m.subject[l], text: m.text[l], purpose: 'germ.document.review' });
  } catch {
    // recorded as failed in the outbox by the notifier
  }
}

/** Submitted documents of the current crop waiting for approval, per kind the caller may approve. */
export async function myTodo(db: DbOrTx, ctx: RequestContext): Promise<Partial<Record<DocKind, number>>> {
  const kinds = (['inbound', 'outbound', 'stocktaking', 'scrap'] as const).filter((k) => can(ctx, approvePermission(k)));
  if (!kinds.length || ctx.cropId === null) return {};
  const rows = await db
    .select({ kind: D.kind, n: count() })
    .from(D)
    .where(and(inCrop(D, ctx), eq(D.status, 'submitted'), inArray(D.kind, kinds)))
    .groupBy(D.kind);
  return Object.fromEntries(kinds.map((k) => [k, Number(rows.find((r) => r.kind === k)?.n ?? 0)]));
}
