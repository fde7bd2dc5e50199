import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import { errorMessages, formatMessage, type Locale } from '@breedwise/contracts';
import {
  bookColumnLabels,
  type SurveyCell,
  type SurveyEntry,
  type SurveyGrid,
  type SurveyHistoryRow,
  type SurveyImportResult,
  type SurveyReportRow,
  type SurveySource,
} from '@breedwise/contracts/nursery';
import { checkScaleValue, scaleRuleParams, type VariableRow } from '@breedwise/contracts/pheno';
import type { DbOrTx, Tx } from '../../../db/client';
import { requireCropWrite, type RequestContext } from '../../../platform/context';
import { AppError, badRequest, conflict, notFound } from '../../../platform/errors';
import { createdStamp, inOrg, updatedStamp } from '../../../platform/tenant';
import { readFirstSheet, type CellValue } from '../../common';
import { variablesById } from '../../pheno';
import { sysUser } from '../../system';
import { getActivity, openActivity } from '../activity/activity.service';
import { nurseryActivity } from '../activity/activity.tables';
import { nurseryEntry as E } from '../entry/entry.tables';
import { nurserySurvey as S, nurserySurveyHistory as H, nurserySurveyTrait as T } from './survey.tables';

const cellColumns = {
  id: S.id,
  entryId: S.entryId,
  variableId: S.variableId,
  value: S.value,
  numeric: S.numeric,
  source: S.source,
  person: S.person,
  observedAt: S.observedAt,
  versions: S.versions,
};
type CellRaw = Omit<SurveyCell, 'observedAt'> & { observedAt: Date };
const presentCell = (c: CellRaw): SurveyCell => ({ ...c, observedAt: c.observedAt.toISOString() });

/** The traits a nursery surveys, in column order. */
export async function surveyTraits(db: DbOrTx, ctx: RequestContext, activityId: number): Promise<VariableRow[]> {
  const rows = await db.select({ id: T.variableId }).from(T).where(eq(T.activityId, activityId)).orderBy(asc(T.sort), asc(T.variableId));
  return variablesById(
    db,
    ctx,
    rows.map((r) => r.id),
  );
}

/** A nursery's entries as the survey and the feedback book show them, in entry order. */
export async function surveyEntries(db: DbOrTx, activityId: number, code: string): Promise<SurveyEntry[]> {
  const rows = await db
    .select({ id: E.id, entryNo: E.entryNo, name: E.name, generation: E.generation, pedigree: E.pedigree, plotNo: E.plotNo, fieldNo: E.fieldNo })
    .from(E)
    .where(eq(E.activityId, activityId))
    .orderBy(asc(E.entryNo));
  return rows.map((r) => ({ ...r, materialNo: `${code}-${String(r.entryNo).padStart(3, '0')}` }));
}

async function surveyCells(db: DbOrTx, activityId: number): Promise<CellRaw[]> {
  return db.select(cellColumns).from(S).where(eq(S.activityId, activityId));
}

export async function getSurveyGrid(db: DbOrTx, ctx: RequestContext, activityId: number): Promise<SurveyGrid> {
  const a = await getActivity(db, ctx, activityId);
  const [traits, entries, cells] = await Promise.all([surveyTraits(db, ctx, a.id), surveyEntries(db, a.id, a.code), surveyCells(db, a.id)]);
  return { activityId: a.id, code: a.code, finished: a.status === 'finished', traits, entries, cells: cells.map(presentCell) };
}

/** Sets the survey's traits (of the crop); a trait that already has values stays. Refused once the nursery is finished. */
export async function setSurveyTraits(db: DbOrTx, ctx: RequestContext, input: { activityId: number; variableIds: number[] }): Promise<SurveyGrid> {
  requireCropWrite(ctx);
  await db.transaction(async (tx) => {
    const a = await openActivity(tx, ctx, input.activityId, 'share');
    const ids = [...new Set(input.variableIds)];
    const found = await variablesById(tx, ctx, ids);
    const unknown = ids.find((id) => !found.some((v) => v.id === id));
    if (unknown !== undefined) {
      throw badRequest('NURSERY_SURVEY_TRAIT_NOT_IN_CROP', { trait: unknown });
    }
    const current = await surveyTraits(tx, ctx, a.id);
    for (const v of current.filter((c) => !ids.includes(c.id))) {
      const [{ n }] = await tx
        .select({ n: count() })
        .from(S)
        .where(and(eq(S.activityId, a.id), eq(S.variableId, v.id)));
      if (Number(n) > 0) throw conflict('NURSERY_SURVEY_TRAIT_HAS_DATA', { trait: v.code, count: Number(n) });
    }
    await tx.delete(T).where(eq(T.activityId, a.id));
    if (ids.length) await tx.insert(T).values(ids.map((variableId, sort) => ({ activityId: a.id, variableId, sort })));
  });
  return getSurveyGrid(db, ctx, input.activityId);
}

