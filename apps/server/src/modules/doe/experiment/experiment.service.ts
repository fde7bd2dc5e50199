import { randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq, ilike, ne, or, sql } from 'drizzle-orm';
import type { Column } from 'drizzle-orm';
import {
  doePermissions as P,
  experimentList,
  type DesignParamsParsed,
  type DesignPreview,
  type ExperimentDetail,
  type ExperimentEntriesSave,
  type ExperimentEntryRow,
  type ExperimentInput,
  type ExperimentPageParsed,
  type ExperimentRow,
  type ExperimentSite,
  type ExperimentStatistics,
  type ExperimentStatus,
  type ExperimentUpdate,
  type FieldExperimentRow,
  type NamedOption,
  type PlotConflict,
  PlotRow as PlotRowSchema,
  type PlotRow,
  type SavedDesign,
  type StatusAction,
} from '@breedwise/contracts/doe';
import type { DesignResult } from '@breedwise/trial-design';
import { z } from 'zod';
import type { DbOrTx, Tx } from '../../../db/client';
import { can, requireCropWrite, type RequestContext } from '../../../platform/context';
import { isUniqueViolation, notFound } from '../../../platform/errors';
import { JsonCache, serializeData, type SerializedData } from '../../../platform/json-cache';
import { filterConditions, listColumns } from '../../../platform/filters';
import { likePattern, orderBy, pageWindow, keywordSearch } from '../../../platform/pagination';
import { createdStamp, inCrop, inOrg, updatedStamp } from '../../../platform/tenant';
import { sysCrop } from '../../system';
import { doeField } from '../field/field.tables';
import { allGermListEntries } from '../germlist/germlist.service';
import { doeLocation } from '../location/location.tables';
import { requireUsableProject } from '../project/project.service';
import { refusal, statusLabel, qualified } from '../shared';
import { previewOf, runDesign, statisticsOf, summaryOf, toPlots, type DesignInput } from './design';
import { requireBankGermplasm } from './entry-bank.rules';
import { canTransition, transition } from './experiment.state';
import { doeExperiment, doeExperimentEntry, doeExperimentSite, doePlot } from './experiment.tables';

type UpdateParsed = z.output<typeof ExperimentUpdate>;

