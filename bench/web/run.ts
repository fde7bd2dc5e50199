// Web speed (issue 14 item 3): the built web app, served by the real server, in Chromium. Prints the
// bytes transferred for the login page, the extra bytes the dashboard needs after logging in, and the
// time from pressing "log in" to the dashboard drawn, against the budget. Needs `npm run build` first.
// Options: --runs 3 (or BENCH_RUNS), --verbose (the largest files of each step); CHROMIUM_PATH (default /usr/bin/chromium).
// --against <dir>: also measures another build of the web app (e.g. the main branch's, built with
// `npx vite build --outDir <dir>` in apps/web), served by a second server on the same database, the runs of
// both alternating, and prints each figure of this build as a ratio of the other's: on a busy machine only
// a comparison made in the same run means anything.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from '@playwright/test';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { openDatabase } from '../../apps/server/src/db/client';
import { prepareDatabase } from '../../apps/server/src/prepare';

const BUDGET = { loginKB: 350, dashboardKB: 250, loginToDashboardS: 1.0 };

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return Number(i > 0 ? process.argv[i + 1] : (process.env[`BENCH_${name.toUpperCase()}`] ?? fallback));
};
const runs = Math.max(1, arg('runs', 3));
/** --verbose: the largest responses of each step. */
const verbose = process.argv.includes('--verbose');
const verboseCount = arg('top', 15);
/** --timeline: when each response of the login step finished (ms after pressing "log in") and how long it took. */
const timeline = process.argv.includes('--timeline');
let origin = 0;
/** --profile: where the browser's main thread spent its time between "log in" and the dashboard drawn. */
const profile = process.argv.includes('--profile');

interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  samples: number[];
  timeDeltas: number[];
}
function summarize(p: CpuProfile) {
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  p.samples.forEach((id, i) => {
    const f = byId.get(id)!.callFrame;
    const key = `${f.functionName || '(anonymous)'} ${f.url.replace(base, '')}:${f.lineNumber}`;
    self.set(key, (self.get(key) ?? 0) + (p.timeDeltas[i] ?? 0) / 1000);
  });
  for (const [k, ms] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(`  ${ms.toFixed(0).padStart(6)} ms  ${k}`);
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dist = path.join(root, 'apps/web/dist');
if (!fs.existsSync(path.join(dist, 'index.html'))) {
  console.error('The web app is not built: run `npm run build` first.');
  process.exit(1);
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bw-bench-web-'));
const password = 'Web@2026-bench';
const config = loadConfig({
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  BW_CAPTCHA: 'off',
  BW_SEED: 'demo',
  BW_DEMO_PASSWORD: password,
  BW_WORKER: 'off',
  BW_WEB_DIST: dist,
  DATABASE_URL: process.env.DATABASE_URL ?? '',
} as NodeJS.ProcessEnv);
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir, poolSize: config.databasePoolSize });
await prepareDatabase(database, config);
async function serve(webDist: string) {
  const app = await buildApp({ config: { ...config, webDist }, database, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  return { app, base: `http://127.0.0.1:${port}` };
}
const againstIndex = process.argv.indexOf('--against');
const againstDir = againstIndex > 0 ? path.resolve(process.argv[againstIndex + 1]) : null;
if (againstDir && !fs.existsSync(path.join(againstDir, 'index.html'))) {
  console.error(`--against: no built web app in ${againstDir}`);
  process.exit(1);
}
const { app, base } = await serve(dist);
const reference = againstDir ? await serve(againstDir) : null;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});

/** Bytes on the wire (headers and encoded bodies) of every response, counted by the DevTools protocol. */
async function meter(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  let bytes = 0;
  let requests = 0;
  const urls = new Map<string, string>();
  let files: { url: string; bytes: number }[] = [];
  const started = new Map<string, number>();
  cdp.on('Network.requestWillBeSent', (e) => {
    urls.set(e.requestId, e.request.url);
    started.set(e.requestId, performance.now());
  });
  cdp.on('Network.loadingFinished', (e) => {
    bytes += e.encodedDataLength;
    requests += 1;
    files.push({ url: urls.get(e.requestId) ?? '?', bytes: e.encodedDataLength });
    if (timeline)
      console.log(
        `  ${(performance.now() - origin).toFixed(0).padStart(6)} ms  +${(performance.now() - (started.get(e.requestId) ?? 0)).toFixed(0).padStart(4)} ms  ${urls.get(e.requestId)?.replace(base, '')}`,
      );
  });
  return {
    take() {
      const taken = { bytes, requests, files };
      if (verbose)
        for (const f of [...files].sort((a, b) => b.bytes - a.bytes).slice(0, verboseCount))
          console.log(`  ${(f.bytes / 1024).toFixed(1).padStart(7)} KB  ${f.url.replace(base, '')}`);
      bytes = 0;
      requests = 0;
      files = [];
      return taken;
    },
  };
}

interface Run {
  loginBytes: number;
  loginRequests: number;
  dashboardBytes: number;
  dashboardRequests: number;
  seconds: number;
}

async function once(target = base): Promise<Run> {
  // A fresh context: an empty cache, as a first visit.
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
  const page = await context.newPage();
  page.on('pageerror', (e) => console.error(`page error: ${e.message}`));
  page.on('console', (msg) => msg.type() === 'error' && console.error(`console error: ${msg.text()}`));
  const m = await meter(page);
  await page.goto(`${target}/login`);
  await page.getByTestId('login-submit').waitFor();
  await page.waitForLoadState('networkidle');
  const login = m.take();

  await page.getByLabel('用户名').fill('admin');
  await page.getByLabel('密码').fill(password);
  const cdp = profile ? await context.newCDPSession(page) : null;
  if (cdp) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
  }
  const t0 = performance.now();
  origin = t0;
  await page.getByTestId('login-submit').click();
  await page.getByTestId('dashboard').waitFor();
  // Drawn: the dashboard's first parts are on screen and nothing in it is still loading.
  await page.getByTestId('dashboard-welcome').or(page.getByTestId('germbank-hero')).first().waitFor();
  await page.waitForFunction(() => !document.querySelector('[data-testid="dashboard"] .ant-skeleton, [data-testid="dashboard"] .ant-spin-spinning'));
  const seconds = (performance.now() - t0) / 1000;
  if (cdp) summarize((await cdp.send('Profiler.stop')).profile);
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(500); // late requests (widgets, the message count) still count
  const dashboard = m.take();
  await context.close();
  return { loginBytes: login.bytes, loginRequests: login.requests, dashboardBytes: dashboard.bytes, dashboardRequests: dashboard.requests, seconds };
}

