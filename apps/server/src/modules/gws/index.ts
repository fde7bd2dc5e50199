import type { FastifyInstance } from 'fastify';
import type { ServerModule } from '../../platform/module';
import { buildRoutes } from './build/build.routes';

/** Genome build selection, registered from `gwsApi` (under the spec's /api/gs base). */
export const gwsModule: ServerModule = {
  name: 'gws',
  routes: (app: FastifyInstance) => buildRoutes(app),
};
