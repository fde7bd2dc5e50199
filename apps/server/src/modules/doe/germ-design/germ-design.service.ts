import { and, asc, count, desc, eq, ilike, inArray, sql } from 'drizzle-orm';
import type { Column } from 'drizzle-orm';
import { DesignError, generateDesign, type DesignResult } from '@breedwise/trial-design';
import type { Locale } from '@breedwise/contracts';
import {
  germDesignList,
  tierRanges,
  type GermDesignDetail,
  type GermDesignInput,
  type GermDesignLineInput,
  type GermDesignLineRow,
  type GermDesignPageQuery,
  type GermDesignRow,
  type GermDesignUpdate,
  type LayoutSettings,
  type PlotRow,
} from '@breedwise/contracts/doe';
import type { z } from 'zod';
import type { DbOrTx, Tx } from '../../../db/client';
import { requireCropWrite, type RequestContext } from '../../../platform/context';
import { notFound } from '../../../platform/errors';
import { filterConditions, listColumns } from '../../../platform/filters';
import { likePattern, orderBy, pageWindow } from '../../../platform/pagination';
import { createdStamp, inCrop, inOrg, updatedStamp } from '../../../platform/tenant';
import { designRefusal } from '../experiment/design';
import { doeField } from '../field/field.tables';
import { doeGermList, doeGermListEntry } from '../germlist/germlist.tables';
import { doeLocation } from '../location/location.tables';
import { requireUsableProject } from '../project/project.service';
import { qualified, refusal } from '../shared';
import { doeGermDesign, doeGermDesignLine, doeGermDesignPlot } from './germ-design.tables';

const who = (col: Column) => sql<string | null>`(select coalesce(u.nick_name, u.username) from sys_user u where u.id = ${qualified(col)})`;
const columns = {
  id: doeGermDesign.id,
  planName: doeGermDesign.planName,
  kind: doeGermDesign.kind,
  projectId: doeGermDesign.projectId,
  projectName: sql<string | null>`(select p.name from doe_project p where p.id = ${qualified(doeGermDesign.projectId)})`,
  year: doeGermDesign.year,
  season: doeGermDesign.season,
  status: doeGermDesign.status,
  remark: doeGermDesign.remark,
  designCount: sql<number>`(select count(*)::int from doe_germ_design_line l where l.design_id = ${qualified(doeGermDesign.id)})`,
  plotCount: sql<number>`(select count(*)::int from doe_germ_design_plot p join doe_germ_design_line l on l.id = p.line_id where l.design_id = ${qualified(doeGermDesign.id)})`,
  createdBy: who(doeGermDesign.createdBy),
  createdAt: doeGermDesign.createdAt,
  updatedAt: doeGermDesign.updatedAt,
};
type Raw = Omit<GermDesignRow, 'createdAt' | 'updatedAt'> & { createdAt: Date; updatedAt: Date };
const present = (r: Raw): GermDesignRow => ({
  ...r,
  designCount: Number(r.designCount),
  plotCount: Number(r.plotCount),
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});
/** The columns behind the keys the plan list declares (contracts: `germDesignList`). */
const list = listColumns(germDesignList, {
  filters: {
    planName: doeGermDesign.planName,
    kind: doeGermDesign.kind,
    status: doeGermDesign.status,
    season: doeGermDesign.season,
    year: doeGermDesign.year,
    remark: doeGermDesign.remark,
    createdAt: doeGermDesign.createdAt,
  },
  sort: {
    planName: doeGermDesign.planName,
    year: doeGermDesign.year,
    status: doeGermDesign.status,
    createdAt: doeGermDesign.createdAt,
    updatedAt: doeGermDesign.updatedAt,
  },
});

