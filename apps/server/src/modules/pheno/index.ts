import type { FastifyInstance } from 'fastify';
import type { JobQueue } from '../common';
import { registerResourceIoJobs } from '../common';
import type { JobDeps, ServerModule } from '../../platform/module';
import { studyRoutes } from './study/study.routes';
import { variableIo } from './variable/variable.io';
import { variableRoutes } from './variable/variable.routes';
import { phenoMenus } from './menus';
import { seedPhenoDemo } from './seed';

/** Phenotype data: traits (variables), observations on plots, Field Book round trip, checks, single-trial analysis. */
export const phenoModule: ServerModule<JobQueue> = {
  name: 'pheno',
  routes: (app: FastifyInstance) => {
    variableRoutes(app);
    studyRoutes(app);
  },
  jobs: (queue: JobQueue, deps: JobDeps) => registerResourceIoJobs(queue, variableIo, deps),
  menus: phenoMenus,
  seedDemo: seedPhenoDemo,
};

/**
 * For genomic selection's datasets (`createBySystem`): the analysed entry BLUEs (or BLUPs) of an
 * experiment's traits, one row per entry with a value per trait code.
 */
export { analysedEntryValues } from './study/analysis';
export { phenoVariable } from './variable/variable.tables';
/** For the nursery's field survey: the crop's traits by id (their scales check the values). */
export { variablesById } from './variable/variable.service';
export { phenoObservation, phenoAnalysis } from './study/study.tables';
/** For the data pipelines: observations checked and recorded with the same scale rules and history. */
/** For the data pipelines: the experiment page's Field Book imports, recorded as runs of a pipeline. */
export { onFieldBookImport, type FieldBookImported } from './study/fieldbook';
export { applyRecordings, checkRecording, pushedExperiment, studyPlots, studyTraits, type Recording } from './study/study.service';
