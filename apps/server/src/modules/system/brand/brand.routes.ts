import type { FastifyInstance } from 'fastify';
import { systemApi } from '@breedwise/contracts/system';
import { registerEndpoints } from '../../../platform/endpoints';
import { sourceOf } from '../../audit';
import { createBrand, deleteBrand, listBrands, updateBrand } from './brand.service';

/** The brand endpoints: handlers of the definitions in `@breedwise/contracts/system` (brand). */
export function brandRoutes(app: FastifyInstance) {
  const { db } = app.database;
  registerEndpoints(app, systemApi.resources.brand, {
    list: () => listBrands(db),
    create: (req) => createBrand(db, req.ctx, req.body, sourceOf(req)),
    update: (req) => updateBrand(db, req.ctx, req.body, sourceOf(req)),
    remove: async (req) => {
      await deleteBrand(db, req.params.id, sourceOf(req));
      return null;
    },
  });
}
