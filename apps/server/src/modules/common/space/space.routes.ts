import type { FastifyInstance } from 'fastify';
import { commonApi } from '@breedwise/contracts/common';
import { registerEndpoints } from '../../../platform/endpoints';
import { spaceInfo } from './space.service';

/** GET storage-space/spaceInfo/{id} (spec section 7, Auth): the handlers of `commonApi.resources.space`. */
export function spaceRoutes(app: FastifyInstance) {
  registerEndpoints(app, commonApi.resources.space, {
    info: (req) => spaceInfo(app.database.db, req.ctx, req.params.id, app.config.orgQuotaBytes),
  });
}
