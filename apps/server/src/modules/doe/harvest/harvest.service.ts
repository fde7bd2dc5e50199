import { and, asc, count, desc, eq, ilike, inArray, ne, or, sql } from 'drizzle-orm';
import type { Column } from 'drizzle-orm';
import {
  harvestEntryList,
  harvestExportLabels,
  harvestList,
  nextGeneration,
  type HarvestEntriesUpdate,
  type HarvestEntryPageQuery,
  type HarvestEntryRow,
  type HarvestGenerateInput,
  type HarvestListRow,
  type HarvestListUpdate,
  type HarvestPageQuery,
} from '@breedwise/contracts/doe';
import type { Locale } from '@breedwise/contracts';
import type { z } from 'zod';
import type { DbOrTx, Tx } from '../../../db/client';
import { requireCropWrite, requireOrg, type RequestContext } from '../../../platform/context';
import { notFound } from '../../../platform/errors';
import { filterConditions, listColumns } from '../../../platform/filters';
import { likePattern, orderBy, pageWindow } from '../../../platform/pagination';
import { createdStamp, inCrop, inOrg, updatedStamp } from '../../../platform/tenant';
import { buildWorkbook } from '../../common';
import { markHarvested } from '../experiment/experiment.service';
import { doeExperiment, doeExperimentEntry, doePlot } from '../experiment/experiment.tables';
import { qualified, refusal, statusLabel } from '../shared';
import { doeHarvestEntry, doeHarvestList } from './harvest.tables';

