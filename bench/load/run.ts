// Load benchmark (issue 12 items 7 and 8): seeds realistic volumes with set-based SQL, starts the API as
// its own process, then sends a fixed-rate mixed load (lists with filters and sorting, details,
// login/info, a write every tenth request) and prints req/s, p50/p90/p99 (overall and per kind), errors
// and the CPU share of the server (and of its PostgreSQL backends). Runs against PostgreSQL and against
// PGlite. The requests are evenly spaced and each is timed from when it was due (paced.ts); --bursts
// sends autocannon's rate-mode load instead (each connection's share of a second back to back).
//
//   npm run -w bench load                               # both databases, full volumes, 200 req/s for 60 s
//   npm run -w bench load -- --db postgres --seconds 30 --rate 300
//   npm run -w bench load -- --small --seconds 5        # the smoke run CI makes (small volumes)
//
// Options (or BENCH_<NAME> variables): --db postgres|pglite|both, --seconds, --rate, --connections,
// --warmup (seconds at the rate asked before the measured run, 10), --bursts,
// --accessions, --ledger, --plots, --users, --small, --port, --pg-url (a server URL, by default the local
// Unix socket when there is one; a fresh database bw_load_<pid> is created there and dropped afterwards unless --keep), --json (one JSON line per database at the end),
// --cpu-prof DIR (a V8 CPU profile of the API process, written when it stops), --reuse NAME (PostgreSQL: run
// on a database a run with --keep left, named in its output, instead of creating and seeding a new one).
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { loadConfig } from '../../apps/server/src/config';
import { openDatabase } from '../../apps/server/src/db/client';
import { prepareDatabase } from '../../apps/server/src/prepare';
import { percentiles, runPaced, type LoadRequest, type LoadRun } from './paced';
import { FULL, NAME_PREFIXES, SMALL, seededVolumes, seedVolumes, type Seeded, type Volumes } from './seed';

const argv = process.argv.slice(2);
const flag = (name: string) => argv.includes(`--${name}`) || process.env[`BENCH_${name.toUpperCase().replace(/-/g, '_')}`] === '1';
const opt = (name: string): string | undefined => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 && argv[i + 1] !== undefined && !argv[i + 1].startsWith('--') ? argv[i + 1] : process.env[`BENCH_${name.toUpperCase().replace(/-/g, '_')}`];
};
const num = (name: string, fallback: number) => {
  const value = opt(name);
  const n = value === undefined ? fallback : Number(value);
  if (!Number.isFinite(n) || n < 0) throw new Error(`--${name}: not a number (${value})`);
  return n;
};

const base = flag('small') ? SMALL : FULL;
const volumes: Volumes = {
  accessions: num('accessions', base.accessions),
  ledger: num('ledger', base.ledger),
  plots: num('plots', base.plots),
  users: Math.max(1, num('users', base.users)),
};
const seconds = num('seconds', 60);
const warmup = num('warmup', 10);
const rate = num('rate', 200);
const connections = num('connections', 20);
const which = opt('db') ?? 'both';
// The API and PostgreSQL on one machine talk over its Unix socket, as a single-host installation would
// (loopback TCP costs each round trip more); `--pg-url postgres://postgres@127.0.0.1:5432/postgres` measures TCP.
const LOCAL_SOCKET_DIR = '/var/run/postgresql';
const defaultPgUrl = fs.existsSync(path.join(LOCAL_SOCKET_DIR, '.s.PGSQL.5432'))
  ? `postgres://postgres@localhost/postgres?host=${LOCAL_SOCKET_DIR}`
  : 'postgres://postgres@127.0.0.1:5432/postgres';
const pgUrl = opt('pg-url') ?? process.env.DATABASE_URL ?? defaultPgUrl;
const json = flag('json');
const bursts = flag('bursts');
const repoRoot = path.resolve(import.meta.dirname, '../..');
const PASSWORD = 'Load@2026-bench';

