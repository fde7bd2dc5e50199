import type { FastifyInstance } from 'fastify';
import type { JobQueue } from '../common';
import { registerResourceIoJobs, taskLogRoute } from '../common';
import type { JobDeps } from '../../jobs';
import { locationRoutes } from './location/location.routes';
import { locationIo } from './location/location.io';
import { teamRoutes } from './team/team.routes';
import { projectRoutes } from './project/project.routes';
import { fieldRoutes } from './field/field.routes';
import { germListRoutes } from './germlist/germlist.routes';
import { germListIo } from './germlist/germlist.io';
import { experimentRoutes } from './experiment/experiment.routes';
import { defineLayoutJob } from './experiment/layout.job';
import { germDesignRoutes } from './germ-design/germ-design.routes';
import { entryGroupRoutes } from './entry-group/entry-group.routes';
import { activityRoutes } from './activity/activity.routes';
import { harvestRoutes } from './harvest/harvest.routes';
import { defineHarvestJob } from './harvest/harvest.job';

export { mapEngineRoutes } from './map-engine/map-engine.routes';

/** Experiment design (DOE), mounted at /api/doe. */
export async function doeModule(app: FastifyInstance) {
  // Refusals name fields and states in the language of the screen asking (the web sends Accept-Language).
  app.addHook('preHandler', async (req) => {
    if (req.maybeCtx) req.maybeCtx.locale = req.locale;
  });
  await app.register(locationRoutes);
  await app.register(teamRoutes);
  await app.register(projectRoutes);
  await app.register(fieldRoutes);
  await app.register(germListRoutes);
  await app.register(experimentRoutes);
  await app.register(germDesignRoutes);
  await app.register(entryGroupRoutes);
  await app.register(activityRoutes);
  await app.register(harvestRoutes);
  await app.register(taskLogRoute);
}

export function registerDoeJobs(queue: JobQueue, deps: JobDeps): void {
  registerResourceIoJobs(queue, locationIo, deps);
  registerResourceIoJobs(queue, germListIo, deps);
  defineLayoutJob(queue);
  defineHarvestJob(queue);
}