const who = (col: Column) => sql<string | null>`(select coalesce(u.nick_name, u.username) from sys_user u where u.id = ${qualified(col)})`;
const columns = {
  id: doeExperiment.id,
  code: doeExperiment.code,
  name: doeExperiment.name,
  projectId: doeExperiment.projectId,
  projectName: sql<string | null>`(select p.name from doe_project p where p.id = ${qualified(doeExperiment.projectId)})`,
  locationId: doeExperiment.locationId,
  locationName: sql<string | null>`(select l.name from doe_location l where l.id = ${qualified(doeExperiment.locationId)})`,
  fieldId: doeExperiment.fieldId,
  fieldName: sql<string | null>`(select f.name from doe_field f where f.id = ${qualified(doeExperiment.fieldId)})`,
  // Every location of a multi-location trial, site 1 first (the location columns above are site 1's).
  siteLocations: sql<
    string[]
  >`(select coalesce(array_agg(l.name order by s.seq), '{}') from doe_experiment_site s join doe_location l on l.id = s.location_id where s.experiment_id = ${qualified(doeExperiment.id)})`,
  year: doeExperiment.year,
  season: doeExperiment.season,
  stage: doeExperiment.stage,
  expType: doeExperiment.expType,
  sowingDate: doeExperiment.sowingDate,
  harvestDate: doeExperiment.harvestDate,
  reps: doeExperiment.reps,
  designMethod: doeExperiment.designMethod,
  traitSource: doeExperiment.traitSource,
  traits: doeExperiment.traits,
  seed: doeExperiment.seed,
  checkStart: doeExperiment.checkStart,
  checkEnd: doeExperiment.checkEnd,
  checkInterval: doeExperiment.checkInterval,
  filler: doeExperiment.filler,
  blockCount: doeExperiment.blockCount,
  rows: doeExperiment.rows,
  cols: doeExperiment.cols,
  remark: doeExperiment.remark,
  status: doeExperiment.status,
  locked: doeExperiment.locked,
  pushedAt: doeExperiment.pushedAt,
  entryCount: sql<number>`(select count(*)::int from doe_experiment_entry x where x.experiment_id = ${qualified(doeExperiment.id)})`,
  checkCount: sql<number>`(select count(*)::int from doe_experiment_entry x where x.experiment_id = ${qualified(doeExperiment.id)} and x.type = 'check')`,
  plotCount: sql<number>`(select count(*)::int from doe_plot p where p.experiment_id = ${qualified(doeExperiment.id)})`,
  planName: sql<string | null>`${doeExperiment.design} ->> 'planName'`,
  createdBy: who(doeExperiment.createdBy),
  createdAt: doeExperiment.createdAt,
  updatedAt: doeExperiment.updatedAt,
};
type Raw = Omit<ExperimentRow, 'createdAt' | 'updatedAt' | 'pushedAt' | 'designMethod' | 'traitSource'> & {
  createdAt: Date;
  updatedAt: Date;
  pushedAt: Date | null;
  designMethod: string;
  traitSource: string;
};
const present = (r: Raw): ExperimentRow => ({
  ...r,
  designMethod: r.designMethod as ExperimentRow['designMethod'],
  traitSource: r.traitSource as ExperimentRow['traitSource'],
  entryCount: Number(r.entryCount),
  checkCount: Number(r.checkCount),
  plotCount: Number(r.plotCount),
  pushedAt: r.pushedAt?.toISOString() ?? null,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

/** The columns behind the keys the experiment list declares (contracts: `experimentList`). */
const list = listColumns(experimentList, {
  filters: {
    name: doeExperiment.name,
    code: doeExperiment.code,
    status: doeExperiment.status,
    designMethod: doeExperiment.designMethod,
    season: doeExperiment.season,
    stage: doeExperiment.stage,
    expType: doeExperiment.expType,
    year: doeExperiment.year,
    reps: doeExperiment.reps,
    sowingDate: doeExperiment.sowingDate,
    harvestDate: doeExperiment.harvestDate,
    createdAt: doeExperiment.createdAt,
  },
  sort: {
    code: doeExperiment.code,
    name: doeExperiment.name,
    year: doeExperiment.year,
    season: doeExperiment.season,
    status: doeExperiment.status,
    designMethod: doeExperiment.designMethod,
    sowingDate: doeExperiment.sowingDate,
    createdAt: doeExperiment.createdAt,
    updatedAt: doeExperiment.updatedAt,
  },
});

export async function listExperiments(db: DbOrTx, ctx: RequestContext, q: ExperimentPageParsed) {
  const where = and(
    inCrop(doeExperiment, ctx),
    q.status ? eq(doeExperiment.status, q.status) : undefined,
    q.projectId ? eq(doeExperiment.projectId, q.projectId) : undefined,
    q.locationId
      ? sql`exists (select 1 from doe_experiment_site s where s.experiment_id = ${qualified(doeExperiment.id)} and s.location_id = ${q.locationId})`
      : undefined,
    q.fieldId
      ? sql`exists (select 1 from doe_experiment_site s where s.experiment_id = ${qualified(doeExperiment.id)} and s.field_id = ${q.fieldId})`
      : undefined,
    q.year ? eq(doeExperiment.year, q.year) : undefined,
    q.season ? eq(doeExperiment.season, q.season) : undefined,
    q.keyword ? or(ilike(doeExperiment.name, likePattern(q.keyword)), ilike(doeExperiment.code, likePattern(q.keyword))) : undefined,
    filterConditions(q.filters, list.filters),
  );
  const { limit, offset } = pageWindow(q);
  const rows = await db
    .select(columns)
    .from(doeExperiment)
    .where(where)
    .orderBy(...orderBy(q, list.sortable, [desc(doeExperiment.updatedAt)], doeExperiment.id))
    .limit(limit)
    .offset(offset);
  const [{ total }] = await db.select({ total: count() }).from(doeExperiment).where(where);
  const [sum] = await db
    .select({ plots: sql<number>`coalesce(sum((select count(*) from doe_plot p where p.experiment_id = ${qualified(doeExperiment.id)})), 0)::int` })
    .from(doeExperiment)
    .where(where);
  return { rows: rows.map(present), total: Number(total), summary: { plotCount: Number(sum.plots) } };
}

/** Experiments of the current crop for pickers, newest first. */
export async function experimentOptions(db: DbOrTx, ctx: RequestContext, q: { keyword?: string; limit: number }): Promise<NamedOption[]> {
  const search = keywordSearch(q.keyword, [doeExperiment.name, doeExperiment.code]);
  return db
    .select({ id: doeExperiment.id, name: doeExperiment.name, code: doeExperiment.code })
    .from(doeExperiment)
    .where(and(inCrop(doeExperiment, ctx), search.where))
    .orderBy(...search.rank, desc(doeExperiment.year), asc(doeExperiment.code))
    .limit(q.limit);
}

export async function getExperiment(db: DbOrTx, ctx: RequestContext, id: number): Promise<ExperimentRow> {
  const [row] = await db
    .select(columns)
    .from(doeExperiment)
    .where(and(inCrop(doeExperiment, ctx), eq(doeExperiment.id, id)));
  if (!row) throw notFound();
  return present(row);
}

/** The experiment, what was designed, and what the caller may do next. */
export async function getExperimentDetail(db: DbOrTx, ctx: RequestContext, id: number): Promise<ExperimentDetail> {
  const row = await getExperiment(db, ctx, id);
  const [extra] = await db
    .select({ design: doeExperiment.design, designedAt: doeExperiment.designedAt, designedBy: who(doeExperiment.designedBy) })
    .from(doeExperiment)
    .where(eq(doeExperiment.id, id));
  const design: SavedDesign | null =
    extra.design && extra.designedAt
      ? {
          sharedWith: [],
          ...(extra.design as Omit<SavedDesign, 'designedAt' | 'designedBy' | 'sharedWith'>),
          designedAt: extra.designedAt.toISOString(),
          designedBy: extra.designedBy,
        }
      : null;
  const s = { status: row.status, locked: row.locked };
  const actions: ExperimentDetail['actions'] = [];
  if (!row.locked && can(ctx, P.experimentEdit)) actions.push('edit');
  if (!row.locked && row.status === 'temporary' && can(ctx, P.experimentEdit)) actions.push('entries');
  if (canTransition(s, 'design') && can(ctx, P.experimentDesign)) actions.push('design');
  for (const a of ['reset', 'finish', 'reopen', 'harvest'] as const) if (canTransition(s, a) && can(ctx, P.experimentStatus)) actions.push(a);
  if (canTransition(s, 'push') && can(ctx, P.experimentPush)) actions.push('push');
  if (!row.locked && (row.status === 'temporary' || row.status === 'designed') && can(ctx, P.experimentRemove)) actions.push('remove');
  return { ...row, design, sites: await experimentSites(db, id), actions };
}

/** The locations of an experiment in their order, each with its field, plots and saved design. */
export async function experimentSites(db: DbOrTx, experimentId: number): Promise<ExperimentSite[]> {
  const rows = await db
    .select({
      id: doeExperimentSite.id,
      seq: doeExperimentSite.seq,
      locationId: doeExperimentSite.locationId,
      locationName: doeLocation.name,
      fieldId: doeExperimentSite.fieldId,
      fieldName: doeField.name,
      fieldRows: doeField.rows,
      fieldCols: doeField.cols,
      sharePlots: doeExperimentSite.sharePlots,
      plotCount: sql<number>`(select count(*)::int from doe_plot p where p.site_id = ${qualified(doeExperimentSite.id)})`,
      design: doeExperimentSite.design,
      designedAt: doeExperimentSite.designedAt,
      designedBy: who(doeExperimentSite.designedBy),
    })
    .from(doeExperimentSite)
    .innerJoin(doeLocation, eq(doeLocation.id, doeExperimentSite.locationId))
    .innerJoin(doeField, eq(doeField.id, doeExperimentSite.fieldId))
    .where(eq(doeExperimentSite.experimentId, experimentId))
    .orderBy(asc(doeExperimentSite.seq));
  return rows.map(({ design, designedAt, designedBy, ...r }) => ({
    ...r,
    plotCount: Number(r.plotCount),
    design:
      design && designedAt
        ? { sharedWith: [], ...(design as Omit<SavedDesign, 'designedAt' | 'designedBy' | 'sharedWith'>), designedAt: designedAt.toISOString(), designedBy }
        : null,
  }));
}

/** A site of an experiment, locked for a change; the first site when none is named. */
async function siteOf(db: DbOrTx, experimentId: number, siteId: number | null, locale: RequestContext['locale']) {
  const [site] = await db
    .select()
    .from(doeExperimentSite)
    .where(and(eq(doeExperimentSite.experimentId, experimentId), siteId ? eq(doeExperimentSite.id, siteId) : undefined))
    .orderBy(asc(doeExperimentSite.seq))
    .limit(1);
  if (!site) {
    if (siteId) throw notFound();
    throw refusal(400, 'DOE_DESIGN_LOCATION_MISSING', {}, locale, 'locationId');
  }
  return site;
}

/** One design per field in an experiment (the name is read first: a failed insert ends the transaction). */
async function guardSiteField<T>(db: DbOrTx, ctx: RequestContext, fieldId: number, write: () => Promise<T>): Promise<T> {
  const [f] = await db.select({ name: doeField.name }).from(doeField).where(eq(doeField.id, fieldId));
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err, 'doe_experiment_site_field_uq'))
      throw refusal(409, 'DOE_SITE_FIELD_EXISTS', { field: f?.name ?? fieldId }, ctx.locale, 'fieldId');
    throw err;
  }
}

