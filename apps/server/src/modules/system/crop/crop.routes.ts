import type { FastifyInstance } from 'fastify';
import { systemApi } from '@breedwise/contracts/system';
import { registerEndpoints } from '../../../platform/endpoints';
import { sourceOf } from '../../audit';
import { createBuild, createCrop, deleteBuild, listBuilds, listCrops, updateBuild, updateCrop } from './crop.service';

/** The crop and genome build endpoints: handlers of the definitions in `@breedwise/contracts/system` (crop, build). */
export function cropRoutes(app: FastifyInstance) {
  const { db } = app.database;
  registerEndpoints(app, systemApi.resources.crop, {
    list: (req) => listCrops(db, req.ctx),
    create: async (req) => {
      await createCrop(db, req.ctx, req.body, sourceOf(req));
      return null;
    },
    update: async (req) => {
      await updateCrop(db, req.ctx, req.body, sourceOf(req));
      return null;
    },
  });
  registerEndpoints(app, systemApi.resources.build, {
    list: (req) => listBuilds(db, req.ctx, req.query.cropId),
    create: (req) => createBuild(db, req.ctx, req.body, sourceOf(req)),
    update: (req) => updateBuild(db, req.ctx, req.body, sourceOf(req)),
    remove: async (req) => {
      await deleteBuild(db, req.ctx, req.params.id, sourceOf(req));
      return null;
    },
  });
}
