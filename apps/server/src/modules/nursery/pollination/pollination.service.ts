import { and, asc, count, eq, ilike, inArray, isNotNull, isNull, max, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  pollinationList,
  type CrossPlan,
  type PollinationPageQuery,
  type PollinationRecord,
  type PollinationRow,
  type SelfPlan,
} from '@breedwise/contracts/nursery';
import { advanceGeneration, crossTrees, dhName, formatPurdy, parsePurdy, selectionName, type Pedigree } from '@breedwise/pedigree';
import type { z } from 'zod';
import type { DbOrTx, Tx } from '../../../db/client';
import type { RequestContext } from '../../../platform/context';
import { AppError, notFound } from '../../../platform/errors';
import { filterConditions, listColumns } from '../../../platform/filters';
import { likePattern, orderBy, pageWindow } from '../../../platform/pagination';
import { inCrop } from '../../../platform/tenant';
import { getActivity, openActivity } from '../activity/activity.service';
import { nurseryActivity } from '../activity/activity.tables';
import { entriesOf } from '../entry/entry.service';
import { nurseryEntry } from '../entry/entry.tables';
import { nurseryDhEntry } from '../dh-entry/dh-entry.tables';
import { nurseryHarvest } from '../harvest/harvest.tables';
import { nurseryPollination as P } from './pollination.tables';

type EntryRecord = typeof nurseryEntry.$inferSelect;
const F = alias(nurseryEntry, 'female_entry');
const M = alias(nurseryEntry, 'male_entry');

/** `<activity code>-P001`: the pollination's code, also the cross's progeny name and (with H) the harvest number. */
export const pollinationCode = (activityCode: string, seq: number) => `${activityCode}-P${String(seq).padStart(3, '0')}`;

const code = sql<string>`${nurseryActivity.code} || '-P' || lpad(${P.seq}::text, 3, '0')`;
const columns = {
  id: P.id,
  activityId: P.activityId,
  code,
  type: P.type,
  femaleEntryId: P.femaleEntryId,
  femaleName: F.name,
  femalePlotNo: F.plotNo,
  maleEntryId: P.maleEntryId,
  maleName: M.name,
  progenyName: P.progenyName,
  progenyPedigree: P.progenyPedigree,
  progenyGeneration: P.progenyGeneration,
  result: P.result,
  date: P.date,
  person: P.person,
  bags: P.bags,
  finished: P.finished,
  finishedAt: P.finishedAt,
  harvested: P.harvested,
  harvestNumber: nurseryHarvest.harvestNumber,
  lotId: nurseryHarvest.lotId,
  lotNo: sql<string | null>`(select l.lot_no from germ_lot l where l.id = ${nurseryHarvest.lotId})`,
  remark: P.remark,
};
type Raw = Omit<PollinationRow, 'finishedAt'> & { finishedAt: Date | null };
const present = (r: Raw): PollinationRow => ({ ...r, finishedAt: r.finishedAt ? r.finishedAt.toISOString() : null });

const list = listColumns(pollinationList, {
  filters: {
    progenyName: P.progenyName,
    progenyGeneration: P.progenyGeneration,
    type: P.type,
    femaleName: F.name,
    maleName: M.name,
    result: P.result,
    date: P.date,
    person: P.person,
  },
  sort: { code: P.seq, type: P.type, date: P.date, result: P.result },
});

const select = (db: DbOrTx) =>
  db
    .select(columns)
    .from(P)
    .innerJoin(nurseryActivity, eq(nurseryActivity.id, P.activityId))
    .innerJoin(F, eq(F.id, P.femaleEntryId))
    .leftJoin(M, eq(M.id, P.maleEntryId))
    .leftJoin(nurseryHarvest, eq(nurseryHarvest.pollinationId, P.id));