// ---- recording ------------------------------------------------------------------------------------------

export interface SurveyRecording {
  entry: SurveyEntry;
  variable: VariableRow;
  /** The checked value ('' clears). */
  value: string;
  numeric: number | null;
  source: SurveySource;
  person: string | null;
  observedAt: Date;
}

/** Checks a value against the trait's scale (pheno's rule): the normalised value, or the refusal naming entry, trait and rule. */
export function checkSurveyValue(entry: SurveyEntry, variable: VariableRow, raw: string) {
  const check = checkScaleValue(variable, raw);
  if (!check.ok) {
    return {
      error: new AppError(400, 'NURSERY_SURVEY_OUT_OF_SCALE', { entry: entry.materialNo, trait: variable.code, value: raw.trim(), ...scaleRuleParams(check) }),
    } as const;
  }
  return { value: check.value, numeric: check.numeric } as const;
}

/**
 * Applies checked values of one nursery in the caller's transaction: new cells are inserted, a changed
 * value moves the old one to the history, an equal value changes nothing (a re-import is idempotent).
 * When a batch names a cell twice, its last line counts and the earlier ones are "unchanged".
 */
async function applySurvey(tx: Tx, ctx: RequestContext, activityId: number, recs: SurveyRecording[]) {
  const stamp = createdStamp(ctx);
  const key = (entryId: number, variableId: number) => `${entryId}:${variableId}`;
  const last = new Map<string, number>();
  recs.forEach((r, i) => last.set(key(r.entry.id, r.variable.id), i));
  const existing = new Map<string, CellRaw>();
  if (recs.length) {
    const rows = await tx
      .select(cellColumns)
      .from(S)
      .where(and(eq(S.activityId, activityId), inArray(S.variableId, [...new Set(recs.map((r) => r.variable.id))])));
    for (const c of rows) existing.set(key(c.entryId, c.variableId), c);
  }
  const outcomes: ('inserted' | 'updated' | 'unchanged' | 'cleared')[] = [];
  const history: (typeof H.$inferInsert)[] = [];
  const inserts: (typeof S.$inferInsert)[] = [];
  const clears: number[] = [];
  const updates: { id: number; r: SurveyRecording; versions: number }[] = [];
  const historyOf = (c: CellRaw) => ({
    orgId: stamp.orgId,
    activityId,
    entryId: c.entryId,
    variableId: c.variableId,
    value: c.value,
    source: c.source,
    person: c.person,
    observedAt: c.observedAt,
    changedBy: ctx.userId,
  });
  recs.forEach((r, i) => {
    const k = key(r.entry.id, r.variable.id);
    const cur = existing.get(k);
    if (last.get(k) !== i || (cur ? cur.value === r.value : r.value === '')) {
      outcomes.push('unchanged');
      return;
    }
    if (cur) history.push(historyOf(cur));
    if (r.value === '') {
      clears.push(cur!.id);
      outcomes.push('cleared');
    } else if (cur) {
      updates.push({ id: cur.id, r, versions: cur.versions + 1 });
      outcomes.push('updated');
    } else {
      inserts.push({
        activityId,
        entryId: r.entry.id,
        variableId: r.variable.id,
        value: r.value,
        numeric: r.numeric,
        observedAt: r.observedAt,
        person: r.person,
        source: r.source,
        orgId: stamp.orgId,
        createdBy: stamp.createdBy,
        updatedBy: stamp.updatedBy,
      });
      outcomes.push('inserted');
    }
  });
  if (clears.length) await tx.delete(S).where(inArray(S.id, clears));
  for (let i = 0; i < inserts.length; i += 1000) await tx.insert(S).values(inserts.slice(i, i + 1000));
  for (const u of updates) {
    await tx
      .update(S)
      .set({
        value: u.r.value,
        numeric: u.r.numeric,
        observedAt: u.r.observedAt,
        person: u.r.person,
        source: u.r.source,
        versions: u.versions,
        ...updatedStamp(ctx),
      })
      .where(eq(S.id, u.id));
  }
  for (let i = 0; i < history.length; i += 1000) await tx.insert(H).values(history.slice(i, i + 1000));
  return outcomes;
}

