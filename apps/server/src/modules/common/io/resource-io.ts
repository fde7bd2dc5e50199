import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  describeIssue,
  errorMessages,
  formatMessage,
  IMPORT_MODES,
  type ImportMode,
  type ImportReport,
  type ImportRowError,
  type Locale,
  type Translations,
} from '@breedwise/contracts';
import type { Db, DbOrTx, Tx } from '../../../db/client';
import type { RequestContext } from '../../../platform/context';
import { requireOrg } from '../../../platform/context';
import { AppError } from '../../../platform/errors';
import type { JobDeps } from '../../../platform/module';
import { ok } from '../../../platform/reply';
import { contentDisposition, storeStagedFile } from '../file/file.service';
import { readUpload } from '../multipart';
import type { JobContext, JobQueue } from '../jobs/queue';
import { createTask } from '../task/task.service';
import { sysFile } from '../file/file.tables';
import { eq } from 'drizzle-orm';
import { buildWorkbook, readFirstSheet, writeWorkbookFile, type CellValue } from './xlsx';
import { importedText, trimUncoversFormula } from './cells';

export interface IoColumn<Row> {
  key: string;
  label: Translations;
  type?: 'text' | 'number';
  required?: boolean;
  hint?: Translations;
  width?: number;
  /** Export value; default `row[key]`. */
  value?(row: Row, locale: Locale): unknown;
  /** Column only exported (e.g. audit fields), never read by an import. */
  exportOnly?: boolean;
}

export interface ResourceIo<Row, Input, Query> {
  module: string;
  resource: string;
  title: Translations;
  columns: IoColumn<Row>[];
  permissions: { import: string; export: string };
  /** Validates one imported row (after header mapping). */
  rowSchema: z.ZodType<Input>;
  /** Checks that need the database or the whole file (e.g. unique codes): errors by index into `rows`. */
  check?(
    db: DbOrTx,
    ctx: RequestContext,
    rows: { rowNumber: number; value: Input }[],
    locale: Locale,
  ): Promise<Map<number, { field: string; message: string }[]>>;
  insert(tx: Tx, ctx: RequestContext, rows: Input[]): Promise<void>;
  /** The export query: the list's filters and sort, without paging. */
  exportQuery: z.ZodType<Query>;
  count(db: DbOrTx, ctx: RequestContext, query: Query): Promise<number>;
  list(db: DbOrTx, ctx: RequestContext, query: Query, page: { pageNum: number; pageSize: number }): Promise<Row[]>;
}

const IMPORT_ERROR_LIMIT = 5_000;

const normalise = (s: string) => s.replace(/[*＊\s]/g, '').toLowerCase();
const headerOf = (c: IoColumn<unknown>, locale: Locale) => `${c.label[locale]}${c.required ? '*' : ''}`;
const xlsxType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const dated = (name: string) => `${name}-${new Date().toISOString().slice(0, 10)}.xlsx`;

function translate(code: string, locale: Locale, params: Record<string, unknown>) {
  const e = errorMessages[code];
  return e ? formatMessage(e[locale], params) : code;
}

/** The context a job acts in: the organisation and user who started the task. */
export function taskContext(task: { orgId: number; createdBy: number | null }, locale: Locale, cropId: number | null = null): RequestContext {
  return {
    sessionId: 'job',
    userId: task.createdBy ?? 0,
    username: '',
    orgId: task.orgId,
    cropId,
    cropAccess: cropId ? 'operate' : null,
    roles: [],
    permissions: [],
    locale,
    ip: 'job',
    platformAdmin: false,
  };
}

function cellToValue(v: CellValue, type: 'text' | 'number' = 'text'): unknown {
  if (v === null || (typeof v === 'string' && v.trim() === '')) return undefined;
  if (type === 'number') {
    if (typeof v === 'number') return v;
    const n = Number(String(v).trim());
    return Number.isFinite(n) ? n : String(v).trim();
  }
  // Texts are kept as typed (trimmed); a formula-like text is stored as text and neutralised on export.
  return typeof v === 'string' ? importedText(v.trim()) : String(v);
}