export interface LoadResult {
  database: 'postgres' | 'pglite';
  volumes: Volumes;
  seedSeconds: number;
  seconds: number;
  rate: number;
  /** paced: evenly spaced requests, timed from when each was due; bursts: autocannon's rate mode. */
  load: 'paced' | 'bursts';
  requests: number;
  reqPerSec: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  errors: number;
  non2xx: number;
  timeouts: number;
  writes: number;
  /** CPU seconds of the API process per wall second (1 = one core busy). */
  apiCpu: number;
  /** The same for the PostgreSQL backends serving the API (PostgreSQL only). */
  dbCpu: number | null;
  cores: number;
  loadAverage: number;
  /** CPU milliseconds (API process and, on PostgreSQL, its backends) per request: less sensitive to a busy machine. */
  cpuMsPerRequest: number;
  /** Median ms of each read alone, before the load. */
  profile: Record<string, number>;
  /** p50 and p99 (ms) of each kind of request during the load, and how many were sent. */
  underLoad: Record<string, { p50: number; p99: number; n: number }>;
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

/** utime + stime of a process in seconds (Linux /proc), or null when it is not readable. */
function cpuSeconds(pid: number): number | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // USER_HZ is 100 on Linux
  } catch {
    return null;
  }
}
const sumCpu = (pids: number[]) => pids.reduce((s, p) => s + (cpuSeconds(p) ?? 0), 0);

async function startServer(env: Record<string, string>, port: number): Promise<{ child: ChildProcess; url: string; stderr: () => string }> {
  // --cpu-prof DIR: the API writes a V8 CPU profile there when it stops (open it in Chrome's DevTools).
  const prof = opt('cpu-prof');
  const nodeArgs = prof ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(prof)}`] : [];
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', path.join(repoRoot, 'apps/server/src/main.ts')], {
    cwd: repoRoot,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let err = '';
  child.stderr!.on('data', (d) => (err += String(d)));
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`load: the API exited (${child.exitCode}): ${err}`);
    try {
      const res = await fetch(`${url}/api/auth/api/login/init`);
      if (res.ok) return { child, url, stderr: () => err };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGTERM');
  throw new Error(`load: the API did not start: ${err}`);
}

async function login(url: string, username: string): Promise<string> {
  const res = await fetch(`${url}/api/auth/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: PASSWORD }),
  });
  const body = (await res.json()) as { data?: { token?: string }; msg?: string };
  if (!body.data?.token) throw new Error(`load: login of ${username} failed: ${res.status} ${body.msg}`);
  return body.data.token;
}

/** The reads of the mix, by name: lists with filters and sorting, details, login/info. */
function readPaths(seeded: Seeded): [string, () => string][] {
  const rnd = (lo: number, hi: number) => lo + Math.floor(Math.random() * (hi - lo + 1));
  const germ = '/api/germ/api/germplasm';
  const types = ['inbred', 'hybrid', 'landrace', 'dh', 'variety'];
  const keywords = ['郑单', 'PH', 'LD00123', '京科9', 'Mo17'];
  const filters = (f: object[]) => encodeURIComponent(JSON.stringify(f));
  return [
    ['germplasm list', () => `${germ}/page?pageNum=1&pageSize=20`],
    ['germplasm by type, sorted', () => `${germ}/page?pageNum=${rnd(1, 20)}&pageSize=20&orderByColumn=accessionNo&isAsc=asc&type=${types[rnd(0, 4)]}`],
    ['germplasm keyword', () => `${germ}/page?pageNum=1&pageSize=20&keyword=${encodeURIComponent(keywords[rnd(0, 4)])}`],
    [
      'germplasm filter, sorted',
      () => `${germ}/page?pageNum=1&pageSize=20&orderByColumn=createdAt&isAsc=desc&filters=${filters([{ key: 'origin', value: `河南 ${rnd(0, 99)}|eq` }])}`,
    ],
    ['germplasm detail', () => `${germ}/detail/${rnd(seeded.germplasmIds[0], seeded.germplasmIds[1])}`],
    ['ledger', () => `/api/germ/api/lot/transactions?pageNum=1&pageSize=20`],
    ['lots by number', () => `/api/germ/api/lot/page?pageNum=1&pageSize=20&orderByColumn=lotNo&isAsc=asc`],
    ['plots of an experiment', () => `/api/doe/api/experiment/plots/${seeded.experimentIds[rnd(0, seeded.experimentIds.length - 1)]}`],
    ['login/info', () => `/api/auth/api/login/info`],
  ];
}

