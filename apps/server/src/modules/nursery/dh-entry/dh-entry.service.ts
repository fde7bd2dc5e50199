import { aliasedTable, and, asc, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import {
  DH_STEPS,
  dhEntryList,
  type DhChainLink,
  type DhEntryCreate,
  type DhEntryDetail,
  type DhEntryRow,
  type DhEventCreate,
  type DhEventRow,
  type DhStep,
} from '@breedwise/contracts/nursery';
import type { z } from 'zod';
import type { DbOrTx, Tx } from '../../../db/client';
import { requireCropWrite, type RequestContext } from '../../../platform/context';
import { AppError, conflict, isUniqueViolation, notFound } from '../../../platform/errors';
import { filterConditions, listColumns } from '../../../platform/filters';
import { translateError } from '../../../platform/i18n';
import { likePattern, orderBy, pageWindow } from '../../../platform/pagination';
import { createdStamp, inCrop } from '../../../platform/tenant';
import type { AuditSource } from '../../audit';
import { receiveHarvestedSeed } from '../../germ';
import { germGermplasm } from '../../germ/germplasm/germplasm.tables';
import { germLot } from '../../germ/lot/lot.tables';
import { sysUser } from '../../system';
import { nurseryActivity } from '../activity/activity.tables';
import { computeFlowValues, getDhFlow } from '../dh-flow/dh-flow.service';
import { nurseryDhFlow } from '../dh-flow/dh-flow.tables';
import { nurseryEntry } from '../entry/entry.tables';
import { nurseryHarvest } from '../harvest/harvest.tables';
import { pollinationCode } from '../pollination/pollination.service';
import { nurseryPollination } from '../pollination/pollination.tables';
import { nurseryDhEntry as E, nurseryDhEvent as V } from './dh-entry.tables';

const female = aliasedTable(germGermplasm, 'dh_female');
const male = aliasedTable(germGermplasm, 'dh_male');
const d1 = aliasedTable(germLot, 'dh_d1_lot');

const columns = {
  id: E.id,
  listName: E.listName,
  project: E.project,
  year: E.year,
  season: E.season,
  fieldNo: E.fieldNo,
  generation: germGermplasm.generation,
  name: germGermplasm.name,
  femaleParent: female.name,
  maleParent: male.name,
  pedigree: germGermplasm.pedigree,
  germCount: E.germCount,
  batchNo: E.batchNo,
  taskName: E.taskName,
  flowId: E.flowId,
  flowName: nurseryDhFlow.name,
  handbookFile: E.handbookFile,
  remark: E.remark,
  germplasmId: E.germplasmId,
  harvestId: E.harvestId,
  lotId: E.lotId,
  lotNo: d1.lotNo,
  createdBy: sysUser.nickName,
  createdAt: E.createdAt,
};

const from = (db: DbOrTx) =>
  db
    .select(columns)
    .from(E)
    .innerJoin(germGermplasm, eq(germGermplasm.id, E.germplasmId))
    .innerJoin(nurseryDhFlow, eq(nurseryDhFlow.id, E.flowId))
    .leftJoin(female, eq(female.id, germGermplasm.femaleParentId))
    .leftJoin(male, eq(male.id, germGermplasm.maleParentId))
    .leftJoin(d1, eq(d1.id, E.lotId))
    .leftJoin(sysUser, eq(sysUser.id, E.createdBy));

const rowsWhere = (db: DbOrTx, where: SQL | undefined) => from(db).where(where);
type Raw = Omit<DhEntryRow, 'createdAt' | 'nextStep' | 'carried' | 'generation'> & { createdAt: Date; generation: string | null };

/** Where the batch stands: the next step to record and the count the last step carried on. */
async function progress(db: DbOrTx, r: Raw) {
  const events = await db.select({ step: V.step, count: V.count }).from(V).where(eq(V.dhEntryId, r.id));
  const done = new Set(events.map((e) => e.step));
  const nextStep = DH_STEPS.find((s) => !done.has(s)) ?? null;
  const last = [...DH_STEPS].reverse().find((s) => done.has(s));
  const carried = last ? events.find((e) => e.step === last)!.count : r.germCount;
  return { nextStep: r.lotId ? null : nextStep, carried };
}

async function present(db: DbOrTx, r: Raw): Promise<DhEntryRow> {
  return { ...r, generation: r.generation ?? 'D0', createdAt: r.createdAt.toISOString(), ...(await progress(db, r)) };
}

const list = listColumns(dhEntryList, {
  filters: { listName: E.listName, batchNo: E.batchNo, fieldNo: E.fieldNo, taskName: E.taskName },
  sort: { batchNo: E.batchNo, listName: E.listName, createdAt: E.createdAt },
});

export async function listDhEntries(db: DbOrTx, ctx: RequestContext, q: { keyword?: string; filters?: unknown } & Parameters<typeof pageWindow>[0]) {
  const where = and(
    inCrop(E, ctx),
    q.keyword
      ? or(ilike(E.batchNo, likePattern(q.keyword)), ilike(E.listName, likePattern(q.keyword)), ilike(germGermplasm.name, likePattern(q.keyword)))
      : undefined,
    filterConditions(q.filters as Parameters<typeof filterConditions>[0], list.filters),
  );
  const { limit, offset } = pageWindow(q);
  const rows = await from(db)
    .where(where)
    .orderBy(...orderBy(q as Parameters<typeof orderBy>[0], list.sortable, [desc(E.createdAt)], E.id))
    .limit(limit)
    .offset(offset);
  const [{ total }] = await db.select({ total: count() }).from(E).innerJoin(germGermplasm, eq(germGermplasm.id, E.germplasmId)).where(where);
  return { rows: await Promise.all(rows.map((r) => present(db, r))), total: Number(total) };
}

async function entryRow(db: DbOrTx, ctx: RequestContext, id: number): Promise<DhEntryRow> {
  const [r] = await rowsWhere(db, and(inCrop(E, ctx), eq(E.id, id)));
  if (!r) throw notFound();
  return present(db, r);
}

const eventColumns = {
  id: V.id,
  dhEntryId: V.dhEntryId,
  batchNo: E.batchNo,
  step: V.step,
  date: V.date,
  person: V.person,
  count: V.count,
  values: V.values,
  remark: V.remark,
  lotId: V.lotId,
  lotNo: germLot.lotNo,
  createdBy: sysUser.nickName,
  createdAt: V.createdAt,
};
const events = (db: DbOrTx) =>
  db.select(eventColumns).from(V).innerJoin(E, eq(E.id, V.dhEntryId)).leftJoin(germLot, eq(germLot.id, V.lotId)).leftJoin(sysUser, eq(sysUser.id, V.createdBy));
const eventsWhere = (db: DbOrTx, where: SQL | undefined) => events(db).where(where);
const presentEvent = (e: Awaited<ReturnType<typeof eventsWhere>>[number]): DhEventRow => ({ ...e, createdAt: e.createdAt.toISOString() });

export async function getDhEvent(db: DbOrTx, ctx: RequestContext, id: number): Promise<DhEventRow> {
  const [e] = await eventsWhere(db, and(inCrop(E, ctx), eq(V.id, id)));
  if (!e) throw notFound();
  return presentEvent(e);
}

/**
 * The history of a germplasm record through nursery harvests: the pollination that made it, then the
 * pollination that made its female parent's material, and so on back to the first cross (at most 20 links).
 */
async function harvestHistory(db: DbOrTx, germplasmId: number): Promise<DhChainLink[]> {
  const links: DhChainLink[] = [];
  let current: number | null = germplasmId;
  for (let depth = 0; current !== null && depth < 20; depth++) {
    const [h] = await db
      .select({
        harvestNumber: nurseryHarvest.harvestNumber,
        harvestedAt: nurseryHarvest.createdAt,
        pollinationId: nurseryPollination.id,
        type: nurseryPollination.type,
        seq: nurseryPollination.seq,
        date: nurseryPollination.date,
        person: nurseryPollination.person,
        progenyName: nurseryPollination.progenyName,
        progenyPedigree: nurseryPollination.progenyPedigree,
        progenyGeneration: nurseryPollination.progenyGeneration,
        activityCode: nurseryActivity.code,
        femaleGermplasmId: nurseryEntry.germplasmId,
      })
      .from(nurseryHarvest)
      .innerJoin(nurseryPollination, eq(nurseryPollination.id, nurseryHarvest.pollinationId))
      .innerJoin(nurseryActivity, eq(nurseryActivity.id, nurseryHarvest.activityId))
      .innerJoin(nurseryEntry, eq(nurseryEntry.id, nurseryPollination.femaleEntryId))
      .where(eq(nurseryHarvest.germplasmId, current));
    if (!h) break;
    const detail = `${h.progenyName} · ${h.progenyPedigree} · ${h.progenyGeneration}`;
    links.unshift({
      kind: 'harvest',
      label: h.harvestNumber,
      code: h.harvestNumber,
      date: h.harvestedAt.toISOString().slice(0, 10),
      detail,
      pollinationId: h.pollinationId,
      eventId: null,
    });
    links.unshift({
      kind: h.type === 'dh' ? 'induction' : 'cross',
      label: h.type,
      code: pollinationCode(h.activityCode, h.seq),
      date: h.date,
      detail: h.person ? `${detail} · ${h.person}` : detail,
      pollinationId: h.pollinationId,
      eventId: null,
    });
    current = h.type === 'cross' ? null : h.femaleGermplasmId;
  }
  return links;
}

export async function getDhEntry(db: DbOrTx, ctx: RequestContext, id: number): Promise<DhEntryDetail> {
  const row = await entryRow(db, ctx, id);
  const evs = (await events(db).where(eq(V.dhEntryId, id)).orderBy(asc(V.id))).map(presentEvent);
  const chain: DhChainLink[] = [
    ...(await harvestHistory(db, row.germplasmId)),
    {
      kind: 'entry',
      label: row.batchNo,
      code: row.batchNo,
      date: row.createdAt.slice(0, 10),
      detail: `${row.name} · ${row.generation} · ${row.germCount}`,
      pollinationId: null,
      eventId: null,
    },
    ...evs.map((e): DhChainLink => ({
      kind: 'event',
      label: e.step,
      code: String(e.count),
      date: e.date,
      detail: e.person,
      pollinationId: null,
      eventId: e.id,
    })),
  ];
  if (row.lotNo)
    chain.push({ kind: 'lot', label: row.lotNo, code: row.lotNo, date: evs.at(-1)?.date ?? null, detail: 'D1', pollinationId: null, eventId: null });
  return { ...row, events: evs, chain };
}

/** The DH batch whose D0 selfing made a seed lot (the inventory's D1 lot links here); 404 for any other lot. */
export async function dhEntryOfLot(db: DbOrTx, ctx: RequestContext, lotId: number): Promise<DhEntryDetail> {
  const [row] = await db
    .select({ id: E.id })
    .from(E)
    .where(and(inCrop(E, ctx), eq(E.lotId, lotId)));
  if (!row) throw notFound();
  return getDhEntry(db, ctx, row.id);
}

/** Creates a DH batch of D0 material: a DH induction's harvest or a D0 germplasm record; parents and pedigree come from the record. */
export async function createDhEntry(db: DbOrTx, ctx: RequestContext, input: z.output<typeof DhEntryCreate>): Promise<DhEntryRow> {
  const cropId = requireCropWrite(ctx);
  await getDhFlow(db, ctx, input.flowId);
  let germplasmId = input.germplasmId ?? null;
  let harvestId = input.harvestId ?? null;
  if (germplasmId) {
    // A D0 record harvested in a nursery keeps its harvest, whichever way it was chosen.
    const [h] = await db.select({ id: nurseryHarvest.id }).from(nurseryHarvest).where(eq(nurseryHarvest.germplasmId, germplasmId));
    harvestId = h?.id ?? null;
  }
  if (input.harvestId) {
    const [h] = await db
      .select({ germplasmId: nurseryHarvest.germplasmId, type: nurseryPollination.type })
      .from(nurseryHarvest)
      .innerJoin(nurseryActivity, eq(nurseryActivity.id, nurseryHarvest.activityId))
      .innerJoin(nurseryPollination, eq(nurseryPollination.id, nurseryHarvest.pollinationId))
      .where(and(inCrop(nurseryActivity, ctx), eq(nurseryHarvest.id, input.harvestId)));
    if (!h) throw notFound();
    germplasmId = h.germplasmId;
  }
  const [g] = await db
    .select({ name: germGermplasm.name, generation: germGermplasm.generation })
    .from(germGermplasm)
    .where(and(inCrop(germGermplasm, ctx), eq(germGermplasm.id, germplasmId!)));
  if (!g) throw notFound();
  if (g.generation !== 'D0') throw new AppError(400, 'NURSERY_DH_SOURCE_NOT_D0', { name: g.name, generation: g.generation ?? '-' });
  try {
    const [row] = await db
      .insert(E)
      .values({
        cropId,
        listName: input.listName,
        project: input.project,
        year: input.year,
        season: input.season,
        fieldNo: input.fieldNo.toUpperCase(),
        germCount: input.germCount,
        batchNo: input.batchNo,
        taskName: input.taskName,
        flowId: input.flowId,
        handbookFile: input.handbookFile,
        remark: input.remark,
        germplasmId: germplasmId!,
        harvestId,
        ...createdStamp(ctx),
      })
      .returning({ id: E.id });
    return entryRow(db, ctx, row.id);
  } catch (err) {
    if (isUniqueViolation(err, 'nursery_dh_entry_batch_uq')) throw conflict('NURSERY_DH_BATCH_EXISTS', { batchNo: input.batchNo });
    throw err;
  }
}

export async function deleteDhEntry(db: DbOrTx, ctx: RequestContext, id: number) {
  requireCropWrite(ctx);
  await db.transaction(async (tx) => {
    const entry = await lockEntry(tx, ctx, id);
    const [{ n }] = await tx.select({ n: count() }).from(V).where(eq(V.dhEntryId, id));
    if (Number(n) > 0) throw new AppError(409, 'NURSERY_DH_HAS_EVENTS', { batchNo: entry.batchNo, count: Number(n) });
    await tx.delete(E).where(eq(E.id, id));
  });
}

async function lockEntry(tx: Tx, ctx: RequestContext, id: number) {
  const [e] = await tx
    .select()
    .from(E)
    .where(and(inCrop(E, ctx), eq(E.id, id)))
    .for('update');
  if (!e) throw notFound();
  return e;
}

const stepLabel = (s: DhStep, locale: RequestContext['locale']) =>
  ({
    induction: ['诱导', 'Induction'],
    identification: ['单倍体鉴定', 'Haploid identification'],
    doubling: ['染色体加倍', 'Chromosome doubling'],
    transplanting: ['移栽', 'Transplanting'],
    selfing: ['D0 自交', 'D0 selfing'],
  })[s][locale === 'en' ? 1 : 0];

function fieldError(
  code: Parameters<typeof translateError>[0],
  params: Record<string, unknown>,
  field: string,
  locale: RequestContext['locale'],
  status = 400,
) {
  return new AppError(status, code as never, params, { errors: [{ field, rule: 'invalid', message: translateError(code, locale, params), errorCode: code }] });
}

/**
 * Records the next step of a DH batch, in one transaction with the batch row locked: the steps come in
 * order and once each; the entered number is 1 to what the step before carried on (the germ count for the
 * induction); values are the flow template's attributes (formulas computed over this and the earlier
 * steps' values). D0 selfing harvests the D1 seed: a germplasm record (DH line, D1, the D0's pedigree and
 * parents) and a seed lot with its deposit, through the germ module, and the batch is then closed.
 */
export async function createDhEvent(db: DbOrTx, ctx: RequestContext, src: AuditSource, input: z.output<typeof DhEventCreate>): Promise<DhEventRow> {
  requireCropWrite(ctx);
  const id = await db.transaction(async (tx) => {
    const entry = await lockEntry(tx, ctx, input.dhEntryId);
    if (entry.lotId) throw new AppError(409, 'NURSERY_DH_ENTRY_FINISHED', { batchNo: entry.batchNo });
    const done = await tx.select({ step: V.step, count: V.count, values: V.values }).from(V).where(eq(V.dhEntryId, entry.id)).orderBy(asc(V.id));
    const expected = DH_STEPS.find((s) => !done.some((d) => d.step === s))!;
    if (input.step !== expected)
      throw fieldError(
        'NURSERY_DH_STEP_ORDER',
        { batchNo: entry.batchNo, step: stepLabel(input.step, ctx.locale), expected: stepLabel(expected, ctx.locale) },
        'step',
        ctx.locale,
        409,
      );
    const max = done.length ? done[done.length - 1].count : entry.germCount;
    if (input.count > max) throw fieldError('NURSERY_DH_COUNT_RANGE', { count: input.count, max }, 'count', ctx.locale);
    const flow = await getDhFlow(tx, ctx, entry.flowId);
    const given: Record<string, number | string | null> = {};
    for (const [code, value] of Object.entries(input.values)) {
      const a = flow.attributes.find((x) => x.code === code);
      if (!a || a.type === 'formula') throw fieldError('NURSERY_DH_VALUE_UNKNOWN', { name: code, flow: flow.name }, `values.${code}`, ctx.locale);
      if (value !== null) {
        const bad =
          (a.type === 'number' && (typeof value !== 'number' || !Number.isFinite(value))) ||
          (a.type === 'select' && !a.options.includes(String(value))) ||
          (a.type === 'date' && !/^\d{4}-\d{2}-\d{2}$/.test(String(value))) ||
          (a.type === 'text' && String(value).length > 500);
        if (bad) throw fieldError('NURSERY_DH_VALUE_INVALID', { attribute: a.name, value: String(value), rule: a.type }, `values.${code}`, ctx.locale);
      }
      given[code] = value;
    }
    // Formulas compute over what the earlier steps recorded and this step's values.
    const merged: Record<string, number | string | boolean | null> = {};
    for (const d of done)
      for (const [k, v] of Object.entries(d.values)) if (v !== null && flow.attributes.some((a) => a.code === k && a.type !== 'formula')) merged[k] = v;
    Object.assign(merged, given);
    const computed = computeFlowValues(flow.attributes, merged, ctx.locale);
    const values: Record<string, number | string | boolean | null> = { ...given };
    for (const a of flow.attributes) if (a.type === 'formula' && computed[a.code] !== null) values[a.code] = computed[a.code];

    let lotId: number | null = null;
    let txnId: number | null = null;
    if (input.step === 'selfing') {
      if (!input.placeId || !input.unit || !input.quantity) throw fieldError('NURSERY_DH_SEED_REQUIRED', {}, 'placeId', ctx.locale);
      const [g] = await tx
        .select({ name: germGermplasm.name, pedigree: germGermplasm.pedigree })
        .from(germGermplasm)
        .where(eq(germGermplasm.id, entry.germplasmId));
      const seed = await receiveHarvestedSeed(tx, ctx, src, {
        name: `${g.name}-${entry.fieldNo}`,
        type: 'dh',
        generation: 'D1',
        pedigree: g.pedigree,
        // D0 selfing: the D0 line is both parents of its D1 seed (as for a self in the nursery harvest).
        femaleParentId: entry.germplasmId,
        maleParentId: entry.germplasmId,
        source: `DH ${entry.batchNo} (${entry.taskName})`,
        placeId: input.placeId,
        unit: input.unit,
        quantity: input.quantity,
        harvestYear: entry.year,
        reason: `DH ${entry.batchNo} D0 selfing`,
        remark: input.remark,
      });
      lotId = seed.lotId;
      txnId = seed.txnId;
      await tx.update(E).set({ lotId, updatedBy: ctx.userId, updatedAt: new Date() }).where(eq(E.id, entry.id));
    }
    const [row] = await tx
      .insert(V)
      .values({
        dhEntryId: entry.id,
        step: input.step,
        date: input.date,
        person: input.person,
        count: input.count,
        values,
        remark: input.remark,
        lotId,
        txnId,
        createdBy: ctx.userId,
      })
      .returning({ id: V.id });
    return row.id;
  });
  return getDhEvent(db, ctx, id);
}

/** D0 records of the crop (by accession number or name), each with the nursery harvest that made it if any. */
export async function dhSources(db: DbOrTx, ctx: RequestContext, q: { keyword?: string }) {
  const rows = await db
    .select({
      germplasmId: germGermplasm.id,
      harvestId: nurseryHarvest.id,
      accessionNo: germGermplasm.accessionNo,
      name: germGermplasm.name,
      harvestNumber: nurseryHarvest.harvestNumber,
    })
    .from(germGermplasm)
    .leftJoin(nurseryHarvest, eq(nurseryHarvest.germplasmId, germGermplasm.id))
    .where(
      and(
        inCrop(germGermplasm, ctx),
        eq(germGermplasm.generation, 'D0'),
        q.keyword ? or(ilike(germGermplasm.accessionNo, likePattern(q.keyword)), ilike(germGermplasm.name, likePattern(q.keyword))) : undefined,
      ),
    )
    .orderBy(desc(germGermplasm.id))
    .limit(50);
  return rows.map((r) => ({
    germplasmId: r.germplasmId,
    harvestId: r.harvestId,
    label: `${r.accessionNo} ${r.name}${r.harvestNumber ? ` (${r.harvestNumber})` : ''}`,
  }));
}
