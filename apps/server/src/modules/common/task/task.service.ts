import { and, asc, count, desc, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import { ImportReport, ioLabels, taskLogLabels, type Locale, type Translations } from '@breedwise/contracts';
import type { TaskLogLine, TaskLogLines, TaskRow, TaskStatus } from '@breedwise/contracts/common';
import type { DbOrTx } from '../../../db/client';
import type { RequestContext } from '../../../platform/context';
import { requireOrg } from '../../../platform/context';
import { AppError, notFound } from '../../../platform/errors';
import { translateError } from '../../../platform/i18n';
import { sendMessage } from '../../message';
import { pageWindow } from '../../../platform/pagination';
import { sysUser } from '../../system';
import { sysFile } from '../file/file.tables';
import { buildWorkbook } from '../io/xlsx';
import { sysTask, sysTaskLog } from './task.tables';

export interface NewTask {
  module: string;
  type: string;
  title: string;
  input?: Record<string, unknown>;
}

/** Records a task the user started; the job that does the work is enqueued after the commit. */
export async function createTask(db: DbOrTx, ctx: RequestContext, task: NewTask): Promise<number> {
  const [row] = await db
    .insert(sysTask)
    .values({ orgId: requireOrg(ctx), createdBy: ctx.userId, module: task.module, type: task.type, title: task.title.slice(0, 200), input: task.input ?? {} })
    .returning({ id: sysTask.id });
  return row.id;
}

export async function appendTaskLog(db: DbOrTx, taskId: number, level: TaskLogLine['level'], message: string): Promise<void> {
  await db.insert(sysTaskLog).values({ taskId, level, message: message.slice(0, 4000) });
}

export async function setTaskProgress(db: DbOrTx, taskId: number, progress: number, message?: string): Promise<void> {
  await db
    .update(sysTask)
    .set({ progress: Math.max(0, Math.min(1, progress)), ...(message === undefined ? {} : { message: message.slice(0, 500) }) })
    .where(and(eq(sysTask.id, taskId), eq(sysTask.status, 'running')));
}

export async function setTaskStatus(db: DbOrTx, taskId: number, status: TaskStatus, patch: { message?: string | null; result?: unknown } = {}): Promise<void> {
  const now = new Date();
  await db
    .update(sysTask)
    .set({
      status,
      ...(patch.message !== undefined ? { message: patch.message?.slice(0, 500) ?? null } : {}),
      ...(patch.result !== undefined ? { result: patch.result as object } : {}),
      ...(status === 'running' ? { startedAt: now, attempts: sql`${sysTask.attempts} + 1` } : {}),
      ...(status === 'succeeded' || status === 'failed' || status === 'cancelled'
        ? { finishedAt: now, ...(status === 'succeeded' ? { progress: 1 } : {}) }
        : {}),
    })
    .where(eq(sysTask.id, taskId));
}

const columns = {
  id: sysTask.id,
  orgId: sysTask.orgId,
  createdById: sysTask.createdBy,
  type: sysTask.type,
  module: sysTask.module,
  title: sysTask.title,
  status: sysTask.status,
  progress: sysTask.progress,
  message: sysTask.message,
  attempts: sysTask.attempts,
  result: sysTask.result,
  createdBy: sysUser.nickName,
  createdAt: sysTask.createdAt,
  startedAt: sysTask.startedAt,
  finishedAt: sysTask.finishedAt,
};

type TaskRecord = { createdAt: Date; startedAt: Date | null; finishedAt: Date | null } & Omit<TaskRow, 'createdAt' | 'startedAt' | 'finishedAt'>;
const present = (r: TaskRecord): TaskRow => ({
  id: r.id,
  type: r.type,
  module: r.module,
  title: r.title,
  status: r.status,
  progress: r.progress,
  message: r.message,
  attempts: r.attempts,
  result: r.result ?? null,
  createdBy: r.createdBy,
  createdAt: r.createdAt.toISOString(),
  startedAt: r.startedAt?.toISOString() ?? null,
  finishedAt: r.finishedAt?.toISOString() ?? null,
});

/** A task of the caller's organisation that the caller started (or any, for a task administrator). */
export async function getTask(db: DbOrTx, ctx: RequestContext, taskId: number, anyUser = false): Promise<TaskRow & { createdById: number | null }> {
  const [row] = await db
    .select(columns)
    .from(sysTask)
    .leftJoin(sysUser, eq(sysUser.id, sysTask.createdBy))
    .where(and(eq(sysTask.id, taskId), eq(sysTask.orgId, requireOrg(ctx)), anyUser ? undefined : eq(sysTask.createdBy, ctx.userId)));
  if (!row) throw notFound();
  return { ...present(row), createdById: row.createdById };
}

export async function listTasks(db: DbOrTx, ctx: RequestContext, q: { pageNum: number; pageSize: number; module?: string; status?: TaskStatus }) {
  const where = and(
    eq(sysTask.orgId, requireOrg(ctx)),
    eq(sysTask.createdBy, ctx.userId),
    q.module ? eq(sysTask.module, q.module) : undefined,
    q.status ? eq(sysTask.status, q.status) : undefined,
  );
  const { limit, offset } = pageWindow(q);
  const rows = await db
    .select(columns)
    .from(sysTask)
    .leftJoin(sysUser, eq(sysUser.id, sysTask.createdBy))
    .where(where)
    .orderBy(desc(sysTask.id))
    .limit(limit)
    .offset(offset);
  const [{ total }] = await db.select({ total: count() }).from(sysTask).where(where);
  return { rows: rows.map(present), total: Number(total) };
}

/** The readable log of a task (spec: GET api/common/logs with taskId and type). */
export async function taskLogs(db: DbOrTx, ctx: RequestContext, taskId: number, type?: string, afterId = 0): Promise<TaskLogLines> {
  const task = await getTask(db, ctx, taskId);
  if (type && task.type !== type) throw notFound();
  const rows = await db
    .select()
    .from(sysTaskLog)
    .where(and(eq(sysTaskLog.taskId, taskId), gt(sysTaskLog.id, afterId)))
    .orderBy(asc(sysTaskLog.id))
    .limit(2000);
  return rows.map((r) => ({ id: r.id, at: r.at.toISOString(), level: r.level, message: r.message }));
}

/** Cancels a task not yet finished; a running job notices at its next progress report. */
export async function cancelTask(db: DbOrTx, ctx: RequestContext, taskId: number): Promise<void> {
  const task = await getTask(db, ctx, taskId);
  if (task.status === 'succeeded' || task.status === 'failed' || task.status === 'cancelled') throw new AppError(409, 'CONFLICT');
  await setTaskStatus(db, taskId, 'cancelled', { message: null });
  const [row] = await db.select({ input: sysTask.input }).from(sysTask).where(eq(sysTask.id, taskId));
  const locale = ((row?.input as { locale?: Locale } | null)?.locale ?? ctx.locale) as Locale;
  await appendTaskLog(db, taskId, 'warn', taskLogLabels.cancelled[locale]);
}

/** The row errors of one of the caller's import tasks as xlsx, in the caller's language. */
export async function importErrorWorkbook(db: DbOrTx, ctx: RequestContext, taskId: number, locale: Locale): Promise<{ fileName: string; buffer: Buffer }> {
  const task = await getTask(db, ctx, taskId);
  const report = ImportReport.safeParse(task.result);
  if (!report.success) throw notFound();
  const buffer = await buildWorkbook([
    {
      name: ioLabels.importErrors[locale],
      columns: [
        { header: ioLabels.row[locale], key: 'row', width: 8 },
        { header: ioLabels.field[locale], key: 'field', width: 16 },
        { header: ioLabels.problem[locale], key: 'message', width: 70 },
      ],
      rows: report.data.errors,
    },
  ]);
  // `种质资源-导入错误-<original name>.xlsx`: the resource's title, the report's name and the imported file's name.
  const [row] = await db.select({ input: sysTask.input }).from(sysTask).where(eq(sysTask.id, taskId));
  const input = (row?.input ?? {}) as { title?: Translations; fileName?: string };
  const original = (input.fileName ?? '').replace(/\.xlsx$/i, '').trim();
  const title = input.title?.[locale] ?? task.title.split(' - ')[0];
  return { fileName: `${[title, ioLabels.importErrors[locale], original].filter(Boolean).join('-')}.xlsx`, buffer };
}

/** The stored file one of the caller's export tasks produced (409 while the task runs). */
export async function exportedFile(db: DbOrTx, ctx: RequestContext, taskId: number) {
  const task = await getTask(db, ctx, taskId);
  if (task.status !== 'succeeded') throw new AppError(409, 'TASK_NOT_FINISHED');
  const fileId = (task.result as { fileId?: string } | null)?.fileId;
  if (!fileId) throw notFound();
  const [file] = await db.select().from(sysFile).where(eq(sysFile.id, fileId));
  if (!file || file.deletedAt) throw notFound();
  return file;
}

/** The statuses of a task whose work is not over. */
export const UNFINISHED: TaskStatus[] = ['queued', 'running', 'retrying'];

/** A message in both languages from an error code of the contracts (parameters in both languages allowed). */
export const bilingual = (code: string, params: Record<string, unknown> = {}): Translations => ({
  'zh-CN': translateError(code, 'zh-CN', params),
  en: translateError(code, 'en', params),
});

/**
 * An attempt failed and another will follow: the task waits to retry (shown as such), with the
 * reason. Only from the state the caller saw (status and attempt count), so an attempt that started
 * meanwhile is not overwritten.
 */
export async function markTaskRetrying(
  db: DbOrTx,
  task: { id: number; status: TaskStatus; attempts: number; locale: Locale },
  info: { attempt: number; attempts: number; reason: Translations },
): Promise<boolean> {
  const message = translateError('TASK_RETRYING', task.locale, info);
  const rows = await db
    .update(sysTask)
    .set({ status: 'retrying', message: message.slice(0, 500) })
    .where(and(eq(sysTask.id, task.id), eq(sysTask.status, task.status), eq(sysTask.attempts, task.attempts)))
    .returning({ id: sysTask.id });
  if (rows.length) await appendTaskLog(db, task.id, 'warn', message);
  return rows.length > 0;
}

/**
 * The task ends failed with its reason, and the user who started it is told (a message in the
 * inbox, both languages), in one transaction. Nothing happens when the task already finished.
 */
export async function failTask(db: DbOrTx, taskId: number, failure: { reason: Translations; result?: unknown; attempts?: number }): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [task] = await tx
      .select({ id: sysTask.id, orgId: sysTask.orgId, createdBy: sysTask.createdBy, title: sysTask.title, input: sysTask.input, status: sysTask.status })
      .from(sysTask)
      .where(eq(sysTask.id, taskId))
      .for('update');
    if (!task || !UNFINISHED.includes(task.status)) return false;
    const locale = ((task.input as { locale?: Locale }).locale ?? 'zh-CN') as Locale;
    const reason =
      failure.attempts && failure.attempts > 1 ? bilingual('TASK_FAILED_AFTER', { attempts: failure.attempts, reason: failure.reason }) : failure.reason;
    await setTaskStatus(tx, taskId, 'failed', { message: reason[locale], ...(failure.result !== undefined ? { result: failure.result } : {}) });
    await appendTaskLog(tx, taskId, 'error', reason[locale]);
    if (task.createdBy) {
      await sendMessage(tx, [task.createdBy], {
        orgId: task.orgId,
        type: 'system',
        title: bilingual('TASK_FAILED_NOTICE_TITLE', { title: task.title }),
        content: bilingual('TASK_FAILED_NOTICE', { title: task.title, reason }),
      });
    }
    return true;
  });
}

/** Tasks still queued after `olderThan`: their enqueue may have been lost to a crash after the commit. */
export async function strandedTasks(db: DbOrTx, olderThan: Date): Promise<{ id: number; type: string }[]> {
  return db
    .select({ id: sysTask.id, type: sysTask.type })
    .from(sysTask)
    .where(and(inArray(sysTask.status, ['queued']), lt(sysTask.createdAt, olderThan)))
    .limit(500);
}
