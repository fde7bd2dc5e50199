import type { FastifyInstance } from 'fastify';
import { systemApi } from '@breedwise/contracts/system';
import { registerEndpoints } from '../../../platform/endpoints';
import { sourceOf } from '../../audit';
import { createNotice, deleteNotice, listNotices, updateNotice } from './notice.service';

/** The notice endpoints: handlers of the definitions in `@breedwise/contracts/system` (notice). */
export function noticeRoutes(app: FastifyInstance) {
  const { db } = app.database;
  registerEndpoints(app, systemApi.resources.notice, {
    page: (req) => listNotices(db, req.ctx, req.query),
    create: (req) => createNotice(db, req.ctx, req.body, sourceOf(req)),
    update: (req) => updateNotice(db, req.ctx, req.body, sourceOf(req)),
    remove: async (req) => {
      await deleteNotice(db, req.ctx, req.params.id, sourceOf(req));
      return null;
    },
  });
}