/** Records one cell of the survey grid; refused once the nursery is finished. */
export async function observeSurvey(
  db: DbOrTx,
  ctx: RequestContext,
  input: { activityId: number; entryId: number; variableId: number; value: string | null; person: string | null },
): Promise<{ cell: SurveyCell | null }> {
  requireCropWrite(ctx);
  return db.transaction(async (tx) => {
    const a = await openActivity(tx, ctx, input.activityId, 'share');
    const variable = (await surveyTraits(tx, ctx, a.id)).find((v) => v.id === input.variableId);
    if (!variable) throw badRequest('NURSERY_SURVEY_TRAIT_UNKNOWN', { trait: input.variableId, code: a.code });
    const entry = (await surveyEntries(tx, a.id, a.code)).find((e) => e.id === input.entryId);
    if (!entry) throw badRequest('NURSERY_ENTRY_NOT_IN_ACTIVITY', { id: input.entryId });
    const raw = (input.value ?? '').trim();
    let value = '';
    let numeric: number | null = null;
    if (raw !== '') {
      const checked = checkSurveyValue(entry, variable, raw);
      if ('error' in checked) throw checked.error!;
      ({ value, numeric } = checked);
    }
    await applySurvey(tx, ctx, a.id, [
      { entry, variable, value, numeric, source: 'grid', person: input.person ?? ctx.username ?? null, observedAt: new Date() },
    ]);
    const [cell] = await tx
      .select(cellColumns)
      .from(S)
      .where(and(eq(S.entryId, entry.id), eq(S.variableId, variable.id)));
    return { cell: cell ? presentCell(cell) : null };
  });
}

export async function surveyHistory(db: DbOrTx, ctx: RequestContext, surveyId: number): Promise<SurveyHistoryRow[]> {
  const [cur] = await db
    .select({ entryId: S.entryId, variableId: S.variableId, cropId: nurseryActivity.cropId })
    .from(S)
    .innerJoin(nurseryActivity, eq(nurseryActivity.id, S.activityId))
    .where(and(inOrg(S, ctx), eq(S.id, surveyId)));
  if (!cur || cur.cropId !== ctx.cropId) throw notFound();
  const rows = await db
    .select({ value: H.value, source: H.source, person: H.person, observedAt: H.observedAt, changedBy: sysUser.nickName, changedAt: H.changedAt })
    .from(H)
    .leftJoin(sysUser, eq(sysUser.id, H.changedBy))
    .where(and(eq(H.entryId, cur.entryId), eq(H.variableId, cur.variableId)))
    .orderBy(desc(H.changedAt), desc(H.id));
  return rows.map((r) => ({ ...r, observedAt: r.observedAt ? r.observedAt.toISOString() : null, changedAt: r.changedAt.toISOString() }));
}

// ---- import of a filled feedback book -------------------------------------------------------------------

/** A large import reports its refused cells only (the counts cover every cell). */
const REPORT_ALL_ROWS = 2000;
const BRACKET = /\[([^\]]+)\]\s*$/;

function message(code: string, params: Record<string, unknown>, locale: Locale) {
  return formatMessage(errorMessages[code][locale], params);
}

function cellText(v: CellValue): string {
  if (v === null) return '';
  return String(v).trim();
}