/** Median time of each read alone (five in a row): where the time goes, before the load. */
async function profile(url: string, seeded: Seeded, token: string): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const [name, make] of readPaths(seeded)) {
    const times: number[] = [];
    for (let i = 0; i < 5; i++) {
      const t0 = performance.now();
      const res = await fetch(`${url}${make()}`, { headers: { token } });
      await res.arrayBuffer();
      times.push(performance.now() - t0);
    }
    out[name] = Number(times.sort((a, b) => a - b)[2].toFixed(1));
  }
  return out;
}

/** The request mix: nine reads (lists with filters and sorting, details, login/info), then one write. */
function mix(seeded: Seeded, tokens: string[], counters: { writes: number }): () => LoadRequest {
  let n = 0;
  const germ = '/api/germ/api/germplasm';
  const types = ['inbred', 'hybrid', 'landrace', 'dh', 'variety'];
  const reads = readPaths(seeded);
  // The n-th request overall is a read of the cycle, every tenth a write (a counter shared by all
  // connections, so the ratio holds whatever the rate and the number of connections).
  return (): LoadRequest => {
    const i = n++;
    const token = tokens[i % tokens.length];
    // As a browser asks: answers of 1 KB and more come brotli-compressed (platform/compression.ts).
    const encoding = { 'accept-encoding': 'gzip, deflate, br' };
    if (i % 10 === 9) {
      const k = ++counters.writes;
      return {
        kind: 'write',
        method: 'POST',
        path: `${germ}/create`,
        headers: { token, 'content-type': 'application/json', ...encoding },
        // Named as the seeded accessions are (seed.ts), so that new records match keywords as often as old ones.
        body: JSON.stringify({
          accessionNo: `LW-${process.pid}-${k}`,
          name: `${NAME_PREFIXES[k % NAME_PREFIXES.length]}${k % 997}-W${k}`,
          type: types[k % 5],
          origin: '河南',
          remark: 'load write',
        }),
      };
    }
    const [kind, make] = reads[(i - Math.floor(i / 10)) % reads.length];
    return { kind, method: 'GET', path: make(), headers: { token, 'accept-language': i % 2 ? 'en' : 'zh-CN', ...encoding } };
  };
}

/**
 * `--bursts`: autocannon's rate mode, the load of the figures before 2026-11-28 (night) (each connection sends its
 * share of a second back to back, then waits for the next second; paced.ts). Times are each answer's own,
 * from when it was sent (autocannon's latency histogram adds a value for every millisecond of a slow
 * answer, `Math.ceil(1 / rate)` taken as the interval, so its percentiles weigh answers by their length).
 */
async function runBursts(url: string, next: () => LoadRequest): Promise<LoadRun> {
  const t0 = performance.now();
  const instance = autocannon({
    url,
    connections,
    overallRate: rate,
    duration: seconds,
    requests: [
      {
        method: 'GET',
        // The context is the connection's: it names the request in flight.
        setupRequest: (req: object, context: { kind?: string }) => {
          const r = next();
          context.kind = r.kind;
          return { ...req, method: r.method, path: r.path, headers: r.headers, body: r.body };
        },
      },
    ],
  });
  // A connection has one request in flight; autocannon reports an answer before it builds the next request.
  const times = new Map<string, number[]>();
  instance.on('response', (client: { requestIterator?: { context?: { kind?: string } } }, status: number, _bytes: number, ms: number) => {
    if (status < 200 || status >= 300) return;
    const kind = client.requestIterator?.context?.kind ?? '?';
    const list = times.get(kind);
    if (list) list.push(ms);
    else times.set(kind, [ms]);
  });
  const result = await instance;
  return {
    requests: result.requests.total,
    non2xx: result.non2xx,
    timeouts: result.timeouts,
    errors: result.errors,
    times,
    wall: (performance.now() - t0) / 1000,
  };
}