const who = (col: Column) => sql<string | null>`(select coalesce(u.nick_name, u.username) from sys_user u where u.id = ${qualified(col)})`;
const columns = {
  id: doeHarvestList.id,
  experimentId: doeHarvestList.experimentId,
  experimentName: doeExperiment.name,
  experimentCode: doeExperiment.code,
  name: doeHarvestList.name,
  harvestType: doeHarvestList.harvestType,
  harvestDate: doeHarvestList.harvestDate,
  entryCount: sql<number>`(select count(*)::int from doe_harvest_entry h where h.list_id = ${qualified(doeHarvestList.id)})`,
  remark: doeHarvestList.remark,
  createdBy: who(doeHarvestList.createdBy),
  createdAt: doeHarvestList.createdAt,
  updatedAt: doeHarvestList.updatedAt,
};
type Raw = Omit<HarvestListRow, 'createdAt' | 'updatedAt'> & { createdAt: Date; updatedAt: Date };
const present = (r: Raw): HarvestListRow => ({
  ...r,
  entryCount: Number(r.entryCount),
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

/** Harvest lists belong to the organisation's lists of experiments of the current crop. */
const visible = (ctx: RequestContext) => and(inOrg(doeHarvestList, ctx), inCrop(doeExperiment, ctx));

/** The columns behind the keys the harvest list list declares (contracts: `harvestList`). */
const listCols = listColumns(harvestList, {
  filters: {
    name: doeHarvestList.name,
    experimentName: doeExperiment.name,
    experimentCode: doeExperiment.code,
    harvestType: doeHarvestList.harvestType,
    harvestDate: doeHarvestList.harvestDate,
    remark: doeHarvestList.remark,
    createdAt: doeHarvestList.createdAt,
  },
  sort: { name: doeHarvestList.name, harvestDate: doeHarvestList.harvestDate, createdAt: doeHarvestList.createdAt },
});

export async function listHarvestLists(db: DbOrTx, ctx: RequestContext, q: z.output<typeof HarvestPageQuery>) {
  const where = and(
    visible(ctx),
    q.experimentId ? eq(doeHarvestList.experimentId, q.experimentId) : undefined,
    q.keyword
      ? or(
          ilike(doeHarvestList.name, likePattern(q.keyword)),
          ilike(doeExperiment.name, likePattern(q.keyword)),
          ilike(doeExperiment.code, likePattern(q.keyword)),
        )
      : undefined,
    filterConditions(q.filters, listCols.filters),
  );
  const { limit, offset } = pageWindow(q);
  const rows = await db
    .select(columns)
    .from(doeHarvestList)
    .innerJoin(doeExperiment, eq(doeExperiment.id, doeHarvestList.experimentId))
    .where(where)
    .orderBy(...orderBy(q, listCols.sortable, [desc(doeHarvestList.createdAt)], doeHarvestList.id))
    .limit(limit)
    .offset(offset);
  const [{ total }] = await db
    .select({ total: count() })
    .from(doeHarvestList)
    .innerJoin(doeExperiment, eq(doeExperiment.id, doeHarvestList.experimentId))
    .where(where);
  return { rows: rows.map(present), total: Number(total) };
}

export async function getHarvestList(db: DbOrTx, ctx: RequestContext, id: number): Promise<HarvestListRow> {
  const [row] = await db
    .select(columns)
    .from(doeHarvestList)
    .innerJoin(doeExperiment, eq(doeExperiment.id, doeHarvestList.experimentId))
    .where(and(visible(ctx), eq(doeHarvestList.id, id)));
  if (!row) throw notFound();
  return present(row);
}

const entryColumns = {
  id: doeHarvestEntry.id,
  harvestNumber: doeHarvestEntry.harvestNumber,
  plotId: doeHarvestEntry.plotId,
  plotNumber: doeHarvestEntry.plotNumber,
  entryNo: doeHarvestEntry.entryNo,
  materialName: doeHarvestEntry.materialName,
  generation: doeHarvestEntry.generation,
  pedigree: doeHarvestEntry.pedigree,
  rep: doeHarvestEntry.rep,
  weight: doeHarvestEntry.weight,
  seedCount: doeHarvestEntry.seedCount,
  remark: doeHarvestEntry.remark,
};

/** The columns behind the keys the harvest line list declares (contracts: `harvestEntryList`). */
const entryCols = listColumns(harvestEntryList, {
  filters: {
    harvestNumber: doeHarvestEntry.harvestNumber,
    materialName: doeHarvestEntry.materialName,
    generation: doeHarvestEntry.generation,
    plotNumber: doeHarvestEntry.plotNumber,
    rep: doeHarvestEntry.rep,
    weight: doeHarvestEntry.weight,
    seedCount: doeHarvestEntry.seedCount,
  },
  sort: { plotNumber: doeHarvestEntry.plotNumber, materialName: doeHarvestEntry.materialName, weight: doeHarvestEntry.weight },
});

export async function listHarvestEntries(db: DbOrTx, ctx: RequestContext, q: z.output<typeof HarvestEntryPageQuery>) {
  await getHarvestList(db, ctx, q.listId);
  const where = and(
    eq(doeHarvestEntry.listId, q.listId),
    q.keyword ? or(ilike(doeHarvestEntry.materialName, likePattern(q.keyword)), ilike(doeHarvestEntry.harvestNumber, likePattern(q.keyword))) : undefined,
    filterConditions(q.filters, entryCols.filters),
  );
  const { limit, offset } = pageWindow(q);
  const rows = await db
    .select(entryColumns)
    .from(doeHarvestEntry)
    .where(where)
    .orderBy(...orderBy(q, entryCols.sortable, [asc(doeHarvestEntry.plotNumber)], doeHarvestEntry.id))
    .limit(limit)
    .offset(offset);
  const [{ total, weight, seeds }] = await db
    .select({
      total: count(),
      weight: sql<number>`coalesce(sum(${doeHarvestEntry.weight}), 0)`,
      seeds: sql<number>`coalesce(sum(${doeHarvestEntry.seedCount}), 0)`,
    })
    .from(doeHarvestEntry)
    .where(where);
  return { rows, total: Number(total), summary: { weight: Number(weight), seedCount: Number(seeds) } };
}

export async function allHarvestEntries(db: DbOrTx, ctx: RequestContext, id: number): Promise<HarvestEntryRow[]> {
  await getHarvestList(db, ctx, id);
  return db.select(entryColumns).from(doeHarvestEntry).where(eq(doeHarvestEntry.listId, id)).orderBy(asc(doeHarvestEntry.plotNumber));
}

const EXPORT_COLUMNS: { key: keyof HarvestEntryRow & keyof typeof harvestExportLabels; width?: number }[] = [
  { key: 'harvestNumber', width: 20 },
  { key: 'plotId', width: 20 },
  { key: 'plotNumber' },
  { key: 'entryNo' },
  { key: 'materialName', width: 20 },
  { key: 'generation' },
  { key: 'pedigree', width: 24 },
  { key: 'rep' },
  { key: 'weight' },
  { key: 'seedCount' },
  { key: 'remark', width: 24 },
];

/** A harvest list as xlsx (harvest labels, weights), headers in the caller's language; named `<experiment code>-<list name>.xlsx`. */
export async function harvestWorkbook(db: DbOrTx, ctx: RequestContext, id: number, locale: Locale): Promise<{ fileName: string; buffer: Buffer }> {
  const list = await getHarvestList(db, ctx, id);
  const rows = await allHarvestEntries(db, ctx, list.id);
  const buffer = await buildWorkbook([
    {
      name: harvestExportLabels.sheet[locale],
      columns: EXPORT_COLUMNS.map((c) => ({ header: harvestExportLabels[c.key][locale], key: c.key, ...(c.width ? { width: c.width } : {}) })),
      rows,
    },
  ]);
  return { fileName: `${list.experimentCode}-${list.name}.xlsx`, buffer };
}

/** Only a finished (or already harvested) experiment with a layout is harvested. */
export async function checkHarvestable(db: DbOrTx, ctx: RequestContext, experimentId: number) {
  const [exp] = await db
    .select()
    .from(doeExperiment)
    .where(and(inCrop(doeExperiment, ctx), eq(doeExperiment.id, experimentId)));
  if (!exp) throw notFound();
  if (exp.status !== 'finished' && exp.status !== 'harvested')
    throw refusal(409, 'DOE_HARVEST_STATE', { status: statusLabel(exp.status, ctx.locale) }, ctx.locale, 'experimentId');
  return exp;
}

/** The lines of a harvest list: one per harvested plot, numbered `<prefix><plot number>`, generation advanced when selfed. */
export async function harvestLines(db: DbOrTx, ctx: RequestContext, input: HarvestGenerateInput) {
  const exp = await checkHarvestable(db, ctx, input.experimentId);
  const plots = await db
    .select()
    .from(doePlot)
    .where(and(eq(doePlot.experimentId, exp.id), input.includeChecks ? ne(doePlot.entryType, 'filler') : eq(doePlot.entryType, 'test')))
    .orderBy(asc(doePlot.plotNumber));
  if (!plots.length) throw refusal(400, 'DOE_HARVEST_NOTHING', {}, ctx.locale, 'experimentId');
  const entries = new Map((await db.select().from(doeExperimentEntry).where(eq(doeExperimentEntry.experimentId, exp.id))).map((e) => [e.entryNo, e]));
  const prefix = input.prefix ?? `${exp.code}-`;
  return {
    exp,
    lines: plots.map((p) => {
      const e = entries.get(p.entryNo);
      return {
        // Plots of a second or later location repeat the plot numbers: their site keeps the numbers unique.
        harvestNumber: `${prefix}${p.plotId.startsWith(`${exp.code}-L`) ? p.plotId.slice(exp.code.length + 1).replace(/-\d+$/, '-') : ''}${p.plotNumber}`,
        plotId: p.plotId,
        plotNumber: p.plotNumber,
        entryNo: p.entryNo,
        materialName: p.name,
        generation: input.advanceGeneration ? nextGeneration(e?.generation ?? null) : (e?.generation ?? null),
        pedigree: e?.pedigree ?? null,
        rep: p.rep,
      };
    }),
  };
}

/** The job's effect: the list and its lines, once per task, and the experiment becomes harvested. */
export async function saveHarvestList(
  tx: Tx,
  ctx: RequestContext,
  taskId: number,
  input: HarvestGenerateInput,
  lines: Awaited<ReturnType<typeof harvestLines>>['lines'],
) {
  const [existing] = await tx.select({ id: doeHarvestList.id }).from(doeHarvestList).where(eq(doeHarvestList.taskId, taskId));
  if (existing) return { listId: existing.id, entries: lines.length };
  const [list] = await tx
    .insert(doeHarvestList)
    .values({
      experimentId: input.experimentId,
      name: input.name,
      harvestType: input.harvestType,
      harvestDate: input.harvestDate,
      remark: input.remark,
      taskId,
      ...createdStamp(ctx),
    })
    .returning({ id: doeHarvestList.id });
  for (let i = 0; i < lines.length; i += 1000) await tx.insert(doeHarvestEntry).values(lines.slice(i, i + 1000).map((l) => ({ ...l, listId: list.id })));
  await markHarvested(tx, ctx, input.experimentId);
  return { listId: list.id, entries: lines.length };
}

export async function updateHarvestList(db: DbOrTx, ctx: RequestContext, input: z.output<typeof HarvestListUpdate>): Promise<HarvestListRow> {
  requireCropWrite(ctx);
  await getHarvestList(db, ctx, input.id);
  await db
    .update(doeHarvestList)
    .set({ name: input.name, harvestDate: input.harvestDate, remark: input.remark, ...updatedStamp(ctx) })
    .where(eq(doeHarvestList.id, input.id));
  return getHarvestList(db, ctx, input.id);
}

/** Weights, seed counts and remarks as they are weighed, all lines or none. */
export async function updateHarvestEntries(db: DbOrTx, ctx: RequestContext, input: z.output<typeof HarvestEntriesUpdate>): Promise<number> {
  requireCropWrite(ctx);
  await getHarvestList(db, ctx, input.id);
  return db.transaction(async (tx) => {
    const ids = [...new Set(input.entries.map((e) => e.id))];
    const found = await tx
      .select({ id: doeHarvestEntry.id })
      .from(doeHarvestEntry)
      .where(and(eq(doeHarvestEntry.listId, input.id), inArray(doeHarvestEntry.id, ids)));
    if (found.length !== ids.length) throw notFound();
    for (const e of input.entries)
      await tx.update(doeHarvestEntry).set({ weight: e.weight, seedCount: e.seedCount, remark: e.remark }).where(eq(doeHarvestEntry.id, e.id));
    await tx.update(doeHarvestList).set(updatedStamp(ctx)).where(eq(doeHarvestList.id, input.id));
    return ids.length;
  });
}

export async function deleteHarvestList(db: DbOrTx, ctx: RequestContext, id: number): Promise<void> {
  requireCropWrite(ctx);
  await getHarvestList(db, ctx, id);
  await db.delete(doeHarvestList).where(and(eq(doeHarvestList.orgId, requireOrg(ctx)), eq(doeHarvestList.id, id)));
}