/** Adds a location (with its field) to an experiment still being planned: it gets its own design. */
export async function addSite(db: DbOrTx, ctx: RequestContext, input: { id: number; locationId: number; fieldId: number }): Promise<ExperimentSite> {
  requireCropWrite(ctx);
  const siteId = await db.transaction(async (tx) => {
    const row = await lockedRow(tx, ctx, input.id);
    transition(row, 'design', ctx.locale);
    await checkPlace(tx, ctx, input, { location: true, field: true });
    const [{ next }] = await tx
      .select({ next: sql<number>`coalesce(max(${doeExperimentSite.seq}), 0)::int + 1` })
      .from(doeExperimentSite)
      .where(eq(doeExperimentSite.experimentId, input.id));
    const [site] = await guardSiteField(tx, ctx, input.fieldId, () =>
      tx
        .insert(doeExperimentSite)
        .values({ experimentId: input.id, seq: Number(next), locationId: input.locationId, fieldId: input.fieldId })
        .returning({ id: doeExperimentSite.id }),
    );
    if (row.locationId === null)
      await tx.update(doeExperiment).set({ locationId: input.locationId, fieldId: input.fieldId }).where(eq(doeExperiment.id, input.id));
    await tx.update(doeExperiment).set(updatedStamp(ctx)).where(eq(doeExperiment.id, input.id));
    return site.id;
  });
  const [site] = (await experimentSites(db, input.id)).filter((s) => s.id === siteId);
  return site;
}

/**
 * Removes a location of an experiment being planned: never the last one, never one with a saved
 * layout (reset first). The experiment's own location and field follow its first remaining site.
 */
export async function removeSite(db: DbOrTx, ctx: RequestContext, siteId: number): Promise<void> {
  requireCropWrite(ctx);
  const [found] = await db.select({ experimentId: doeExperimentSite.experimentId }).from(doeExperimentSite).where(eq(doeExperimentSite.id, siteId));
  if (!found) throw notFound();
  await db.transaction(async (tx) => {
    const row = await lockedRow(tx, ctx, found.experimentId);
    if (row.locked) throw refusal(409, 'DOE_EXPERIMENT_LOCKED', {}, ctx.locale);
    const sites = await tx.select().from(doeExperimentSite).where(eq(doeExperimentSite.experimentId, row.id)).orderBy(asc(doeExperimentSite.seq));
    const site = sites.find((s) => s.id === siteId);
    if (!site) throw notFound();
    if (sites.length === 1) throw refusal(409, 'DOE_SITE_LAST', {}, ctx.locale, 'siteId');
    if (site.design) {
      const [loc] = await tx.select({ name: doeLocation.name }).from(doeLocation).where(eq(doeLocation.id, site.locationId));
      throw refusal(409, 'DOE_SITE_DESIGNED', { location: loc?.name ?? '' }, ctx.locale, 'siteId');
    }
    await tx.delete(doeExperimentSite).where(eq(doeExperimentSite.id, siteId));
    const first = sites.find((s) => s.id !== siteId)!;
    await tx
      .update(doeExperiment)
      .set({ locationId: first.locationId, fieldId: first.fieldId, ...updatedStamp(ctx) })
      .where(eq(doeExperiment.id, row.id));
  });
}

