import { and, asc, count, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { Column } from 'drizzle-orm';
import {
  germListEntryList,
  germListList,
  type GermListEntryInput,
  type GermListEntryPageQuery,
  type GermListEntryRow,
  type GermListExportQuery,
  type GermListExportRow,
  type GermListImportInput,
  type GermListInput,
  type GermListPageParsed,
  type GermListRow,
  type GermListUpdate,
} from '@breedwise/contracts/doe';
import type { z } from 'zod';
import type { DbOrTx } from '../../../db/client';
import { requireCropWrite, type RequestContext } from '../../../platform/context';
import { conflict, isUniqueViolation, notFound } from '../../../platform/errors';
import { filterConditions, listColumns } from '../../../platform/filters';
import { keywordSearch, likePattern, orderBy, pageWindow } from '../../../platform/pagination';
import { createdStamp, inCrop, updatedStamp } from '../../../platform/tenant';
import { requireUsableProject } from '../project/project.service';
import { refusal, qualified } from '../shared';
import { doeGermList, doeGermListEntry } from './germlist.tables';

const who = (col: Column) => sql<string | null>`(select coalesce(u.nick_name, u.username) from sys_user u where u.id = ${qualified(col)})`;
const columns = {
  id: doeGermList.id,
  name: doeGermList.name,
  type: doeGermList.type,
  projectId: doeGermList.projectId,
  projectName: sql<string | null>`(select p.name from doe_project p where p.id = ${qualified(doeGermList.projectId)})`,
  year: doeGermList.year,
  season: doeGermList.season,
  usage: doeGermList.usage,
  remark: doeGermList.remark,
  materialCount: sql<number>`(select count(*)::int from doe_germ_list_entry e where e.list_id = ${qualified(doeGermList.id)})`,
  checkCount: sql<number>`(select count(*)::int from doe_germ_list_entry e where e.list_id = ${qualified(doeGermList.id)} and e.is_check)`,
  usedBy: sql<number>`((select count(distinct x.experiment_id)::int from doe_experiment_entry x join doe_germ_list_entry e on e.id = x.list_entry_id where e.list_id = ${qualified(doeGermList.id)})
    + (select count(*)::int from doe_germ_design_line l where l.list_id = ${qualified(doeGermList.id)}))`,
  createdBy: who(doeGermList.createdBy),
  createdAt: doeGermList.createdAt,
  updatedAt: doeGermList.updatedAt,
};
type Raw = Omit<GermListRow, 'createdAt' | 'updatedAt'> & { createdAt: Date; updatedAt: Date };
const present = (r: Raw): GermListRow => ({
  ...r,
  materialCount: Number(r.materialCount),
  checkCount: Number(r.checkCount),
  usedBy: Number(r.usedBy),
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});
/** The columns behind the keys the planting-list list declares (contracts: `germListList`). */
const list = listColumns(germListList, {
  filters: {
    name: doeGermList.name,
    type: doeGermList.type,
    year: doeGermList.year,
    season: doeGermList.season,
    usage: doeGermList.usage,
    remark: doeGermList.remark,
    updatedAt: doeGermList.updatedAt,
  },
  sort: {
    name: doeGermList.name,
    type: doeGermList.type,
    year: doeGermList.year,
    season: doeGermList.season,
    createdAt: doeGermList.createdAt,
    updatedAt: doeGermList.updatedAt,
  },
});

/** The planting-list picker searches this list: exact, then prefix, then anywhere. */
const germListSearch = (keyword: string | undefined) => keywordSearch(keyword, [doeGermList.name, doeGermList.usage]);

function listWhere(ctx: RequestContext, q: GermListExportQuery) {
  return and(
    inCrop(doeGermList, ctx),
    q.type ? eq(doeGermList.type, q.type) : undefined,
    q.projectId ? eq(doeGermList.projectId, q.projectId) : undefined,
    q.year ? eq(doeGermList.year, q.year) : undefined,
    germListSearch(q.keyword).where,
    filterConditions(q.filters, list.filters),
  );
}

export async function listGermLists(db: DbOrTx, ctx: RequestContext, q: GermListPageParsed) {
  const where = listWhere(ctx, q);
  const { limit, offset } = pageWindow(q);
  const rows = await db
    .select(columns)
    .from(doeGermList)
    .where(where)
    .orderBy(...orderBy(q, list.sortable, [...germListSearch(q.keyword).rank, desc(doeGermList.updatedAt)], doeGermList.id))
    .limit(limit)
    .offset(offset);
  const [{ total }] = await db.select({ total: count() }).from(doeGermList).where(where);
  return { rows: rows.map(present), total: Number(total) };
}

export async function getGermList(db: DbOrTx, ctx: RequestContext, id: number): Promise<GermListRow> {
  const [row] = await db
    .select(columns)
    .from(doeGermList)
    .where(and(inCrop(doeGermList, ctx), eq(doeGermList.id, id)));
  if (!row) throw notFound();
  return present(row);
}

async function guardName<T>(ctx: RequestContext, name: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err, 'doe_germ_list_name_uq')) throw refusal(409, 'DOE_LIST_NAME_EXISTS', { name }, ctx.locale, 'name');
    throw err;
  }
}

