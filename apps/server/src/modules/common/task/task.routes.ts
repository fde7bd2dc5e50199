import type { FastifyInstance } from 'fastify';
import { commonApi } from '@breedwise/contracts/common';
import type { EndpointHandler } from '../../../platform/endpoints';
import { registerEndpoints } from '../../../platform/endpoints';
import { contentDisposition } from '../file/file.service';
import { sendStoredFile } from '../file/file.routes';
import { cancelTask, exportedFile, getTask, importErrorWorkbook, listTasks, taskLogs } from './task.service';

type LogsEndpoint = typeof commonApi.resources.task.logs;

/**
 * The handler of a `logs` endpoint (`taskLogsEndpoint()` of the contracts): the common module's, and the
 * same endpoint a module offers under its own prefix (spec: /gs/api/common/logs).
 */
export function taskLogsHandler(app: FastifyInstance): EndpointHandler<LogsEndpoint> {
  return (req) => taskLogs(app.database.db, req.ctx, req.query.taskId, req.query.type, req.query.afterId);
}

/** The caller's tasks: the handlers of `commonApi.resources.task`. */
export function taskRoutes(app: FastifyInstance) {
  const { db } = app.database;
  registerEndpoints(app, commonApi.resources.task, {
    logs: taskLogsHandler(app),
    page: (req) => listTasks(db, req.ctx, req.query),
    detail: async (req) => {
      const { createdById: _c, ...task } = await getTask(db, req.ctx, req.params.id);
      return task;
    },
    cancel: async (req) => {
      await cancelTask(db, req.ctx, req.params.id);
      return null;
    },
    report: async (req, reply) => {
      const { fileName, buffer } = await importErrorWorkbook(db, req.ctx, req.params.id, req.locale);
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', contentDisposition(fileName, false))
        .send(buffer);
    },
    fileExport: async (req, reply) => sendStoredFile(reply, app, await exportedFile(db, req.ctx, req.query.taskId)),
  });
}