async function runOne(kind: 'postgres' | 'pglite'): Promise<LoadResult> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bw-load-'));
  let dbName: string | null = null;
  let databaseUrl = '';
  const reuse = kind === 'postgres' ? opt('reuse') : undefined;
  if (reuse !== undefined && !/^bw_load_\d+$/.test(reuse)) throw new Error(`--reuse: a database a run with --keep left (bw_load_<n>), not ${reuse}`);
  if (kind === 'postgres') {
    dbName = reuse ?? `bw_load_${process.pid}`;
    if (!reuse) {
      const admin = new pg.Client({ connectionString: pgUrl });
      await admin.connect();
      await admin.query(`drop database if exists ${dbName}`);
      await admin.query(`create database ${dbName}`);
      await admin.end();
    }
    const u = new URL(pgUrl);
    u.pathname = `/${dbName}`;
    databaseUrl = u.toString();
  }
  const env = {
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    BW_CAPTCHA: 'off',
    BW_SEED: 'demo',
    BW_DEMO_PASSWORD: PASSWORD,
    BW_WORKER: 'off',
    BW_WEB_DIST: '/nonexistent',
    DATABASE_URL: databaseUrl,
  };
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  try {
    // Migrations, the demo organisation, then the volumes; the database is closed again before the API
    // opens it (an embedded PGlite has one owner).
    const config = loadConfig(env as NodeJS.ProcessEnv);
    const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir, poolSize: 2 });
    await prepareDatabase(database, config);
    const seeded = reuse ? await seededVolumes(database) : await seedVolumes(database, volumes);
    await database.close();
    log(
      `${kind}: ${reuse ? `reusing ${reuse}:` : 'seeded'} ${volumes.accessions} accessions, ${volumes.ledger} ledger rows, ${volumes.plots} plots, ${volumes.users} users in ${seeded.seconds.toFixed(1)} s`,
    );

    server = await startServer(env, num('port', 0) || (await freePort()));
    const tokens: string[] = [];
    for (const u of seeded.usernames.slice(0, Math.max(1, Math.min(seeded.usernames.length, connections)))) tokens.push(await login(server.url, u));
    const counters = { writes: 0 };
    // A warm-up at the rate asked, not measured: a fresh API process compiles its code as it first runs it,
    // and each new PostgreSQL connection of its pool loads the catalogue entries it uses; at 200 req/s the
    // requests of the first seconds queue behind them, for up to a second, and that backlog takes several
    // seconds to clear (docs/performance.md, 2026-11-28 (night)). A long-running API is past this.
    await runPaced({ url: server.url, rate, seconds: warmup, connections, next: mix(seeded, tokens, { writes: 1e6 }) });
    counters.writes = 0;
    const perRead = await profile(server.url, seeded, tokens[0]);

    let backendPids: number[] = [];
    if (kind === 'postgres') {
      const c = new pg.Client({ connectionString: databaseUrl });
      await c.connect();
      backendPids = (
        await c.query<{ pid: number }>(`select pid from pg_stat_activity where datname = $1 and application_name = 'breedwise'`, [dbName])
      ).rows.map((r) => r.pid);
      await c.end();
    }
    const apiBefore = cpuSeconds(server.child.pid!) ?? 0;
    const dbBefore = sumCpu(backendPids);
    const t0 = performance.now();
    const via = kind === 'postgres' ? (new URL(databaseUrl).searchParams.get('host') ? ', PostgreSQL over its Unix socket' : ', PostgreSQL over TCP') : '';
    log(
      `${kind}: ${rate} req/s ${bursts ? 'in bursts (autocannon)' : 'evenly spaced'} for ${seconds} s over ${connections} connections, ${tokens.length} users${via} (load average ${os.loadavg()[0].toFixed(2)})`,
    );
    const next = mix(seeded, tokens, counters);
    const load = bursts ? await runBursts(server.url, next) : await runPaced({ url: server.url, rate, seconds, connections, next });
    const all = percentiles([...load.times.values()].flat());
    const wall = (performance.now() - t0) / 1000;
    const apiCpu = ((cpuSeconds(server.child.pid!) ?? 0) - apiBefore) / wall;
    const dbCpu = kind === 'postgres' ? (sumCpu(backendPids) - dbBefore) / wall : null;
    return {
      database: kind,
      volumes,
      seedSeconds: Number(seeded.seconds.toFixed(1)),
      seconds,
      rate,
      load: bursts ? 'bursts' : 'paced',
      requests: load.requests,
      reqPerSec: Number((load.requests / wall).toFixed(1)),
      p50: all.p50,
      p90: all.p90,
      p99: all.p99,
      max: all.max,
      errors: load.errors + load.timeouts + load.non2xx,
      non2xx: load.non2xx,
      timeouts: load.timeouts,
      writes: counters.writes,
      apiCpu: Number(apiCpu.toFixed(2)),
      dbCpu: dbCpu === null ? null : Number(dbCpu.toFixed(2)),
      cores: os.cpus().length,
      loadAverage: Number(os.loadavg()[0].toFixed(2)),
      cpuMsPerRequest: Number((((apiCpu + (dbCpu ?? 0)) * wall * 1000) / Math.max(1, load.requests)).toFixed(1)),
      profile: perRead,
      underLoad: Object.fromEntries([...load.times].map(([k, ms]) => [k, (({ p50, p99, n }) => ({ p50, p99, n }))(percentiles(ms))])),
    };
  } finally {
    if (server) {
      server.child.kill('SIGTERM');
      await new Promise((r) => server!.child.once('exit', r));
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (dbName && flag('keep')) log(`${kind}: kept the database ${dbName} (--reuse ${dbName} runs on it again)`);
    if (dbName && !flag('keep') && !reuse) {
      const admin = new pg.Client({ connectionString: pgUrl });
      await admin.connect();
      await admin.query(`drop database if exists ${dbName} with (force)`);
      await admin.end();
    }
  }
}

