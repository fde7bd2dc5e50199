import type { FastifyInstance } from 'fastify';
import { doeApi, doePermissions as P } from '@breedwise/contracts/doe';
import { requirePermission } from '../../../platform/context';
import { registerEndpoints } from '../../../platform/endpoints';
import { createEntryGroup, deleteEntryGroup, getEntryGroup, groupFromExperiment, groupToList, listEntryGroups, updateEntryGroup } from './entry-group.service';

/** The entry-group endpoints: handlers of the definitions in `@breedwise/contracts/doe` (entryGroup). */
export function entryGroupRoutes(app: FastifyInstance) {
  const { db } = app.database;
  registerEndpoints(app, doeApi.resources.entryGroup, {
    page: (req) => listEntryGroups(db, req.ctx, req.query),
    detail: (req) => getEntryGroup(db, req.ctx, req.params.id),
    create: (req) => createEntryGroup(db, req.ctx, req.body),
    fromExperiment: (req) => groupFromExperiment(db, req.ctx, req.body),
    toList: (req) => {
      requirePermission(req.ctx, P.germListAdd);
      return groupToList(db, req.ctx, req.body.id, req.body.name);
    },
    update: (req) => updateEntryGroup(db, req.ctx, req.body),
    remove: async (req) => {
      await deleteEntryGroup(db, req.ctx, req.params.id);
      return null;
    },
  });
}
