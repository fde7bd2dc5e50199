import type { FastifyInstance } from 'fastify';
import { licenseInstallModule } from '../license';
import { systemRoutes } from './system.routes';

export { resolveBrand, DEFAULT_BRAND } from './brand.service';
export { buildList, setCurrentBuild } from './crop.service';

/** System administration, mounted at /api/system. */
export async function systemModule(app: FastifyInstance) {
  await app.register(systemRoutes);
  await app.register(licenseInstallModule);
}
