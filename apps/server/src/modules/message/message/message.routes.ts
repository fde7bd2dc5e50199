import type { FastifyInstance } from 'fastify';
import { messageApi } from '@breedwise/contracts/message';
import { registerEndpoints } from '../../../platform/endpoints';
import { listMessages, noReadCount, setRead, setReadAll } from './message.service';

/** The caller's messages: the handlers of `messageApi.resources.message`. */
export function messageRoutes(app: FastifyInstance) {
  const { db } = app.database;
  registerEndpoints(app, messageApi.resources.message, {
    list: (req) => listMessages(db, req.ctx, req.query, req.locale),
    noReadCount: async (req) => ({ count: await noReadCount(db, req.ctx) }),
    setRead: async (req) => {
      await setRead(db, req.ctx, req.params.id);
      return null;
    },
    setReadAll: async (req) => ({ updated: await setReadAll(db, req.ctx) }),
  });
}
