import type { FastifyInstance } from 'fastify';
import type { JobQueue } from '../common';
import type { JobDeps, ServerModule } from '../../platform/module';
import { onFieldBookImport } from '../pheno';
import { businessRoutes } from './business/business.routes';
import { recordFieldBookRun } from './pipeline/fieldbook-run';
import { definePipelineJob, startDueRuns } from './pipeline/pipeline.job';
import { pipelineRoutes } from './pipeline/pipeline.routes';
import { etlMenus } from './menus';

/** How often the scheduler looks for due pipeline runs. */
const SCHEDULE_TICK_MS = 60_000;

/**
 * Data pipelines (spec section 7, bpm: etl/pipeline and etl/business, mounted under /api/bpm): sources
 * mapped onto business types, runs as tasks with row reports, business data tables.
 */
export const etlModule: ServerModule<JobQueue> = {
  name: 'etl',
  routes: (app: FastifyInstance) => {
    // The experiment page's Field Book import is one pipeline: each import is recorded as its run.
    onFieldBookImport(recordFieldBookRun);
    pipelineRoutes(app);
    businessRoutes(app);
  },
  jobs: (queue: JobQueue, deps: JobDeps) => {
    definePipelineJob(queue);
    // Scheduled runs: each due pipeline is claimed by moving its next run on, so one process starts it.
    const timer = setInterval(() => {
      startDueRuns(deps.database, queue).catch(() => undefined);
    }, SCHEDULE_TICK_MS);
    timer.unref();
  },
  menus: etlMenus,
};

export { startDueRuns } from './pipeline/pipeline.job';
export { etlBusiness, etlBusinessData } from './business/business.tables';
