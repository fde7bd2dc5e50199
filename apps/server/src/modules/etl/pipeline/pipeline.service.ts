import { and, asc, count, desc, eq, ilike, lte, sql } from 'drizzle-orm';
import type { Locale } from '@breedwise/contracts';
import type { PipelineInput, PipelinePreview, PipelineRow, PipelineSchedule, RunDetail, RunReportLine, RunRow } from '@breedwise/contracts/etl';
import { pipelineList } from '@breedwise/contracts/etl';
import type { DbOrTx } from '../../../db/client';
import type { RequestContext } from '../../../platform/context';
import { badRequest, notFound } from '../../../platform/errors';
import { filterConditions, listColumns } from '../../../platform/filters';
import { likePattern, orderBy, pageWindow } from '../../../platform/pagination';
import { createdStamp, inOrg, updatedStamp } from '../../../platform/tenant';
import { sysUser } from '../../system';
import { convertValue, typeNameParams, type ConvertType, type Scalar } from './convert';
import { etlPipeline, etlRun, type StoredMapping } from './pipeline.tables';
import { checkSourceSettings, readSource, type SourceData, type UploadedFile } from './sources';
import { findTarget, LOOKUPS, lookupIds, message, refusal, type ConvertedRow, type Target } from './targets';

type PipelineRecord = typeof etlPipeline.$inferSelect;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

// ---- mapping ----------------------------------------------------------------------------------------------

/** Checks a mapping against its business type: known target fields, once each, lookups that apply, every required field. */
export function checkMapping(target: Target, mapping: StoredMapping[]): void {
  const seen = new Set<string>();
  mapping.forEach((m, i) => {
    const field = target.fields.find((f) => f.key === m.target);
    if (!field) throw badRequest('ETL_MAPPING_TARGET_UNKNOWN', { index: i + 1, field: m.target, type: target.type });
    if (seen.has(m.target)) throw badRequest('ETL_MAPPING_TARGET_REPEATED', { field: m.target });
    seen.add(m.target);
    if (m.lookup && !field.lookups.includes(m.lookup)) throw badRequest('ETL_MAPPING_LOOKUP', { index: i + 1, lookup: m.lookup, field: m.target });
  });
  for (const f of target.fields) if (f.required && !seen.has(f.key)) throw badRequest('ETL_MAPPING_REQUIRED', { field: f.key });
}

async function targetOf(db: DbOrTx, ctx: RequestContext, type: string): Promise<Target> {
  const target = await findTarget(db, ctx, type);
  if (!target) throw badRequest('ETL_BUSINESS_TYPE_UNKNOWN', { type });
  return target;
}

/**
 * Maps and converts a source's rows onto the target's fields: a value that does not convert, a code
 * the lookup does not know and an empty required field refuse the row, naming row, column and rule.
 */
export async function convertRows(
  db: DbOrTx,
  ctx: RequestContext,
  target: Target,
  mapping: StoredMapping[],
  data: SourceData,
  locale: Locale,
): Promise<{ rows: ConvertedRow[]; refused: RunReportLine[] }> {
  // A source written `=text` is a constant (e.g. the experiment of a Field Book file, which names none).
  const constant = (m: StoredMapping) => (m.source.startsWith('=') ? m.source.slice(1) : undefined);
  for (const m of mapping)
    if (constant(m) === undefined && !data.columns.includes(m.source)) throw badRequest('ETL_SOURCE_COLUMN_MISSING', { column: m.source });
  const refused: RunReportLine[] = [];
  const rows: ConvertedRow[] = [];
  const failed = new Set<number>();
  const converted: { row: number; values: Record<string, Scalar> }[] = [];
  for (const r of data.rows) {
    const values: Record<string, Scalar> = {};
    for (const m of mapping) {
      const raw = constant(m) ?? r.values[m.source];
      const c = convertValue(raw, m.lookup ? 'text' : (m.convert as ConvertType), m.format);
      if (!c.ok) {
        failed.add(r.row);
        const shown = raw instanceof Date ? raw.toISOString() : String(raw);
        refused.push(
          refusal(
            r.row,
            m.source,
            m.convert,
            'ETL_CONVERT',
            message('ETL_CONVERT', { row: r.row, column: m.source, value: shown, ...typeNameParams(m.convert, m.format) }, locale),
          ),
        );
        continue;
      }
      values[m.target] = c.value;
    }
    converted.push({ row: r.row, values });
  }
  // Lookups: one query per mapped column.
  for (const m of mapping.filter((x) => x.lookup)) {
    const codes = converted.map((c) => c.values[m.target]).filter((v): v is string => typeof v === 'string');
    const ids = await lookupIds(db, ctx, m.lookup!, codes);
    for (const c of converted) {
      const code = c.values[m.target];
      if (typeof code !== 'string') continue;
      const id = ids.get(code);
      if (id === undefined) {
        failed.add(c.row);
        const l = LOOKUPS[m.lookup!].label;
        refused.push(
          refusal(
            c.row,
            m.source,
            'lookup',
            'ETL_LOOKUP_MISS',
            message('ETL_LOOKUP_MISS', { row: c.row, column: m.source, value: code, lookupZh: l['zh-CN'], lookupEn: l.en }, locale),
          ),
        );
      } else c.values[m.target] = id;
    }
  }
  const sourceOf = new Map(mapping.map((m) => [m.target, m.source]));
  for (const c of converted) {
    for (const f of target.fields) {
      if (!f.required || failed.has(c.row)) continue;
      const v = c.values[f.key];
      if (v === null || v === undefined) {
        failed.add(c.row);
        const label = f.label[locale];
        refused.push(
          refusal(
            c.row,
            sourceOf.get(f.key) ?? f.key,
            'required',
            'ETL_VALUE_REQUIRED',
            message('ETL_VALUE_REQUIRED', { row: c.row, column: sourceOf.get(f.key) ?? f.key, field: label }, locale),
          ),
        );
      }
    }
    if (!failed.has(c.row)) rows.push(c);
  }
  return { rows, refused };
}

