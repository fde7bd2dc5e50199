import { buildApp } from './app';
import { loadConfig } from './config';
import type { Database } from './db/client';

/** The OpenAPI document of every route, built without a database (routes only describe themselves). */
export async function openApiDocument(): Promise<unknown> {
  const offline: Database = {
    db: {} as Database['db'],
    kind: 'pglite',
    created: false,
    migrate: async () => undefined,
    withLock: (fn) => fn(),
    close: async () => undefined,
    query: async () => [],
    executeSql: async () => ({ rows: [] }),
  };
  const app = await buildApp({
    config: loadConfig({ LOG_LEVEL: 'silent', BW_WEB_DIST: '/nonexistent' } as NodeJS.ProcessEnv),
    database: offline,
    logger: false,
    startJobs: false,
  });
  await app.ready();
  const doc = app.swagger();
  await app.close();
  return doc;
}
