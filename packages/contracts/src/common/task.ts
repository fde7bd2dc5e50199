import { z } from 'zod';
import { PageQuery } from '../query';
import { IdParam } from '../envelope';
import { resource } from '../http/endpoint';

/** `retrying`: an attempt failed (or its worker was lost) and the next one waits for its turn. */
export const TASK_STATUSES = ['queued', 'running', 'retrying', 'succeeded', 'failed', 'cancelled'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

export const TaskRow = z.object({
  id: z.number().int(),
  type: z.string(),
  module: z.string(),
  title: z.string(),
  status: z.enum(TASK_STATUSES),
  progress: z.number(),
  message: z.string().nullable(),
  attempts: z.number().int(),
  result: z.unknown().nullable(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type TaskRow = z.infer<typeof TaskRow>;

export const TaskLogLine = z.object({
  at: z.string(),
  level: z.enum(['info', 'warn', 'error']),
  message: z.string(),
});
export type TaskLogLine = z.infer<typeof TaskLogLine>;

export const TaskLogsQuery = z.object({
  taskId: z.coerce.number().int().positive(),
  type: z.string().trim().max(50).optional(),
  /** Only the lines after this one (a log followed live). */
  afterId: z.coerce.number().int().min(0).default(0),
});
export type TaskLogsQuery = z.input<typeof TaskLogsQuery>;

/** A task's log lines, each with its id (to follow the log with `afterId`). */
export const TaskLogLines = z.array(TaskLogLine.extend({ id: z.number() }));
export type TaskLogLines = z.infer<typeof TaskLogLines>;

export const TaskPageQuery = PageQuery.extend({ module: z.string().max(30).optional(), status: z.enum(TASK_STATUSES).optional() });
export type TaskPageQuery = z.input<typeof TaskPageQuery>;

/**
 * GET `<base>/logs` (taskId, type): the readable log of one of the caller's tasks. Modules offer the same
 * endpoint under their own prefix (spec: /gs/api/common/logs): spread it into a resource with the base
 * `/api/common`; the server's handler is `taskLogsHandler` of the common module.
 */
export function taskLogsEndpoint() {
  return {
    logs: { method: 'GET', path: '/logs', summary: 'Log lines of one of the caller’s tasks', query: TaskLogsQuery, data: TaskLogLines },
  } as const;
}

/** The caller's long tasks (imports, exports, analyses): list, progress, log, cancel, and their files. */
export const task = resource(
  { tag: 'common: tasks', base: '/common' },
  {
    ...taskLogsEndpoint(),
    page: { method: 'GET', path: '/task/page', summary: 'The caller’s tasks, newest first', query: TaskPageQuery, page: TaskRow },
    detail: { method: 'GET', path: '/task/detail/:id', summary: 'One of the caller’s tasks: status, progress, result', params: IdParam, data: TaskRow },
    cancel: { method: 'PUT', path: '/task/cancel/:id', summary: 'Cancels a task that has not finished', params: IdParam, data: z.null() },
    report: { method: 'GET', path: '/task/report/:id', summary: 'The row errors of an import task as xlsx', params: IdParam, file: true },
    fileExport: {
      method: 'GET',
      path: '/fileExport',
      summary: 'Downloads the file an export task produced',
      query: z.object({ taskId: z.coerce.number().int().positive() }),
      file: true,
    },
  },
);
