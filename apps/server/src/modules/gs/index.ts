import type { FastifyInstance } from 'fastify';
import { gsApi } from '@breedwise/contracts/gs';
import { taskLogsHandler, type JobQueue } from '../common';
import { registerEndpoints } from '../../platform/endpoints';
import type { JobDeps, ServerModule } from '../../platform/module';
import { composeRoutes } from './dataset/compose.routes';
import { datasetRoutes } from './dataset/dataset.routes';
import { modelRoutes } from './model/model.routes';
import { defineTrainJob } from './model/model.job';
import { predictRoutes } from './predict/predict.routes';
import { definePredictJob } from './predict/predict.job';
import { gsMenus } from './menus';
import { sampleRoutes } from './sample/sample.routes';
import { hybridRoutes } from './hybrid/hybrid.routes';
import { defineGcaJob } from './hybrid/hybrid.job';
import { seedGsDemo } from './seed';

export { gsCandidate, gsDataset, gsGca, gsModel, gsPredict } from './gs.tables';

/** Genomic selection: datasets, models trained as jobs with cross-validation, inbred and hybrid (GCA) prediction. */
export const gsModule: ServerModule<JobQueue> = {
  name: 'gs',
  routes: (app: FastifyInstance) => {
    datasetRoutes(app);
    composeRoutes(app);
    modelRoutes(app);
    predictRoutes(app);
    hybridRoutes(app);
    sampleRoutes(app);
    registerEndpoints(app, gsApi.resources.task, { logs: taskLogsHandler(app) });
  },
  jobs: (queue: JobQueue, deps: JobDeps) => {
    defineTrainJob(queue, deps);
    definePredictJob(queue);
    defineGcaJob(queue, deps);
  },
  menus: gsMenus,
  seedDemo: seedGsDemo,
};
