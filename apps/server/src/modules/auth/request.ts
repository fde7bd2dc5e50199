import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CROP_COOKIE } from '@breedwise/contracts';
import type { Attempt } from './login/login.service';
import { linkOrigin } from '../../platform/public-url';

/** The address of the web app for links and QR codes: from configuration only (platform/public-url.ts). */
export function originOf(app: FastifyInstance, req: FastifyRequest): string {
  return linkOrigin(app.config, req);
}

/** Where a login attempt comes from: address, browser, remembered crop, language, request id. */
export const attemptOf = (req: FastifyRequest): Attempt => {
  const cropCookie = Number(req.cookies[CROP_COOKIE]);
  return {
    ip: req.ip,
    userAgent: req.headers['user-agent'],
    preferredCropId: Number.isInteger(cropCookie) ? cropCookie : undefined,
    locale: req.locale,
    requestId: req.id,
  };
};

/** The host and entry path a brand is chosen by. */
export const where = (req: FastifyRequest, path?: string) => ({ host: req.host, path });
