import type { FastifyInstance } from 'fastify';
import { messageApi } from '@breedwise/contracts/message';
import { registerEndpoints } from '../../../platform/endpoints';
import { environment } from './env.service';

/** About this installation (public): the handler of `messageApi.resources.env`. */
export function envRoutes(app: FastifyInstance) {
  registerEndpoints(app, messageApi.resources.env, {
    getEnv: () => environment(app.config),
  });
}