export async function listPollinations(db: DbOrTx, ctx: RequestContext, q: z.output<typeof PollinationPageQuery>) {
  await getActivity(db, ctx, q.activityId);
  const where = and(
    eq(P.activityId, q.activityId),
    q.state === 'open' ? eq(P.finished, false) : undefined,
    q.state === 'finished' ? eq(P.finished, true) : undefined,
    q.state === 'harvestable' ? and(eq(P.finished, true), eq(P.result, 'success'), eq(P.harvested, false)) : undefined,
    q.state === 'harvested' ? eq(P.harvested, true) : undefined,
    q.keyword ? or(ilike(F.name, likePattern(q.keyword)), ilike(M.name, likePattern(q.keyword)), ilike(P.progenyName, likePattern(q.keyword))) : undefined,
    filterConditions(q.filters, list.filters),
  );
  const { limit, offset } = pageWindow(q);
  const rows = await select(db)
    .where(where)
    .orderBy(...orderBy(q, list.sortable, [asc(P.seq)], P.id))
    .limit(limit)
    .offset(offset);
  const [{ total }] = await db
    .select({ total: count() })
    .from(P)
    .innerJoin(nurseryActivity, eq(nurseryActivity.id, P.activityId))
    .innerJoin(F, eq(F.id, P.femaleEntryId))
    .leftJoin(M, eq(M.id, P.maleEntryId))
    .where(where);
  return { rows: rows.map(present), total: Number(total) };
}

export async function getPollination(db: DbOrTx, ctx: RequestContext, id: number): Promise<PollinationRow> {
  const [row] = await select(db).where(and(inCrop(nurseryActivity, ctx), eq(P.id, id)));
  if (!row) throw notFound();
  return present(row);
}

/**
 * How an entry is written in its progeny's pedigree: by its name (a line, a variety, a selection such as
 * `CROSSID-1`), the way breeders write Purdy crosses; a name that cannot be written in Purdy (it holds
 * '/' or '*') stands for itself as one name.
 */
function parentTree(e: EntryRecord): Pedigree {
  return { kind: 'name', name: e.name };
}

/** The pedigree an entry passes on when it is selfed or induced: its own cross, or its name. */
function ownPedigree(e: EntryRecord): string {
  if (e.pedigree) {
    try {
      return formatPurdy(parsePurdy(e.pedigree));
    } catch {
      return e.pedigree;
    }
  }
  return e.name;
}

async function nextSeq(tx: Tx, activityId: number): Promise<number> {
  const [{ last }] = await tx
    .select({ last: max(P.seq) })
    .from(P)
    .where(eq(P.activityId, activityId));
  return (last ?? 0) + 1;
}

/**
 * Crosses from chosen females and males: every female with every male (factorial), or the i-th female
 * with the i-th male (single). At least one of each; a female may have at most the activity's number of
 * distinct male parents, counting those already planned. The progeny is F1 with the Purdy pedigree
 * female/male from the pedigree engine (a cross back to a parent becomes a backcross).
 */