const results: Run[] = [];
const references: Run[] = [];
try {
  await once(); // warm the server (first queries, file cache); not counted
  if (reference) await once(reference.base);
  // Alternating, so that both builds meet the same load of a busy machine.
  for (let i = 0; i < runs; i++) {
    results.push(await once());
    if (reference) references.push(await once(reference.base));
  }
} finally {
  await browser.close();
  await app.close();
  await reference?.app.close();
  await database.close?.();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const kb = (b: number) => b / 1024;
const loginKB = kb(median(results.map((r) => r.loginBytes)));
const dashboardKB = kb(median(results.map((r) => r.dashboardBytes)));
const seconds = median(results.map((r) => r.seconds));
const row = (name: string, value: string, budget: string, ok: boolean) =>
  console.log(`${name.padEnd(36)} ${value.padStart(10)}   budget ${budget.padStart(8)}   ${ok ? 'ok' : 'OVER'}`);
console.log(`Web app in Chromium (${runs} runs, median; empty cache each run; admin user, zh-CN, 1440x900)`);
row(`login page transferred (${results[0].loginRequests} req)`, `${loginKB.toFixed(0)} KB`, `${BUDGET.loginKB} KB`, loginKB <= BUDGET.loginKB);
row(
  `dashboard after login (${results[0].dashboardRequests} req)`,
  `${dashboardKB.toFixed(0)} KB`,
  `${BUDGET.dashboardKB} KB`,
  dashboardKB <= BUDGET.dashboardKB,
);
row('login to dashboard drawn', `${seconds.toFixed(2)} s`, `${BUDGET.loginToDashboardS.toFixed(1)} s`, seconds <= BUDGET.loginToDashboardS);
const runList = (xs: Run[]) => xs.map((r) => `${kb(r.loginBytes).toFixed(0)}/${kb(r.dashboardBytes).toFixed(0)} KB ${r.seconds.toFixed(2)} s`).join(', ');
console.log(`runs: ${runList(results)}`);
if (references.length) {
  const refLogin = kb(median(references.map((r) => r.loginBytes)));
  const refDashboard = kb(median(references.map((r) => r.dashboardBytes)));
  const refSeconds = median(references.map((r) => r.seconds));
  console.log(`\nReference build ${againstDir} (same runs, alternating; this build / reference):`);
  const cmp = (name: string, mine: string, ref: string, ratio: number) =>
    console.log(`${name.padEnd(36)} ${mine.padStart(10)}   reference ${ref.padStart(8)}   ratio ${ratio.toFixed(2)}`);
  cmp('login page transferred', `${loginKB.toFixed(0)} KB`, `${refLogin.toFixed(0)} KB`, loginKB / refLogin);
  cmp('dashboard after login', `${dashboardKB.toFixed(0)} KB`, `${refDashboard.toFixed(0)} KB`, dashboardKB / refDashboard);
  cmp('login to dashboard drawn', `${seconds.toFixed(2)} s`, `${refSeconds.toFixed(2)} s`, seconds / refSeconds);
  console.log(`reference runs: ${runList(references)}`);
}
const over = loginKB > BUDGET.loginKB || dashboardKB > BUDGET.dashboardKB || seconds > BUDGET.loginToDashboardS;
process.exit(over ? 1 : 0);
