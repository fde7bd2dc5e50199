import { and, asc, count, desc, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { TaskLogLine, TaskRow, TaskStatus } from '@breedwise/contracts';
import type { DbOrTx } from '../../../db/client';
import type { RequestContext } from '../../../platform/context';
import { requireOrg } from '../../../platform/context';
import { AppError, notFound } from '../../../platform/errors';
import { pageWindow } from '../../../platform/pagination';
import { sysUser } from '../../system/system.tables';
import { sysTask, sysTaskLog } from '../common.tables';

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
      ...(status === 'succeeded' || status === 'failed' || status === 'cancelled' ? { finishedAt: now, ...(status === 'succeeded' ? { progress: 1 } : {}) } : {}),
    })
    .where(eq(sysTask.id, taskId));
}

const columns = {
  id: sysTask.id, orgId: sysTask.orgId, createdById: sysTask.createdBy, type: sysTask.type, module: sysTask.module, title: sysTask.title,
  status: sysTask.status, progress: sysTask.progress, message: sysTask.message, attempts: sysTask.attempts, result: sysTask.result,
  createdBy: sysUser.nickName, createdAt: sysTask.createdAt, startedAt: sysTask.startedAt, finishedAt: sysTask.finishedAt,
};

type TaskRecord = { createdAt: Date; startedAt: Date | null; finishedAt: Date | null } & Omit<TaskRow, 'createdAt' | 'startedAt' | 'finishedAt'>;
const present = (r: TaskRecord): TaskRow => ({
  id: r.id, type: r.type, module: r.module, title: r.title, status: r.status, progress: r.progress, message: r.message, attempts: r.attempts,
  result: r.result ?? null, createdBy: r.createdBy, createdAt: r.createdAt.toISOString(), startedAt: r.startedAt?.toISOString() ?? null,
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
  const rows = await db.select(columns).from(sysTask).leftJoin(sysUser, eq(sysUser.id, sysTask.createdBy)).where(where).orderBy(desc(sysTask.id)).limit(limit).offset(offset);
  const [{ total }] = await db.select({ total: count() }).from(sysTask).where(where);
  return { rows: rows.map(present), total: Number(total) };
}

/** The readable log of a task (spec: GET api/common/logs with taskId and type). */
export async function taskLogs(db: DbOrTx, ctx: RequestContext, taskId: number, type?: string, afterId = 0): Promise<(TaskLogLine & { id: number })[]> {
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
  await appendTaskLog(db, taskId, 'warn', 'cancelled by the user');
}

/** Tasks still queued after `olderThan`: their enqueue may have been lost to a crash after the commit. */
export async function strandedTasks(db: DbOrTx, olderThan: Date): Promise<{ id: number; type: string }[]> {
  return db.select({ id: sysTask.id, type: sysTask.type }).from(sysTask).where(and(inArray(sysTask.status, ['queued']), lt(sysTask.createdAt, olderThan))).limit(500);
}
