import type { FastifyInstance } from 'fastify';
import { CROSS_LIST_MAX_BYTES, nurseryApi as api } from '@breedwise/contracts/nursery';
import { z } from 'zod';
import { registerEndpoints } from '../../../platform/endpoints';
import { readUpload } from '../../common';
import { importCrossList, readCrossList } from './cross-list.service';
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
  registerEndpoints(app, api.resources.pollination, {
    page: (req) => listPollinations(db, req.ctx, req.query),
    detail: (req) => getPollination(db, req.ctx, req.params.id),
    planCross: async (req) => ({ updated: await planCrosses(db, req.ctx, req.body) }),
    importCrosses: async (req) => {
      // The file, at most 5 MB (a larger one is refused as too large while it arrives).
      const file = await readUpload(req, z.object({}), CROSS_LIST_MAX_BYTES, async (part) => ({ name: part.filename, bytes: await part.toBuffer() }));
      return importCrossList(db, req.ctx, req.query.activityId, await readCrossList(file.name, file.bytes));
    },
    planSelf: async (req) => ({ updated: await planSelfs(db, req.ctx, req.body) }),
    record: async (req) => ({ updated: await recordPollinations(db, req.ctx, req.body) }),
    finish: async (req) => ({ updated: await finishPollinations(db, req.ctx, req.body.ids) }),
    remove: async (req) => {
      await deletePollination(db, req.ctx, req.params.id);
      return null;
    },
  });
  registerEndpoints(app, api.resources.todo, { mine: (req) => myTodo(db, req.ctx) });
}
