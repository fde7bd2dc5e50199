import type { FastifyInstance } from 'fastify';
import { gsApi } from '@breedwise/contracts/gs';
import { registerEndpoints } from '../../../platform/endpoints';
import { GS_TRAIN_JOB, compareModels, createModel, deleteModel, favoriteModel, getModelDetail, listModels, updateModel } from './model.service';

/** Models (spec 7, /gs api/model): the handlers of `gsApi.resources.model`. */
export function modelRoutes(app: FastifyInstance) {
  const { db } = app.database;
  registerEndpoints(app, gsApi.resources.model, {
    page: (req) => listModels(db, req.ctx, req.query),
    create: async (req) => {
      const created = await createModel(db, req.ctx, req.body, req.locale);
      await app.jobs.enqueue(GS_TRAIN_JOB, created.taskId);
      return created;
    },
    update: (req) => updateModel(db, req.ctx, req.body),
    favorite: (req) => favoriteModel(db, req.ctx, req.body),
    remove: async (req) => {
      await deleteModel(db, req.ctx, req.params.id);
      return null;
    },
    detail: (req) => getModelDetail(db, req.ctx, req.params.id),
    compare: (req) => compareModels(db, req.ctx, req.query.ids),
  });
}
