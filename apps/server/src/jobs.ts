import type { Config } from './config';
import type { Database } from './db/client';
import type { ObjectStorage } from './platform/files/storage';
import type { JobQueue } from './modules/common/jobs/queue';
import { registerDoeJobs } from './modules/doe';
import { registerGermJobs } from './modules/germ';

export interface JobDeps {
  database: Database;
  storage: ObjectStorage;
  config: Config;
}

/** Every module's job definitions: the API process and `npm run worker` register the same set. */
export function registerJobs(queue: JobQueue, deps: JobDeps): void {
  registerDoeJobs(queue, deps);
  registerGermJobs(queue, deps);
}
