import type { FastifyInstance } from 'fastify';
import { systemApi } from '@breedwise/contracts/system';
import { registerEndpoints } from '../../../platform/endpoints';
import { listOutbox } from './outbox.service';

/** The outbox endpoint: the handler of the definition in `@breedwise/contracts/system` (outbox). */
export function outboxRoutes(app: FastifyInstance) {
  const { db } = app.database;
  registerEndpoints(app, systemApi.resources.outbox, {
    page: (req) => listOutbox(db, req.query),
  });
}