export async function listGermDesigns(db: DbOrTx, ctx: RequestContext, q: z.output<typeof GermDesignPageQuery>) {
  const where = and(
    inCrop(doeGermDesign, ctx),
    q.kind ? eq(doeGermDesign.kind, q.kind) : undefined,
    q.status ? eq(doeGermDesign.status, q.status) : undefined,
    q.year ? eq(doeGermDesign.year, q.year) : undefined,
    q.keyword ? ilike(doeGermDesign.planName, likePattern(q.keyword)) : undefined,
    filterConditions(q.filters, list.filters),
  );
  const { limit, offset } = pageWindow(q);
  const rows = await db
    .select(columns)
    .from(doeGermDesign)
    .where(where)
    .orderBy(...orderBy(q, list.sortable, [desc(doeGermDesign.updatedAt)], doeGermDesign.id))
    .limit(limit)
    .offset(offset);
  const [{ total }] = await db.select({ total: count() }).from(doeGermDesign).where(where);
  return { rows: rows.map(present), total: Number(total) };
}

export async function getGermDesign(db: DbOrTx, ctx: RequestContext, id: number): Promise<GermDesignDetail> {
  const [row] = await db
    .select(columns)
    .from(doeGermDesign)
    .where(and(inCrop(doeGermDesign, ctx), eq(doeGermDesign.id, id)));
  if (!row) throw notFound();
  const lines = await db
    .select({
      id: doeGermDesignLine.id,
      locationId: doeGermDesignLine.locationId,
      locationName: doeLocation.name,
      fieldId: doeGermDesignLine.fieldId,
      fieldName: sql<string | null>`(select f.name from doe_field f where f.id = ${qualified(doeGermDesignLine.fieldId)})`,
      listId: doeGermDesignLine.listId,
      listName: doeGermList.name,
      startNumber: doeGermDesignLine.startNumber,
      digits: doeGermDesignLine.digits,
      checkStart: doeGermDesignLine.checkStart,
      checkInterval: doeGermDesignLine.checkInterval,
      layout: doeGermDesignLine.layout,
      rows: doeGermDesignLine.rows,
      cols: doeGermDesignLine.cols,
      plotCount: sql<number>`(select count(*)::int from doe_germ_design_plot p where p.line_id = ${qualified(doeGermDesignLine.id)})`,
    })
    .from(doeGermDesignLine)
    .innerJoin(doeLocation, eq(doeLocation.id, doeGermDesignLine.locationId))
    .innerJoin(doeGermList, eq(doeGermList.id, doeGermDesignLine.listId))
    .where(eq(doeGermDesignLine.designId, id))
    .orderBy(asc(doeGermDesignLine.seq));
  return { ...present(row), designs: lines.map((l) => ({ ...l, layout: l.layout as GermDesignLineRow['layout'], plotCount: Number(l.plotCount) })) };
}

/** Every design's location is the organisation's, its field of that location, its list of the current crop. */
async function checkLines(db: DbOrTx, ctx: RequestContext, lines: GermDesignLineInput[]) {
  for (const [i, l] of lines.entries()) {
    const [loc] = await db
      .select({ id: doeLocation.id })
      .from(doeLocation)
      .where(and(inOrg(doeLocation, ctx), eq(doeLocation.id, l.locationId!)));
    if (!loc) throw notFound();
    if (l.fieldId !== null) {
      const [field] = await db
        .select({ locationId: doeField.locationId, name: doeField.name })
        .from(doeField)
        .where(and(inOrg(doeField, ctx), eq(doeField.id, l.fieldId)));
      if (!field) throw notFound();
      if (field.locationId !== l.locationId) throw refusal(400, 'DOE_FIELD_NOT_IN_LOCATION', { name: field.name }, ctx.locale, `designs.${i}.fieldId`);
    }
    const [list] = await db
      .select({ id: doeGermList.id })
      .from(doeGermList)
      .where(and(inCrop(doeGermList, ctx), eq(doeGermList.id, l.listId)));
    if (!list) throw notFound();
  }
}

