import type { FastifyInstance } from 'fastify';
import type { JobQueue } from '../common';
import type { ServerModule } from '../../platform/module';
import { activityRoutes } from './activity/activity.routes';
import { dhEntryRoutes } from './dh-entry/dh-entry.routes';
import { dhFlowRoutes } from './dh-flow/dh-flow.routes';
import { entryRoutes } from './entry/entry.routes';
import { defineHarvestJob } from './harvest/harvest.job';
import { harvestRoutes } from './harvest/harvest.routes';
import { pollinationRoutes } from './pollination/pollination.routes';
import { surveyRoutes } from './survey/survey.routes';
import { nurseryMenus } from './menus';
import { seedNurseryDemo } from './seed';

/** Nursery: activities on a field and season, entries, pollinations (cross, self, DH) and harvests into seed lots. */
export const nurseryModule: ServerModule<JobQueue> = {
  name: 'nursery',
  routes: (app: FastifyInstance) => {
    activityRoutes(app);
    entryRoutes(app);
    pollinationRoutes(app);
    harvestRoutes(app);
    dhFlowRoutes(app);
    dhEntryRoutes(app);
    surveyRoutes(app);
  },
  jobs: (queue: JobQueue) => defineHarvestJob(queue),
  menus: nurseryMenus,
  seedDemo: seedNurseryDemo,
};