/** Reads and validates every row of an import file; nothing is written here. */
export async function validateImport<Row, Input, Query>(
  io: ResourceIo<Row, Input, Query>,
  db: DbOrTx,
  ctx: RequestContext,
  file: string,
  locale: Locale,
  mode: ImportMode,
  onProgress?: (fraction: number) => Promise<void>,
): Promise<{ report: ImportReport; valid: Input[] }> {
  const sheet = await readFirstSheet(file);
  const importable = io.columns.filter((c) => !c.exportOnly);
  const index = new Map<string, number>();
  sheet.headers.forEach((h, i) => {
    const n = normalise(h);
    const col = importable.find((c) => [c.key, c.label['zh-CN'], c.label.en].some((name) => normalise(name) === n));
    if (col && !index.has(col.key)) index.set(col.key, i);
  });
  const missing = importable.filter((c) => c.required && !index.has(c.key));
  if (missing.length) throw new AppError(400, 'IMPORT_HEADER_MISSING', { columns: missing.map((c) => c.label[locale]).join(', ') });
  if (sheet.rows.length === 0) throw new AppError(400, 'IMPORT_NO_ROWS');

  const errors: ImportRowError[] = [];
  const parsed: { rowNumber: number; value: Input }[] = [];
  const failed = new Set<number>();
  for (const [i, row] of sheet.rows.entries()) {
    const raw: Record<string, unknown> = {};
    const hidden: ImportRowError[] = [];
    for (const c of importable) {
      const at = index.get(c.key);
      if (at === undefined) continue;
      const cell = row.cells[at] ?? null;
      // `\t=1+1` must not be trimmed into `=1+1`: a tab or line break hiding a formula is refused.
      if (typeof cell === 'string' && (c.type ?? 'text') === 'text' && trimUncoversFormula(cell)) {
        hidden.push({ row: row.rowNumber, field: c.key, message: translate('IMPORT_CELL_HIDDEN_FORMULA', locale, { field: c.label[locale] }) });
      }
      raw[c.key] = cellToValue(cell, c.type);
    }
    const result = io.rowSchema.safeParse(raw);
    if (result.success && !hidden.length) parsed.push({ rowNumber: row.rowNumber, value: result.data });
    else {
      failed.add(row.rowNumber);
      errors.push(...hidden);
      for (const issue of result.success ? [] : result.error.issues) {
        const e = describeIssue(issue as never, locale, (code, params) => translate(code, locale, params));
        errors.push({ row: row.rowNumber, field: e.field, message: e.message });
      }
    }
    if (onProgress && i % 500 === 499) await onProgress((i / sheet.rows.length) * 0.5);
  }
  const extra = io.check ? await io.check(db, ctx, parsed, locale) : new Map();
  const valid: Input[] = [];
  parsed.forEach((p, i) => {
    const problems = extra.get(i);
    if (problems?.length) {
      failed.add(p.rowNumber);
      for (const pr of problems) errors.push({ row: p.rowNumber, field: pr.field, message: pr.message });
    } else valid.push(p.value);
  });
  errors.sort((a, b) => a.row - b.row);
  const refused = mode === 'all' && failed.size > 0;
  return {
    report: {
      mode,
      total: sheet.rows.length,
      valid: valid.length,
      invalid: failed.size,
      imported: refused ? 0 : valid.length,
      refused,
      errors: errors.slice(0, IMPORT_ERROR_LIMIT),
    },
    valid: refused ? [] : valid,
  };
}

async function* exportRows<Row, Input, Query>(
  io: ResourceIo<Row, Input, Query>,
  db: DbOrTx,
  ctx: RequestContext,
  query: Query,
  locale: Locale,
  total: number,
  onPage?: (done: number) => Promise<void>,
) {
  const pageSize = 1000;
  for (let pageNum = 1; (pageNum - 1) * pageSize < total; pageNum++) {
    const rows = await io.list(db, ctx, query, { pageNum, pageSize });
    for (const row of rows) yield Object.fromEntries(io.columns.map((c) => [c.key, c.value ? c.value(row, locale) : (row as Record<string, unknown>)[c.key]]));
    if (onPage) await onPage(Math.min(total, pageNum * pageSize));
    if (rows.length < pageSize) break;
  }
}

