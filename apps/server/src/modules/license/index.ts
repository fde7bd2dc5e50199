import type { FastifyInstance } from 'fastify';
import type { ServerModule } from '../../platform/module';
import { installedRoutes } from './installed/installed.routes';
import { issuedRoutes } from './issued/issued.routes';
import { subjectRoutes } from './subject/subject.routes';

export { assertLoginLicensed, assertSeatAvailable, licenseInfo } from './installed/installed.service';
export { signLicense, verifyLicense, type LicensePayload } from './keys';

/** Licence subjects and licences: issuing (/api/gateway), info (/api/auth) and installing (/api/system). Built on system. */
export const licenseModule: ServerModule = {
  name: 'license',
  routes: (app: FastifyInstance) => {
    subjectRoutes(app);
    issuedRoutes(app);
    installedRoutes(app);
  },
};
