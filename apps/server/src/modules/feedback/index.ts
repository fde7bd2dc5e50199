import type { FastifyInstance } from 'fastify';
import type { ServerModule } from '../../platform/module';
import { feedbackRoutes } from './feedback/feedback.routes';

/** User feedback, registered from `feedbackApi` (under the spec's /api/auth base). */
export const feedbackModule: ServerModule = {
  name: 'feedback',
  routes: (app: FastifyInstance) => feedbackRoutes(app),
};
