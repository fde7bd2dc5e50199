import type { FastifyInstance } from 'fastify';
import { nurseryApi } from '@breedwise/contracts/nursery';
import { registerEndpoints } from '../../../platform/endpoints';
import { computeDhFlow, createDhFlow, deleteDhFlow, getDhFlow, listDhFlows, updateDhFlow } from './dh-flow.service';

/** DH flow templates: the handlers of `@breedwise/contracts/nursery` (dhFlow). */
export function dhFlowRoutes(app: FastifyInstance) {
  const { db } = app.database;
  registerEndpoints(app, nurseryApi.resources.dhFlow, {
    page: (req) => listDhFlows(db, req.ctx, req.query),
    detail: (req) => getDhFlow(db, req.ctx, req.params.id),
    create: (req) => createDhFlow(db, req.ctx, req.body),
    update: (req) => updateDhFlow(db, req.ctx, req.body),
    compute: (req) => computeDhFlow(db, req.ctx, req.body),
    remove: async (req) => {
      await deleteDhFlow(db, req.ctx, req.params.id);
      return null;
    },
  });
}
