import type { FastifyInstance } from 'fastify';
import { messageApi } from '@breedwise/contracts/message';
import { registerEndpoints } from '../../../platform/endpoints';
import { latestNotice } from './notice.service';

/** Notices as their readers see them: the handlers of `messageApi.resources.notice`. */
export function noticeRoutes(app: FastifyInstance) {
  registerEndpoints(app, messageApi.resources.notice, {
    getLatest: (req) => latestNotice(app.database.db, req.ctx),
  });
}
