import type { FastifyInstance } from 'fastify';
import type { ServerModule } from '../../platform/module';
import { messageRoutes } from './message/message.routes';
import { noticeRoutes } from './notice/notice.routes';
import { envRoutes } from './env/env.routes';

export { sendMessage, type NewMessage } from './message/message.service';

/** Messages, notices and getEnv, registered from `messageApi` (under the spec's /api/auth base). */
export const messageModule: ServerModule = {
  name: 'message',
  routes: (app: FastifyInstance) => {
    messageRoutes(app);
    noticeRoutes(app);
    envRoutes(app);
  },
};
