import type { FastifyInstance } from 'fastify';
import { CROP_COOKIE, PREFERENCE_COOKIE_SECONDS } from '@breedwise/contracts';
import { authApi } from '@breedwise/contracts/auth';
import { registerEndpoints } from '../../../platform/endpoints';
import { sourceOf } from '../../audit';
import { attemptOf, where } from '../request';
import { changeLocale, editPassword, login, loginInfo, loginInit, loginMfa, loginMobile, logout, setCrop, setOrg } from './login.service';

/** The login endpoints: handlers of the definitions in `@breedwise/contracts/auth` (login). */
export function loginRoutes(app: FastifyInstance) {
  const { db } = app.database;
  const cfg = app.config;
  registerEndpoints(app, authApi.resources.login, {
    init: (req) => loginInit(db, cfg, where(req, req.query.path)),
    login: (req) => login(db, cfg, req.body, attemptOf(req)),
    mobile: (req) => loginMobile(db, cfg, req.body, attemptOf(req)),
    mfa: (req) => loginMfa(db, cfg, req.body, attemptOf(req)),
    editPassword: async (req) => {
      await editPassword(db, cfg, req.body, attemptOf(req));
      return null;
    },
    info: (req) => loginInfo(db, cfg, req.ctx, req.locale, where(req, req.query.path)),
    logout: async (req) => {
      await logout(db, req.maybeCtx, sourceOf(req));
      return null;
    },
    setOrg: async (req) => {
      await setOrg(db, req.ctx, req.params.id);
      return null;
    },
    setCrop: async (req, reply) => {
      await setCrop(db, req.ctx, req.params.id);
      reply.setCookie(CROP_COOKIE, String(req.params.id), { path: '/', maxAge: PREFERENCE_COOKIE_SECONDS, sameSite: 'lax', httpOnly: false });
      return null;
    },
    changeLocale: async (req) => {
      await changeLocale(db, req.ctx, req.params.locale);
      req.locale = req.params.locale;
      return { locale: req.params.locale };
    },
  });
}