// ---- pipelines --------------------------------------------------------------------------------------------

const list = listColumns(pipelineList, {
  filters: { name: etlPipeline.name, businessType: etlPipeline.businessType, createdAt: etlPipeline.createdAt },
  sort: { name: etlPipeline.name, businessType: etlPipeline.businessType, createdAt: etlPipeline.createdAt, updatedAt: etlPipeline.updatedAt },
});

const lastRun = sql<{ id: number; status: RunRow['status']; at: string } | null>`(
  select json_build_object('id', r.id, 'status', r.status, 'at', r.created_at) from etl_run r
  where r.pipeline_id = "etl_pipeline"."id" order by r.id desc limit 1)`;

function present(p: PipelineRecord & { last: { id: number; status: RunRow['status']; at: string } | null }): PipelineRow {
  return {
    id: p.id,
    name: p.name,
    businessType: p.businessType,
    source: p.source,
    mapping: p.mapping,
    schedule: p.schedule,
    loadValidRows: p.loadValidRows,
    remark: p.remark,
    nextRunAt: iso(p.nextRunAt),
    lastRunId: p.last?.id ?? null,
    lastRunStatus: p.last?.status ?? null,
    lastRunAt: p.last ? new Date(p.last.at).toISOString() : null,
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
  };
}

export async function listPipelines(
  db: DbOrTx,
  ctx: RequestContext,
  q: {
    pageNum: number;
    pageSize: number;
    keyword?: string;
    businessType?: string;
    filters?: { key: string; value: string }[];
    orderByColumn?: string;
    isAsc?: 'asc' | 'desc' | 'ascending' | 'descending';
  },
) {
  const where = and(
    inOrg(etlPipeline, ctx),
    q.businessType ? eq(etlPipeline.businessType, q.businessType) : undefined,
    q.keyword ? ilike(etlPipeline.name, likePattern(q.keyword)) : undefined,
    filterConditions(q.filters, list.filters),
  );
  const { limit, offset } = pageWindow(q);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ p: etlPipeline, last: lastRun })
      .from(etlPipeline)
      .where(where)
      .orderBy(...orderBy(q, list.sortable, [desc(etlPipeline.updatedAt)], etlPipeline.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(etlPipeline).where(where),
  ]);
  return { rows: rows.map((r) => present({ ...r.p, last: r.last })), total: Number(total) };
}

export async function pipelinesByType(db: DbOrTx, ctx: RequestContext, businessType: string) {
  return db
    .select({ id: etlPipeline.id, name: etlPipeline.name })
    .from(etlPipeline)
    .where(and(inOrg(etlPipeline, ctx), eq(etlPipeline.businessType, businessType)))
    .orderBy(asc(etlPipeline.name), asc(etlPipeline.id));
}

async function ownPipeline(db: DbOrTx, ctx: RequestContext, id: number): Promise<PipelineRecord> {
  const [p] = await db
    .select()
    .from(etlPipeline)
    .where(and(inOrg(etlPipeline, ctx), eq(etlPipeline.id, id)));
  if (!p) throw notFound();
  return p;
}

