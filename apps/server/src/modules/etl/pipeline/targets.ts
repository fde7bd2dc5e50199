import { and, eq, inArray } from 'drizzle-orm';
import { describeIssue, errorMessages, formatMessage, type Locale, type Translations } from '@breedwise/contracts';
import type { BusinessType, RunReportLine, TargetField } from '@breedwise/contracts/etl';
import { LOT_UNITS, LotCreate, lotUnitLabels, type LotInput } from '@breedwise/contracts/germ';
import type { VariableRow } from '@breedwise/contracts/pheno';
import type { DbOrTx, Tx } from '../../../db/client';
import type { RequestContext } from '../../../platform/context';
import { AppError } from '../../../platform/errors';
import { createdStamp, inCrop, inOrg, updatedStamp } from '../../../platform/tenant';
import type { AuditSource } from '../../audit';
import type { ResourceIo } from '../../common';
import { existingLocationCodes, locationIo } from '../../doe';
import { doeLocation } from '../../doe/location/location.tables';
import { doeExperiment } from '../../doe/experiment/experiment.tables';
import { createLotsInTx, existingAccessions, existingLotNos, germPlace, germplasmIo } from '../../germ';
import { germGermplasm } from '../../germ/germplasm/germplasm.tables';
import { applyRecordings, checkRecording, pushedExperiment, studyPlots, studyTraits, type Recording } from '../../pheno';
import { etlBusiness, etlBusinessData } from '../business/business.tables';
import type { Scalar } from './convert';

const t = (zh: string, en: string): Translations => ({ 'zh-CN': zh, en });

export const message = (code: string, params: Record<string, unknown>, locale: Locale) =>
  errorMessages[code] ? formatMessage(errorMessages[code][locale], params) : code;

/** A source row after mapping and conversion: target field -> value, with its row number in the source. */
export interface ConvertedRow {
  row: number;
  values: Record<string, Scalar>;
}

/** What a target makes of a run's rows before anything is written: the refusals, and how to load the rest. */
export interface Prepared {
  refused: RunReportLine[];
  /** Rows that need no write (already loaded, nothing to record). */
  settled: RunReportLine[];
  accepted: number;
  /** Loads the accepted rows in the run's transaction; answers one report line per accepted row. */
  apply(tx: Tx, runId: number): Promise<RunReportLine[]>;
}

export interface Target extends BusinessType {
  prepare(db: DbOrTx, ctx: RequestContext, rows: ConvertedRow[], opts: { locale: Locale; sourceKind: string }): Promise<Prepared>;
}

export const refusal = (row: number, field: string | null, rule: string, errorCode: string | null, text: string): RunReportLine => ({
  row,
  status: 'refused',
  field,
  rule,
  errorCode,
  message: text,
});
const line = (row: number, status: RunReportLine['status'], record: string | null = null): RunReportLine => ({
  row,
  status,
  field: null,
  rule: null,
  errorCode: null,
  message: null,
  record,
});

// ---- lookups --------------------------------------------------------------------------------------------

export const LOOKUPS: Record<string, { label: Translations }> = {
  'germplasm.accession': { label: t('种质库编号', 'germplasm accession') },
  'location.code': { label: t('地点编码', 'location code') },
  'experiment.code': { label: t('试验编号', 'experiment code') },
  'place.code': { label: t('存放位置编码', 'storage place code') },
};

