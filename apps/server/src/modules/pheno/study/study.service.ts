import { and, asc, count, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import {
  checkScaleValue,
  scaleRuleParams,
  studyList,
  type ObservationCell,
  type ObservationSource,
  type StudyDetail,
  type StudyPageParsed,
  type StudyRow,
  type GridPlot,
  type HistoryRow,
  type VariableRow,
} from '@breedwise/contracts/pheno';
import { errorMessages, formatMessage } from '@breedwise/contracts';
import type { DbOrTx, Tx } from '../../../db/client';
import { requireCropWrite, type RequestContext } from '../../../platform/context';
import { AppError, badRequest, conflict, notFound } from '../../../platform/errors';
import { filterConditions, listColumns } from '../../../platform/filters';
import { likePattern, orderBy, pageWindow } from '../../../platform/pagination';
import { createdStamp, inCrop, inOrg, updatedStamp } from '../../../platform/tenant';
import { sysUser } from '../../system';
import { changeExperimentStatus } from '../../doe';
import { doeExperiment, doeExperimentSite, doePlot } from '../../doe/experiment/experiment.tables';
import { variablesById } from '../variable/variable.service';
import { phenoObservation, phenoObservationHistory, phenoStudyTrait } from './study.tables';

export interface StudyExperiment {
  id: number;
  code: string;
  name: string;
  year: number;
  designMethod: string;
  status: string;
  locked: boolean;
  pushedAt: Date | null;
}

const experimentColumns = {
  id: doeExperiment.id,
  code: doeExperiment.code,
  name: doeExperiment.name,
  year: doeExperiment.year,
  designMethod: doeExperiment.designMethod,
  status: doeExperiment.status,
  locked: doeExperiment.locked,
  pushedAt: doeExperiment.pushedAt,
};

/** An experiment of the current crop (404 otherwise). */
export async function studyExperiment(db: DbOrTx, ctx: RequestContext, id: number): Promise<StudyExperiment> {
  const [row] = await db
    .select(experimentColumns)
    .from(doeExperiment)
    .where(and(inCrop(doeExperiment, ctx), eq(doeExperiment.id, id)));
  if (!row) throw notFound();
  return row;
}

/** The experiment, which must have been pushed to phenotyping. */
export async function pushedExperiment(db: DbOrTx, ctx: RequestContext, id: number): Promise<StudyExperiment> {
  const exp = await studyExperiment(db, ctx, id);
  if (!exp.locked) throw badRequest('PHENO_NOT_PUSHED', { code: exp.code });
  return exp;
}

// ---- list and detail ------------------------------------------------------------------------------------

// Correlated counts: the outer experiment is named in full (drizzle leaves single-table columns unqualified).
const plotCount = sql<number>`(select count(*) from doe_plot p where p.experiment_id = "doe_experiment"."id" and p.entry_type <> 'filler')`.mapWith(Number);
const traitCount = sql<number>`(select count(*) from pheno_study_trait s where s.experiment_id = "doe_experiment"."id")`.mapWith(Number);
const observationCount = sql<number>`(select count(*) from pheno_observation o where o.experiment_id = "doe_experiment"."id")`.mapWith(Number);
const analysedAt = sql<Date | string | null>`(select max(a.analysed_at) from pheno_analysis a where a.experiment_id = "doe_experiment"."id")`;

const studyColumns = { ...experimentColumns, plotCount, traitCount, observationCount, analysedAt };

const list = listColumns(studyList, {
  filters: { code: doeExperiment.code, name: doeExperiment.name, year: doeExperiment.year },
  sort: { code: doeExperiment.code, name: doeExperiment.name, year: doeExperiment.year, pushedAt: doeExperiment.pushedAt },
});

const toIso = (d: Date | string | null): string | null => (d === null ? null : new Date(d).toISOString());

function presentStudy(r: StudyExperiment & { plotCount: number; traitCount: number; observationCount: number; analysedAt: Date | string | null }): StudyRow {
  return {
    experimentId: r.id,
    code: r.code,
    name: r.name,
    year: r.year,
    designMethod: r.designMethod,
    status: r.status,
    pushed: r.locked,
    pushedAt: toIso(r.pushedAt),
    plotCount: r.plotCount,
    traitCount: r.traitCount,
    observationCount: r.observationCount,
    analysedAt: toIso(r.analysedAt),
  };
}

export async function listStudies(db: DbOrTx, ctx: RequestContext, q: StudyPageParsed) {
  const where = and(
    inCrop(doeExperiment, ctx),
    q.pushed === 'yes' ? eq(doeExperiment.locked, true) : undefined,
    // Ready to be pushed: designed (a layout exists), not yet pushed.
    q.pushed === 'no' ? and(eq(doeExperiment.locked, false), inArray(doeExperiment.status, ['designed', 'finished', 'harvested'])) : undefined,
    q.keyword ? or(ilike(doeExperiment.code, likePattern(q.keyword)), ilike(doeExperiment.name, likePattern(q.keyword))) : undefined,
    filterConditions(q.filters, list.filters),
  );
  const { limit, offset } = pageWindow(q);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select(studyColumns)
      .from(doeExperiment)
      .where(where)
      .orderBy(...orderBy(q, list.sortable, [desc(doeExperiment.pushedAt), desc(doeExperiment.updatedAt)], doeExperiment.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(doeExperiment).where(where),
  ]);
  return { rows: rows.map(presentStudy), total: Number(total) };
}

/** The experiment's traits, in their order. */
export async function studyTraits(db: DbOrTx, ctx: RequestContext, experimentId: number): Promise<VariableRow[]> {
  const rows = await db
    .select({ variableId: phenoStudyTrait.variableId })
    .from(phenoStudyTrait)
    .where(eq(phenoStudyTrait.experimentId, experimentId))
    .orderBy(asc(phenoStudyTrait.sort), asc(phenoStudyTrait.variableId));
  return variablesById(
    db,
    ctx,
    rows.map((r) => r.variableId),
  );
}

export async function getStudy(db: DbOrTx, ctx: RequestContext, id: number): Promise<StudyDetail> {
  const [row] = await db
    .select(studyColumns)
    .from(doeExperiment)
    .where(and(inCrop(doeExperiment, ctx), eq(doeExperiment.id, id)));
  if (!row) throw notFound();
  return { ...presentStudy(row), traits: await studyTraits(db, ctx, id) };
}

// ---- push and traits --------------------------------------------------------------------------------------

async function requireVariables(db: DbOrTx, ctx: RequestContext, ids: number[]): Promise<VariableRow[]> {
  const unique = [...new Set(ids)];
  const found = await variablesById(db, ctx, unique);
  const missing = unique.find((id) => !found.some((v) => v.id === id));
  if (missing !== undefined) throw badRequest('PHENO_VARIABLE_NOT_FOUND', { id: missing });
  return found;
}

async function writeTraits(tx: Tx, experimentId: number, variables: VariableRow[]): Promise<void> {
  await tx.delete(phenoStudyTrait).where(eq(phenoStudyTrait.experimentId, experimentId));
  await tx.insert(phenoStudyTrait).values(variables.map((v, sort) => ({ experimentId, variableId: v.id, sort })));
}

/** Pushes a designed experiment to phenotyping (DOE locks it) with the traits it observes: one transaction. */
export async function pushStudy(db: DbOrTx, ctx: RequestContext, input: { experimentId: number; variableIds: number[] }): Promise<StudyDetail> {
  requireCropWrite(ctx);
  await db.transaction(async (tx) => {
    const exp = await studyExperiment(tx, ctx, input.experimentId);
    const variables = await requireVariables(tx, ctx, input.variableIds);
    const [{ plots }] = await tx.select({ plots: count() }).from(doePlot).where(eq(doePlot.experimentId, exp.id));
    if (!Number(plots)) throw badRequest('PHENO_NO_LAYOUT', { code: exp.code });
    // DOE refuses a second push or an experiment not designed, with its own message.
    await changeExperimentStatus(tx, ctx, exp.id, 'push');
    await writeTraits(tx, exp.id, variables);
  });
  return getStudy(db, ctx, input.experimentId);
}

/** Sets the traits of a pushed experiment; a trait that already has observations stays. */
export async function setStudyTraits(db: DbOrTx, ctx: RequestContext, input: { experimentId: number; variableIds: number[] }): Promise<StudyDetail> {
  requireCropWrite(ctx);
  await db.transaction(async (tx) => {
    const exp = await pushedExperiment(tx, ctx, input.experimentId);
    const variables = await requireVariables(tx, ctx, input.variableIds);
    const current = await studyTraits(tx, ctx, exp.id);
    const kept = new Set(variables.map((v) => v.id));
    for (const v of current.filter((c) => !kept.has(c.id))) {
      const [{ n }] = await tx
        .select({ n: count() })
        .from(phenoObservation)
        .where(and(eq(phenoObservation.experimentId, exp.id), eq(phenoObservation.variableId, v.id)));
      if (Number(n) > 0) throw conflict('PHENO_TRAIT_HAS_DATA', { trait: v.code, count: Number(n) });
    }
    await writeTraits(tx, exp.id, variables);
  });
  return getStudy(db, ctx, input.experimentId);
}

// ---- plots and cells --------------------------------------------------------------------------------------

const plotColumns = {
  ref: doePlot.id,
  site: doeExperimentSite.seq,
  plotId: doePlot.plotId,
  plotNumber: doePlot.plotNumber,
  rep: doePlot.rep,
  block: doePlot.block,
  row: doePlot.row,
  col: doePlot.col,
  entryNo: doePlot.entryNo,
  name: doePlot.name,
  entryType: doePlot.entryType,
};

/** The experiment's plots in planting order (site, plot number); one plot when `ref` is given. */
export async function studyPlots(db: DbOrTx, experimentId: number, ref?: number): Promise<GridPlot[]> {
  return db
    .select(plotColumns)
    .from(doePlot)
    .innerJoin(doeExperimentSite, eq(doeExperimentSite.id, doePlot.siteId))
    .where(and(eq(doePlot.experimentId, experimentId), ref ? eq(doePlot.id, ref) : undefined))
    .orderBy(asc(doeExperimentSite.seq), asc(doePlot.plotNumber), asc(doePlot.id));
}

const cellColumns = {
  id: phenoObservation.id,
  plotRef: phenoObservation.plotRef,
  variableId: phenoObservation.variableId,
  value: phenoObservation.value,
  numeric: phenoObservation.numeric,
  excluded: phenoObservation.excluded,
  excludeReason: phenoObservation.excludeReason,
  source: phenoObservation.source,
  person: phenoObservation.person,
  observedAt: phenoObservation.observedAt,
  versions: phenoObservation.versions,
};
type CellRaw = Omit<ObservationCell, 'observedAt'> & { observedAt: Date; numeric: number | null };

const presentCell = ({ numeric: _n, ...c }: CellRaw): ObservationCell => ({ ...c, observedAt: c.observedAt.toISOString() });

export async function studyCells(db: DbOrTx, ctx: RequestContext, experimentId: number, variableId?: number): Promise<CellRaw[]> {
  return db
    .select(cellColumns)
    .from(phenoObservation)
    .where(
      and(inOrg(phenoObservation, ctx), eq(phenoObservation.experimentId, experimentId), variableId ? eq(phenoObservation.variableId, variableId) : undefined),
    );
}

export async function studyGrid(db: DbOrTx, ctx: RequestContext, id: number) {
  const exp = await studyExperiment(db, ctx, id);
  const [plots, traits, cells] = await Promise.all([studyPlots(db, exp.id), studyTraits(db, ctx, exp.id), studyCells(db, ctx, exp.id)]);
  return { plots, traits, cells: cells.map(presentCell) };
}

// ---- recording ------------------------------------------------------------------------------------------

export interface Recording {
  plot: GridPlot;
  variable: VariableRow;
  /** The raw value; empty clears. */
  value: string;
  source: ObservationSource;
  person: string | null;
  observedAt: Date;
}

export type RecordOutcome = 'inserted' | 'updated' | 'unchanged' | 'cleared';

/** Checks a value against the trait's scale: the normalised value, or the refusal naming plot, trait and rule. */
export function checkRecording(r: Pick<Recording, 'plot' | 'variable' | 'value'>) {
  if (r.plot.entryType === 'filler') return { error: new AppError(400, 'PHENO_PLOT_FILLER', { plot: r.plot.plotId }) } as const;
  const check = checkScaleValue(r.variable, r.value);
  if (!check.ok) {
    return {
      error: new AppError(400, 'PHENO_OUT_OF_SCALE', { plot: r.plot.plotId, trait: r.variable.code, value: r.value.trim(), ...scaleRuleParams(check) }),
    } as const;
  }
  return { value: check.value, numeric: check.numeric } as const;
}

function historyOf(current: CellRaw, experimentId: number, orgId: number, ctx: RequestContext) {
  return {
    orgId,
    experimentId,
    plotRef: current.plotRef,
    variableId: current.variableId,
    value: current.value,
    source: current.source,
    person: current.person,
    observedAt: current.observedAt,
    changedBy: ctx.userId,
  };
}

/**
 * Applies checked recordings of one experiment in the caller's transaction: new cells are inserted, a
 * changed value moves the old one to the history, an equal value changes nothing (a re-import is
 * idempotent). When a batch names a cell twice, its last line counts and the earlier ones are "unchanged".
 */
export async function applyRecordings(
  tx: Tx,
  ctx: RequestContext,
  experimentId: number,
  recs: (Recording & { normalised: string; numeric: number | null })[],
): Promise<RecordOutcome[]> {
  const stamp = createdStamp(ctx);
  const key = (r: Recording) => `${r.plot.ref}:${r.variable.id}`;
  const last = new Map<string, number>();
  recs.forEach((r, i) => last.set(key(r), i));
  const existing = new Map<string, CellRaw>();
  const variableIds = [...new Set(recs.map((r) => r.variable.id))];
  if (recs.length) {
    const rows = await tx
      .select(cellColumns)
      .from(phenoObservation)
      .where(and(eq(phenoObservation.experimentId, experimentId), inArray(phenoObservation.variableId, variableIds)));
    for (const c of rows) existing.set(`${c.plotRef}:${c.variableId}`, c);
  }
  const outcomes: RecordOutcome[] = [];
  const inserts: (typeof phenoObservation.$inferInsert)[] = [];
  const history: (typeof phenoObservationHistory.$inferInsert)[] = [];
  const clears: number[] = [];
  const updates: { id: number; r: Recording & { normalised: string; numeric: number | null }; versions: number }[] = [];
  recs.forEach((r, i) => {
    if (last.get(key(r)) !== i) {
      outcomes.push('unchanged');
      return;
    }
    const cur = existing.get(key(r));
    if (r.normalised === '') {
      if (!cur) outcomes.push('unchanged');
      else {
        history.push(historyOf(cur, experimentId, stamp.orgId, ctx));
        clears.push(cur.id);
        outcomes.push('cleared');
      }
      return;
    }
    if (cur && cur.value === r.normalised) {
      outcomes.push('unchanged');
      return;
    }
    if (cur) {
      history.push(historyOf(cur, experimentId, stamp.orgId, ctx));
      updates.push({ id: cur.id, r, versions: cur.versions + 1 });
      outcomes.push('updated');
      return;
    }
    inserts.push({
      experimentId,
      plotRef: r.plot.ref,
      variableId: r.variable.id,
      value: r.normalised,
      numeric: r.numeric,
      observedAt: r.observedAt,
      person: r.person,
      source: r.source,
      ...stamp,
    });
    outcomes.push('inserted');
  });
  if (clears.length) await tx.delete(phenoObservation).where(inArray(phenoObservation.id, clears));
  for (let i = 0; i < inserts.length; i += 1000) await tx.insert(phenoObservation).values(inserts.slice(i, i + 1000));
  for (const u of updates) {
    await tx
      .update(phenoObservation)
      .set({
        value: u.r.normalised,
        numeric: u.r.numeric,
        observedAt: u.r.observedAt,
        person: u.r.person,
        source: u.r.source,
        // A new value is a new measurement: an earlier exclusion does not carry over.
        excluded: false,
        excludeReason: null,
        versions: u.versions,
        ...updatedStamp(ctx),
      })
      .where(eq(phenoObservation.id, u.id));
  }
  for (let i = 0; i < history.length; i += 1000) await tx.insert(phenoObservationHistory).values(history.slice(i, i + 1000));
  return outcomes;
}

async function studyVariable(db: DbOrTx, ctx: RequestContext, exp: StudyExperiment, variableId: number): Promise<VariableRow> {
  const traits = await studyTraits(db, ctx, exp.id);
  const v = traits.find((t) => t.id === variableId);
  if (!v) throw badRequest('PHENO_TRAIT_NOT_IN_STUDY', { trait: variableId, code: exp.code });
  return v;
}

async function studyPlot(db: DbOrTx, exp: StudyExperiment, plotRef: number): Promise<GridPlot> {
  const [plot] = await studyPlots(db, exp.id, plotRef);
  if (!plot) throw badRequest('PHENO_PLOT_NOT_FOUND', { plot: plotRef, code: exp.code });
  return plot;
}

/** Records one cell of the entry grid. */
export async function observe(
  db: DbOrTx,
  ctx: RequestContext,
  input: { experimentId: number; plotRef: number; variableId: number; value: string | null; person: string | null },
): Promise<{ cell: ObservationCell | null }> {
  requireCropWrite(ctx);
  return db.transaction(async (tx) => {
    const exp = await pushedExperiment(tx, ctx, input.experimentId);
    const variable = await studyVariable(tx, ctx, exp, input.variableId);
    const plot = await studyPlot(tx, exp, input.plotRef);
    const raw = (input.value ?? '').trim();
    let normalised = '';
    let numeric: number | null = null;
    if (raw !== '') {
      const checked = checkRecording({ plot, variable, value: raw });
      if ('error' in checked) throw checked.error!;
      normalised = checked.value;
      numeric = checked.numeric;
    }
    await applyRecordings(tx, ctx, exp.id, [
      { plot, variable, value: raw, normalised, numeric, source: 'grid', person: input.person ?? ctx.username ?? null, observedAt: new Date() },
    ]);
    const [cell] = await tx
      .select(cellColumns)
      .from(phenoObservation)
      .where(and(eq(phenoObservation.plotRef, plot.ref), eq(phenoObservation.variableId, variable.id)));
    return { cell: cell ? presentCell(cell) : null };
  });
}

/**
 * Records a plot's values of several traits in one transaction (the grid's "save per row"): each value is
 * checked against its trait's scale; one refusal (naming plot, trait and rule, the others listed under
 * `errors`) saves none of them.
 */
export async function observeRow(
  db: DbOrTx,
  ctx: RequestContext,
  input: { experimentId: number; plotRef: number; values: { variableId: number; value: string | null }[]; person: string | null },
): Promise<{ cells: (ObservationCell | null)[] }> {
  requireCropWrite(ctx);
  return db.transaction(async (tx) => {
    const exp = await pushedExperiment(tx, ctx, input.experimentId);
    const plot = await studyPlot(tx, exp, input.plotRef);
    const traits = await studyTraits(tx, ctx, exp.id);
    const recs: (Recording & { normalised: string; numeric: number | null })[] = [];
    const refusals: AppError[] = [];
    const errors: { field: string; rule: string; message: string; errorCode: string }[] = [];
    const now = new Date();
    input.values.forEach((v, i) => {
      const variable = traits.find((x) => x.id === v.variableId);
      if (!variable) throw badRequest('PHENO_TRAIT_NOT_IN_STUDY', { trait: v.variableId, code: exp.code });
      const raw = (v.value ?? '').trim();
      let normalised = '';
      let numeric: number | null = null;
      if (raw !== '') {
        const checked = checkRecording({ plot, variable, value: raw });
        if ('error' in checked) {
          const err = checked.error!;
          refusals.push(err);
          errors.push({
            field: `values.${i}.value`,
            rule: 'scale',
            errorCode: err.errorCode,
            message: formatMessage(errorMessages[err.errorCode][ctx.locale], err.params ?? {}),
          });
          return;
        }
        normalised = checked.value;
        numeric = checked.numeric;
      }
      recs.push({ plot, variable, value: raw, normalised, numeric, source: 'grid', person: input.person ?? ctx.username ?? null, observedAt: now });
    });
    if (refusals.length) throw new AppError(400, refusals[0].errorCode, refusals[0].params, { errors });
    await applyRecordings(tx, ctx, exp.id, recs);
    const saved = await tx
      .select(cellColumns)
      .from(phenoObservation)
      .where(
        and(
          eq(phenoObservation.plotRef, plot.ref),
          inArray(
            phenoObservation.variableId,
            input.values.map((v) => v.variableId),
          ),
        ),
      );
    const byVariable = new Map(saved.map((c) => [c.variableId, presentCell(c)]));
    return { cells: input.values.map((v) => byVariable.get(v.variableId) ?? null) };
  });
}

async function ownObservation(db: DbOrTx, ctx: RequestContext, id: number): Promise<CellRaw & { experimentId: number }> {
  const [row] = await db
    .select({ ...cellColumns, experimentId: phenoObservation.experimentId })
    .from(phenoObservation)
    .innerJoin(doeExperiment, eq(doeExperiment.id, phenoObservation.experimentId))
    .where(and(inOrg(phenoObservation, ctx), inCrop(doeExperiment, ctx), eq(phenoObservation.id, id)));
  if (!row) throw notFound();
  return row;
}

export async function observationHistory(db: DbOrTx, ctx: RequestContext, observationId: number): Promise<HistoryRow[]> {
  const cur = await ownObservation(db, ctx, observationId);
  const rows = await db
    .select({
      value: phenoObservationHistory.value,
      source: phenoObservationHistory.source,
      person: phenoObservationHistory.person,
      observedAt: phenoObservationHistory.observedAt,
      changedBy: sysUser.nickName,
      changedAt: phenoObservationHistory.changedAt,
    })
    .from(phenoObservationHistory)
    .leftJoin(sysUser, eq(sysUser.id, phenoObservationHistory.changedBy))
    .where(and(eq(phenoObservationHistory.plotRef, cur.plotRef), eq(phenoObservationHistory.variableId, cur.variableId)))
    .orderBy(desc(phenoObservationHistory.changedAt), desc(phenoObservationHistory.id));
  return rows.map((r) => ({ ...r, observedAt: toIso(r.observedAt), changedAt: r.changedAt.toISOString() }));
}

export async function excludeObservation(
  db: DbOrTx,
  ctx: RequestContext,
  input: { observationId: number; excluded: boolean; reason: string | null },
): Promise<ObservationCell> {
  requireCropWrite(ctx);
  if (input.excluded && !input.reason) throw new AppError(400, 'PHENO_EXCLUDE_REASON', {}, { errors: [] });
  const cur = await ownObservation(db, ctx, input.observationId);
  const [row] = await db
    .update(phenoObservation)
    .set({ excluded: input.excluded, excludeReason: input.excluded ? input.reason : null, ...updatedStamp(ctx) })
    .where(eq(phenoObservation.id, cur.id))
    .returning(cellColumns);
  return presentCell(row);
}
