import type { FastifyInstance } from 'fastify';
import { doeApi } from '@breedwise/contracts/doe';
import { registerEndpoints } from '../../../platform/endpoints';
import { resourceIoHandlers } from '../../common';
import { germListIo } from './germlist.io';
import { createGermList, deleteGermList, getGermList, listGermListEntries, listGermLists, saveGermListEntries, updateGermList } from './germlist.service';

/** The planting-list endpoints: handlers of the definitions in `@breedwise/contracts/doe` (germList). */
export function germListRoutes(app: FastifyInstance) {
  const { db } = app.database;
  registerEndpoints(app, doeApi.resources.germList, {
    page: (req) => listGermLists(db, req.ctx, req.query),
    detail: (req) => getGermList(db, req.ctx, req.params.id),
    entries: (req) => listGermListEntries(db, req.ctx, req.query),
    create: (req) => createGermList(db, req.ctx, req.body),
    update: (req) => updateGermList(db, req.ctx, req.body),
    saveEntries: (req) => saveGermListEntries(db, req.ctx, req.body.id, req.body.entries),
    remove: async (req) => {
      await deleteGermList(db, req.ctx, req.params.id);
      return null;
    },
    ...resourceIoHandlers(app, germListIo),
  });
}
