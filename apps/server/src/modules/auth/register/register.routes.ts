import type { FastifyInstance } from 'fastify';
import { authApi } from '@breedwise/contracts/auth';
import { registerEndpoints } from '../../../platform/endpoints';
import { sourceOf } from '../../audit';
import { registerInit, registerSubmit } from './register.service';

/** Self-registration: handlers of the definitions in `@breedwise/contracts/auth` (register). */
export function registerRoutes(app: FastifyInstance) {
  const { db } = app.database;
  const cfg = app.config;
  registerEndpoints(app, authApi.resources.register, {
    init: () => registerInit(db, cfg),
    submit: (req) => registerSubmit(db, cfg, req.body, req.locale, sourceOf(req)),
  });
}
