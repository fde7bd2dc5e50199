import type { FastifyInstance } from 'fastify';
import { systemApi } from '@breedwise/contracts/system';
import { registerEndpoints } from '../../../platform/endpoints';
import { sourceOf } from '../../audit';
import { adminResetPassword, approveUser, createUser, forceLogout, getUser, listUsers, removeUser, setUserStatus, updateUser } from './user.service';

/** The member endpoints: handlers of the definitions in `@breedwise/contracts/system` (user). */
export function userRoutes(app: FastifyInstance) {
  const { db } = app.database;
  const cfg = app.config;
  registerEndpoints(app, systemApi.resources.user, {
    page: (req) => listUsers(db, req.ctx, req.query),
    detail: (req) => getUser(db, req.ctx, req.params.id),
    create: (req) => createUser(db, cfg, req.ctx, req.body, sourceOf(req)),
    update: (req) => updateUser(db, req.ctx, req.body, sourceOf(req)),
    status: async (req) => ({ count: await setUserStatus(db, cfg, req.ctx, req.body, sourceOf(req)) }),
    resetPassword: async (req) => {
      await adminResetPassword(db, req.ctx, req.body.id, req.body.password, sourceOf(req));
      return null;
    },
    approve: async (req) => {
      await approveUser(db, cfg, req.ctx, req.body.id, req.body.approve, sourceOf(req));
      return null;
    },
    forceLogout: async (req) => ({ count: await forceLogout(db, req.ctx, req.params.id, sourceOf(req)) }),
    remove: async (req) => {
      await removeUser(db, req.ctx, req.params.id, sourceOf(req));
      return null;
    },
  });
}
