import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { prepareDatabase } from './prepare';
import { DEMO_USERS } from './modules/system';

async function main() {
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: config.databasePoolSize,
    prepared: config.databasePrepared,
  });
  const prepared = await prepareDatabase(database, config);
  const app = await buildApp({ config, database });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const where = database.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL';
  const lines = [
    '',
    `  Breedwise is running at http://localhost:${config.port}  (database: ${where})`,
    `  API documentation: http://localhost:${config.port}/api/docs`,
  ];
  if (prepared.seeded === 'demo') lines.push('  A new demo database was created.');
  if (config.seed === 'demo') {
    lines.push('  Demo logins (password ' + (process.env.BW_DEMO_PASSWORD ? 'from BW_DEMO_PASSWORD' : `"${config.demoPassword}"`) + '):');
    for (const u of DEMO_USERS) lines.push(`    ${u.username.padEnd(8)} ${u.role}`);
  }
  if (!config.captcha) lines.push('  Captcha is off (BW_CAPTCHA=off).');
  process.stdout.write(lines.join('\n') + '\n\n');
}

main().catch((err) => {
  process.stderr.write(`Breedwise could not start: ${err instanceof Error ? err.message : String(err)}\n`);
  if (process.env.LOG_LEVEL === 'debug' && err instanceof Error) process.stderr.write(`${err.stack}\n`);
  process.exit(1);
});
