import type { FastifyInstance } from 'fastify';
import type { ServerModule } from '../../platform/module';
import { bpmMenus } from './menus';
import { bpmRoutes } from './routes';
import { seedBpmOrganisation, syncBpmDefaultForms } from './seed';
import { seedBpmDemo } from './demo';
import './leave/leave.service';
import { registerBpmJobs } from './runtime/automation';
import type { JobQueue } from '../common';

/** Workflow and approvals (under /api/bpm): process models, definitions, instances, tasks, rules, bindings. */
export const bpmModule: ServerModule<JobQueue> = {
  name: 'bpm',
  jobs: registerBpmJobs,
  routes: (app: FastifyInstance) => bpmRoutes(app),
  menus: bpmMenus,
  seedOrganisation: seedBpmOrganisation,
  syncReference: async (db) => {
    await syncBpmDefaultForms(db);
  },
  seedDemo: seedBpmDemo,
};

// What other modules use: their business types, the service calls inside their transactions.
export { registerBusinessType, type BusinessType, type BusinessEnd, type BusinessStep } from './runtime/business';
export { initBusinessProcessIn, cancelBusinessProcessIn, myOpenTaskFor, decideTaskIn } from './runtime/runtime.service';
export { bpmInstance, bpmTask } from './runtime/runtime.tables';
export { seedBusinessProcess } from './runtime/seed-process';
export { syncBpmDefaultForms } from './seed';
