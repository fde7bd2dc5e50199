import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ETL_FILE_MAX_BYTES, etlApi } from '@breedwise/contracts/etl';
import { registerEndpoints } from '../../../platform/endpoints';
import { AppError } from '../../../platform/errors';
import { createRunTask, RUN_JOB } from './pipeline.job';
import {
  createPipeline,
  deletePipeline,
  getPipeline,
  getRun,
  listPipelines,
  listRuns,
  pipelinesByType,
  previewPipeline,
  updatePipeline,
} from './pipeline.service';
import type { UploadedFile } from './sources';

/** The uploaded file of a run or preview (multipart `file`); none when the request carries no file. */
async function uploadedFile(req: FastifyRequest): Promise<UploadedFile | null> {
  if (!req.isMultipart()) return null;
  const file = await req.file({ limits: { fileSize: ETL_FILE_MAX_BYTES, files: 1 } });
  if (!file) return null;
  const bytes = await file.toBuffer();
  if (file.file.truncated) throw new AppError(413, 'ETL_FILE_TOO_LARGE', { limit: ETL_FILE_MAX_BYTES / 1024 / 1024 });
  return { name: file.filename, bytes };
}

/** The pipeline endpoints: handlers of the definitions in `@breedwise/contracts/etl` (pipeline). */
export function pipelineRoutes(app: FastifyInstance) {
  const db = app.database.db;
  registerEndpoints(app, etlApi.resources.pipeline, {
    page: (req) => listPipelines(db, req.ctx, req.query),
    listAllSimpleByType: (req) => pipelinesByType(db, req.ctx, req.query.businessType),
    get: (req) => getPipeline(db, req.ctx, req.params.id),
    create: (req) => createPipeline(db, req.ctx, req.body),
    update: (req) => updatePipeline(db, req.ctx, req.body),
    delete: async (req) => {
      await deletePipeline(db, req.ctx, req.params.id);
      return null;
    },
    run: async (req) => {
      const file = await uploadedFile(req);
      const started = await db.transaction((tx) => createRunTask(tx, req.ctx, req.params.id, 'manual', file, req.locale));
      await app.jobs.enqueue(RUN_JOB, started.taskId);
      return started;
    },
    preview: async (req) => previewPipeline(db, req.ctx, req.params.id, await uploadedFile(req), req.locale),
    runs: (req) => listRuns(db, req.ctx, req.query),
    runDetail: (req) => getRun(db, req.ctx, req.params.id),
  });
}
