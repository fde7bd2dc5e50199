import type { FastifyInstance } from 'fastify';
import { authApi } from '@breedwise/contracts/auth';
import { registerEndpoints } from '../../../platform/endpoints';
import { createCaptcha } from './captcha.service';

/** The captcha image: the handler of the definition in `@breedwise/contracts/auth` (captcha). */
export function captchaRoutes(app: FastifyInstance) {
  const { db } = app.database;
  registerEndpoints(app, authApi.resources.captcha, {
    image: async (req, reply) => {
      const jpeg = await createCaptcha(db, req.query.uuid);
      return reply.header('content-type', 'image/jpeg').header('cache-control', 'no-store').send(jpeg);
    },
  });
}
