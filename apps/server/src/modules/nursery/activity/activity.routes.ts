import type { FastifyInstance } from 'fastify';
import { nurseryApi } from '@breedwise/contracts/nursery';
import { registerEndpoints } from '../../../platform/endpoints';
import { createActivity, deleteActivity, finishActivity, getActivity, listActivities, updateActivity } from './activity.service';

/** Nursery activities: the handlers of `@breedwise/contracts/nursery` (activity). */
export function activityRoutes(app: FastifyInstance) {
  const { db } = app.database;
  registerEndpoints(app, nurseryApi.resources.activity, {
    page: (req) => listActivities(db, req.ctx, req.query),
    detail: (req) => getActivity(db, req.ctx, req.params.id),
    create: (req) => createActivity(db, req.ctx, req.body),
    update: (req) => updateActivity(db, req.ctx, req.body),
    finish: (req) => finishActivity(db, req.ctx, req.params.id),
    remove: async (req) => {
      await deleteActivity(db, req.ctx, req.params.id);
      return null;
    },
  });
}