/**
 * The experiments of every crop laid out on a field of the organisation (any of their locations), newest
 * first, with the plots each has on it: the field view lists them so that a new design does not over-book it.
 */
export async function experimentsOnField(db: DbOrTx, ctx: RequestContext, fieldId: number): Promise<FieldExperimentRow[]> {
  const [field] = await db
    .select({ id: doeField.id })
    .from(doeField)
    .where(and(inOrg(doeField, ctx), eq(doeField.id, fieldId)));
  if (!field) throw notFound();
  const onField = sql`exists (select 1 from doe_experiment_site s where s.experiment_id = ${qualified(doeExperiment.id)} and s.field_id = ${fieldId})`;
  const rows = await db
    .select({
      id: doeExperiment.id,
      code: doeExperiment.code,
      name: doeExperiment.name,
      cropId: doeExperiment.cropId,
      cropZh: sysCrop.nameZh,
      cropEn: sysCrop.nameEn,
      year: doeExperiment.year,
      season: doeExperiment.season,
      status: doeExperiment.status,
      locked: doeExperiment.locked,
      plotCount: sql<number>`(select count(*)::int from doe_plot p join doe_experiment_site s on s.id = p.site_id where s.experiment_id = ${qualified(doeExperiment.id)} and s.field_id = ${fieldId})`,
    })
    .from(doeExperiment)
    .innerJoin(sysCrop, eq(sysCrop.id, doeExperiment.cropId))
    .where(and(inOrg(doeExperiment, ctx), or(eq(doeExperiment.fieldId, fieldId), onField)))
    .orderBy(desc(doeExperiment.year), desc(doeExperiment.id))
    .limit(500);
  return rows.map(({ cropZh, cropEn, ...r }) => ({
    ...r,
    cropName: ctx.locale === 'en' ? cropEn : cropZh,
    currentCrop: r.cropId === ctx.cropId,
    plotCount: Number(r.plotCount),
  }));
}

/**
 * Other experiments of the same year and season whose saved plots lie on the cells a layout of
 * `rows` x `cols` takes on the field (a layout fills rows 1..rows and columns 1..cols, fillers
 * included). Fields belong to the organisation, so experiments of every crop count.
 */
export async function plotConflicts(
  db: DbOrTx,
  ctx: RequestContext,
  exp: { id: number; year: number; season: string },
  fieldId: number,
  rows: number,
  cols: number,
): Promise<PlotConflict[]> {
  const found = await db
    .select({ experimentId: doeExperiment.id, code: doeExperiment.code, name: doeExperiment.name, plots: count() })
    .from(doePlot)
    .innerJoin(doeExperimentSite, eq(doeExperimentSite.id, doePlot.siteId))
    .innerJoin(doeExperiment, eq(doeExperiment.id, doeExperimentSite.experimentId))
    .where(
      and(
        inOrg(doeExperiment, ctx),
        eq(doeExperimentSite.fieldId, fieldId),
        ne(doeExperiment.id, exp.id),
        eq(doeExperiment.year, exp.year),
        eq(doeExperiment.season, exp.season as ExperimentRow['season']),
        sql`${doePlot.row} <= ${rows}`,
        sql`${doePlot.col} <= ${cols}`,
      ),
    )
    .groupBy(doeExperiment.id, doeExperiment.code, doeExperiment.name)
    .orderBy(asc(doeExperiment.code));
  return found.map((f) => ({ ...f, plots: Number(f.plots) }));
}

/** Refuses a layout that overlaps other experiments' plots of the season unless the user confirmed sharing them. */
export async function requireFreePlots(
  db: DbOrTx,
  ctx: RequestContext,
  exp: { id: number; year: number; season: string },
  site: { fieldId: number },
  params: DesignParamsParsed,
): Promise<PlotConflict[]> {
  if (params.rows === null || params.cols === null) return [];
  const conflicts = await plotConflicts(db, ctx, exp, site.fieldId, params.rows, params.cols);
  if (conflicts.length && !params.sharePlots) {
    const [f] = await db.select({ name: doeField.name }).from(doeField).where(eq(doeField.id, site.fieldId));
    throw refusal(
      409,
      'DOE_PLOTS_IN_USE',
      {
        field: f?.name ?? '',
        plots: conflicts.reduce((n, c) => n + c.plots, 0),
        experiments: conflicts.map((c) => `${c.name} (${c.code})`).join(', '),
      },
      ctx.locale,
      'sharePlots',
    );
  }
  return conflicts;
}

