import type { FastifyInstance } from 'fastify';
import { authApi } from '@breedwise/contracts/auth';
import { registerEndpoints } from '../../../platform/endpoints';
import { sourceOf } from '../../audit';
import { originOf } from '../request';
import { getUserIdByExpiredKey, resetPassword, retrievePassword, sendResetPasswordEmail } from './password.service';

/** Password reset (spec names, form-encoded): handlers of the definitions in `@breedwise/contracts/auth` (password). */
export function passwordRoutes(app: FastifyInstance) {
  const { db } = app.database;
  const cfg = app.config;
  registerEndpoints(app, authApi.resources.password, {
    sendResetEmail: async (req) => {
      await sendResetPasswordEmail(db, cfg, req.body, originOf(app, req), req.locale, sourceOf(req));
      return null;
    },
    expiredKey: (req) => getUserIdByExpiredKey(db, req.query.userExpiredKey),
    reset: async (req) => {
      await resetPassword(db, req.body, req.locale, sourceOf(req));
      return null;
    },
    retrieve: async (req) => {
      await retrievePassword(db, req.body, req.locale, sourceOf(req));
      return null;
    },
  });
}