/** Entry ids are unique within a list. */
function checkEntryIds(ctx: RequestContext, name: string, entries: { entryId: number }[]) {
  const seen = new Set<number>();
  entries.forEach((e, i) => {
    if (seen.has(e.entryId)) throw refusal(400, 'DOE_LIST_ENTRY_REPEATED', { entryId: e.entryId, name }, ctx.locale, `entries.${i}.entryId`);
    seen.add(e.entryId);
  });
}

const pickEntry = (e: GermListEntryInput) => ({
  entryId: e.entryId,
  materialName: e.materialName,
  generation: e.generation,
  materialType: e.materialType,
  pedigree: e.pedigree,
  plantRows: e.plantRows,
  sowingQuantity: e.sowingQuantity,
  block: e.block,
  plantPlotNumber: e.plantPlotNumber,
  isCheck: e.isCheck,
  remark: e.remark,
});

async function insertEntries(tx: DbOrTx, listId: number, entries: GermListEntryInput[]) {
  for (let i = 0; i < entries.length; i += 1000) {
    await tx.insert(doeGermListEntry).values(entries.slice(i, i + 1000).map((e) => ({ ...pickEntry(e), listId })));
  }
}

export async function createGermList(db: DbOrTx, ctx: RequestContext, input: GermListInput): Promise<GermListRow> {
  const cropId = requireCropWrite(ctx);
  await requireUsableProject(db, ctx, input.projectId);
  checkEntryIds(ctx, input.name, input.entries);
  const id = await db.transaction(async (tx) => {
    const [row] = await guardName(ctx, input.name, () =>
      tx
        .insert(doeGermList)
        .values({
          cropId,
          name: input.name,
          type: input.type,
          projectId: input.projectId,
          year: input.year,
          season: input.season,
          usage: input.usage,
          remark: input.remark,
          ...createdStamp(ctx),
        })
        .returning({ id: doeGermList.id }),
    );
    await insertEntries(tx, row.id, input.entries);
    return row.id;
  });
  return getGermList(db, ctx, id);
}

export async function updateGermList(db: DbOrTx, ctx: RequestContext, input: z.output<typeof GermListUpdate>): Promise<GermListRow> {
  requireCropWrite(ctx);
  await requireUsableProject(db, ctx, input.projectId);
  const rows = await guardName(ctx, input.name, () =>
    db
      .update(doeGermList)
      .set({
        name: input.name,
        type: input.type,
        projectId: input.projectId,
        year: input.year,
        season: input.season,
        usage: input.usage,
        remark: input.remark,
        ...updatedStamp(ctx),
      })
      .where(and(inCrop(doeGermList, ctx), eq(doeGermList.id, input.id)))
      .returning({ id: doeGermList.id }),
  );
  if (!rows.length) throw notFound();
  return getGermList(db, ctx, input.id);
}

