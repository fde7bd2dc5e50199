import { and, asc, count, desc, eq, ilike, inArray, sql } from 'drizzle-orm';
import type { Column } from 'drizzle-orm';
import {
  entryGroupList,
  type EntryGroupDetail,
  type EntryGroupFromExperiment,
  type EntryGroupInput,
  type EntryGroupMemberInput,
  type EntryGroupPageQuery,
  type EntryGroupRow,
  type EntryGroupUpdate,
  type GermListRow,
} from '@breedwise/contracts/doe';
import type { z } from 'zod';
import type { DbOrTx } from '../../../db/client';
import { requireCropWrite, type RequestContext } from '../../../platform/context';
import { notFound } from '../../../platform/errors';
import { filterConditions, listColumns } from '../../../platform/filters';
import { likePattern, orderBy, pageWindow } from '../../../platform/pagination';
import { createdStamp, inCrop, updatedStamp } from '../../../platform/tenant';
import { doeExperiment, doeExperimentEntry } from '../experiment/experiment.tables';
import { createGermList } from '../germlist/germlist.service';
import { qualified, refusal } from '../shared';
import { doeEntryGroup, doeEntryGroupMember } from './entry-group.tables';

const who = (col: Column) => sql<string | null>`(select coalesce(u.nick_name, u.username) from sys_user u where u.id = ${qualified(col)})`;
const columns = {
  id: doeEntryGroup.id,
  name: doeEntryGroup.name,
  type: doeEntryGroup.type,
  experimentId: doeEntryGroup.experimentId,
  experimentName: sql<string | null>`(select e.name from doe_experiment e where e.id = ${qualified(doeEntryGroup.experimentId)})`,
  year: doeEntryGroup.year,
  season: doeEntryGroup.season,
  remark: doeEntryGroup.remark,
  memberCount: sql<number>`(select count(*)::int from doe_entry_group_member m where m.group_id = ${qualified(doeEntryGroup.id)})`,
  createdBy: who(doeEntryGroup.createdBy),
  createdAt: doeEntryGroup.createdAt,
  updatedAt: doeEntryGroup.updatedAt,
};
type Raw = Omit<EntryGroupRow, 'createdAt' | 'updatedAt'> & { createdAt: Date; updatedAt: Date };
const present = (r: Raw): EntryGroupRow => ({
  ...r,
  memberCount: Number(r.memberCount),
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});
/** The columns behind the keys the group list declares (contracts: `entryGroupList`). */
const list = listColumns(entryGroupList, {
  filters: {
    name: doeEntryGroup.name,
    type: doeEntryGroup.type,
    season: doeEntryGroup.season,
    year: doeEntryGroup.year,
    remark: doeEntryGroup.remark,
    createdAt: doeEntryGroup.createdAt,
  },
  sort: {
    name: doeEntryGroup.name,
    type: doeEntryGroup.type,
    year: doeEntryGroup.year,
    createdAt: doeEntryGroup.createdAt,
    updatedAt: doeEntryGroup.updatedAt,
  },
});

export async function listEntryGroups(db: DbOrTx, ctx: RequestContext, q: z.output<typeof EntryGroupPageQuery>) {
  const where = and(
    inCrop(doeEntryGroup, ctx),
    q.type ? eq(doeEntryGroup.type, q.type) : undefined,
    q.experimentId ? eq(doeEntryGroup.experimentId, q.experimentId) : undefined,
    q.keyword ? ilike(doeEntryGroup.name, likePattern(q.keyword)) : undefined,
    filterConditions(q.filters, list.filters),
  );
  const { limit, offset } = pageWindow(q);
  const rows = await db
    .select(columns)
    .from(doeEntryGroup)
    .where(where)
    .orderBy(...orderBy(q, list.sortable, [desc(doeEntryGroup.updatedAt)], doeEntryGroup.id))
    .limit(limit)
    .offset(offset);
  const [{ total }] = await db.select({ total: count() }).from(doeEntryGroup).where(where);
  return { rows: rows.map(present), total: Number(total) };
}

export async function getEntryGroup(db: DbOrTx, ctx: RequestContext, id: number): Promise<EntryGroupDetail> {
  const [row] = await db
    .select(columns)
    .from(doeEntryGroup)
    .where(and(inCrop(doeEntryGroup, ctx), eq(doeEntryGroup.id, id)));
  if (!row) throw notFound();
  const members = await db
    .select({
      id: doeEntryGroupMember.id,
      seq: doeEntryGroupMember.seq,
      materialName: doeEntryGroupMember.materialName,
      generation: doeEntryGroupMember.generation,
      pedigree: doeEntryGroupMember.pedigree,
      source: doeEntryGroupMember.source,
      remark: doeEntryGroupMember.remark,
    })
    .from(doeEntryGroupMember)
    .where(eq(doeEntryGroupMember.groupId, id))
    .orderBy(asc(doeEntryGroupMember.seq));
  return { ...present(row), members };
}

