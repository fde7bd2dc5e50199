import { and, asc, eq, inArray, isNotNull, ne } from 'drizzle-orm';
import { MAX_LABELS_PER_PDF } from '@breedwise/contracts';
import { plotLabelTitle, type EntryLayout, type EntryLayoutRequest, type LayoutCorner, type PlotLabelRequest } from '@breedwise/contracts/nursery';
import type { z } from 'zod';
import type { DbOrTx } from '../../../db/client';
import type { RequestContext } from '../../../platform/context';
import { AppError, notFound } from '../../../platform/errors';
import { translateError } from '../../../platform/i18n';
import { inOrg, updatedStamp } from '../../../platform/tenant';
import { renderLabelPdf } from '../../common';
import { doeExperiment, doeExperimentSite, doePlot } from '../../doe/experiment/experiment.tables';
import { doeField } from '../../doe/field/field.tables';
import { getActivity, openActivity } from '../activity/activity.service';
import { nurseryActivity as A } from '../activity/activity.tables';
import { nurseryEntry as E } from './entry.tables';

/** One placed entry: its first (lowest) field row, how many rows and its range. */
export interface Place {
  row: number;
  rows: number;
  range: number;
}

/**
 * The places of `count` entries on a field of `rows` x `cols`, in plot order: from the start corner along
 * the rows of a range, then the next range (serpentine: every other range runs back). Each entry takes
 * `per` consecutive rows of one range; `null` when they do not fit.
 */
export function layoutPlaces(count: number, rows: number, cols: number, corner: LayoutCorner, serpentine: boolean, per: number): Place[] | null {
  const slots = Math.floor(rows / per);
  if (count > slots * cols) return null;
  const fromBottom = corner.startsWith('bottom');
  const fromLeft = corner.endsWith('left');
  const out: Place[] = [];
  for (let k = 0; k < count; k++) {
    const r = Math.floor(k / slots);
    const s = k % slots;
    const range = fromLeft ? r + 1 : cols - r;
    const up = serpentine && r % 2 === 1 ? !fromBottom : fromBottom;
    // Slot s counted from the bottom (up) or the top; its lowest row.
    const row = up ? s * per + 1 : rows - (s + 1) * per + 1;
    out.push({ row, rows: per, range });
  }
  return out;
}

const key = (row: number, range: number) => `${row}:${range}`;

async function fieldOf(db: DbOrTx, ctx: RequestContext, fieldId: number | null) {
  if (fieldId === null) return null;
  const [f] = await db
    .select({ id: doeField.id, name: doeField.name, code: doeField.code, rows: doeField.rows, cols: doeField.cols })
    .from(doeField)
    .where(and(inOrg(doeField, ctx), eq(doeField.id, fieldId)));
  return f ?? null;
}

/**
 * Lays the nursery's entries out on its field, in entry order, in one transaction (the nursery row locked).
 * Refused on a finished nursery, a nursery without a field, a field too small, and cells that another
 * nursery or an experiment of the same year and season already uses on that field.
 */
export async function layoutEntries(db: DbOrTx, ctx: RequestContext, input: z.output<typeof EntryLayoutRequest>): Promise<EntryLayout> {
  await db.transaction(async (tx) => {
    const activity = await openActivity(tx, ctx, input.activityId, 'update');
    const field = await fieldOf(tx, ctx, activity.fieldId);
    if (!field) throw new AppError(409, 'NURSERY_LAYOUT_NO_FIELD', { code: activity.code });
    const entries = await tx.select({ id: E.id }).from(E).where(eq(E.activityId, activity.id)).orderBy(asc(E.entryNo));
    if (!entries.length) throw new AppError(409, 'NURSERY_LAYOUT_NO_ENTRIES');
    const places = layoutPlaces(entries.length, field.rows, field.cols, input.corner, input.serpentine, input.rowsPerEntry);
    if (!places) {
      const params = {
        field: field.name,
        count: entries.length,
        rowsPerEntry: input.rowsPerEntry,
        capacity: Math.floor(field.rows / input.rowsPerEntry) * field.cols,
      };
      throw new AppError(400, 'NURSERY_LAYOUT_TOO_MANY', params, {
        errors: [
          {
            field: 'rowsPerEntry',
            rule: 'invalid',
            message: translateError('NURSERY_LAYOUT_TOO_MANY', ctx.locale, params),
            errorCode: 'NURSERY_LAYOUT_TOO_MANY',
          },
        ],
      });
    }
    const mine = new Set<string>();
    for (const p of places) for (let r = p.row; r < p.row + p.rows; r++) mine.add(key(r, p.range));
    const users = new Map<string, number>();
    const others = await tx
      .select({ code: A.code, name: A.name, row: E.fieldRow, rows: E.fieldRows, range: E.fieldRange })
      .from(E)
      .innerJoin(A, eq(A.id, E.activityId))
      .where(
        and(inOrg(A, ctx), eq(A.fieldId, field.id), eq(A.year, activity.year), eq(A.season, activity.season), ne(A.id, activity.id), isNotNull(E.fieldRow)),
      );
    for (const o of others) {
      let hit = 0;
      for (let r = o.row!; r < o.row! + (o.rows ?? 1); r++) if (mine.has(key(r, o.range!))) hit++;
      if (hit) users.set(`${o.name} (${o.code})`, (users.get(`${o.name} (${o.code})`) ?? 0) + hit);
    }
    const plots = await tx
      .select({ code: doeExperiment.code, name: doeExperiment.name, row: doePlot.row, col: doePlot.col })
      .from(doePlot)
      .innerJoin(doeExperimentSite, eq(doeExperimentSite.id, doePlot.siteId))
      .innerJoin(doeExperiment, eq(doeExperiment.id, doeExperimentSite.experimentId))
      .where(
        and(
          inOrg(doeExperiment, ctx),
          eq(doeExperimentSite.fieldId, field.id),
          eq(doeExperiment.year, activity.year),
          eq(doeExperiment.season, activity.season),
        ),
      );
    for (const p of plots) {
      if (mine.has(key(p.row, p.col))) users.set(`${p.name} (${p.code})`, (users.get(`${p.name} (${p.code})`) ?? 0) + 1);
    }
    if (users.size) {
      const params = { field: field.name, plots: [...users.values()].reduce((a, b) => a + b, 0), users: [...users.keys()].sort().join(', ') };
      throw new AppError(409, 'NURSERY_LAYOUT_IN_USE', params);
    }
    for (let k = 0; k < entries.length; k++) {
      const p = places[k];
      await tx
        .update(E)
        .set({ plotNo: k + 1, fieldRow: p.row, fieldRows: p.rows, fieldRange: p.range })
        .where(eq(E.id, entries[k].id));
    }
    await tx.update(A).set(updatedStamp(ctx)).where(eq(A.id, activity.id));
  });
  return entryMap(db, ctx, input.activityId);
}