/** Experiments keep their copied entries; a list some germplasm design plants stays. */
export async function deleteGermList(db: DbOrTx, ctx: RequestContext, id: number): Promise<void> {
  requireCropWrite(ctx);
  const list = await getGermList(db, ctx, id);
  const [{ n }] = await db
    .select({ n: sql<number>`(select count(*)::int from doe_germ_design_line l where l.list_id = ${id})` })
    .from(doeGermList)
    .where(eq(doeGermList.id, id));
  if (Number(n) > 0) throw conflict('DOE_LIST_IN_USE', { name: list.name, count: Number(n) });
  await db.delete(doeGermList).where(and(inCrop(doeGermList, ctx), eq(doeGermList.id, id)));
}

const entryColumns = {
  id: doeGermListEntry.id,
  listId: doeGermListEntry.listId,
  entryId: doeGermListEntry.entryId,
  materialName: doeGermListEntry.materialName,
  generation: doeGermListEntry.generation,
  materialType: doeGermListEntry.materialType,
  pedigree: doeGermListEntry.pedigree,
  plantRows: doeGermListEntry.plantRows,
  sowingQuantity: doeGermListEntry.sowingQuantity,
  block: doeGermListEntry.block,
  plantPlotNumber: doeGermListEntry.plantPlotNumber,
  isCheck: doeGermListEntry.isCheck,
  remark: doeGermListEntry.remark,
};
/** The columns behind the keys the entry list declares (contracts: `germListEntryList`). */
const entryList = listColumns(germListEntryList, {
  filters: {
    materialName: doeGermListEntry.materialName,
    generation: doeGermListEntry.generation,
    materialType: doeGermListEntry.materialType,
    pedigree: doeGermListEntry.pedigree,
    block: doeGermListEntry.block,
    entryId: doeGermListEntry.entryId,
  },
  sort: {
    entryId: doeGermListEntry.entryId,
    materialName: doeGermListEntry.materialName,
    generation: doeGermListEntry.generation,
    block: doeGermListEntry.block,
  },
});

export async function listGermListEntries(db: DbOrTx, ctx: RequestContext, q: z.output<typeof GermListEntryPageQuery>) {
  await getGermList(db, ctx, q.listId);
  const where = and(
    eq(doeGermListEntry.listId, q.listId),
    q.keyword ? or(ilike(doeGermListEntry.materialName, likePattern(q.keyword)), ilike(doeGermListEntry.pedigree, likePattern(q.keyword))) : undefined,
    filterConditions(q.filters, entryList.filters),
  );
  const { limit, offset } = pageWindow(q);
  const rows = await db
    .select(entryColumns)
    .from(doeGermListEntry)
    .where(where)
    .orderBy(...orderBy(q, entryList.sortable, [asc(doeGermListEntry.entryId)], doeGermListEntry.id))
    .limit(limit)
    .offset(offset);
  const [{ total }] = await db.select({ total: count() }).from(doeGermListEntry).where(where);
  return { rows, total: Number(total) };
}

/** Every entry of a list in entry order (experiments and designs read lists through this). */
export async function allGermListEntries(db: DbOrTx, ctx: RequestContext, listId: number): Promise<{ list: GermListRow; entries: GermListEntryRow[] }> {
  const list = await getGermList(db, ctx, listId);
  const entries = await db.select(entryColumns).from(doeGermListEntry).where(eq(doeGermListEntry.listId, listId)).orderBy(asc(doeGermListEntry.entryId));
  return { list, entries };
}

