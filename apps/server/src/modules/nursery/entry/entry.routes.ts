import type { FastifyInstance } from 'fastify';
import { nurseryApi } from '@breedwise/contracts/nursery';
import { registerEndpoints } from '../../../platform/endpoints';
import { deleteEntry, entriesFromGermplasm, entriesFromList, listEntries, updateEntry } from './entry.service';

/** Nursery entries: the handlers of `@breedwise/contracts/nursery` (entry). */
export function entryRoutes(app: FastifyInstance) {
  const { db } = app.database;
  registerEndpoints(app, nurseryApi.resources.entry, {
    page: (req) => listEntries(db, req.ctx, req.query),
    fromList: async (req) => ({ updated: await entriesFromList(db, req.ctx, req.body) }),
    fromGermplasm: async (req) => ({ updated: await entriesFromGermplasm(db, req.ctx, req.body) }),
    update: (req) => updateEntry(db, req.ctx, req.body),
    remove: async (req) => {
      await deleteEntry(db, req.ctx, req.params.id);
      return null;
    },
  });
}