const importJob = (io: ResourceIo<any, any, any>) => `${io.module}.${io.resource}.import`;
const exportJob = (io: ResourceIo<any, any, any>) => `${io.module}.${io.resource}.export`;

/**
 * The handlers of a resource's `template`, `import` and `export` endpoints (defined with `ioEndpoints`
 * in the contracts): spread them into the resource's handlers.
 */
export function resourceIoHandlers<Row, Input, Query>(app: FastifyInstance, io: ResourceIo<Row, Input, Query>) {
  return {
    template: async (req: FastifyRequest, reply: FastifyReply) => {
      const locale = req.locale;
      const cols = io.columns.filter((c) => !c.exportOnly);
      const buffer = await buildWorkbook([
        { name: io.title[locale], columns: cols.map((c) => ({ header: headerOf(c as IoColumn<unknown>, locale), key: c.key, width: c.width })), rows: [] },
        {
          name: locale === 'en' ? 'Instructions' : '填写说明',
          columns: [
            { header: locale === 'en' ? 'Column' : '列', key: 'label', width: 18 },
            { header: locale === 'en' ? 'Key' : '字段', key: 'key', width: 14 },
            { header: locale === 'en' ? 'Required' : '必填', key: 'required', width: 10 },
            { header: locale === 'en' ? 'Rule' : '规则', key: 'hint', width: 60 },
          ],
          rows: cols.map((c) => ({
            label: c.label[locale],
            key: c.key,
            required: c.required ? (locale === 'en' ? 'yes' : '是') : '',
            hint: c.hint?.[locale] ?? '',
          })),
        },
      ]);
      return reply
        .header('content-type', xlsxType)
        .header('content-disposition', contentDisposition(`${io.title[locale]}-template.xlsx`, false))
        .send(buffer);
    },
    import: async (req: FastifyRequest) => {
      const orgId = requireOrg(req.ctx);
      const deps = { db: app.database.db, storage: app.storage, config: app.config };
      const { fileId, mode, name } = await readUpload(
        req,
        z.object({ mode: z.enum(IMPORT_MODES).default('all') }),
        app.config.importMaxBytes,
        async (file, fields) => {
          if (!/\.xlsx$/i.test(file.filename)) {
            file.file.resume();
            throw new AppError(400, 'IMPORT_NOT_XLSX');
          }
          const staged = path.join(app.config.dataDir, 'tmp', `${crypto.randomUUID()}.xlsx`);
          await fsp.mkdir(path.dirname(staged), { recursive: true });
          const { receiveToTemp } = await import('../../../platform/files/receive');
          const received = await receiveToTemp(file.file, path.dirname(staged), app.config.importMaxBytes);
          const stored = await storeStagedFile(deps, req.ctx, received.path, {
            originalName: file.filename,
            kind: 'spreadsheet',
            businessType: 'import',
            archiveLimits: { maxEntries: 5_000, maxTotalBytes: 600 * 1024 * 1024, maxRatio: 200 },
          });
          return { fileId: stored.fileId, mode: fields.mode, name: stored.fileName };
        },
      );
      const taskId = await createTask(app.database.db, req.ctx, {
        module: io.module,
        type: importJob(io),
        title: `${io.title[req.locale]}: ${name}`,
        input: { fileId, mode, locale: req.locale, orgId, cropId: req.ctx.cropId },
      });
      await app.jobs.enqueue(importJob(io), taskId);
      return { taskId };
    },
    export: async (req: FastifyRequest, reply: FastifyReply) => {
      const query = req.query as Query;
      const total = await io.count(app.database.db, req.ctx, query);
      if (total > app.config.exportMaxRows) throw new AppError(400, 'EXPORT_TOO_LARGE', { max: app.config.exportMaxRows });
      if (total > app.config.exportDirectRows) {
        const taskId = await createTask(app.database.db, req.ctx, {
          module: io.module,
          type: exportJob(io),
          title: `${io.title[req.locale]} (${total})`,
          input: { query: query as object, locale: req.locale, cropId: req.ctx.cropId },
        });
        await app.jobs.enqueue(exportJob(io), taskId);
        return ok(req, { taskId });
      }
      const rows: Record<string, unknown>[] = [];
      for await (const row of exportRows(io, app.database.db, req.ctx, query, req.locale, total)) rows.push(row);
      const buffer = await buildWorkbook([
        { name: io.title[req.locale], columns: io.columns.map((c) => ({ header: c.label[req.locale], key: c.key, width: c.width })), rows },
      ]);
      return reply
        .header('content-type', xlsxType)
        .header('content-disposition', contentDisposition(dated(io.title[req.locale]), false))
        .send(buffer);
    },
  };
}