export async function getPipeline(db: DbOrTx, ctx: RequestContext, id: number): Promise<PipelineRow> {
  const [r] = await db
    .select({ p: etlPipeline, last: lastRun })
    .from(etlPipeline)
    .where(and(inOrg(etlPipeline, ctx), eq(etlPipeline.id, id)));
  if (!r) throw notFound();
  return present({ ...r.p, last: r.last });
}

/** The next run of a schedule, from now. */
export function nextRun(schedule: PipelineSchedule, from = new Date()): Date | null {
  return schedule.kind === 'interval' ? new Date(from.getTime() + schedule.minutes * 60_000) : null;
}

async function checkPipeline(db: DbOrTx, ctx: RequestContext, input: PipelineInput): Promise<void> {
  const target = await targetOf(db, ctx, input.businessType);
  checkMapping(target, input.mapping);
  checkSourceSettings(input.source);
  // A scheduled run has no one to upload a file.
  if (input.schedule.kind !== 'none' && (input.source.kind === 'file' || input.source.kind === 'fieldbook')) {
    throw badRequest('ETL_FILE_REQUIRED');
  }
}

export async function createPipeline(db: DbOrTx, ctx: RequestContext, input: PipelineInput): Promise<PipelineRow> {
  return db.transaction(async (tx) => {
    await checkPipeline(tx, ctx, input);
    const [row] = await tx
      .insert(etlPipeline)
      .values({
        cropId: ctx.cropId,
        name: input.name,
        businessType: input.businessType,
        source: input.source,
        mapping: input.mapping,
        schedule: input.schedule,
        loadValidRows: input.loadValidRows,
        remark: input.remark,
        nextRunAt: nextRun(input.schedule),
        ...createdStamp(ctx),
      })
      .returning({ id: etlPipeline.id });
    return getPipeline(tx, ctx, row.id);
  });
}

export async function updatePipeline(db: DbOrTx, ctx: RequestContext, input: PipelineInput & { id: number }): Promise<PipelineRow> {
  return db.transaction(async (tx) => {
    const cur = await ownPipeline(tx, ctx, input.id);
    await checkPipeline(tx, ctx, input);
    const sameSchedule = JSON.stringify(cur.schedule) === JSON.stringify(input.schedule);
    await tx
      .update(etlPipeline)
      .set({
        cropId: ctx.cropId ?? cur.cropId,
        name: input.name,
        businessType: input.businessType,
        source: input.source,
        mapping: input.mapping,
        schedule: input.schedule,
        loadValidRows: input.loadValidRows,
        remark: input.remark,
        nextRunAt: sameSchedule ? cur.nextRunAt : nextRun(input.schedule),
        ...updatedStamp(ctx),
      })
      .where(eq(etlPipeline.id, cur.id));
    return getPipeline(tx, ctx, cur.id);
  });
}

export async function deletePipeline(db: DbOrTx, ctx: RequestContext, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const p = await ownPipeline(tx, ctx, id);
    await tx.delete(etlPipeline).where(eq(etlPipeline.id, p.id));
  });
}

// ---- runs -------------------------------------------------------------------------------------------------

const runColumns = {
  id: etlRun.id,
  pipelineId: etlRun.pipelineId,
  taskId: etlRun.taskId,
  trigger: etlRun.trigger,
  status: etlRun.status,
  fileName: etlRun.fileName,
  total: etlRun.total,
  inserted: etlRun.inserted,
  updated: etlRun.updated,
  unchanged: etlRun.unchanged,
  refused: etlRun.refused,
  message: etlRun.message,
  createdBy: sysUser.nickName,
  createdAt: etlRun.createdAt,
  finishedAt: etlRun.finishedAt,
};
type RunRaw = Omit<RunRow, 'createdAt' | 'finishedAt'> & { createdAt: Date; finishedAt: Date | null };
const presentRun = (r: RunRaw): RunRow => ({ ...r, createdAt: r.createdAt.toISOString(), finishedAt: iso(r.finishedAt) });

export async function listRuns(db: DbOrTx, ctx: RequestContext, q: { pipelineId: number; pageNum: number; pageSize: number }) {
  await ownPipeline(db, ctx, q.pipelineId);
  const where = and(inOrg(etlRun, ctx), eq(etlRun.pipelineId, q.pipelineId));
  const { limit, offset } = pageWindow(q);
  const [rows, [{ total }]] = await Promise.all([
    db.select(runColumns).from(etlRun).leftJoin(sysUser, eq(sysUser.id, etlRun.createdBy)).where(where).orderBy(desc(etlRun.id)).limit(limit).offset(offset),
    db.select({ total: count() }).from(etlRun).where(where),
  ]);
  return { rows: rows.map(presentRun), total: Number(total) };
}

