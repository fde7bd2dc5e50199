import type { FastifyInstance } from 'fastify';
import { doeApi } from '@breedwise/contracts/doe';
import type { JobQueue } from '../common';
import { registerResourceIoJobs, taskLogsHandler } from '../common';
import { registerEndpoints } from '../../platform/endpoints';
import type { JobDeps, ServerModule } from '../../platform/module';
import { activityRoutes } from './activity/activity.routes';
import { entryGroupRoutes } from './entry-group/entry-group.routes';
import { experimentBankRoutes } from './experiment/entry-bank.routes';
import { experimentRoutes } from './experiment/experiment.routes';
import { plotLabelRoutes } from './experiment/plot-label.routes';
import { defineLayoutJob } from './experiment/layout.job';
import { fieldRoutes } from './field/field.routes';
import { germDesignRoutes } from './germ-design/germ-design.routes';
import { germListIo } from './germlist/germlist.io';
import { germListRoutes } from './germlist/germlist.routes';
import { defineHarvestJob } from './harvest/harvest.job';
import { harvestRoutes } from './harvest/harvest.routes';
import { locationIo } from './location/location.io';
import { locationRoutes } from './location/location.routes';
import { projectRoutes } from './project/project.routes';
import { teamRoutes } from './team/team.routes';
import { doeMenus } from './menus';
import { doeDictionaries } from './dictionaries';
import { seedDoeDemo } from './seed';

function registerDoeJobs(queue: JobQueue, deps: JobDeps): void {
  registerResourceIoJobs(queue, locationIo, deps);
  registerResourceIoJobs(queue, germListIo, deps);
  defineLayoutJob(queue);
  defineHarvestJob(queue);
}

/** Experiment design (DOE): teams, projects, locations, fields, experiments, planting lists, designs. */
export const doeModule: ServerModule<JobQueue> = {
  name: 'doe',
  routes: (app: FastifyInstance) => {
    locationRoutes(app);
    teamRoutes(app);
    projectRoutes(app);
    fieldRoutes(app);
    experimentRoutes(app);
    experimentBankRoutes(app);
    plotLabelRoutes(app);
    germListRoutes(app);
    germDesignRoutes(app);
    entryGroupRoutes(app);
    activityRoutes(app);
    harvestRoutes(app);
    registerEndpoints(app, doeApi.resources.task, { logs: taskLogsHandler(app) });
  },
  jobs: registerDoeJobs,
  menus: doeMenus,
  dictionaries: doeDictionaries,
  seedDemo: seedDoeDemo,
};
export { changeStatus as changeExperimentStatus } from './experiment/experiment.service';
/** For the data pipelines: locations loaded with the import's rules (row schema, unique codes). */
export { locationIo } from './location/location.io';
export { existingCodes as existingLocationCodes } from './location/location.service';
/** For genomic selection: a prediction's candidates sent to a new planting list (one transaction, the list's own rules). */
export { createGermList } from './germlist/germlist.service';
