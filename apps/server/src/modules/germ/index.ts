import type { FastifyInstance } from 'fastify';
import type { JobQueue } from '../common';
import { registerResourceIoJobs, taskLogRoute } from '../common';
import type { JobDeps } from '../../jobs';
import { germplasmRoutes } from './germplasm/germplasm.routes';
import { germplasmIo } from './germplasm/germplasm.io';
import { inventoryRoutes } from './inventory/inventory.routes';
import { documentModuleRoutes } from './document/document.routes';
import { statisticsRoutes } from './statistics/statistics.routes';

/** Germplasm resources and seed inventory, mounted at /api/germ. */
export async function germModule(app: FastifyInstance) {
  await app.register(germplasmRoutes);
  await app.register(inventoryRoutes);
  await app.register(documentModuleRoutes);
  await app.register(statisticsRoutes);
  await app.register(taskLogRoute);
}

export function registerGermJobs(queue: JobQueue, deps: JobDeps): void {
  registerResourceIoJobs(queue, germplasmIo, deps);
}

export { seedGermDemo } from './demo';
