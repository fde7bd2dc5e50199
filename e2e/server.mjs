// Starts the built app for the browser tests on a fresh database: embedded PGlite in a temporary
// folder, or, when TEST_DATABASE_URL is set, a new PostgreSQL database next to the test database.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

// `node server.mjs serial` starts the second server, for the *.serial.spec.ts files: its own port
// (E2E_SERIAL_PORT, default E2E_PORT + 1) and its own database, so those specs (which change what every
// user of an organisation sees) run beside the parallel ones without touching their data.
const serial = process.argv[2] === 'serial';
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), serial ? 'bw-e2e-serial-' : 'bw-e2e-'));
const port = Number(process.env.E2E_PORT ?? 8199);
const env = {
  ...process.env,
  PORT: String(serial ? Number(process.env.E2E_SERIAL_PORT ?? port + 1) : port),
  DATA_DIR: dataDir,
  BW_CAPTCHA: 'off',
  LOG_LEVEL: 'warn',
  BW_SEED: 'demo',
};
delete env.DATABASE_URL;

if (process.env.TEST_DATABASE_URL) {
  const url = new URL(process.env.TEST_DATABASE_URL);
  const name = `${url.pathname.slice(1)}_e2e${serial ? '_serial' : ''}`;
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`drop database if exists "${name}" with (force)`);
  await admin.query(`create database "${name}"`);
  await admin.end();
  url.pathname = `/${name}`;
  env.DATABASE_URL = url.toString();
}

const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], { cwd: root, env, stdio: 'inherit' });
const stop = () => server.kill('SIGTERM');
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
server.on('exit', (code) => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