export async function planCrosses(db: DbOrTx, ctx: RequestContext, input: z.output<typeof CrossPlan>): Promise<number> {
  if (!input.femaleEntryIds.length || !input.maleEntryIds.length) throw new AppError(400, 'NURSERY_SELECT_MALE_FEMALE');
  if (input.mode === 'single' && input.femaleEntryIds.length !== input.maleEntryIds.length)
    throw new AppError(400, 'NURSERY_SINGLE_PAIRS', { females: input.femaleEntryIds.length, males: input.maleEntryIds.length });
  return db.transaction(async (tx) => {
    // Locked for update: two plans of one nursery count the male parents one after the other.
    const activity = await openActivity(tx, ctx, input.activityId, 'update');
    const entries = await entriesOf(tx, activity.id, [...input.femaleEntryIds, ...input.maleEntryIds]);
    const pairs: [EntryRecord, EntryRecord][] =
      input.mode === 'single'
        ? input.femaleEntryIds.map((f, i) => [entries.get(f)!, entries.get(input.maleEntryIds[i])!])
        : [...new Set(input.femaleEntryIds)].flatMap((f) =>
            [...new Set(input.maleEntryIds)].map((m) => [entries.get(f)!, entries.get(m)!] as [EntryRecord, EntryRecord]),
          );
    for (const [f, m] of pairs) if (f.id === m.id) throw new AppError(400, 'NURSERY_SELF_CROSS', { name: f.name });
    // The male-parent limit per female material.
    const existing = await tx
      .select({ female: P.femaleEntryId, male: P.maleEntryId })
      .from(P)
      .where(and(eq(P.activityId, activity.id), eq(P.type, 'cross'), isNotNull(P.maleEntryId)));
    const males = new Map<number, Set<number>>();
    for (const e of existing) {
      if (!males.has(e.female)) males.set(e.female, new Set());
      males.get(e.female)!.add(e.male!);
    }
    for (const [f, m] of pairs) {
      if (!males.has(f.id)) males.set(f.id, new Set());
      males.get(f.id)!.add(m.id);
      const n = males.get(f.id)!.size;
      if (n > activity.maxMales) throw new AppError(400, 'NURSERY_MALE_EXCESS', { name: f.name, count: n, max: activity.maxMales });
    }
    let seq = await nextSeq(tx, activity.id);
    const rows = pairs.map(([f, m]) => {
      const s = seq++;
      return {
        activityId: activity.id,
        seq: s,
        type: 'cross' as const,
        femaleEntryId: f.id,
        maleEntryId: m.id,
        progenyName: pollinationCode(activity.code, s),
        progenyPedigree: formatPurdy(crossTrees(parentTree(f), parentTree(m))),
        progenyGeneration: 'F1',
        createdBy: ctx.userId,
      };
    });
    for (let i = 0; i < rows.length; i += 500) await tx.insert(P).values(rows.slice(i, i + 500));
    return rows.length;
  });
}

/**
 * Selfs (the next generation, F1 -> F2, and the selection history: `A/B` plant 1 is `A/B-1`) or DH
 * inductions (`<name>-DH<n>`, D0) of chosen entries; the pedigree is the entry's own.
 */
export async function planSelfs(db: DbOrTx, ctx: RequestContext, input: z.output<typeof SelfPlan>): Promise<number> {
  return db.transaction(async (tx) => {
    const activity = await openActivity(tx, ctx, input.activityId, 'update');
    const entries = await entriesOf(tx, activity.id, input.entryIds);
    const done = await tx
      .select({ female: P.femaleEntryId, n: count() })
      .from(P)
      .where(and(eq(P.activityId, activity.id), eq(P.type, input.type), inArray(P.femaleEntryId, [...entries.keys()])))
      .groupBy(P.femaleEntryId);
    const taken = new Map(done.map((d) => [d.female, Number(d.n)]));
    let seq = await nextSeq(tx, activity.id);
    const rows = input.entryIds.map((id) => {
      const e = entries.get(id)!;
      const k = (taken.get(id) ?? 0) + 1;
      taken.set(id, k);
      let generation: string;
      try {
        generation = advanceGeneration(e.generation, input.type === 'dh' ? 'dh' : 'self');
      } catch {
        throw new AppError(400, 'NURSERY_GENERATION_ADVANCE', { name: e.name, generation: e.generation });
      }
      return {
        activityId: activity.id,
        seq: seq++,
        type: input.type,
        femaleEntryId: e.id,
        maleEntryId: null,
        progenyName: input.type === 'dh' ? dhName(e.name, k) : selectionName(e.name, k),
        progenyPedigree: ownPedigree(e),
        progenyGeneration: generation,
        createdBy: ctx.userId,
      };
    });
    await tx.insert(P).values(rows);
    return rows.length;
  });
}