/** A header naming a trait: `name [CODE]` as the book writes it, or the code, the name or a synonym. */
function traitOfHeader(traits: VariableRow[], header: string): { trait?: VariableRow; label: string } | null {
  const m = BRACKET.exec(header);
  const n = (m ? m[1] : header).trim().toLowerCase();
  if (!n) return null;
  const trait =
    traits.find((t) => t.code.toLowerCase() === n) ??
    traits.find((t) => t.name.toLowerCase() === n) ??
    traits.find((t) => t.synonyms.some((s) => s.toLowerCase() === n));
  if (trait) return { trait, label: trait.code };
  // A bracketed code is meant as a trait column even when the nursery does not survey it (reported per cell).
  return m ? { label: m[1].trim() } : null;
}

const MATERIAL_HEADERS = new Set(['materialno', ...Object.values(bookColumnLabels.materialNo).map((s) => s.toLowerCase())]);

/**
 * Imports survey values from an xlsx (a filled feedback book) in one transaction: every filled trait cell
 * is checked like a grid value, the valid ones are applied, the refused ones reported with the sheet row,
 * entry, trait and rule. Empty cells change nothing, and equal values neither: importing the same file
 * again reports every cell unchanged.
 */
export async function importSurvey(db: DbOrTx, ctx: RequestContext, activityId: number, bytes: Buffer, locale: Locale): Promise<SurveyImportResult> {
  requireCropWrite(ctx);
  const file = path.join(os.tmpdir(), `bw-survey-${randomUUID()}.xlsx`);
  await fs.writeFile(file, bytes);
  let sheet;
  try {
    sheet = await readFirstSheet(file);
  } finally {
    await fs.rm(file, { force: true });
  }
  return db.transaction(async (tx) => {
    const a = await openActivity(tx, ctx, activityId, 'share');
    const traits = await surveyTraits(tx, ctx, a.id);
    const byMaterial = new Map((await surveyEntries(tx, a.id, a.code)).map((e) => [e.materialNo.toLowerCase(), e]));
    const materialAt = sheet.headers.findIndex((h) => MATERIAL_HEADERS.has(h.trim().toLowerCase()));
    const columns = sheet.headers.flatMap((h, i) => {
      if (i === materialAt) return [];
      const hit = traitOfHeader(traits, h);
      return hit ? [{ i, ...hit }] : [];
    });
    if (materialAt < 0 || !columns.length) throw badRequest('NURSERY_SURVEY_BOOK_FORMAT');
    const now = new Date();
    const report: SurveyReportRow[] = [];
    const accepted: { at: number; rec: SurveyRecording }[] = [];
    for (const r of sheet.rows) {
      const materialNo = cellText(r.cells[materialAt] ?? null);
      const entry = byMaterial.get(materialNo.toLowerCase());
      for (const c of columns) {
        const value = cellText(r.cells[c.i] ?? null);
        if (value === '') continue;
        const row: SurveyReportRow = { row: r.rowNumber, materialNo, trait: c.label, value, status: 'refused', errorCode: null, message: null };
        report.push(row);
        const refuse = (code: string, params: Record<string, unknown>) => Object.assign(row, { errorCode: code, message: message(code, params, locale) });
        if (!entry) {
          refuse('NURSERY_SURVEY_ENTRY_UNKNOWN', { materialNo, code: a.code });
          continue;
        }
        if (!c.trait) {
          refuse('NURSERY_SURVEY_TRAIT_UNKNOWN', { trait: c.label, code: a.code });
          continue;
        }
        const checked = checkSurveyValue(entry, c.trait, value);
        if ('error' in checked) {
          refuse(checked.error!.errorCode, checked.error!.params);
          continue;
        }
        accepted.push({
          at: report.length - 1,
          rec: { entry, variable: c.trait, value: checked.value, numeric: checked.numeric, source: 'import', person: ctx.username ?? null, observedAt: now },
        });
      }
    }
    const outcomes = await applySurvey(
      tx,
      ctx,
      a.id,
      accepted.map((x) => x.rec),
    );
    accepted.forEach((x, i) => (report[x.at].status = outcomes[i] === 'cleared' ? 'unchanged' : outcomes[i]));
    const tally = (s: SurveyReportRow['status']) => report.filter((r) => r.status === s).length;
    return {
      inserted: tally('inserted'),
      updated: tally('updated'),
      unchanged: tally('unchanged'),
      refused: tally('refused'),
      rows: report.length > REPORT_ALL_ROWS ? report.filter((r) => r.status === 'refused') : report,
    };
  });
}
