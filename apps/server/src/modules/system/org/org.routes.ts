import type { FastifyInstance } from 'fastify';
import { systemApi } from '@breedwise/contracts/system';
import { registerEndpoints } from '../../../platform/endpoints';
import { sourceOf } from '../../audit';
import { createOrg, currentOrg, listOrgs, updateCurrentOrg } from './org.service';

/** The organisation endpoints: handlers of the definitions in `@breedwise/contracts/system` (org). */
export function orgRoutes(app: FastifyInstance) {
  const { db } = app.database;
  const cfg = app.config;
  registerEndpoints(app, systemApi.resources.org, {
    current: (req) => currentOrg(db, cfg, req.ctx),
    updateCurrent: (req) => updateCurrentOrg(db, cfg, req.ctx, req.body, sourceOf(req)),
    list: (req) => listOrgs(db, cfg, req.ctx),
    create: (req) => createOrg(db, cfg, req.ctx, req.body, sourceOf(req)),
  });
}
