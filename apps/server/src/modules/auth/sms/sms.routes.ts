import type { FastifyInstance } from 'fastify';
import { authApi } from '@breedwise/contracts/auth';
import { registerEndpoints } from '../../../platform/endpoints';
import { AppError } from '../../../platform/errors';
import { consumeCaptcha } from '../captcha/captcha.service';
import { sendCode } from './code.service';

/** Sending SMS codes: the handler of the definition in `@breedwise/contracts/auth` (sms). */
export function smsRoutes(app: FastifyInstance) {
  const { db } = app.database;
  const cfg = app.config;
  registerEndpoints(app, authApi.resources.sms, {
    send: async (req) => {
      if (req.body.purpose === 'bind') throw new AppError(400, 'AUTH_CODE_INVALID');
      if (req.body.purpose === 'login' && !cfg.sms.login) throw new AppError(403, 'AUTH_SMS_LOGIN_DISABLED');
      if (cfg.captcha) {
        if (!req.body.code || !req.body.uuid) throw new AppError(400, 'AUTH_CAPTCHA_REQUIRED', {}, { errors: [] });
        if (!(await consumeCaptcha(db, req.body.uuid, req.body.code))) throw new AppError(400, 'AUTH_CAPTCHA_INVALID');
      }
      return sendCode(db, cfg, { purpose: req.body.purpose, mobile: req.body.mobile, ip: req.ip, locale: req.locale });
    },
  });
}
