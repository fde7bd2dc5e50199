import type { FastifyInstance } from 'fastify';
import { systemApi } from '@breedwise/contracts/system';
import { registerEndpoints } from '../../../platform/endpoints';
import { listAudit, listLogins } from './log.service';

/** The log endpoints: handlers of the definitions in `@breedwise/contracts/system` (log). */
export function logRoutes(app: FastifyInstance) {
  const { db } = app.database;
  registerEndpoints(app, systemApi.resources.log, {
    audit: (req) => listAudit(db, req.ctx, req.query),
    logins: (req) => listLogins(db, req.ctx, req.query),
  });
}