/** Resolves codes to ids in the caller's organisation (and crop, for crop-scoped records). */
export async function lookupIds(db: DbOrTx, ctx: RequestContext, kind: string, codes: string[]): Promise<Map<string, number>> {
  const found = new Map<string, number>();
  const unique = [...new Set(codes)];
  for (let at = 0; at < unique.length; at += 5000) {
    const slice = unique.slice(at, at + 5000);
    let rows: { id: number; code: string }[] = [];
    if (kind === 'germplasm.accession') {
      if (!ctx.cropId) return found;
      rows = await db
        .select({ id: germGermplasm.id, code: germGermplasm.accessionNo })
        .from(germGermplasm)
        .where(and(inCrop(germGermplasm, ctx), inArray(germGermplasm.accessionNo, slice)));
    } else if (kind === 'location.code') {
      rows = await db
        .select({ id: doeLocation.id, code: doeLocation.code })
        .from(doeLocation)
        .where(and(inOrg(doeLocation, ctx), inArray(doeLocation.code, slice)));
    } else if (kind === 'place.code') {
      rows = await db
        .select({ id: germPlace.id, code: germPlace.code })
        .from(germPlace)
        .where(and(inOrg(germPlace, ctx), inArray(germPlace.code, slice)));
    } else if (kind === 'experiment.code') {
      rows = await db
        .select({ id: doeExperiment.id, code: doeExperiment.code })
        .from(doeExperiment)
        .where(and(inOrg(doeExperiment, ctx), inArray(doeExperiment.code, slice)));
    }
    for (const r of rows) found.set(r.code, r.id);
  }
  return found;
}

// ---- business data tables -------------------------------------------------------------------------------

type BusinessRecord = typeof etlBusiness.$inferSelect;

const sameData = (a: Record<string, Scalar>, b: Record<string, Scalar>) => {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const k of keys) if ((a[k] ?? null) !== (b[k] ?? null)) return false;
  return true;
};

/** The natural key of a business row: its key columns' values (null when the table has none). */
export function businessKey(b: Pick<BusinessRecord, 'columns'>, data: Record<string, Scalar>): string | null {
  const keys = b.columns.filter((c) => c.isKey);
  return keys.length ? JSON.stringify(keys.map((c) => data[c.key] ?? null)) : null;
}

export function businessTarget(b: BusinessRecord): Target {
  const keyCols = b.columns.filter((c) => c.isKey).map((c) => c.key);
  return {
    type: `data:${b.code}`,
    label: t(b.name, b.name),
    builtin: false,
    naturalKey: keyCols,
    fields: b.columns.map((c): TargetField => ({
      key: c.key,
      label: t(c.label, c.label),
      type: c.type,
      required: c.required || c.isKey,
      lookups: c.type === 'integer' ? Object.keys(LOOKUPS) : [],
    })),
    prepare: async (_db, ctx, rows, { locale }) => {
      const refused: RunReportLine[] = [];
      const firstRow = new Map<string, number>();
      const accepted: { row: number; key: string | null; data: Record<string, Scalar> }[] = [];
      for (const r of rows) {
        const data = Object.fromEntries(b.columns.map((c) => [c.key, r.values[c.key] ?? null]));
        const key = businessKey(b, data);
        const first = key === null ? undefined : firstRow.get(key);
        if (key !== null && first !== undefined) {
          refused.push(refusal(r.row, keyCols.join(', '), 'unique', 'ETL_KEY_REPEATED', message('ETL_KEY_REPEATED', { row: r.row, key, first }, locale)));
          continue;
        }
        if (key !== null) firstRow.set(key, r.row);
        accepted.push({ row: r.row, key, data });
      }
      return {
        refused,
        settled: [],
        accepted: accepted.length,
        apply: async (tx, runId) => {
          const keys = accepted.map((a) => a.key).filter((k): k is string => k !== null);
          const existing = new Map<string, { id: number; data: Record<string, Scalar> }>();
          for (let at = 0; at < keys.length; at += 5000) {
            const found = await tx
              .select({ id: etlBusinessData.id, keyValue: etlBusinessData.keyValue, data: etlBusinessData.data })
              .from(etlBusinessData)
              .where(and(eq(etlBusinessData.businessId, b.id), inArray(etlBusinessData.keyValue, keys.slice(at, at + 5000))));
            for (const f of found) existing.set(f.keyValue!, f);
          }
          const out: RunReportLine[] = [];
          const inserts: (typeof etlBusinessData.$inferInsert)[] = [];
          for (const a of accepted) {
            const cur = a.key === null ? undefined : existing.get(a.key);
            const record = a.key === null ? null : (JSON.parse(a.key) as Scalar[]).map((v) => String(v ?? '')).join(' · ');
            if (cur && sameData(cur.data, a.data)) out.push(line(a.row, 'unchanged', record));
            else if (cur) {
              await tx
                .update(etlBusinessData)
                .set({ data: a.data, runId, ...updatedStamp(ctx) })
                .where(eq(etlBusinessData.id, cur.id));
              out.push(line(a.row, 'updated', record));
            } else {
              inserts.push({ businessId: b.id, runId, keyValue: a.key, data: a.data, ...createdStamp(ctx) });
              out.push(line(a.row, 'inserted', record));
            }
          }
          for (let at = 0; at < inserts.length; at += 1000) await tx.insert(etlBusinessData).values(inserts.slice(at, at + 1000));
          return out;
        },
      };
    },
  };
}

