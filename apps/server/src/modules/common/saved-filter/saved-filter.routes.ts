import type { FastifyInstance } from 'fastify';
import { commonApi } from '@breedwise/contracts/common';
import { registerEndpoints } from '../../../platform/endpoints';
import { deleteMyFilter, mySavedFilters, saveFilter } from './saved-filter.service';

/** Saved ("commonly used") filters per filter drawer and user: the handlers of `commonApi.resources.savedFilter`. */
export function savedFilterRoutes(app: FastifyInstance) {
  const { db } = app.database;
  registerEndpoints(app, commonApi.resources.savedFilter, {
    my: (req) => mySavedFilters(db, req.ctx, req.params.filterName),
    save: (req) => saveFilter(db, req.ctx, req.params.filterName, req.body),
    remove: async (req) => {
      await deleteMyFilter(db, req.ctx, req.params.id);
      return null;
    },
  });
}