/** Location of the organisation; the field, when given, of that location. New choices must be in use (enabled, not discarded). */
async function checkPlace(
  db: DbOrTx,
  ctx: RequestContext,
  input: { locationId: number | null; fieldId: number | null },
  fresh: { location: boolean; field: boolean },
) {
  if (input.fieldId !== null && input.locationId === null) throw refusal(400, 'DOE_DESIGN_LOCATION_MISSING', {}, ctx.locale, 'locationId');
  if (input.locationId !== null) {
    const [loc] = await db
      .select()
      .from(doeLocation)
      .where(and(inOrg(doeLocation, ctx), eq(doeLocation.id, input.locationId)));
    if (!loc) throw notFound();
    if (fresh.location && loc.discarded) throw refusal(400, 'DOE_LOCATION_DISCARDED', { name: loc.name }, ctx.locale, 'locationId');
    if (fresh.location && loc.status !== 'enabled') throw refusal(400, 'DOE_LOCATION_DISABLED', { name: loc.name }, ctx.locale, 'locationId');
  }
  if (input.fieldId !== null) {
    const [field] = await db
      .select()
      .from(doeField)
      .where(and(inOrg(doeField, ctx), eq(doeField.id, input.fieldId)));
    if (!field) throw notFound();
    if (field.locationId !== input.locationId) throw refusal(400, 'DOE_FIELD_NOT_IN_LOCATION', { name: field.name }, ctx.locale, 'fieldId');
    if (fresh.field && (field.status !== 'enabled' || field.discarded))
      throw refusal(400, 'DOE_FIELD_UNAVAILABLE', { name: field.name }, ctx.locale, 'fieldId');
  }
}

const pick = (i: ExperimentInput) => ({
  projectId: i.projectId,
  name: i.name,
  locationId: i.locationId,
  fieldId: i.fieldId,
  year: i.year,
  season: i.season,
  stage: i.stage,
  expType: i.expType,
  sowingDate: i.sowingDate,
  harvestDate: i.harvestDate,
  reps: i.reps,
  designMethod: i.designMethod,
  traitSource: i.traitSource,
  traits: i.traits,
  seed: i.seed,
  checkStart: i.checkStart,
  checkEnd: i.checkEnd,
  checkInterval: i.checkInterval,
  filler: i.filler,
  blockCount: i.blockCount,
  rows: i.rows,
  cols: i.cols,
  remark: i.remark,
});

async function guardCode<T>(ctx: RequestContext, code: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err, 'doe_experiment_org_code_uq')) throw refusal(409, 'DOE_EXPERIMENT_CODE_EXISTS', { code }, ctx.locale, 'code');
    throw err;
  }
}

/** A new experiment starts in temporary storage; without a code it gets E<year>-<id>. */
export async function createExperiment(db: DbOrTx, ctx: RequestContext, input: ExperimentInput): Promise<ExperimentRow> {
  const cropId = requireCropWrite(ctx);
  await requireUsableProject(db, ctx, input.projectId);
  await checkPlace(db, ctx, input, { location: true, field: true });
  const id = await db.transaction(async (tx) => {
    const code = input.code ?? `tmp-${randomUUID()}`;
    const [row] = await guardCode(ctx, code, () =>
      tx
        .insert(doeExperiment)
        .values({ ...pick(input), code, cropId, ...createdStamp(ctx) })
        .returning({ id: doeExperiment.id }),
    );
    if (!input.code)
      await tx
        .update(doeExperiment)
        .set({ code: `E${input.year}-${String(row.id).padStart(4, '0')}` })
        .where(eq(doeExperiment.id, row.id));
    await tx.insert(doeExperimentSite).values({ experimentId: row.id, seq: 1, locationId: input.locationId, fieldId: input.fieldId });
    return row.id;
  });
  return getExperiment(db, ctx, id);
}

/** The experiment locked for a change by the caller, refused once pushed. */
async function lockedRow(tx: Tx, ctx: RequestContext, id: number) {
  const [row] = await tx
    .select()
    .from(doeExperiment)
    .where(and(inCrop(doeExperiment, ctx), eq(doeExperiment.id, id)))
    .for('update');
  if (!row) throw notFound();
  return row;
}

export async function updateExperiment(db: DbOrTx, ctx: RequestContext, input: UpdateParsed): Promise<ExperimentRow> {
  requireCropWrite(ctx);
  await db.transaction(async (tx) => {
    const row = await lockedRow(tx, ctx, input.id);
    if (row.locked) throw refusal(409, 'DOE_EXPERIMENT_LOCKED', {}, ctx.locale);
    const code = input.code ?? row.code;
    if (row.status !== 'temporary' && (input.locationId !== row.locationId || input.fieldId !== row.fieldId || code !== row.code)) {
      throw refusal(
        409,
        'DOE_EXPERIMENT_LAYOUT_FIXED',
        {},
        ctx.locale,
        input.fieldId !== row.fieldId ? 'fieldId' : input.locationId !== row.locationId ? 'locationId' : 'code',
      );
    }
    if (input.projectId !== row.projectId) await requireUsableProject(tx, ctx, input.projectId);
    await checkPlace(tx, ctx, input, { location: input.locationId !== row.locationId, field: input.fieldId !== row.fieldId });
    await guardCode(ctx, code, () =>
      tx
        .update(doeExperiment)
        .set({ ...pick(input), code, ...updatedStamp(ctx) })
        .where(eq(doeExperiment.id, input.id)),
    );
    // The experiment's location and field are its first site's.
    if (input.locationId !== row.locationId || input.fieldId !== row.fieldId) {
      const [first] = await tx
        .select({ id: doeExperimentSite.id })
        .from(doeExperimentSite)
        .where(eq(doeExperimentSite.experimentId, input.id))
        .orderBy(asc(doeExperimentSite.seq))
        .limit(1);
      await guardSiteField(tx, ctx, input.fieldId, () =>
        first
          ? tx.update(doeExperimentSite).set({ locationId: input.locationId, fieldId: input.fieldId }).where(eq(doeExperimentSite.id, first.id))
          : tx.insert(doeExperimentSite).values({ experimentId: input.id, seq: 1, locationId: input.locationId, fieldId: input.fieldId }),
      );
    }
  });
  return getExperiment(db, ctx, input.id);
}

