import type { FastifyInstance } from 'fastify';
import { feedbackRoutes } from './feedback.routes';

/** User feedback, mounted at /api/auth (spec section 7). */
export async function feedbackModule(app: FastifyInstance) {
  await app.register(feedbackRoutes);
}
