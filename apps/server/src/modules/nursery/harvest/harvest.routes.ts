import type { FastifyInstance } from 'fastify';
import { nurseryApi } from '@breedwise/contracts/nursery';
import { registerEndpoints } from '../../../platform/endpoints';
import { sourceOf } from '../../audit';
import { harvestPollinations, listHarvests } from './harvest.service';

/** Nursery harvests: the handlers of `@breedwise/contracts/nursery` (harvest). */
export function harvestRoutes(app: FastifyInstance) {
  const { db } = app.database;
  registerEndpoints(app, nurseryApi.resources.harvest, {
    page: (req) => listHarvests(db, req.ctx, req.query),
    create: (req) => harvestPollinations(db, req.ctx, sourceOf(req), req.body),
  });
}