// ---- observations (the phenotype module's rules and history) -------------------------------------------

function matchTrait(traits: VariableRow[], name: string): VariableRow | undefined {
  const n = name.trim().toLowerCase();
  return traits.find((v) => v.code.toLowerCase() === n || v.name.toLowerCase() === n || v.synonyms.some((s) => s.toLowerCase() === n));
}

type CheckedRecording = Recording & { normalised: string; numeric: number | null };

export const observationTarget: Target = {
  type: 'observation',
  label: t('观测值', 'Observations'),
  builtin: true,
  naturalKey: ['experimentId', 'plotId', 'trait'],
  fields: [
    { key: 'experimentId', label: t('试验', 'Experiment'), type: 'integer', required: true, lookups: ['experiment.code'] },
    { key: 'plotId', label: t('小区编号', 'Plot id'), type: 'text', required: true, lookups: [] },
    { key: 'trait', label: t('性状', 'Trait'), type: 'text', required: true, lookups: [] },
    { key: 'value', label: t('观测值', 'Value'), type: 'text', required: false, lookups: [] },
    { key: 'person', label: t('记录人', 'Recorded by'), type: 'text', required: false, lookups: [] },
    { key: 'observedAt', label: t('观测日期', 'Observed on'), type: 'date', required: false, lookups: [] },
  ],
  prepare: async (db, ctx, rows, { locale, sourceKind }) => {
    const refused: RunReportLine[] = [];
    const settled: RunReportLine[] = [];
    const byExperiment = new Map<number, { row: number; rec: CheckedRecording }[]>();
    const experiments = new Map<number, { error: AppError } | { plots: Map<string, Awaited<ReturnType<typeof studyPlots>>[number]>; traits: VariableRow[] }>();
    const now = new Date();
    for (const r of rows) {
      const experimentId = Number(r.values.experimentId);
      if (!experiments.has(experimentId)) {
        try {
          const exp = await pushedExperiment(db, ctx, experimentId);
          const [plots, traits] = await Promise.all([studyPlots(db, exp.id), studyTraits(db, ctx, exp.id)]);
          experiments.set(experimentId, { plots: new Map(plots.map((p) => [p.plotId, p])), traits });
        } catch (e) {
          if (!(e instanceof AppError)) throw e;
          experiments.set(experimentId, { error: e });
        }
      }
      const exp = experiments.get(experimentId)!;
      if ('error' in exp) {
        refused.push(refusal(r.row, 'experimentId', 'exists', exp.error.errorCode, message(exp.error.errorCode, exp.error.params ?? {}, locale)));
        continue;
      }
      const value = r.values.value === null || r.values.value === undefined ? '' : String(r.values.value);
      if (value === '') {
        // An empty cell is a value not measured: nothing to record (a pipeline never clears a value).
        settled.push(line(r.row, 'skipped'));
        continue;
      }
      const plotId = String(r.values.plotId);
      const plot = exp.plots.get(plotId);
      if (!plot) {
        refused.push(refusal(r.row, 'plotId', 'exists', 'PHENO_FIELDBOOK_PLOT', message('PHENO_FIELDBOOK_PLOT', { plot: plotId }, locale)));
        continue;
      }
      const variable = matchTrait(exp.traits, String(r.values.trait));
      if (!variable) {
        refused.push(refusal(r.row, 'trait', 'exists', 'PHENO_FIELDBOOK_TRAIT', message('PHENO_FIELDBOOK_TRAIT', { trait: r.values.trait }, locale)));
        continue;
      }
      const checked = checkRecording({ plot, variable, value });
      if ('error' in checked) {
        const err = checked.error!;
        refused.push(refusal(r.row, 'value', 'scale', err.errorCode, message(err.errorCode, err.params ?? {}, locale)));
        continue;
      }
      const list = byExperiment.get(experimentId) ?? [];
      list.push({
        row: r.row,
        rec: {
          plot,
          variable,
          value,
          normalised: checked.value,
          numeric: checked.numeric,
          source: sourceKind === 'fieldbook' ? 'fieldbook' : 'import',
          person: r.values.person === null || r.values.person === undefined ? null : String(r.values.person),
          observedAt: typeof r.values.observedAt === 'string' ? new Date(`${r.values.observedAt}T00:00:00Z`) : now,
        },
      });
      byExperiment.set(experimentId, list);
    }
    return {
      refused,
      settled,
      accepted: [...byExperiment.values()].reduce((n, l) => n + l.length, 0),
      apply: async (tx) => {
        const out: RunReportLine[] = [];
        for (const [experimentId, list] of byExperiment) {
          const outcomes = await applyRecordings(
            tx,
            ctx,
            experimentId,
            list.map((l) => l.rec),
          );
          list.forEach((l, i) => out.push(line(l.row, outcomes[i] === 'cleared' ? 'updated' : outcomes[i], `${l.rec.plot.plotId} · ${l.rec.variable.code}`)));
        }
        return out;
      },
    };
  },
};

