import type { FastifyInstance } from 'fastify';
import { gsApi } from '@breedwise/contracts/gs';
import { registerEndpoints } from '../../../platform/endpoints';
import { sendToPlantingList } from '../sample/planting.service';
import { createByMerge, createBySystem, systemSources } from './compose.service';

/** Datasets from platform records or from a merge (spec 7: api/ds/createBySystem, createByMerge), and candidates sent to DOE. */
export function composeRoutes(app: FastifyInstance) {
  const { db } = app.database;
  const deps = { db, storage: app.storage, config: app.config };
  registerEndpoints(app, gsApi.resources.compose, {
    systemSources: (req) => systemSources(db, req.ctx),
    bySystem: (req) => createBySystem(deps, req.ctx, req.body),
    byMerge: (req) => createByMerge(deps, req.ctx, req.body),
  });
  registerEndpoints(app, gsApi.resources.planting, {
    sendToPlanting: (req) => sendToPlantingList(db, req.ctx, req.body),
  });
}
