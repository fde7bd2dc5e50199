import type { FastifyInstance } from 'fastify';
import { licenseApi } from '@breedwise/contracts/license';
import { registerEndpoints } from '../../../platform/endpoints';
import { sourceOf } from '../../audit';
import { installLicense, licenseInfo } from './installed.service';

/** The licence in force here: handlers of the definitions in `@breedwise/contracts/license` (installed). */
export function installedRoutes(app: FastifyInstance) {
  const { db } = app.database;
  registerEndpoints(app, licenseApi.resources.installed, {
    info: () => licenseInfo(db, app.config),
    install: (req) => installLicense(db, app.config, req.body.file, req.ctx, sourceOf(req)),
  });
}