// ---- records with an import (locations, germplasm): the import's row schema and checks ----------------

function ioTarget<Input>(
  type: string,
  label: Translations,
  io: ResourceIo<unknown, Input, unknown>,
  keyField: string,
  existingKeys: (db: DbOrTx, ctx: RequestContext, keys: string[]) => Promise<{ has(key: string): boolean }>,
  /** Names the loaded record when its key is left to the server (a germplasm numbered by its series). */
  labelField?: string,
): Target {
  const columns = io.columns.filter((c) => !c.exportOnly);
  return {
    type,
    label,
    builtin: true,
    naturalKey: [keyField],
    fields: columns.map((c) => ({ key: c.key, label: c.label, type: c.type === 'number' ? 'decimal' : 'text', required: !!c.required, lookups: [] })),
    prepare: async (db, ctx, rows, { locale }) => {
      const refused: RunReportLine[] = [];
      const settled: RunReportLine[] = [];
      const keys = rows.map((r) => r.values[keyField]).filter((k): k is string => typeof k === 'string' && k !== '');
      const taken = await existingKeys(db, ctx, keys);
      const checked: { rowNumber: number; value: Input }[] = [];
      const failed = new Set<number>();
      for (const r of rows) {
        const key = r.values[keyField];
        if (typeof key === 'string' && taken.has(key)) {
          // Already loaded (by an earlier run or by hand): a re-run leaves the record as it is.
          settled.push(line(r.row, 'unchanged', key));
          continue;
        }
        const raw = Object.fromEntries(columns.map((c) => [c.key, r.values[c.key] === null ? undefined : r.values[c.key]]));
        const result = io.rowSchema.safeParse(raw);
        if (result.success) checked.push({ rowNumber: r.row, value: result.data });
        else {
          failed.add(r.row);
          for (const issue of result.error.issues) {
            const e = describeIssue(issue as never, locale, (code, params) => message(code, params, locale));
            refused.push(refusal(r.row, String(issue.path[0] ?? ''), e.rule, e.errorCode ?? null, e.message));
          }
        }
      }
      const problems = io.check ? await io.check(db, ctx, checked, locale) : new Map<number, { field: string; message: string }[]>();
      const accepted: { row: number; value: Input }[] = [];
      checked.forEach((c, i) => {
        const p = problems.get(i);
        if (p?.length) for (const x of p) refused.push(refusal(c.rowNumber, x.field, 'check', null, x.message));
        else accepted.push({ row: c.rowNumber, value: c.value });
      });
      return {
        refused,
        settled,
        accepted: accepted.length,
        apply: async (tx) => {
          await io.insert(
            tx,
            ctx,
            accepted.map((a) => a.value),
          );
          return accepted.map((a) => {
            const v = a.value as Record<string, unknown>;
            const record = v[keyField] ?? (labelField ? v[labelField] : null);
            return line(a.row, 'inserted', record === null || record === undefined || record === '' ? null : String(record));
          });
        },
      };
    },
  };
}

