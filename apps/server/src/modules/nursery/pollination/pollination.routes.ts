import type { FastifyInstance } from 'fastify';
import { nurseryApi } from '@breedwise/contracts/nursery';
import { registerEndpoints } from '../../../platform/endpoints';
import {
  myTodo,
  deletePollination,
  finishPollinations,
  getPollination,
  listPollinations,
  planCrosses,
  planSelfs,
  recordPollinations,
} from './pollination.service';

/** Pollination events: the handlers of `@breedwise/contracts/nursery` (pollination). */
export function pollinationRoutes(app: FastifyInstance) {
  const { db } = app.database;
  registerEndpoints(app, nurseryApi.resources.pollination, {
    page: (req) => listPollinations(db, req.ctx, req.query),
    detail: (req) => getPollination(db, req.ctx, req.params.id),
    planCross: async (req) => ({ updated: await planCrosses(db, req.ctx, req.body) }),
    planSelf: async (req) => ({ updated: await planSelfs(db, req.ctx, req.body) }),
    record: async (req) => ({ updated: await recordPollinations(db, req.ctx, req.body) }),
    finish: async (req) => ({ updated: await finishPollinations(db, req.ctx, req.body.ids) }),
    remove: async (req) => {
      await deletePollination(db, req.ctx, req.params.id);
      return null;
    },
  });
  registerEndpoints(app, nurseryApi.resources.todo, { mine: (req) => myTodo(db, req.ctx) });
}
