import type { FastifyInstance } from 'fastify';
import { gatewayLicenseRoutes, licenseInfoRoutes, licenseInstallRoutes } from './license.routes';

export { assertLoginLicensed, assertSeatAvailable, licenseInfo, signLicense, verifyLicense, type LicensePayload } from './license.service';

/** Mounted at /api/gateway: licence subjects and licences (issuing side). */
export async function gatewayModule(app: FastifyInstance) {
  await app.register(gatewayLicenseRoutes);
}
/** Mounted at /api/auth: GET license/info. */
export async function licenseInfoModule(app: FastifyInstance) {
  await app.register(licenseInfoRoutes);
}
/** Mounted at /api/system: installing a licence file. */
export async function licenseInstallModule(app: FastifyInstance) {
  await app.register(licenseInstallRoutes);
}