/** The nursery's field and where its entries lie on it. */
export async function entryMap(db: DbOrTx, ctx: RequestContext, activityId: number): Promise<EntryLayout> {
  const activity = await getActivity(db, ctx, activityId);
  const field = await fieldOf(db, ctx, activity.fieldId);
  const rows = await db
    .select({ entryId: E.id, entryNo: E.entryNo, name: E.name, plotNo: E.plotNo, row: E.fieldRow, rows: E.fieldRows, range: E.fieldRange })
    .from(E)
    .where(eq(E.activityId, activity.id))
    .orderBy(asc(E.plotNo), asc(E.entryNo));
  const no = (n: number) => `${activity.code}-${String(n).padStart(3, '0')}`;
  const placed = rows.filter((r) => r.row !== null && r.range !== null);
  return {
    field,
    plots: placed.map((r) => ({
      entryId: r.entryId,
      entryNo: r.entryNo,
      materialNo: no(r.entryNo),
      name: r.name,
      plotNo: r.plotNo,
      row: r.row!,
      rows: r.rows ?? 1,
      range: r.range!,
    })),
    unplaced: rows.length - placed.length,
  };
}

const words = {
  plot: { 'zh-CN': '小区', en: 'Plot' },
  row: { 'zh-CN': '行', en: 'Row' },
  range: { 'zh-CN': '列', en: 'Range' },
  generation: { 'zh-CN': '世代', en: 'Generation' },
} as const;

/** Plot labels of the laid-out entries (the chosen ones, or all), in plot order; the codes carry the material number. */
export async function plotLabelPdf(db: DbOrTx, ctx: RequestContext, req: z.output<typeof PlotLabelRequest>): Promise<{ pdf: Buffer; code: string }> {
  const activity = await getActivity(db, ctx, req.activityId);
  const ids = [...new Set(req.entryIds)];
  const rows = await db
    .select({ entryNo: E.entryNo, name: E.name, plotNo: E.plotNo, generation: E.generation, row: E.fieldRow, rows: E.fieldRows, range: E.fieldRange })
    .from(E)
    .where(and(eq(E.activityId, activity.id), ids.length ? inArray(E.id, ids) : undefined))
    .orderBy(asc(E.plotNo));
  if (ids.length && rows.length !== ids.length) throw notFound();
  const placed = rows.filter((r) => r.row !== null);
  if (!placed.length) throw new AppError(409, 'NURSERY_PLOT_LABELS_NONE');
  const count = placed.length * req.copies;
  if (count > MAX_LABELS_PER_PDF) {
    const params = { count, max: MAX_LABELS_PER_PDF };
    throw new AppError(400, 'NURSERY_LABELS_TOO_MANY', params, {
      errors: [
        { field: 'copies', rule: 'invalid', message: translateError('NURSERY_LABELS_TOO_MANY', ctx.locale, params), errorCode: 'NURSERY_LABELS_TOO_MANY' },
      ],
    });
  }
  const l = ctx.locale;
  const pdf = await renderLabelPdf(
    placed.map((r) => {
      const materialNo = `${activity.code}-${String(r.entryNo).padStart(3, '0')}`;
      const span = (r.rows ?? 1) > 1 ? `${r.row}-${r.row! + r.rows! - 1}` : String(r.row);
      return {
        code: materialNo,
        lines: [
          materialNo,
          r.name,
          `${words.plot[l]} ${r.plotNo} · ${words.row[l]} ${span} · ${words.range[l]} ${r.range}`,
          `${words.generation[l]}: ${r.generation}`,
        ],
      };
    }),
    { format: req.labelFormat, code: req.code, copies: req.copies, title: `${plotLabelTitle[l]} ${activity.code}` },
  );
  return { pdf, code: activity.code };
}