export async function saveGermListEntries(db: DbOrTx, ctx: RequestContext, listId: number, entries: GermListEntryInput[]): Promise<GermListRow> {
  requireCropWrite(ctx);
  const list = await getGermList(db, ctx, listId);
  checkEntryIds(ctx, list.name, entries);
  await db.transaction(async (tx) => {
    await tx.delete(doeGermListEntry).where(eq(doeGermListEntry.listId, listId));
    await insertEntries(tx, listId, entries);
    await tx.update(doeGermList).set(updatedStamp(ctx)).where(eq(doeGermList.id, listId));
  });
  return getGermList(db, ctx, listId);
}

// ---- import and export ------------------------------------------------------------------------------

/** Lists of the current crop by name, with their type and taken entry ids (import checks). */
export async function existingLists(db: DbOrTx, ctx: RequestContext, names: string[]) {
  const out = new Map<string, { id: number; type: string; entryIds: Set<number> }>();
  if (!names.length) return out;
  const lists = await db
    .select({ id: doeGermList.id, name: doeGermList.name, type: doeGermList.type })
    .from(doeGermList)
    .where(and(inCrop(doeGermList, ctx), inArray(doeGermList.name, [...new Set(names)])));
  if (!lists.length) return out;
  const entries = await db
    .select({ listId: doeGermListEntry.listId, entryId: doeGermListEntry.entryId })
    .from(doeGermListEntry)
    .where(
      inArray(
        doeGermListEntry.listId,
        lists.map((l) => l.id),
      ),
    );
  for (const l of lists) out.set(l.name, { id: l.id, type: l.type, entryIds: new Set(entries.filter((e) => e.listId === l.id).map((e) => e.entryId)) });
  return out;
}

/** Imported rows grouped by list name: entries join an existing list of the name, or a new one. */
export async function importGermListRows(tx: DbOrTx, ctx: RequestContext, rows: GermListImportInput[]): Promise<void> {
  const cropId = requireCropWrite(ctx);
  const groups = new Map<string, GermListImportInput[]>();
  for (const r of rows) groups.set(r.listName, [...(groups.get(r.listName) ?? []), r]);
  const existing = await existingLists(tx, ctx, [...groups.keys()]);
  for (const [name, group] of groups) {
    let listId = existing.get(name)?.id;
    if (listId === undefined) {
      const first = group[0];
      const [row] = await tx
        .insert(doeGermList)
        .values({ cropId, name, type: first.listType, year: first.year, season: first.season, usage: first.usage, ...createdStamp(ctx) })
        .returning({ id: doeGermList.id });
      listId = row.id;
    } else {
      await tx.update(doeGermList).set(updatedStamp(ctx)).where(eq(doeGermList.id, listId));
    }
    await insertEntries(tx, listId, group);
  }
}

export async function countGermListExport(db: DbOrTx, ctx: RequestContext, q: GermListExportQuery): Promise<number> {
  const [{ total }] = await db
    .select({ total: count() })
    .from(doeGermListEntry)
    .innerJoin(doeGermList, eq(doeGermList.id, doeGermListEntry.listId))
    .where(listWhere(ctx, q));
  return Number(total);
}

export async function listGermListExport(
  db: DbOrTx,
  ctx: RequestContext,
  q: GermListExportQuery,
  p: { pageNum: number; pageSize: number },
): Promise<GermListExportRow[]> {
  return db
    .select({
      ...entryColumns,
      listName: doeGermList.name,
      listType: doeGermList.type,
      year: doeGermList.year,
      season: doeGermList.season,
      usage: doeGermList.usage,
    })
    .from(doeGermListEntry)
    .innerJoin(doeGermList, eq(doeGermList.id, doeGermListEntry.listId))
    .where(listWhere(ctx, q))
    .orderBy(...orderBy(q, list.sortable, [desc(doeGermList.updatedAt)], doeGermList.id), asc(doeGermListEntry.entryId))
    .limit(p.pageSize)
    .offset((p.pageNum - 1) * p.pageSize);
}