/** Experiments still being planned can go; finished and harvested ones are history. */
export async function deleteExperiment(db: DbOrTx, ctx: RequestContext, id: number): Promise<void> {
  requireCropWrite(ctx);
  await db.transaction(async (tx) => {
    const row = await lockedRow(tx, ctx, id);
    if (row.locked) throw refusal(409, 'DOE_EXPERIMENT_LOCKED', {}, ctx.locale);
    if (row.status !== 'temporary' && row.status !== 'designed') {
      throw refusal(409, 'DOE_EXPERIMENT_DELETE_STATE', { status: statusLabel(row.status, ctx.locale) }, ctx.locale);
    }
    await tx.delete(doeExperiment).where(eq(doeExperiment.id, id));
  });
}

// ---- entries ----------------------------------------------------------------------------------------

export async function experimentEntries(db: DbOrTx, ctx: RequestContext, id: number): Promise<ExperimentEntryRow[]> {
  await getExperiment(db, ctx, id);
  return db
    .select({
      entryNo: doeExperimentEntry.entryNo,
      name: doeExperimentEntry.name,
      type: doeExperimentEntry.type,
      generation: doeExperimentEntry.generation,
      pedigree: doeExperimentEntry.pedigree,
      materialType: doeExperimentEntry.materialType,
      listEntryId: doeExperimentEntry.listEntryId,
      germplasmId: doeExperimentEntry.germplasmId,
      accessionNo: sql<string | null>`(select g.accession_no from germ_germplasm g where g.id = ${qualified(doeExperimentEntry.germplasmId)})`,
    })
    .from(doeExperimentEntry)
    .where(eq(doeExperimentEntry.experimentId, id))
    .orderBy(asc(doeExperimentEntry.entryNo));
}

type EntryValues = {
  entryNo: number;
  name: string;
  type: 'check' | 'test';
  generation: string | null;
  pedigree: string | null;
  materialType: string | null;
  listEntryId?: number | null;
  germplasmId?: number | null;
};

/** The experiment locked for a change of its entries: refused once pushed or designed. */
export async function entriesRow(tx: Tx, ctx: RequestContext, id: number) {
  const row = await lockedRow(tx, ctx, id);
  if (row.locked) throw refusal(409, 'DOE_EXPERIMENT_LOCKED', {}, ctx.locale);
  if (row.status !== 'temporary') throw refusal(409, 'DOE_EXPERIMENT_ENTRIES_FIXED', {}, ctx.locale, 'entries');
  return row;
}

/** Entries change only while the experiment is in temporary storage (a design is built on them). */
async function replaceEntries(db: DbOrTx, ctx: RequestContext, id: number, entries: EntryValues[]): Promise<ExperimentEntryRow[]> {
  requireCropWrite(ctx);
  const seen = new Set<number>();
  entries.forEach((e, i) => {
    if (seen.has(e.entryNo)) throw refusal(400, 'DOE_ENTRY_NO_REPEATED', { entryNo: e.entryNo }, ctx.locale, `entries.${i}.entryNo`);
    seen.add(e.entryNo);
  });
  await db.transaction(async (tx) => {
    await entriesRow(tx, ctx, id);
    await requireBankGermplasm(
      tx,
      ctx,
      entries.map((e) => e.germplasmId ?? null),
      (i) => `entries.${i}.germplasmId`,
    );
    await tx.delete(doeExperimentEntry).where(eq(doeExperimentEntry.experimentId, id));
    for (let i = 0; i < entries.length; i += 1000) {
      await tx.insert(doeExperimentEntry).values(entries.slice(i, i + 1000).map((e) => ({ ...e, experimentId: id })));
    }
    await tx.update(doeExperiment).set(updatedStamp(ctx)).where(eq(doeExperiment.id, id));
  });
  return experimentEntries(db, ctx, id);
}

export async function saveEntries(
  db: DbOrTx,
  ctx: RequestContext,
  id: number,
  entries: z.output<typeof ExperimentEntriesSave>['entries'],
): Promise<ExperimentEntryRow[]> {
  return replaceEntries(
    db,
    ctx,
    id,
    entries.map((e) => ({
      entryNo: e.entryNo,
      name: e.name,
      type: e.type,
      generation: e.generation,
      pedigree: e.pedigree,
      materialType: e.materialType,
      germplasmId: e.germplasmId,
    })),
  );
}

/** A planting list's entries become the experiment's; its checks are the core controls. */
export async function entriesFromList(db: DbOrTx, ctx: RequestContext, id: number, listId: number): Promise<ExperimentEntryRow[]> {
  const { entries } = await allGermListEntries(db, ctx, listId);
  return replaceEntries(
    db,
    ctx,
    id,
    entries.map((e) => ({
      entryNo: e.entryId,
      name: e.materialName,
      type: e.isCheck ? 'check' : 'test',
      generation: e.generation,
      pedigree: e.pedigree,
      materialType: e.materialType,
      listEntryId: e.id,
    })),
  );
}

// ---- design -----------------------------------------------------------------------------------------