async function writeMembers(tx: DbOrTx, groupId: number, members: EntryGroupMemberInput[]) {
  await tx.delete(doeEntryGroupMember).where(eq(doeEntryGroupMember.groupId, groupId));
  for (let i = 0; i < members.length; i += 1000) {
    await tx.insert(doeEntryGroupMember).values(members.slice(i, i + 1000).map((m, j) => ({ ...m, groupId, seq: i + j + 1 })));
  }
}

export async function createEntryGroup(db: DbOrTx, ctx: RequestContext, input: EntryGroupInput): Promise<EntryGroupDetail> {
  const cropId = requireCropWrite(ctx);
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(doeEntryGroup)
      .values({ cropId, name: input.name, type: 'nursery', year: input.year, season: input.season, remark: input.remark, ...createdStamp(ctx) })
      .returning({ id: doeEntryGroup.id });
    await writeMembers(tx, row.id, input.members);
    return row.id;
  });
  return getEntryGroup(db, ctx, id);
}

export async function updateEntryGroup(db: DbOrTx, ctx: RequestContext, input: z.output<typeof EntryGroupUpdate>): Promise<EntryGroupDetail> {
  requireCropWrite(ctx);
  await db.transaction(async (tx) => {
    const rows = await tx
      .update(doeEntryGroup)
      .set({ name: input.name, year: input.year, season: input.season, remark: input.remark, ...updatedStamp(ctx) })
      .where(and(inCrop(doeEntryGroup, ctx), eq(doeEntryGroup.id, input.id)))
      .returning({ id: doeEntryGroup.id });
    if (!rows.length) throw notFound();
    if (input.members) await writeMembers(tx, input.id, input.members);
  });
  return getEntryGroup(db, ctx, input.id);
}

export async function deleteEntryGroup(db: DbOrTx, ctx: RequestContext, id: number): Promise<void> {
  requireCropWrite(ctx);
  const rows = await db
    .delete(doeEntryGroup)
    .where(and(inCrop(doeEntryGroup, ctx), eq(doeEntryGroup.id, id)))
    .returning({ id: doeEntryGroup.id });
  if (!rows.length) throw notFound();
}

/** Entries of an experiment (the chosen ones, or every test entry) become an experiment group; the source names the experiment and entry. */
export async function groupFromExperiment(db: DbOrTx, ctx: RequestContext, input: z.output<typeof EntryGroupFromExperiment>): Promise<EntryGroupDetail> {
  const cropId = requireCropWrite(ctx);
  const [exp] = await db
    .select()
    .from(doeExperiment)
    .where(and(inCrop(doeExperiment, ctx), eq(doeExperiment.id, input.experimentId)));
  if (!exp) throw notFound();
  const entries = await db
    .select()
    .from(doeExperimentEntry)
    .where(
      and(
        eq(doeExperimentEntry.experimentId, exp.id),
        input.entryNos.length ? inArray(doeExperimentEntry.entryNo, input.entryNos) : eq(doeExperimentEntry.type, 'test'),
      ),
    )
    .orderBy(asc(doeExperimentEntry.entryNo));
  if (input.entryNos.length && entries.length !== new Set(input.entryNos).size) throw refusal(404, 'RECORD_NOT_FOUND', {}, ctx.locale, 'entryNos');
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(doeEntryGroup)
      .values({
        cropId,
        name: input.name,
        type: 'experiment',
        experimentId: exp.id,
        year: exp.year,
        season: exp.season,
        remark: input.remark,
        ...createdStamp(ctx),
      })
      .returning({ id: doeEntryGroup.id });
    await writeMembers(
      tx,
      row.id,
      entries.map((e) => ({ materialName: e.name, generation: e.generation, pedigree: e.pedigree, source: `${exp.code}#${e.entryNo}`, remark: null })),
    );
    return row.id;
  });
  return getEntryGroup(db, ctx, id);
}

/** A group becomes a nursery planting list (every member needs a generation), ready for a nursery design. */
export async function groupToList(db: DbOrTx, ctx: RequestContext, id: number, name: string): Promise<GermListRow> {
  const group = await getEntryGroup(db, ctx, id);
  const missing = group.members.findIndex((m) => !m.generation);
  if (missing >= 0) throw refusal(400, 'DOE_GENERATION_INVALID', { value: '' }, ctx.locale, `members.${missing}.generation`);
  return createGermList(db, ctx, {
    name,
    type: 'nursery',
    projectId: null,
    year: group.year,
    season: group.season,
    usage: null,
    remark: group.remark,
    entries: group.members.map((m) => ({
      entryId: m.seq,
      materialName: m.materialName,
      generation: m.generation!,
      materialType: null,
      pedigree: m.pedigree,
      plantRows: null,
      sowingQuantity: null,
      block: null,
      plantPlotNumber: m.source,
      isCheck: false,
      remark: m.remark,
    })),
  });
}
