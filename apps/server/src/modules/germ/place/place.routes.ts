import type { FastifyInstance } from 'fastify';
import { germApi } from '@breedwise/contracts/germ';
import { registerEndpoints } from '../../../platform/endpoints';
import { ctxOf } from '../scope';
import { createPlace, deletePlace, listPlaces, updatePlace } from './place.service';

/** Storage places: handlers of `@breedwise/contracts/germ` (place). */
export function placeRoutes(app: FastifyInstance) {
  const { db } = app.database;
  registerEndpoints(app, germApi.resources.place, {
    list: (req) => listPlaces(db, ctxOf(req)),
    create: (req) => createPlace(db, ctxOf(req), req.body),
    update: (req) => updatePlace(db, ctxOf(req), req.body),
    remove: async (req) => {
      await deletePlace(db, ctxOf(req), req.params.id);
      return null;
    },
  });
}
