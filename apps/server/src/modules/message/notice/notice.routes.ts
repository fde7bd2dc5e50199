import type { FastifyInstance } from 'fastify';
import { messageApi } from '@breedwise/contracts/message';
import { registerEndpoints } from '../../../platform/endpoints';
import { dismissNotice, latestNotice, openNotices } from './notice.service';

/** Notices as their readers see them: the handlers of `messageApi.resources.notice`. */
export function noticeRoutes(app: FastifyInstance) {
  const { db } = app.database;
  registerEndpoints(app, messageApi.resources.notice, {
    getLatest: (req) => latestNotice(db, req.ctx),
    open: (req) => openNotices(db, req.ctx),
    dismiss: async (req) => {
      await dismissNotice(db, req.ctx, req.params.id);
      return null;
    },
  });
}
