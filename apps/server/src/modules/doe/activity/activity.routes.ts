import type { FastifyInstance } from 'fastify';
import { doeApi } from '@breedwise/contracts/doe';
import { registerEndpoints } from '../../../platform/endpoints';
import {
  createCategory,
  createRecord,
  deleteCategory,
  deleteRecord,
  getRecord,
  listCategories,
  listRecords,
  setCategoryStatus,
  updateCategory,
  updateRecord,
} from './activity.service';

/** The activity endpoints: handlers of the definitions in `@breedwise/contracts/doe` (activityCategory, activityRecord). */
export function activityRoutes(app: FastifyInstance) {
  const { db } = app.database;
  registerEndpoints(app, doeApi.resources.activityCategory, {
    page: (req) => listCategories(db, req.ctx, req.query),
    create: (req) => createCategory(db, req.ctx, req.body),
    update: (req) => updateCategory(db, req.ctx, req.body),
    status: async (req) => ({ updated: await setCategoryStatus(db, req.ctx, req.body) }),
    remove: async (req) => {
      await deleteCategory(db, req.ctx, req.params.id);
      return null;
    },
  });
  registerEndpoints(app, doeApi.resources.activityRecord, {
    page: (req) => listRecords(db, req.ctx, req.query),
    detail: (req) => getRecord(db, req.ctx, req.params.id),
    create: (req) => createRecord(db, req.ctx, req.body),
    update: (req) => updateRecord(db, req.ctx, req.body),
    remove: async (req) => {
      await deleteRecord(db, req.ctx, req.params.id);
      return null;
    },
  });
}