function log(line: string) {
  process.stdout.write(`${line}\n`);
}

function print(r: LoadResult) {
  const pct = (x: number) => `${(x * 100).toFixed(0)} %`;
  log(`${r.database}: ${r.requests} requests, ${r.reqPerSec} req/s (target ${r.rate}), ${r.writes} writes`);
  log(`${r.database}: latency ms p50 ${r.p50}  p90 ${r.p90}  p99 ${r.p99}  max ${r.max}`);
  log(`${r.database}: errors ${r.errors} (non-2xx ${r.non2xx}, timeouts ${r.timeouts})`);
  log(
    `${r.database}: CPU API ${pct(r.apiCpu)} of a core` +
      (r.dbCpu === null ? '' : `, PostgreSQL backends ${pct(r.dbCpu)}`) +
      ` (${r.cores} cores, load average ${r.loadAverage}); ${r.cpuMsPerRequest} CPU ms per request`,
  );
  log(
    `${r.database}: alone (median ms): ${Object.entries(r.profile)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')}`,
  );
  log(
    `${r.database}: under load (p50 / p99 ms): ${Object.entries(r.underLoad)
      .map(([k, v]) => `${k} ${v.p50} / ${v.p99}`)
      .join(', ')}`,
  );
}

const kinds: ('postgres' | 'pglite')[] = which === 'both' ? ['postgres', 'pglite'] : [which as 'postgres' | 'pglite'];
if (!kinds.every((k) => k === 'postgres' || k === 'pglite')) throw new Error(`--db: postgres, pglite or both (${which})`);
const results: LoadResult[] = [];
for (const kind of kinds) {
  const r = await runOne(kind);
  print(r);
  results.push(r);
}
if (json) for (const r of results) log(`RESULT ${JSON.stringify(r)}`);
process.exit(results.every((r) => r.errors === 0) ? 0 : 1);
