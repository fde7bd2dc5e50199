import type { FastifyInstance } from 'fastify';
import { systemApi } from '@breedwise/contracts/system';
import { registerEndpoints } from '../../../platform/endpoints';
import { sourceOf } from '../../audit';
import { createDept, deleteDept, deptTree, updateDept } from './dept.service';

/** The department endpoints: handlers of the definitions in `@breedwise/contracts/system` (dept). */
export function deptRoutes(app: FastifyInstance) {
  const { db } = app.database;
  registerEndpoints(app, systemApi.resources.dept, {
    tree: (req) => deptTree(db, req.ctx.orgId ?? 0),
    create: (req) => createDept(db, req.ctx, req.body, sourceOf(req)),
    update: async (req) => {
      await updateDept(db, req.ctx, req.body, sourceOf(req));
      return null;
    },
    remove: async (req) => {
      await deleteDept(db, req.ctx, req.params.id, sourceOf(req));
      return null;
    },
  });
}
