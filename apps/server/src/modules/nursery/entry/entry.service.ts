import { and, asc, count, eq, ilike, inArray, max, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { entryList, type EntryRow } from '@breedwise/contracts/nursery';
import { validateGeneration } from '@breedwise/pedigree';
import type { z } from 'zod';
import type { EntryPageQuery as EntryPageSchema, EntryUpdate as EntryUpdateSchema } from '@breedwise/contracts/nursery';
import type { DbOrTx, Tx } from '../../../db/client';
import type { RequestContext } from '../../../platform/context';
import { AppError, notFound } from '../../../platform/errors';
import { filterConditions, listColumns } from '../../../platform/filters';
import { likePattern, orderBy, pageWindow } from '../../../platform/pagination';
import { inCrop, inOrg, updatedStamp } from '../../../platform/tenant';
import { doeEntryGroup, doeEntryGroupMember } from '../../doe/entry-group/entry-group.tables';
import { doeGermList, doeGermListEntry } from '../../doe/germlist/germlist.tables';
import { germGermplasm } from '../../germ/germplasm/germplasm.tables';
import { getActivity, openActivity } from '../activity/activity.service';
import { nurseryActivity } from '../activity/activity.tables';
import { nurseryEntry as E } from './entry.tables';

const materialNo = sql<string>`(select a.code from nursery_activity a where a.id = "nursery_entry"."activity_id") || '-' || lpad("nursery_entry"."entry_no"::text, 3, '0')`;
const columns = {
  id: E.id,
  activityId: E.activityId,
  entryNo: E.entryNo,
  materialNo,
  name: E.name,
  germplasmId: E.germplasmId,
  generation: E.generation,
  pedigree: E.pedigree,
  femaleParent: E.femaleParent,
  maleParent: E.maleParent,
  plotNo: E.plotNo,
  fieldNo: E.fieldNo,
  fieldRow: E.fieldRow,
  fieldRows: E.fieldRows,
  fieldRange: E.fieldRange,
  source: E.source,
  pollinationTypes: sql<
    string[]
  >`array(select distinct p.type from nursery_pollination p where p.female_entry_id = "nursery_entry"."id" or p.male_entry_id = "nursery_entry"."id" order by 1)`,
  harvestNumbers: sql<
    string[]
  >`array(select h.harvest_number from nursery_harvest h join nursery_pollination p on p.id = h.pollination_id where p.female_entry_id = "nursery_entry"."id" order by h.id)`,
  remark: E.remark,
};

const list = listColumns(entryList, {
  filters: { name: E.name, entryNo: E.entryNo, generation: E.generation, pedigree: E.pedigree, plotNo: E.plotNo, fieldNo: E.fieldNo },
  sort: { entryNo: E.entryNo, name: E.name, generation: E.generation, plotNo: E.plotNo },
});

export async function listEntries(db: DbOrTx, ctx: RequestContext, q: z.output<typeof EntryPageSchema>) {
  await getActivity(db, ctx, q.activityId);
  const where = and(
    eq(E.activityId, q.activityId),
    q.keyword ? or(ilike(E.name, likePattern(q.keyword)), ilike(E.pedigree, likePattern(q.keyword))) : undefined,
    filterConditions(q.filters, list.filters),
  );
  const { limit, offset } = pageWindow(q);
  const rows = await db
    .select(columns)
    .from(E)
    .where(where)
    .orderBy(...orderBy(q, list.sortable, [asc(E.entryNo)], E.id))
    .limit(limit)
    .offset(offset);
  const [{ total }] = await db.select({ total: count() }).from(E).where(where);
  return { rows: rows as EntryRow[], total: Number(total) };
}

export async function getEntry(db: DbOrTx, ctx: RequestContext, id: number): Promise<EntryRow> {
  const [row] = await db
    .select(columns)
    .from(E)
    .innerJoin(nurseryActivity, eq(nurseryActivity.id, E.activityId))
    .where(and(inCrop(nurseryActivity, ctx), eq(E.id, id)));
  if (!row) throw notFound();
  return row as EntryRow;
}

/** Entries of one activity by id, all of them or a refusal naming the first stranger. */
export async function entriesOf(tx: DbOrTx, activityId: number, ids: number[]) {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map<number, typeof E.$inferSelect>();
  const rows = await tx
    .select()
    .from(E)
    .where(and(eq(E.activityId, activityId), inArray(E.id, unique)));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const stranger = unique.find((id) => !byId.has(id));
  if (stranger !== undefined) throw new AppError(400, 'NURSERY_ENTRY_NOT_IN_ACTIVITY', { id: stranger });
  return byId;
}

const femaleG = alias(germGermplasm, 'female_g');
const maleG = alias(germGermplasm, 'male_g');

interface NewEntry {
  name: string;
  germplasmId: number | null;
  generation: string;
  pedigree: string | null;
  femaleParent: string | null;
  maleParent: string | null;
  source: string;
  fieldNo?: string | null;
  remark?: string | null;
}

export async function appendEntries(tx: Tx, activityId: number, rows: NewEntry[]): Promise<number> {
  const [{ last }] = await tx
    .select({ last: max(E.entryNo) })
    .from(E)
    .where(eq(E.activityId, activityId));
  let next = (last ?? 0) + 1;
  for (let i = 0; i < rows.length; i += 500) {
    await tx.insert(E).values(
      rows.slice(i, i + 500).map((r) => {
        const no = next++;
        return { ...r, activityId, entryNo: no, plotNo: no };
      }),
    );
  }
  return rows.length;
}

/** Germplasm of the crop by name or accession number, with its parents' names (one match per key). */
async function germplasmByKey(db: DbOrTx, ctx: RequestContext, keys: string[]) {
  const out = new Map<string, { id: number; female: string | null; male: string | null }>();
  if (!keys.length) return out;
  const rows = await db
    .select({ id: germGermplasm.id, name: germGermplasm.name, accessionNo: germGermplasm.accessionNo, female: femaleG.name, male: maleG.name })
    .from(germGermplasm)
    .leftJoin(femaleG, eq(femaleG.id, germGermplasm.femaleParentId))
    .leftJoin(maleG, eq(maleG.id, germGermplasm.maleParentId))
    .where(and(inCrop(germGermplasm, ctx), or(inArray(germGermplasm.name, keys), inArray(germGermplasm.accessionNo, keys))));
  const seen = new Map<string, number>();
  for (const r of rows) for (const k of new Set([r.name, r.accessionNo])) seen.set(k, (seen.get(k) ?? 0) + 1);
  for (const r of rows) {
    for (const k of new Set([r.name, r.accessionNo])) if (seen.get(k) === 1) out.set(k, { id: r.id, female: r.female, male: r.male });
  }
  return out;
}

/** The entries of a planting list of the same crop, appended in entry order; a material is linked to its germplasm record when one matches its name. */
export async function entriesFromList(db: DbOrTx, ctx: RequestContext, input: { activityId: number; germListId: number }): Promise<number> {
  return db.transaction(async (tx) => {
    await openActivity(tx, ctx, input.activityId, true);
    const [gl] = await tx
      .select()
      .from(doeGermList)
      .where(and(inOrg(doeGermList, ctx), eq(doeGermList.cropId, ctx.cropId!), eq(doeGermList.id, input.germListId)));
    if (!gl) throw notFound();
    const items = await tx.select().from(doeGermListEntry).where(eq(doeGermListEntry.listId, gl.id)).orderBy(asc(doeGermListEntry.entryId));
    if (!items.length) throw new AppError(400, 'NURSERY_LIST_EMPTY');
    const known = await germplasmByKey(tx, ctx, [...new Set(items.map((i) => i.materialName))]);
    const rows = items.map((i) => {
      const g = validateGeneration(i.generation);
      if (!g.ok) throw new AppError(400, 'NURSERY_GENERATION_INVALID', { value: i.generation });
      const match = known.get(i.materialName);
      return {
        name: i.materialName,
        germplasmId: match?.id ?? null,
        generation: g.code,
        pedigree: i.pedigree,
        femaleParent: match?.female ?? null,
        maleParent: match?.male ?? null,
        source: `list:${gl.name}`,
      };
    });
    return appendEntries(tx, input.activityId, rows);
  });
}

/** The members of a DOE entry group (nursery or experiment group) of the crop as entries, in member order, linked to germplasm as from a list. */
export async function entriesFromGroup(db: DbOrTx, ctx: RequestContext, input: { activityId: number; entryGroupId: number }): Promise<number> {
  return db.transaction(async (tx) => {
    await openActivity(tx, ctx, input.activityId, true);
    const [group] = await tx
      .select()
      .from(doeEntryGroup)
      .where(and(inOrg(doeEntryGroup, ctx), eq(doeEntryGroup.cropId, ctx.cropId!), eq(doeEntryGroup.id, input.entryGroupId)));
    if (!group) throw notFound();
    const members = await tx.select().from(doeEntryGroupMember).where(eq(doeEntryGroupMember.groupId, group.id)).orderBy(asc(doeEntryGroupMember.seq));
    if (!members.length) throw new AppError(400, 'NURSERY_GROUP_EMPTY', { name: group.name });
    const known = await germplasmByKey(tx, ctx, [...new Set(members.map((m) => m.materialName))]);
    const rows = members.map((m) => {
      const g = validateGeneration(m.generation ?? '');
      if (!g.ok) throw new AppError(400, 'NURSERY_GENERATION_INVALID', { value: `${m.materialName}: ${m.generation ?? ''}` });
      const match = known.get(m.materialName);
      return {
        name: m.materialName,
        germplasmId: match?.id ?? null,
        generation: g.code,
        pedigree: m.pedigree,
        femaleParent: match?.female ?? null,
        maleParent: match?.male ?? null,
        source: `group:${group.name}`,
      };
    });
    return appendEntries(tx, input.activityId, rows);
  });
}

/** Germplasm records as entries; a record without a generation in F, D or BC form enters as F1 when it has both parents, else refused. */
export async function entriesFromGermplasm(db: DbOrTx, ctx: RequestContext, input: { activityId: number; germplasmIds: number[] }): Promise<number> {
  return db.transaction(async (tx) => {
    await openActivity(tx, ctx, input.activityId, true);
    const ids = [...new Set(input.germplasmIds)];
    const found = await tx
      .select({
        id: germGermplasm.id,
        name: germGermplasm.name,
        accessionNo: germGermplasm.accessionNo,
        generation: germGermplasm.generation,
        pedigree: germGermplasm.pedigree,
        female: femaleG.name,
        male: maleG.name,
      })
      .from(germGermplasm)
      .leftJoin(femaleG, eq(femaleG.id, germGermplasm.femaleParentId))
      .leftJoin(maleG, eq(maleG.id, germGermplasm.maleParentId))
      .where(and(inCrop(germGermplasm, ctx), inArray(germGermplasm.id, ids)));
    if (found.length !== ids.length) throw notFound();
    const byId = new Map(found.map((g) => [g.id, g]));
    const rows = ids.map((id) => {
      const g = byId.get(id)!;
      const gen = validateGeneration(g.generation);
      if (!gen.ok) throw new AppError(400, 'NURSERY_GENERATION_INVALID', { value: g.generation ?? '' });
      return {
        name: g.name,
        germplasmId: g.id,
        generation: gen.code,
        pedigree: g.pedigree,
        femaleParent: g.female,
        maleParent: g.male,
        source: `germplasm:${g.accessionNo}`,
      };
    });
    return appendEntries(tx, input.activityId, rows);
  });
}

async function entryForChange(tx: Tx, ctx: RequestContext, id: number) {
  const [row] = await tx
    .select({ activityId: E.activityId })
    .from(E)
    .innerJoin(nurseryActivity, eq(nurseryActivity.id, E.activityId))
    .where(and(inCrop(nurseryActivity, ctx), eq(E.id, id)));
  if (!row) throw notFound();
  await openActivity(tx, ctx, row.activityId, true);
}

export async function updateEntry(db: DbOrTx, ctx: RequestContext, input: z.output<typeof EntryUpdateSchema>): Promise<EntryRow> {
  await db.transaction(async (tx) => {
    await entryForChange(tx, ctx, input.id);
    await tx.update(E).set({ generation: input.generation, fieldNo: input.fieldNo, remark: input.remark }).where(eq(E.id, input.id));
    const [a] = await tx.select({ activityId: E.activityId }).from(E).where(eq(E.id, input.id));
    await tx.update(nurseryActivity).set(updatedStamp(ctx)).where(eq(nurseryActivity.id, a.activityId));
  });
  return getEntry(db, ctx, input.id);
}

export async function deleteEntry(db: DbOrTx, ctx: RequestContext, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    await entryForChange(tx, ctx, id);
    const [e] = await tx.select().from(E).where(eq(E.id, id));
    const [{ n }] = await tx
      .select({ n: sql<number>`(select count(*)::int from nursery_pollination p where p.female_entry_id = ${id} or p.male_entry_id = ${id})` })
      .from(E)
      .where(eq(E.id, id));
    if (Number(n) > 0) throw new AppError(409, 'NURSERY_ENTRY_IN_USE', { name: e.name, count: Number(n) });
    await tx.delete(E).where(eq(E.id, id));
  });
}