async function writeLines(tx: DbOrTx, designId: number, lines: GermDesignLineInput[]) {
  await tx.delete(doeGermDesignLine).where(eq(doeGermDesignLine.designId, designId));
  if (!lines.length) return;
  await tx.insert(doeGermDesignLine).values(
    lines.map((l, i) => ({
      designId,
      seq: i + 1,
      locationId: l.locationId!,
      fieldId: l.fieldId,
      listId: l.listId,
      startNumber: l.startNumber,
      digits: l.digits,
      checkStart: l.checkStart,
      checkInterval: l.checkInterval,
      layout: l.layout,
    })),
  );
}

export async function createGermDesign(db: DbOrTx, ctx: RequestContext, input: GermDesignInput): Promise<GermDesignDetail> {
  const cropId = requireCropWrite(ctx);
  await requireUsableProject(db, ctx, input.projectId);
  await checkLines(db, ctx, input.designs);
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(doeGermDesign)
      .values({
        cropId,
        planName: input.planName,
        kind: input.kind,
        projectId: input.projectId,
        year: input.year,
        season: input.season,
        remark: input.remark,
        ...createdStamp(ctx),
      })
      .returning({ id: doeGermDesign.id });
    await writeLines(tx, row.id, input.designs);
    return row.id;
  });
  return getGermDesign(db, ctx, id);
}

async function lockedDesign(tx: Tx, ctx: RequestContext, id: number) {
  const [row] = await tx
    .select()
    .from(doeGermDesign)
    .where(and(inCrop(doeGermDesign, ctx), eq(doeGermDesign.id, id)))
    .for('update');
  if (!row) throw notFound();
  return row;
}

/** A plan with a generated layout is reset before it is edited. */
export async function updateGermDesign(db: DbOrTx, ctx: RequestContext, input: z.output<typeof GermDesignUpdate>): Promise<GermDesignDetail> {
  requireCropWrite(ctx);
  await requireUsableProject(db, ctx, input.projectId);
  await checkLines(db, ctx, input.designs);
  await db.transaction(async (tx) => {
    const row = await lockedDesign(tx, ctx, input.id);
    if (row.status !== 'temporary') throw refusal(409, 'DOE_GERM_DESIGN_DESIGNED', {}, ctx.locale);
    await tx
      .update(doeGermDesign)
      .set({
        planName: input.planName,
        kind: input.kind,
        projectId: input.projectId,
        year: input.year,
        season: input.season,
        remark: input.remark,
        ...updatedStamp(ctx),
      })
      .where(eq(doeGermDesign.id, input.id));
    await writeLines(tx, input.id, input.designs);
  });
  return getGermDesign(db, ctx, input.id);
}

export async function deleteGermDesign(db: DbOrTx, ctx: RequestContext, id: number): Promise<void> {
  requireCropWrite(ctx);
  const rows = await db
    .delete(doeGermDesign)
    .where(and(inCrop(doeGermDesign, ctx), eq(doeGermDesign.id, id)))
    .returning({ id: doeGermDesign.id });
  if (!rows.length) throw notFound();
}

interface LineEntry {
  entryId: number;
  materialName: string;
  isCheck: boolean;
}

/**
 * Plots of one design in entry order along the planting path: with checks and a check start and
 * interval, the engine's entry-order design inserts them; otherwise the list is planted as it is.
 * Numbers run on from `startNumber` and must fit `digits` (spec: a serial cannot exceed the digits).
 */