export const locationTarget = ioTarget('location', t('地点', 'Locations'), locationIo as ResourceIo<unknown, unknown, unknown>, 'code', existingLocationCodes);
export const germplasmTarget = ioTarget(
  'germplasm',
  t('种质', 'Germplasm'),
  germplasmIo as ResourceIo<unknown, unknown, unknown>,
  'accessionNo',
  existingAccessions,
  'name',
);

// ---- seed lots (the lot screen's rules, an opening deposit in the ledger) ---------------------------------

/** A unit as written in a sheet: its code (`g`, `kg`, `seed` ...) or its label in either language (克, seeds). */
export function lotUnitOf(raw: Scalar): string | null {
  if (raw === null || raw === undefined) return null;
  const v = String(raw).trim().toLowerCase();
  for (const u of LOT_UNITS) {
    if (u === v || lotUnitLabels[u]['zh-CN'].toLowerCase() === v || lotUnitLabels[u].en.toLowerCase() === v) return u;
  }
  return String(raw).trim();
}

export const lotTarget: Target = {
  type: 'lot',
  label: t('种子批次', 'Seed lots'),
  builtin: true,
  naturalKey: ['lotNo'],
  fields: [
    { key: 'germplasmId', label: t('种质', 'Germplasm'), type: 'integer', required: true, lookups: ['germplasm.accession'] },
    { key: 'placeId', label: t('存放位置', 'Storage place'), type: 'integer', required: true, lookups: ['place.code'] },
    { key: 'unit', label: t('单位', 'Unit'), type: 'text', required: true, lookups: [] },
    { key: 'quantity', label: t('数量', 'Quantity'), type: 'decimal', required: true, lookups: [] },
    { key: 'lotNo', label: t('批次号', 'Lot number'), type: 'text', required: false, lookups: [] },
    { key: 'harvestYear', label: t('收获年份', 'Harvest year'), type: 'integer', required: false, lookups: [] },
    { key: 'seedSource', label: t('种子来源', 'Seed source'), type: 'text', required: false, lookups: [] },
    { key: 'remark', label: t('备注', 'Remark'), type: 'text', required: false, lookups: [] },
  ],
  prepare: async (db, ctx, rows, { locale }) => {
    const refused: RunReportLine[] = [];
    const settled: RunReportLine[] = [];
    const accepted: { row: number; value: LotInput }[] = [];
    const num = (v: Scalar) => (v === null || v === undefined ? undefined : typeof v === 'number' ? v : Number(v));
    // Ids given without a lookup must still be the crop's germplasm and the organisation's places.
    const germplasmIds = [...new Set(rows.map((r) => num(r.values.germplasmId)).filter((v): v is number => Number.isInteger(v)))];
    const placeIds = [...new Set(rows.map((r) => num(r.values.placeId)).filter((v): v is number => Number.isInteger(v)))];
    const knownGermplasm = new Set<number>();
    const knownPlaces = new Set<number>();
    for (let at = 0; at < germplasmIds.length; at += 5000) {
      const found = await db
        .select({ id: germGermplasm.id })
        .from(germGermplasm)
        .where(and(inCrop(germGermplasm, ctx), inArray(germGermplasm.id, germplasmIds.slice(at, at + 5000))));
      for (const f of found) knownGermplasm.add(f.id);
    }
    for (let at = 0; at < placeIds.length; at += 5000) {
      const found = await db
        .select({ id: germPlace.id })
        .from(germPlace)
        .where(and(inOrg(germPlace, ctx), inArray(germPlace.id, placeIds.slice(at, at + 5000))));
      for (const f of found) knownPlaces.add(f.id);
    }
    const lotNos = rows.map((r) => r.values.lotNo).filter((v): v is string => typeof v === 'string' && v.trim() !== '');
    const taken = await existingLotNos(
      db,
      ctx,
      lotNos.map((v) => v.trim()),
    );
    const firstRow = new Map<string, number>();
    const notFound = message('RECORD_NOT_FOUND', {}, locale);
    for (const r of rows) {
      const parsed = LotCreate.safeParse({
        germplasmId: num(r.values.germplasmId),
        placeId: num(r.values.placeId),
        unit: lotUnitOf(r.values.unit),
        quantity: num(r.values.quantity),
        lotNo: r.values.lotNo ?? null,
        harvestYear: num(r.values.harvestYear) ?? null,
        seedSource: r.values.seedSource ?? null,
        remark: r.values.remark ?? null,
      });
      if (!parsed.success) {
        for (const issue of parsed.error.issues) {
          const e = describeIssue(issue as never, locale, (code, params) => message(code, params, locale));
          refused.push(refusal(r.row, String(issue.path[0] ?? ''), e.rule, e.errorCode ?? null, e.message));
        }
        continue;
      }
      const v = parsed.data;
      if (!knownGermplasm.has(v.germplasmId)) {
        refused.push(refusal(r.row, 'germplasmId', 'exists', 'RECORD_NOT_FOUND', notFound));
        continue;
      }
      if (!knownPlaces.has(v.placeId)) {
        refused.push(refusal(r.row, 'placeId', 'exists', 'RECORD_NOT_FOUND', notFound));
        continue;
      }
      if (v.lotNo) {
        const first = firstRow.get(v.lotNo);
        if (first !== undefined) {
          refused.push(refusal(r.row, 'lotNo', 'unique', 'ETL_KEY_REPEATED', message('ETL_KEY_REPEATED', { row: r.row, key: v.lotNo, first }, locale)));
          continue;
        }
        firstRow.set(v.lotNo, r.row);
        const existing = taken.get(v.lotNo);
        if (existing && existing.germplasmId === v.germplasmId) {
          // Loaded before (by an earlier run or by hand): a re-run leaves the lot and its ledger as they are.
          settled.push(line(r.row, 'unchanged', v.lotNo));
          continue;
        }
        if (existing) {
          refused.push(refusal(r.row, 'lotNo', 'unique', 'GERM_LOT_NO_EXISTS', message('GERM_LOT_NO_EXISTS', { lotNo: v.lotNo }, locale)));
          continue;
        }
      }
      accepted.push({ row: r.row, value: v });
    }
    return {
      refused,
      settled,
      accepted: accepted.length,
      apply: async (tx, runId) => {
        const src: AuditSource = {
          orgId: ctx.orgId,
          userId: ctx.userId,
          username: ctx.username || null,
          ip: null,
          userAgent: 'data pipeline',
          requestId: `etl-run-${runId}`,
        };
        const lots = await createLotsInTx(
          tx,
          ctx,
          src,
          accepted.map((a) => a.value),
        );
        return accepted.map((a, i) => line(a.row, 'inserted', lots[i].lotNo));
      },
    };
  },
};

/** The built-in business types, registered by code. */
export const BUILTIN_TARGETS: Target[] = [observationTarget, germplasmTarget, lotTarget, locationTarget];

/** The business type of a pipeline: a built-in target or a business data table (`data:<code>`). */
export async function findTarget(db: DbOrTx, ctx: RequestContext, type: string): Promise<Target | null> {
  const builtin = BUILTIN_TARGETS.find((b) => b.type === type);
  if (builtin) return builtin;
  if (!type.startsWith('data:')) return null;
  const [b] = await db
    .select()
    .from(etlBusiness)
    .where(and(inOrg(etlBusiness, ctx), eq(etlBusiness.code, type.slice(5))));
  return b ? businessTarget(b) : null;
}