/** Defines the import and export jobs of a resource. */
export function registerResourceIoJobs<Row, Input, Query>(queue: JobQueue, io: ResourceIo<Row, Input, Query>, deps: JobDeps) {
  const loadTask = async (db: Db, taskId: number) => {
    const { sysTask } = await import('../task/task.tables');
    const [task] = await db.select().from(sysTask).where(eq(sysTask.id, taskId));
    return task;
  };

  queue.define({
    type: importJob(io),
    retryLimit: 2,
    // The largest import (100,000 rows): about a minute for germplasm on an idle 2-core server with
    // PostgreSQL (20,000 rows: 10 s); four times that on a busy one.
    expectedSeconds: 240,
    run: async (job: JobContext<{ taskId: number }>) => {
      const task = await loadTask(job.db, job.taskId);
      const input = task.input as { fileId: string; mode: ImportMode; locale: Locale; cropId: number | null };
      const ctx = taskContext(task, input.locale, input.cropId);
      const [file] = await job.db.select().from(sysFile).where(eq(sysFile.id, input.fileId));
      if (!file) throw new AppError(404, 'RECORD_NOT_FOUND');
      const local = path.join(os.tmpdir(), `bw-import-${job.taskId}-${process.pid}.xlsx`);
      try {
        await pipeline(await deps.storage.get(file.storageKey), fs.createWriteStream(local));
        await job.log('info', `reading ${file.originalName}`);
        const { report, valid } = await validateImport(io, job.db, ctx, local, input.locale, input.mode, (f) => job.progress(f));
        await job.log(
          report.invalid ? 'warn' : 'info',
          `${report.total} rows, ${report.valid} valid, ${report.invalid} invalid${report.refused ? '; nothing imported (all or nothing)' : ''}`,
        );
        await job.progress(0.6, report.refused ? undefined : `importing ${valid.length} rows`);
        // Rows and the task's success commit together: a retry after a crash cannot import twice.
        await job.finish(async (tx) => {
          if (valid.length) await io.insert(tx, ctx, valid);
          return report;
        });
      } finally {
        await fsp.rm(local, { force: true });
      }
    },
  });

  queue.define({
    type: exportJob(io),
    retryLimit: 2,
    // The largest export (BW_EXPORT_MAX_ROWS, 100,000 rows): about 17 s idle (20,000 rows: 2 to 3.5 s).
    expectedSeconds: 120,
    run: async (job: JobContext<{ taskId: number }>) => {
      const task = await loadTask(job.db, job.taskId);
      const input = task.input as { query: Query; locale: Locale; cropId: number | null };
      const ctx = taskContext(task, input.locale, input.cropId);
      const total = await io.count(job.db, ctx, input.query);
      const local = path.join(os.tmpdir(), `bw-export-${job.taskId}-${process.pid}.xlsx`);
      try {
        const written = await writeWorkbookFile(
          local,
          io.title[input.locale],
          io.columns.map((c) => ({ header: c.label[input.locale], key: c.key, width: c.width })),
          exportRows(io, job.db, ctx, input.query, input.locale, total, (done) => job.progress((done / Math.max(1, total)) * 0.9, `${done} / ${total}`)),
        );
        const stored = await storeStagedFile({ db: job.db, storage: deps.storage, config: deps.config }, ctx, local, {
          originalName: dated(io.title[input.locale]),
          kind: 'spreadsheet',
          businessType: 'export',
          archiveLimits: { maxEntries: 5_000, maxTotalBytes: 4 * 1024 ** 3, maxRatio: 1000 },
        });
        await job.log('info', `${written} rows written`);
        await job.finish(async () => ({ fileId: stored.fileId, fileName: stored.fileName, rows: written }));
      } finally {
        await fsp.rm(local, { force: true });
      }
    },
  });
}

export { translate as translateIoMessage };
