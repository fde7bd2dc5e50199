// Load test (security.md item 10): the API on loopback under a constant rate for 60 s, 80 % reads and
// 20 % writes, with autocannon's constant-rate mode. Prints p50/p90/p99 latency and the error count;
// 0 errors is the bar. Options: --rate 200 --seconds 60 --connections 20 (or BENCH_RATE, BENCH_SECONDS).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { openDatabase } from '../../apps/server/src/db/client';
import { prepareDatabase } from '../../apps/server/src/prepare';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return Number(i > 0 ? process.argv[i + 1] : (process.env[`BENCH_${name.toUpperCase()}`] ?? fallback));
};
const rate = arg('rate', 200);
const seconds = arg('seconds', 60);
const connections = arg('connections', 20);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bw-load-'));
const password = 'Load@2026-bench';
const config = loadConfig({
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  BW_CAPTCHA: 'off',
  BW_SEED: 'demo',
  BW_DEMO_PASSWORD: password,
  BW_WORKER: 'off',
  BW_WEB_DIST: '/nonexistent',
  DATABASE_URL: process.env.DATABASE_URL ?? '',
} as NodeJS.ProcessEnv);
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir, poolSize: config.databasePoolSize });
await prepareDatabase(database, config);
const app = await buildApp({ config, database, logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const { port } = app.server.address() as { port: number };
const base = `http://127.0.0.1:${port}`;

const login = await fetch(`${base}/api/auth/api/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: `username=admin&password=${encodeURIComponent(password)}`,
});
const token = ((await login.json()) as { data: { token: string } }).data.token;
const headers = { token, 'content-type': 'application/json' };

// Ten requests, eight reads and two writes, cycled: the 80/20 mix at any rate.
let n = 0;
const reads = [
  '/api/doe/api/location/page?pageNum=1&pageSize=20',
  '/api/auth/api/message/noReadCount',
  '/api/system/user/list?pageNum=1&pageSize=20',
  '/api/auth/api/notice/getLatest',
  '/api/system/dic/list?dictType=doe_season',
  '/api/doe/api/location/page?pageNum=1&pageSize=50&keyword=%E8%AF%95%E9%AA%8C',
  '/api/system/menu/my/1.5.0',
  '/api/gs/api/gws/getBuildList',
];
const requests = [
  ...reads.map((p) => ({ method: 'GET' as const, path: p, headers })),
  {
    method: 'POST' as const,
    path: '/api/doe/api/location/create',
    headers,
    setupRequest: (req: { body?: string }) => ({
      ...req,
      body: JSON.stringify({ name: `Load site ${++n}`, code: `LOAD-${process.pid}-${n}`, country: '中国', longitude: 100 + (n % 50), latitude: 30 }),
    }),
  },
  {
    method: 'POST' as const,
    path: '/api/system/notice/create',
    headers,
    setupRequest: (req: { body?: string }) => ({ ...req, body: JSON.stringify({ title: `Load notice ${++n}`, content: 'Constant-rate load test' }) }),
  },
];

console.log(`load: ${rate} req/s for ${seconds} s, ${connections} connections, 80 % reads / 20 % writes, ${database.kind} on loopback`);
const result = await autocannon({ url: base, connections, overallRate: rate, duration: seconds, requests });
const errors = result.errors + result.timeouts + result.non2xx;
console.log(`requests: ${result.requests.total} (${result.requests.average.toFixed(0)} req/s average)`);
console.log(`latency ms: p50 ${result.latency.p50}  p90 ${result.latency.p90}  p99 ${result.latency.p99}  max ${result.latency.max}`);
console.log(`errors: ${errors} (connection errors ${result.errors}, timeouts ${result.timeouts}, non-2xx ${result.non2xx})`);
await app.close();
await database.close();
fs.rmSync(dataDir, { recursive: true, force: true });
process.exit(errors === 0 ? 0 : 1);
