import type { FastifyInstance } from 'fastify';
import { authApi } from '@breedwise/contracts/auth';
import { registerEndpoints } from '../../../platform/endpoints';
import { sourceOf } from '../../audit';
import { originOf } from '../request';
import { casBind, casCheck, casQrcode, listScanIdentities, removeScanIdentity } from './cas.service';

/** Binding scan identities (CAS): handlers of the definitions in `@breedwise/contracts/auth` (cas). */
export function casRoutes(app: FastifyInstance) {
  const { db } = app.database;
  registerEndpoints(app, authApi.resources.cas, {
    qrcode: (req) => casQrcode(db, req.ctx, originOf(app, req)),
    bind: (req) => casBind(db, req.query.code, req.query.deviceName, req.headers['user-agent'], sourceOf(req)),
    check: async (req, reply) => reply.type('text/plain; charset=utf-8').send(await casCheck(db, req.ctx, req.query.code)),
    identities: (req) => listScanIdentities(db, req.ctx),
    removeIdentity: async (req) => {
      await removeScanIdentity(db, req.ctx, req.params.id, sourceOf(req));
      return null;
    },
  });
}