/** Everything the engine needs about an experiment, for a preview or a save. */
export async function designInput(
  db: DbOrTx,
  ctx: RequestContext,
  params: DesignParamsParsed,
): Promise<{ input: DesignInput; row: typeof doeExperiment.$inferSelect; site: typeof doeExperimentSite.$inferSelect }> {
  const [row] = await db
    .select()
    .from(doeExperiment)
    .where(and(inCrop(doeExperiment, ctx), eq(doeExperiment.id, params.id)));
  if (!row) throw notFound();
  transition(row, 'design', ctx.locale);
  const site = await siteOf(db, row.id, params.siteId, ctx.locale);
  const [location] = await db.select().from(doeLocation).where(eq(doeLocation.id, site.locationId));
  const [field] = await db.select().from(doeField).where(eq(doeField.id, site.fieldId));
  const entries = await db
    .select({ entryNo: doeExperimentEntry.entryNo, name: doeExperimentEntry.name, type: doeExperimentEntry.type })
    .from(doeExperimentEntry)
    .where(eq(doeExperimentEntry.experimentId, row.id))
    .orderBy(asc(doeExperimentEntry.entryNo));
  return {
    input: { code: row.code, site: site.seq, siteId: site.id, location: location ?? null, field: field ?? null, entries, params, locale: ctx.locale },
    row,
    site,
  };
}

/** A layout to look at before saving: nothing is written; without a seed one is drawn (re-randomise). */
export async function previewDesign(db: DbOrTx, ctx: RequestContext, params: DesignParamsParsed): Promise<DesignPreview> {
  const { input, row, site } = await designInput(db, ctx, params);
  const result = runDesign(input);
  const conflicts = await plotConflicts(db, ctx, row, site.fieldId, result.parameters.field.rows, result.parameters.field.cols);
  return previewOf(input, result, conflicts);
}

/**
 * Saves a layout (the job's effect, in its transaction): the experiment is re-checked under a row lock
 * (it may have been pushed or finished meanwhile), its plots replaced, its design parameters kept, and
 * it becomes designed.
 */
export async function applyLayout(tx: Tx, ctx: RequestContext, params: DesignParamsParsed, code: string, result: DesignResult): Promise<{ plots: number }> {
  const row = await lockedRow(tx, ctx, params.id);
  const next = transition(row, 'design', ctx.locale)!;
  if (row.code !== code) throw refusal(409, 'CONFLICT', {}, ctx.locale);
  const site = await siteOf(tx, row.id, params.siteId, ctx.locale);
  // Re-checked here, under the experiment's lock: another layout may have been saved on the field meanwhile.
  const sharedWith = await requireFreePlots(tx, ctx, row, site, { ...params, rows: result.parameters.field.rows, cols: result.parameters.field.cols });
  const plots = toPlots(code, result, site.seq);
  await tx.delete(doePlot).where(eq(doePlot.siteId, site.id));
  for (let i = 0; i < plots.length; i += 1000) {
    await tx.insert(doePlot).values(plots.slice(i, i + 1000).map(({ site: _seq, ...p }) => ({ ...p, experimentId: params.id, siteId: site.id })));
  }
  const design = {
    planName: params.planName,
    designMethod: params.designMethod,
    seed: result.seed,
    params: { ...params, seed: result.seed } as Record<string, unknown>,
    summary: summaryOf(result),
    statistics: statisticsOf(result),
    sharedWith,
  };
  await tx
    .update(doeExperimentSite)
    .set({ design, seed: result.seed, sharePlots: sharedWith.length > 0, designedAt: new Date(), designedBy: ctx.userId })
    .where(eq(doeExperimentSite.id, site.id));
  if (site.seq !== 1) {
    // A further location: the experiment is designed; its own fields describe the first location's design.
    await tx
      .update(doeExperiment)
      .set({ status: next, ...updatedStamp(ctx) })
      .where(eq(doeExperiment.id, params.id));
    return { plots: plots.length };
  }
  await tx
    .update(doeExperiment)
    .set({
      status: next,
      design,
      designedAt: new Date(),
      designedBy: ctx.userId,
      designMethod: params.designMethod,
      seed: result.seed,
      reps: params.reps ?? row.reps,
      blockCount: params.blockCount,
      rows: params.rows,
      cols: params.cols,
      checkStart: params.checkStart,
      checkEnd: params.checkEnd,
      checkInterval: params.checkInterval,
      filler: params.filler,
      ...updatedStamp(ctx),
    })
    .where(eq(doeExperiment.id, params.id));
  return { plots: plots.length };
}

export async function experimentPlots(db: DbOrTx, ctx: RequestContext, id: number, siteId?: number): Promise<PlotRow[]> {
  await getExperiment(db, ctx, id);
  return plotRows(db, id, siteId);
}

/**
 * The plots' answer as JSON, kept per process under the experiment's `plots_version` (raised by triggers
 * in the transaction of every write to its plots or sites, migration 0034). The version is read first (with
 * the caller's tenancy): rows read after it are at least as new, so an entry never holds plots older than
 * its key says. A field of 1,000 plots is 140 KB of JSON; encoding it again on every view was most of the
 * request's work.
 */
const plotsCaches = new WeakMap<object, JsonCache>(); // one per database handle: ids are unique only within a database
const plotsSchema = z.array(PlotRowSchema);

export async function experimentPlotsJson(db: DbOrTx, ctx: RequestContext, id: number, siteId?: number): Promise<SerializedData> {
  const [exp] = await db
    .select({ version: doeExperiment.plotsVersion })
    .from(doeExperiment)
    .where(and(inCrop(doeExperiment, ctx), eq(doeExperiment.id, id)));
  if (!exp) throw notFound();
  let cache = plotsCaches.get(db);
  if (!cache) plotsCaches.set(db, (cache = new JsonCache(32 * 1024 * 1024)));
  return cache.through(`${id}:${siteId ?? ''}:${exp.version}`, async () => serializeData(plotsSchema, await plotRows(db, id, siteId)));
}

