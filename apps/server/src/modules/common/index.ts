import type { FastifyInstance } from 'fastify';
import type { ServerModule } from '../../platform/module';
import { fileRoutes } from './file/file.routes';
import { spaceRoutes } from './space/space.routes';
import { tableSettingRoutes } from './table-setting/table-setting.routes';
import { savedFilterRoutes } from './saved-filter/saved-filter.routes';
import { taskRoutes } from './task/task.routes';
import { tusRoutes } from './tus/tus.routes';

export { taskLogsHandler } from './task/task.routes';
export { saveUpload, storeStagedFile, signedFileUrl, getFile, contentDisposition, type FileDeps } from './file/file.service';
export { sendStoredFile } from './file/file.routes';
export { readUpload } from './multipart';
export { sysFile } from './file/file.tables';
export { sysTask } from './task/task.tables';
export { createTask, appendTaskLog, taskLogs } from './task/task.service';
export { JobQueue, sendJobIn, cancelJobsIn, type JobContext, type JobDefinition, type WorkDefinition } from './jobs/queue';
export { csvLine, safeCell } from './io/cells';
export { renderLabelPdf, type LabelContent, type LabelPdfOptions } from './label/label-pdf';
export { buildWorkbook, readFirstSheet, writeWorkbookFile, type CellValue } from './io/xlsx';
export { resourceIoHandlers, registerResourceIoJobs, taskContext, type IoColumn, type ResourceIo } from './io/resource-io';

/** Shared services, registered from `commonApi`: files (storage space under /api/auth), table settings, saved filters, tasks, tus. */
export const commonModule: ServerModule = {
  name: 'common',
  routes: async (app: FastifyInstance) => {
    fileRoutes(app);
    spaceRoutes(app);
    tableSettingRoutes(app);
    savedFilterRoutes(app);
    taskRoutes(app);
    await tusRoutes(app);
  },
};
