import type { FastifyInstance, FastifyRequest } from 'fastify';
import { authApi, DEVICE_KEY_HEADER } from '@breedwise/contracts/auth';
import { registerEndpoints } from '../../../platform/endpoints';
import { AppError } from '../../../platform/errors';
import { sourceOf } from '../../audit';
import { attemptOf, originOf } from '../request';
import { checkQr, confirmerFromDeviceKey, confirmQr, generateQr, scanQr, type Confirmer } from './qr.service';

/** QR-code login: handlers of the definitions in `@breedwise/contracts/auth` (qr). */
export function qrRoutes(app: FastifyInstance) {
  const { db } = app.database;
  const cfg = app.config;
  const confirmer = async (req: FastifyRequest): Promise<Confirmer> => {
    if (req.maybeCtx) return { userId: req.maybeCtx.userId, username: req.maybeCtx.username };
    const key = req.headers[DEVICE_KEY_HEADER];
    const device = await confirmerFromDeviceKey(db, typeof key === 'string' ? key : undefined);
    if (!device) throw new AppError(401, 'UNAUTHORIZED');
    return device;
  };
  registerEndpoints(app, authApi.resources.qr, {
    generate: (req) => generateQr(db, originOf(app, req), attemptOf(req)),
    check: (req) => checkQr(db, cfg, req.query.qrId, req.query.pollSecret, attemptOf(req)),
    scan: async (req) => scanQr(db, req.body.qrId, await confirmer(req)),
    confirm: async (req) => {
      await confirmQr(db, req.body.qrId, req.body.approve, await confirmer(req), sourceOf(req));
      return null;
    },
  });
}