function plotRows(db: DbOrTx, id: number, siteId?: number): Promise<PlotRow[]> {
  return db
    .select({
      site: doeExperimentSite.seq,
      plotId: doePlot.plotId,
      plotNumber: doePlot.plotNumber,
      rep: doePlot.rep,
      block: doePlot.block,
      row: doePlot.row,
      col: doePlot.col,
      tier: doePlot.tier,
      entryNo: doePlot.entryNo,
      name: doePlot.name,
      entryType: doePlot.entryType,
    })
    .from(doePlot)
    .innerJoin(doeExperimentSite, eq(doeExperimentSite.id, doePlot.siteId))
    .where(and(eq(doePlot.experimentId, id), siteId ? eq(doePlot.siteId, siteId) : undefined))
    .orderBy(asc(doeExperimentSite.seq), asc(doePlot.plotNumber), asc(doePlot.id));
}

// ---- state --------------------------------------------------------------------------------------------

/**
 * A named transition under a row lock: reset drops the layout, push locks the experiment's information
 * for good (the phenotype system now holds it).
 */
export async function changeStatus(db: DbOrTx, ctx: RequestContext, id: number, action: StatusAction): Promise<ExperimentRow> {
  requireCropWrite(ctx);
  await db.transaction(async (tx) => {
    const row = await lockedRow(tx, ctx, id);
    const next = transition(row, action, ctx.locale);
    if (action === 'push') {
      await tx
        .update(doeExperiment)
        .set({ locked: true, pushedAt: new Date(), pushedBy: ctx.userId, ...updatedStamp(ctx) })
        .where(eq(doeExperiment.id, id));
      return;
    }
    if (action === 'reset') {
      await tx.delete(doePlot).where(eq(doePlot.experimentId, id));
      await tx
        .update(doeExperimentSite)
        .set({ design: null, seed: null, sharePlots: false, designedAt: null, designedBy: null })
        .where(eq(doeExperimentSite.experimentId, id));
      await tx
        .update(doeExperiment)
        .set({ status: next!, design: null, designedAt: null, designedBy: null, ...updatedStamp(ctx) })
        .where(eq(doeExperiment.id, id));
      return;
    }
    await tx
      .update(doeExperiment)
      .set({ status: next!, ...updatedStamp(ctx) })
      .where(eq(doeExperiment.id, id));
  });
  return getExperiment(db, ctx, id);
}

/** Marks a finished experiment harvested (the harvest-list job, in its transaction); harvested stays harvested. */
export async function markHarvested(tx: Tx, ctx: RequestContext, id: number): Promise<void> {
  const row = await lockedRow(tx, ctx, id);
  if (row.status === 'harvested') return;
  const next = transition(row, 'harvest', ctx.locale)!;
  await tx
    .update(doeExperiment)
    .set({ status: next, ...updatedStamp(ctx) })
    .where(eq(doeExperiment.id, id));
}

// ---- dashboard ---------------------------------------------------------------------------------------

const SEASON_ORDER = ['spring', 'summer', 'autumn', 'winter'] as const;

/** The season a day falls in: Dec-Feb is the winter that began in December. */
function seasonOf(d: Date): { year: number; season: (typeof SEASON_ORDER)[number] } {
  const m = d.getUTCMonth() + 1;
  if (m <= 2) return { year: d.getUTCFullYear() - 1, season: 'winter' };
  return { year: d.getUTCFullYear(), season: m <= 5 ? 'spring' : m <= 8 ? 'summer' : m <= 11 ? 'autumn' : 'winter' };
}

/** Experiments of the current crop over the recent five seasons, five years and twelve months. */
export async function experimentStatistics(db: DbOrTx, ctx: RequestContext, now = new Date()): Promise<ExperimentStatistics> {
  const where = inCrop(doeExperiment, ctx);
  const bySeason = await db
    .select({ year: doeExperiment.year, season: doeExperiment.season, n: count() })
    .from(doeExperiment)
    .where(where)
    .groupBy(doeExperiment.year, doeExperiment.season);
  const current = seasonOf(now);
  const seasons: ExperimentStatistics['seasons'] = [];
  let { year } = current;
  let i = SEASON_ORDER.indexOf(current.season);
  for (let k = 0; k < 5; k++) {
    const season = SEASON_ORDER[i];
    seasons.unshift({ year, season, count: Number(bySeason.find((r) => r.year === year && r.season === season)?.n ?? 0) });
    i -= 1;
    if (i < 0) {
      i = 3;
      year -= 1;
    }
  }
  const thisYear = now.getUTCFullYear();
  const years = Array.from({ length: 5 }, (_, k) => thisYear - 4 + k).map((y) => ({
    year: y,
    count: bySeason.filter((r) => r.year === y).reduce((s, r) => s + Number(r.n), 0),
  }));
  const monthExpr = sql<string>`to_char(coalesce(${doeExperiment.sowingDate}::timestamp, ${doeExperiment.createdAt} at time zone 'UTC'), 'YYYY-MM')`;
  const byMonth = await db.select({ month: monthExpr, n: count() }).from(doeExperiment).where(where).groupBy(monthExpr);
  const months = Array.from({ length: 12 }, (_, k) => {
    const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11 + k, 1));
    const month = d.toISOString().slice(0, 7);
    return { month, count: Number(byMonth.find((r) => r.month === month)?.n ?? 0) };
  });
  const byStatusRows = await db.select({ status: doeExperiment.status, n: count() }).from(doeExperiment).where(where).groupBy(doeExperiment.status);
  const byStatus = { temporary: 0, designed: 0, finished: 0, harvested: 0 } as Record<ExperimentStatus, number>;
  for (const r of byStatusRows) byStatus[r.status] = Number(r.n);
  return { seasons, years, months, byStatus };
}
