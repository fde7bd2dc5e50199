import type { FastifyInstance } from 'fastify';
import { licenseApi } from '@breedwise/contracts/license';
import { registerEndpoints } from '../../../platform/endpoints';
import { sourceOf } from '../../audit';
import { exportLicense, getLicense, saveLicense } from './issued.service';

/** The licence issued to a subject: handlers of the definitions in `@breedwise/contracts/license` (issued). */
export function issuedRoutes(app: FastifyInstance) {
  const { db } = app.database;
  registerEndpoints(app, licenseApi.resources.issued, {
    get: (req) => getLicense(db, req.params.subjectId),
    save: (req) => saveLicense(db, req.ctx, req.body, sourceOf(req)),
    export: async (req, reply) => {
      const { fileName, file } = await exportLicense(db, app.config, req.params.subjectId, sourceOf(req));
      return reply
        .header('content-type', 'application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName.replace(/[^A-Za-z0-9_.-]/g, '_')}"`)
        .send(file);
    },
  });
}
