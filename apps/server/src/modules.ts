import type { ServerModule } from './platform/module';
import type { JobQueue } from './modules/common';
import { systemModule, useOrganisationSeeders, useSystemHooks } from './modules/system';
import { authModule } from './modules/auth';
import { commonModule, getFile, signedFileUrl } from './modules/common';
import { messageModule, sendMessage } from './modules/message';
import { assertSeatAvailable, licenseModule } from './modules/license';
import { feedbackModule } from './modules/feedback';
import { gwsModule } from './modules/gws';
import { germModule } from './modules/germ';
import { doeModule } from './modules/doe';
import { phenoModule } from './modules/pheno';
import { nurseryModule } from './modules/nursery';
import { bpmModule } from './modules/bpm';
import { gsModule } from './modules/gs';
import { etlModule } from './modules/etl';

/**
 * Every module of this build, one line each: routes, jobs, menus, dictionaries and demo data come from
 * here. Order matters for demo data only (a module's demo rows may use those of the modules before it).
 */
export const serverModules: ServerModule<JobQueue>[] = [
  systemModule,
  authModule,
  commonModule,
  messageModule,
  licenseModule,
  feedbackModule,
  gwsModule,
  bpmModule,
  germModule,
  doeModule,
  phenoModule,
  nurseryModule,
  gsModule,
  etlModule,
];

useOrganisationSeeders(serverModules.flatMap((m) => (m.seedOrganisation ? [m.seedOrganisation] : [])));
// System is the base module: what it uses of the modules built on it is handed in here.
useSystemHooks({ assertSeatAvailable, sendMessage, getFile, signedFileUrl });
