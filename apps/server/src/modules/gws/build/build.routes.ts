import type { FastifyInstance } from 'fastify';
import { gwsApi } from '@breedwise/contracts/gws';
import { registerEndpoints } from '../../../platform/endpoints';
import { buildList, setCurrentBuild } from '../../system';
import { buildRows, panelPage, projectRows } from './gws.service';

/**
 * Genome build selection for the genomic pages (spec: gws getBuildList, changeBuild/setCurrentBuildId):
 * the handlers of `gwsApi.resources.build`. Builds themselves are defined per crop by the system module.
 */
export function buildRoutes(app: FastifyInstance) {
  const { db } = app.database;
  registerEndpoints(app, gwsApi.resources.build, {
    list: (req) => buildList(db, req.ctx),
    setCurrent: (req) => setCurrentBuild(db, req.ctx, req.body.currentBuildId),
    builds: (req) => buildRows(db, req.ctx),
    panels: (req) => panelPage(db, req.ctx, req.query),
    projects: (req) => projectRows(db, req.ctx),
  });
}
