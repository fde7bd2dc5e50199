import type { FastifyInstance } from 'fastify';
import { doeApi } from '@breedwise/contracts/doe';
import { registerEndpoints } from '../../../platform/endpoints';
import { resourceIoHandlers } from '../../common';
import { createLocation, deleteLocation, getLocation, listLocations, setLocationDiscarded, setLocationStatus, updateLocation } from './location.service';
import { locationIo } from './location.io';

/** The location endpoints: the handlers of the definitions in `@breedwise/contracts/doe` (location). */
export function locationRoutes(app: FastifyInstance) {
  const { db } = app.database;
  registerEndpoints(app, doeApi.resources.location, {
    page: (req) => listLocations(db, req.ctx, req.query),
    detail: (req) => getLocation(db, req.ctx, req.params.id),
    create: (req) => createLocation(db, req.ctx, req.body),
    update: (req) => updateLocation(db, req.ctx, req.body),
    status: async (req) => ({ updated: await setLocationStatus(db, req.ctx, req.body) }),
    discard: async (req) => ({ updated: await setLocationDiscarded(db, req.ctx, req.body) }),
    remove: async (req) => {
      await deleteLocation(db, req.ctx, req.params.id);
      return null;
    },
    ...resourceIoHandlers(app, locationIo),
  });
}
