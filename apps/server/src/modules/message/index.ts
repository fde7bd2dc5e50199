import type { FastifyInstance } from 'fastify';
import { messageRoutes } from './message.routes';

export { sendMessage, type NewMessage } from './message.service';

/** Messages, notices and getEnv; mounted under /api/auth (the spec's auth base). */
export async function messageModule(app: FastifyInstance) {
  await app.register(messageRoutes);
}