export async function getRun(db: DbOrTx, ctx: RequestContext, id: number): Promise<RunDetail> {
  const [r] = await db
    .select({ ...runColumns, report: etlRun.report })
    .from(etlRun)
    .leftJoin(sysUser, eq(sysUser.id, etlRun.createdBy))
    .where(and(inOrg(etlRun, ctx), eq(etlRun.id, id)));
  if (!r) throw notFound();
  const { report, ...rest } = r;
  return { ...presentRun(rest), report };
}

/** Records a run of a pipeline (queued); the caller creates its task and enqueues the job after the commit. */
export async function createRun(
  db: DbOrTx,
  ctx: RequestContext,
  pipelineId: number,
  trigger: 'manual' | 'schedule',
  file: UploadedFile | null,
): Promise<{ pipeline: PipelineRecord; runId: number }> {
  const p = await ownPipeline(db, ctx, pipelineId);
  if ((p.source.kind === 'file' || p.source.kind === 'fieldbook') && !file) throw badRequest('ETL_FILE_REQUIRED');
  const [run] = await db
    .insert(etlRun)
    .values({ pipelineId: p.id, trigger, status: 'queued', fileName: file?.name ?? null, ...createdStamp(ctx) })
    .returning({ id: etlRun.id });
  return { pipeline: p, runId: run.id };
}

/** How many report lines a run keeps in full; a larger run keeps its refused lines only (the counts cover all). */
export const REPORT_ALL_ROWS = 5_000;

/** Reads, maps, converts and checks a run's rows; nothing is written here. */
export async function prepareRun(db: DbOrTx, ctx: RequestContext, p: PipelineRecord, file: UploadedFile | null, locale: Locale) {
  const target = await targetOf(db, ctx, p.businessType);
  checkMapping(target, p.mapping);
  const data = await readSource(p.source, file);
  const { rows, refused } = await convertRows(db, ctx, target, p.mapping, data, locale);
  const prepared = await target.prepare(db, ctx, rows, { locale, sourceKind: p.source.kind });
  return { data, target, refused: [...refused, ...prepared.refused], settled: prepared.settled, prepared };
}

export function tally(lines: RunReportLine[], total: number) {
  const n = (s: RunReportLine['status']) => lines.filter((l) => l.status === s).length;
  const sorted = [...lines].sort((a, b) => a.row - b.row);
  return {
    total,
    inserted: n('inserted'),
    updated: n('updated'),
    unchanged: n('unchanged') + n('skipped'),
    refused: new Set(lines.filter((l) => l.status === 'refused').map((l) => l.row)).size,
    report: sorted.length > REPORT_ALL_ROWS ? sorted.filter((l) => l.status === 'refused') : sorted,
  };
}

export async function saveRun(db: DbOrTx, runId: number, values: Partial<typeof etlRun.$inferInsert>): Promise<void> {
  await db
    .update(etlRun)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(etlRun.id, runId));
}

/** The first rows of the source, converted, with the refusals a run would meet; nothing is written. */
export async function previewPipeline(db: DbOrTx, ctx: RequestContext, id: number, file: UploadedFile | null, locale: Locale): Promise<PipelinePreview> {
  const p = await ownPipeline(db, ctx, id);
  const target = await targetOf(db, ctx, p.businessType);
  checkMapping(target, p.mapping);
  const data = await readSource(p.source, file);
  const head = { columns: data.columns, rows: data.rows.slice(0, 20) };
  const { rows, refused } = await convertRows(db, ctx, target, p.mapping, head, locale);
  return {
    columns: target.fields.map((f) => f.key),
    rows: rows.map((r) => ({ row: r.row, ...r.values })),
    report: refused.sort((a, b) => a.row - b.row),
  };
}

/** Claims the pipelines whose scheduled run is due (moving their next run on), so two processes never both run one. */
export async function claimDuePipelines(db: DbOrTx, now = new Date()): Promise<PipelineRecord[]> {
  const due = await db.select().from(etlPipeline).where(lte(etlPipeline.nextRunAt, now));
  const claimed: PipelineRecord[] = [];
  for (const p of due) {
    const next = nextRun(p.schedule, now);
    const moved = await db
      .update(etlPipeline)
      .set({ nextRunAt: next })
      .where(and(eq(etlPipeline.id, p.id), eq(etlPipeline.nextRunAt, p.nextRunAt!)))
      .returning({ id: etlPipeline.id });
    if (moved.length) claimed.push(p);
  }
  return claimed;
}
