import type { FastifyInstance } from 'fastify';
import { germApi } from '@breedwise/contracts/germ';
import type { JobQueue } from '../common';
import { registerResourceIoJobs, taskLogsHandler } from '../common';
import { registerEndpoints } from '../../platform/endpoints';
import type { JobDeps, ServerModule } from '../../platform/module';
import { germMenus } from './menus';
import './document/document.workflow';
import { seedGermDemo } from './seed';
import { germplasmRoutes } from './germplasm/germplasm.routes';
import { germplasmIo } from './germplasm/germplasm.io';
import { traitRoutes } from './trait/trait.routes';
import { placeRoutes } from './place/place.routes';
import { lotRoutes } from './lot/lot.routes';
import { documentsRoutes } from './document/document.routes';
import { cartRoutes } from './cart/cart.routes';
import { statisticsRoutes } from './statistics/statistics.routes';
import { labelRoutes } from './label/label.routes';
import { seriesRoutes } from './series/series.routes';

function registerGermJobs(queue: JobQueue, deps: JobDeps): void {
  registerResourceIoJobs(queue, germplasmIo, deps);
}

/** Germplasm resources and seed inventory (under /api/germ). */
export const germModule: ServerModule<JobQueue> = {
  name: 'germ',
  routes: (app: FastifyInstance) => {
    germplasmRoutes(app);
    traitRoutes(app);
    placeRoutes(app);
    lotRoutes(app);
    documentsRoutes(app);
    cartRoutes(app);
    statisticsRoutes(app);
    labelRoutes(app);
    seriesRoutes(app);
    registerEndpoints(app, germApi.resources.task, {
      logs: taskLogsHandler(app),
    });
  },
  jobs: registerGermJobs,
  menus: germMenus,
  seedDemo: seedGermDemo,
};

/** Harvested seed from the nursery: germplasm record, seed lot and ledger deposit in the caller's transaction. */
export { receiveHarvestedSeed } from './lot/lot.service';
/** For the data pipelines: germplasm loaded with the import's rules (row schema, accessions, parents, series). */
export { germplasmIo } from './germplasm/germplasm.io';
export { existingAccessions } from './germplasm/germplasm.service';
/** For the data pipelines' seed-lot target: lots created with the lot screen's rules and their ledger deposit. */
export { createLotsInTx, existingLotNos } from './lot/lot.service';
export { germPlace } from './place/place.tables';