export function layoutLine(
  line: { startNumber: number; digits: number; checkStart: number | null; checkInterval: number | null; layout: LayoutSettings },
  field: { rows: number; cols: number; tiers: number; plantRowsPerPlot: number },
  entries: LineEntry[],
  locale: Locale,
): DesignResult['plots'] {
  const tiers = tierRanges(field.rows, field.tiers);
  const common = {
    field: { rows: field.rows, cols: field.cols, tiers, plantRowsPerPlot: field.plantRowsPerPlot },
    layout: { ...line.layout, repsArrangement: 'rows' as const },
    numbering: { mode: 'continuous' as const, startNumber: line.startNumber, digits: line.digits },
    filler: { name: 'Filler' },
    seed: 1,
  };
  const list = entries.map((e) => ({ entry: e.entryId, name: e.materialName, type: e.isCheck ? ('check' as const) : ('test' as const) }));
  const withChecks = line.checkStart !== null && line.checkInterval !== null && entries.some((e) => e.isCheck);
  try {
    if (withChecks) {
      // Unused cells stay empty in a germplasm nursery: only planted plots are kept.
      return generateDesign({
        ...common,
        design: 'entry-order',
        entries: list,
        start: line.checkStart!,
        interval: line.checkInterval!,
        insert: 'rotate',
      }).plots.filter((p) => p.entry_type !== 'filler');
    }
    return sequentialPlots(list, field, tiers, line);
  } catch (err) {
    if (err instanceof DesignError) throw designRefusal(err, locale);
    throw err;
  }
}

/** Every entry once, in list order along the planting path, numbered on from `startNumber`; nothing is inserted. */
function sequentialPlots(
  list: { entry: number; name: string; type: 'check' | 'test' }[],
  field: { rows: number; cols: number },
  tiers: { fromRow: number; toRow: number }[],
  line: { startNumber: number; digits: number; layout: LayoutSettings },
): DesignResult['plots'] {
  const { rows, cols } = field;
  if (list.length > rows * cols) {
    throw new DesignError('INSUFFICIENT_PLOTS', 'field', `rows x cols >= ${list.length}`, { available: rows * cols, required: list.length });
  }
  const last = String(line.startNumber + list.length - 1).length;
  if (last > line.digits) throw new DesignError('DIGITS_TOO_FEW', 'numbering.digits', `${last}..9`, { required: last, value: line.digits });
  const o = line.layout;
  const byRows = o.direction === 'rows';
  const lines = byRows ? rows : cols;
  const length = byRows ? cols : rows;
  const plots: DesignResult['plots'] = [];
  for (let a = 0; a < lines && plots.length < list.length; a++) {
    for (let b = 0; b < length && plots.length < list.length; b++) {
      const along = o.order === 'serpentine' && a % 2 === 1 ? length - 1 - b : b;
      const y = byRows ? a : along;
      const x = byRows ? along : a;
      const row = o.startCorner.startsWith('bottom') ? y + 1 : rows - y;
      const col = o.startCorner.endsWith('left') ? x + 1 : cols - x;
      const e = list[plots.length];
      const n = line.startNumber + plots.length;
      plots.push({
        plot_id: `L1-P${String(n).padStart(line.digits, '0')}`,
        plot_number: n,
        location: 1,
        rep: null,
        block: null,
        row,
        col,
        entry: e.entry,
        name: e.name,
        entry_type: e.type,
        tier: tiers.findIndex((t) => row >= t.fromRow && row <= t.toRow) + 1,
      });
    }
  }
  return plots;
}

export async function germDesignPlots(db: DbOrTx, ctx: RequestContext, id: number): Promise<{ lineId: number; plots: PlotRow[] }[]> {
  const design = await getGermDesign(db, ctx, id);
  const out: { lineId: number; plots: PlotRow[] }[] = [];
  for (const line of design.designs) {
    const plots = await db
      .select({
        plotId: doeGermDesignPlot.plotId,
        plotNumber: doeGermDesignPlot.plotNumber,
        row: doeGermDesignPlot.row,
        col: doeGermDesignPlot.col,
        tier: doeGermDesignPlot.tier,
        entryNo: doeGermDesignPlot.entryNo,
        name: doeGermDesignPlot.name,
        entryType: doeGermDesignPlot.entryType,
      })
      .from(doeGermDesignPlot)
      .where(eq(doeGermDesignPlot.lineId, line.id))
      .orderBy(asc(doeGermDesignPlot.plotNumber));
    out.push({ lineId: line.id, plots: plots.map((p) => ({ ...p, site: 1, rep: null, block: null })) });
  }
  return out;
}

