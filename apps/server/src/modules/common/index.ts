import type { FastifyInstance } from 'fastify';
import { fileRoutes } from './file.routes';
import { settingsRoutes } from './settings.routes';
import { taskRoutes } from './task.routes';
import { tusRoutes } from './tus.routes';

export { storageSpaceRoutes } from './file.routes';
export { taskLogRoute } from './task.routes';
export { saveUpload, storeStagedFile, signedFileUrl, getFile, type FileDeps } from './file.service';
export { createTask, appendTaskLog } from './jobs/task.service';
export { JobQueue, type JobContext, type JobDefinition } from './jobs/queue';
export { registerResourceIo, registerResourceIoJobs, taskContext, type IoColumn, type ResourceIo } from './io/resource-io';

/** Shared services (files, table settings, saved filters, tasks), mounted at /api/common. */
export async function commonModule(app: FastifyInstance) {
  await app.register(fileRoutes);
  await app.register(settingsRoutes);
  await app.register(taskRoutes);
  await app.register(tusRoutes);
}
