import type { FastifyInstance } from 'fastify';
import { nurseryApi } from '@breedwise/contracts/nursery';
import { registerEndpoints } from '../../../platform/endpoints';
import { sourceOf } from '../../audit';
import { createDhEntry, createDhEvent, deleteDhEntry, dhEntryOfLot, dhSources, getDhEntry, getDhEvent, listDhEntries } from './dh-entry.service';

/** DH batches and their events: the handlers of `@breedwise/contracts/nursery` (dhEntry, dhEvent). */
export function dhEntryRoutes(app: FastifyInstance) {
  const { db } = app.database;
  registerEndpoints(app, nurseryApi.resources.dhEntry, {
    page: (req) => listDhEntries(db, req.ctx, req.query),
    detail: (req) => getDhEntry(db, req.ctx, req.params.id),
    ofLot: (req) => dhEntryOfLot(db, req.ctx, req.params.id),
    sources: (req) => dhSources(db, req.ctx, req.query),
    create: (req) => createDhEntry(db, req.ctx, req.body),
    remove: async (req) => {
      await deleteDhEntry(db, req.ctx, req.params.id);
      return null;
    },
  });
  registerEndpoints(app, nurseryApi.resources.dhEvent, {
    detail: (req) => getDhEvent(db, req.ctx, req.params.id),
    create: (req) => createDhEvent(db, req.ctx, sourceOf(req), req.body),
  });
}