/** Pollinations of the current crop, locked for update, all or a 404; with their activity open unless `finishedActivityOk`. */
export async function lockPollinations(tx: Tx, ctx: RequestContext, ids: number[], opts: { activityId?: number; finishedActivityOk?: boolean } = {}) {
  const unique = [...new Set(ids)];
  const rows = await tx
    .select({ p: P, activityCode: nurseryActivity.code, activityStatus: nurseryActivity.status })
    .from(P)
    .innerJoin(nurseryActivity, eq(nurseryActivity.id, P.activityId))
    .where(and(inCrop(nurseryActivity, ctx), inArray(P.id, unique), opts.activityId ? eq(P.activityId, opts.activityId) : undefined))
    .orderBy(asc(P.id))
    .for('update', { of: P });
  if (rows.length !== unique.length) throw notFound();
  if (!opts.finishedActivityOk) for (const r of rows) await openActivity(tx, ctx, r.p.activityId, 'share');
  return rows.map((r) => ({ ...r.p, code: pollinationCode(r.activityCode, r.p.seq), activityCode: r.activityCode }));
}

/** Records date, person, bags and result; a finished pollination is never changed again. */
export async function recordPollinations(db: DbOrTx, ctx: RequestContext, input: z.output<typeof PollinationRecord>): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await lockPollinations(tx, ctx, input.ids);
    for (const r of rows) if (r.finished) throw new AppError(409, 'NURSERY_POLLINATION_FINISHED', { code: r.code });
    await tx
      .update(P)
      .set({ date: input.date, person: input.person, bags: input.bags, result: input.result, remark: input.remark })
      .where(
        inArray(
          P.id,
          rows.map((r) => r.id),
        ),
      );
    return rows.length;
  });
}

/** Irreversible: a recorded pollination becomes final (its result is what the harvest goes by). */
export async function finishPollinations(db: DbOrTx, ctx: RequestContext, ids: number[]): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await lockPollinations(tx, ctx, ids);
    for (const r of rows) {
      if (r.finished) throw new AppError(409, 'NURSERY_POLLINATION_FINISHED', { code: r.code });
      if (!r.result) throw new AppError(409, 'NURSERY_RESULT_REQUIRED', { code: r.code });
    }
    await tx
      .update(P)
      .set({ finished: true, finishedAt: new Date() })
      .where(
        inArray(
          P.id,
          rows.map((r) => r.id),
        ),
      );
    return rows.length;
  });
}

export async function deletePollination(db: DbOrTx, ctx: RequestContext, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [r] = await lockPollinations(tx, ctx, [id]);
    if (r.finished) throw new AppError(409, 'NURSERY_POLLINATION_FINISHED', { code: r.code });
    await tx.delete(P).where(eq(P.id, id));
  });
}

/** The caller's to-dos in the current crop: open pollinations they planned (in nurseries not finished), and their finished successes not harvested. */
/** The breeding-list to-dos of the caller (the dashboard's line). */
export async function myTodo(db: DbOrTx, ctx: RequestContext) {
  const [row] = await db
    .select({
      pollinations: sql<number>`count(*) filter (where not ${P.finished} and ${nurseryActivity.status} = 'planning')::int`,
      harvests: sql<number>`count(*) filter (where ${P.finished} and ${P.result} = 'success' and not ${P.harvested})::int`,
    })
    .from(P)
    .innerJoin(nurseryActivity, eq(nurseryActivity.id, P.activityId))
    .where(and(inCrop(nurseryActivity, ctx), eq(P.createdBy, ctx.userId!)));
  const pollinations = Number(row?.pollinations ?? 0);
  const harvests = Number(row?.harvests ?? 0);
  // A DH batch not closed by its D0 selfing (the D1 lot) has its next step due.
  const [dh] = await db
    .select({ n: count() })
    .from(nurseryDhEntry)
    .where(and(inCrop(nurseryDhEntry, ctx), eq(nurseryDhEntry.createdBy, ctx.userId!), isNull(nurseryDhEntry.lotId)));
  const dhSteps = Number(dh?.n ?? 0);
  return { pollinations, harvests, dhSteps, total: pollinations + harvests + dhSteps };
}
