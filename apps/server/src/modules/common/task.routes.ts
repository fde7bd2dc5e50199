import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { eq } from 'drizzle-orm';
import { EmptyEnvelope, Envelope, IdParam, ImportReport, PageEnvelope, PageQuery, TASK_STATUSES, TaskLogLine, TaskLogsQuery, TaskRow } from '@breedwise/contracts';
import { AppError, notFound } from '../../platform/errors';
import { ok, page } from '../../platform/reply';
import { sysFile } from './common.tables';
import { contentDisposition } from './file.service';
import { sendStoredFile } from './file.routes';
import { buildWorkbook } from './io/xlsx';
import { cancelTask, getTask, listTasks, taskLogs } from './jobs/task.service';

const LogsAnswer = Envelope(z.array(TaskLogLine.extend({ id: z.number() })));

/**
 * GET api/common/logs (taskId, type): the readable log of a task. Modules mount the same route under
 * their own prefix (spec: /gs/api/common/logs), so it is a plugin of its own.
 */
export async function taskLogRoute(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get('/api/common/logs', {
    schema: { tags: ['common: tasks'], summary: 'Log lines of one of the caller’s tasks', querystring: TaskLogsQuery.extend({ afterId: z.coerce.number().int().min(0).default(0) }), response: { 200: LogsAnswer } },
  }, async (req) => ok(req, await taskLogs(app.database.db, req.ctx, req.query.taskId, req.query.type, req.query.afterId)));
}

export async function taskRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.database;
  const tags = ['common: tasks'];

  r.get('/logs', {
    schema: { tags, summary: 'Log lines of one of the caller’s tasks', querystring: TaskLogsQuery.extend({ afterId: z.coerce.number().int().min(0).default(0) }), response: { 200: LogsAnswer } },
  }, async (req) => ok(req, await taskLogs(db, req.ctx, req.query.taskId, req.query.type, req.query.afterId)));

  r.get('/task/page', {
    schema: { tags, summary: 'The caller’s tasks, newest first', querystring: PageQuery.extend({ module: z.string().max(30).optional(), status: z.enum(TASK_STATUSES).optional() }), response: { 200: PageEnvelope(TaskRow) } },
  }, async (req) => {
    const { rows, total } = await listTasks(db, req.ctx, req.query);
    return page(req, rows, total);
  });

  r.get('/task/detail/:id', {
    schema: { tags, summary: 'One of the caller’s tasks: status, progress, result', params: IdParam, response: { 200: Envelope(TaskRow) } },
  }, async (req) => {
    const { createdById: _c, ...task } = await getTask(db, req.ctx, req.params.id);
    return ok(req, task);
  });

  r.put('/task/cancel/:id', {
    schema: { tags, summary: 'Cancels a task that has not finished', params: IdParam, response: { 200: EmptyEnvelope } },
  }, async (req) => {
    await cancelTask(db, req.ctx, req.params.id);
    return ok(req, null);
  });

  r.get('/task/report/:id', {
    schema: { tags, summary: 'The row errors of an import task as xlsx', params: IdParam },
  }, async (req, reply) => {
    const task = await getTask(db, req.ctx, req.params.id);
    const report = ImportReport.safeParse(task.result);
    if (!report.success) throw notFound();
    const en = req.locale === 'en';
    const buffer = await buildWorkbook([{
      name: en ? 'Import errors' : '导入错误',
      columns: [
        { header: en ? 'Row' : '行号', key: 'row', width: 8 },
        { header: en ? 'Field' : '字段', key: 'field', width: 16 },
        { header: en ? 'Problem' : '问题', key: 'message', width: 70 },
      ],
      rows: report.data.errors,
    }]);
    return reply
      .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', contentDisposition(`${task.title}-${en ? 'errors' : '错误'}.xlsx`, false))
      .send(buffer);
  });

  r.get('/fileExport', {
    schema: { tags, summary: 'Downloads the file an export task produced', querystring: z.object({ taskId: z.coerce.number().int().positive() }) },
  }, async (req, reply) => {
    const task = await getTask(db, req.ctx, req.query.taskId);
    if (task.status !== 'succeeded') throw new AppError(409, 'TASK_NOT_FINISHED');
    const fileId = (task.result as { fileId?: string } | null)?.fileId;
    if (!fileId) throw notFound();
    const [file] = await db.select().from(sysFile).where(eq(sysFile.id, fileId));
    if (!file || file.deletedAt) throw notFound();
    return sendStoredFile(reply, app, file);
  });
}
