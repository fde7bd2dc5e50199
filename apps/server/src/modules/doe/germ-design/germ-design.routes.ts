import type { FastifyInstance } from 'fastify';
import { doeApi } from '@breedwise/contracts/doe';
import { registerEndpoints } from '../../../platform/endpoints';
import {
  createGermDesign,
  deleteGermDesign,
  generateGermDesign,
  germDesignPlots,
  getGermDesign,
  listGermDesigns,
  resetGermDesign,
  updateGermDesign,
} from './germ-design.service';

/** The germplasm and nursery design endpoints: handlers of the definitions in `@breedwise/contracts/doe` (germDesign). */
export function germDesignRoutes(app: FastifyInstance) {
  const { db } = app.database;
  registerEndpoints(app, doeApi.resources.germDesign, {
    page: (req) => listGermDesigns(db, req.ctx, req.query),
    detail: (req) => getGermDesign(db, req.ctx, req.params.id),
    plots: (req) => germDesignPlots(db, req.ctx, req.params.id),
    create: (req) => createGermDesign(db, req.ctx, req.body),
    update: (req) => updateGermDesign(db, req.ctx, req.body),
    generate: (req) => generateGermDesign(db, req.ctx, req.params.id),
    reset: (req) => resetGermDesign(db, req.ctx, req.params.id),
    remove: async (req) => {
      await deleteGermDesign(db, req.ctx, req.params.id);
      return null;
    },
  });
}
