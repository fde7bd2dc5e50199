import type { FastifyInstance } from 'fastify';
import { authApi } from '@breedwise/contracts/auth';
import { registerEndpoints } from '../../../platform/endpoints';
import { sourceOf } from '../../audit';
import { sendCode } from '../sms/code.service';
import {
  bindPhone,
  changePassword,
  endOtherSessions,
  endOwnSession,
  getViewDepts,
  listSessions,
  profile,
  setViewDepts,
  updateProfile,
} from './profile.service';

/** My account and department scope: handlers of the definitions in `@breedwise/contracts/auth` (profile, viewDept). */
export function profileRoutes(app: FastifyInstance) {
  const { db } = app.database;
  const cfg = app.config;
  registerEndpoints(app, authApi.resources.profile, {
    get: (req) => profile(db, cfg, req.ctx),
    update: async (req) => {
      await updateProfile(db, req.ctx, req.body, sourceOf(req));
      return null;
    },
    password: async (req) => {
      await changePassword(db, req.ctx, req.body, sourceOf(req));
      return null;
    },
    sendPhoneCode: (req) => sendCode(db, cfg, { purpose: 'bind', mobile: req.body.mobile, ip: req.ip, locale: req.locale, userId: req.ctx.userId }),
    bindPhone: async (req) => {
      await bindPhone(db, req.ctx, req.body, sourceOf(req));
      return null;
    },
    sessions: (req) => listSessions(db, req.ctx),
    endSession: async (req) => {
      await endOwnSession(db, req.ctx, req.params.id, sourceOf(req));
      return null;
    },
    endOtherSessions: async (req) => ({ count: await endOtherSessions(db, req.ctx, sourceOf(req)) }),
  });
  registerEndpoints(app, authApi.resources.viewDept, {
    get: (req) => getViewDepts(db, req.ctx),
    set: async (req) => {
      await setViewDepts(db, req.ctx, req.body.deptIds, sourceOf(req));
      return null;
    },
  });
}
