import pino from 'pino';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { prepareDatabase } from './prepare';
import { createStorage } from './platform/files/create-storage';
import { JobQueue } from './modules/common';
import { serverModules } from './modules';

/**
 * A worker process: runs the job queue without serving HTTP (`npm run worker`). Pair it with API
 * processes started with BW_WORKER=off to keep long jobs off the request path.
 */
async function main() {
  const config = loadConfig();
  const log = pino({ level: config.logLevel });
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: config.databasePoolSize,
    prepared: config.databasePrepared,
  });
  await prepareDatabase(database, config);
  const queue = new JobQueue(database, {
    worker: true,
    log,
    pollingIntervalSeconds: config.jobPollSeconds,
    maintenanceIntervalSeconds: config.jobMaintenanceSeconds,
    maxExpireSeconds: config.jobExpireSeconds,
  });
  const deps = { database, storage: createStorage(config), config };
  for (const m of serverModules) m.jobs?.(queue, deps);
  await queue.start();
  log.info('worker started');
  const stop = async () => {
    await queue.stop();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

main().catch((err) => {
  process.stderr.write(`Breedwise worker could not start: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