/** Lays out every design of the plan in one transaction; the plan becomes designed. */
export async function generateGermDesign(db: DbOrTx, ctx: RequestContext, id: number): Promise<GermDesignDetail> {
  requireCropWrite(ctx);
  const design = await getGermDesign(db, ctx, id);
  const laid: { lineId: number; rows: number; cols: number; plots: DesignResult['plots'] }[] = [];
  for (const [i, line] of design.designs.entries()) {
    if (line.fieldId === null) throw refusal(400, 'DOE_GERM_DESIGN_FIELD_REQUIRED', { index: i + 1 }, ctx.locale, `designs.${i}.fieldId`);
    const [field] = await db.select().from(doeField).where(eq(doeField.id, line.fieldId));
    if (field.status !== 'enabled' || field.discarded) throw refusal(400, 'DOE_FIELD_UNAVAILABLE', { name: field.name }, ctx.locale, `designs.${i}.fieldId`);
    const entries = await db
      .select({ entryId: doeGermListEntry.entryId, materialName: doeGermListEntry.materialName, isCheck: doeGermListEntry.isCheck })
      .from(doeGermListEntry)
      .where(eq(doeGermListEntry.listId, line.listId))
      .orderBy(asc(doeGermListEntry.entryId));
    if (!entries.length) throw refusal(400, 'DOE_LIST_EMPTY', { name: line.listName }, ctx.locale, `designs.${i}.listId`);
    laid.push({ lineId: line.id, rows: field.rows, cols: field.cols, plots: layoutLine(line, field, entries, ctx.locale) });
  }
  await db.transaction(async (tx) => {
    await lockedDesign(tx, ctx, id);
    const lineIds = design.designs.map((l) => l.id);
    if (lineIds.length) await tx.delete(doeGermDesignPlot).where(inArray(doeGermDesignPlot.lineId, lineIds));
    for (const l of laid) {
      const seq = design.designs.findIndex((d) => d.id === l.lineId) + 1;
      const rows = l.plots.map((p) => ({
        lineId: l.lineId,
        plotId: `G${id}-${seq}-${p.plot_id.replace(/^L1-P/, '')}`,
        plotNumber: p.plot_number,
        row: p.row,
        col: p.col,
        tier: p.tier,
        entryNo: p.entry,
        name: p.name,
        entryType: p.entry_type,
      }));
      for (let i = 0; i < rows.length; i += 1000) await tx.insert(doeGermDesignPlot).values(rows.slice(i, i + 1000));
      await tx.update(doeGermDesignLine).set({ rows: l.rows, cols: l.cols }).where(eq(doeGermDesignLine.id, l.lineId));
    }
    await tx
      .update(doeGermDesign)
      .set({ status: 'designed', ...updatedStamp(ctx) })
      .where(eq(doeGermDesign.id, id));
  });
  return getGermDesign(db, ctx, id);
}

export async function resetGermDesign(db: DbOrTx, ctx: RequestContext, id: number): Promise<GermDesignDetail> {
  requireCropWrite(ctx);
  await db.transaction(async (tx) => {
    await lockedDesign(tx, ctx, id);
    const lines = await tx.select({ id: doeGermDesignLine.id }).from(doeGermDesignLine).where(eq(doeGermDesignLine.designId, id));
    if (lines.length)
      await tx.delete(doeGermDesignPlot).where(
        inArray(
          doeGermDesignPlot.lineId,
          lines.map((l) => l.id),
        ),
      );
    await tx
      .update(doeGermDesign)
      .set({ status: 'temporary', ...updatedStamp(ctx) })
      .where(eq(doeGermDesign.id, id));
  });
  return getGermDesign(db, ctx, id);
}
