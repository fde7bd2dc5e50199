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
/** --renders: React's commits between "log in" and the dashboard drawn (when, and how long since the one before). */
const renders = process.argv.includes('--renders');
/** --trace: the browser's main thread between "log in" and the dashboard drawn, by task kind and in 100 ms steps. */
const trace = process.argv.includes('--trace');

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string };
}
/** Top-level tasks of the renderer's main thread: totals by the kind of work, and a time line of busy time. */
function summarizeTrace(events: TraceEvent[], startMs: number) {
  const thread = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  if (!thread) return;
  const main = events.filter((e) => e.pid === thread.pid && e.tid === thread.tid && e.ph === 'X' && e.dur);
  const tasks = main.filter((e) => e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask');
  const t0 = Math.min(...tasks.map((e) => e.ts));
  // Work inside the tasks, by kind (each event's own time: its duration minus its children's).
  const kinds = new Set([
    'EvaluateScript',
    'v8.compile',
    'v8.compileModule',
    'v8.evaluateModule',
    'FunctionCall',
    'TimerFire',
    'EventDispatch',
    'UpdateLayoutTree',
    'Layout',
    'Paint',
    'PrePaint',
    'Layerize',
    'ParseHTML',
    'ParseAuthorStyleSheet',
    'MajorGC',
    'MinorGC',
    'V8.GC_SCAVENGER',
    'FireAnimationFrame',
    'HitTest',
    'v8.run',
    'RunMicrotasks',
    'Commit',
    'UpdateLayer',
    'ScheduleStyleRecalculation',
  ]);
  const own = new Map<string, number>();
  const sorted = main.filter((e) => kinds.has(e.name)).sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  const stack: TraceEvent[] = [];
  for (const e of sorted) {
    while (stack.length && stack.at(-1)!.ts + stack.at(-1)!.dur! <= e.ts) stack.pop();
    const parent = stack.at(-1);
    if (parent) own.set(parent.name, (own.get(parent.name) ?? 0) - e.dur! / 1000);
    own.set(e.name, (own.get(e.name) ?? 0) + e.dur! / 1000);
    stack.push(e);
  }
  const busy = tasks.reduce((s, e) => s + e.dur! / 1000, 0);
  console.log(`  main thread busy ${busy.toFixed(0)} ms in ${tasks.length} tasks; own time by kind:`);
  for (const [k, ms] of [...own].sort((a, b) => b[1] - a[1]).slice(0, 14)) console.log(`  ${ms.toFixed(0).padStart(6)} ms  ${k}`);
  const step = 100;
  const buckets = new Map<number, number>();
  for (const e of tasks) {
    const from = (e.ts - t0) / 1000;
    const to = from + e.dur! / 1000;
    for (let b = Math.floor(from / step); b * step < to; b++) {
      const overlap = Math.min(to, (b + 1) * step) - Math.max(from, b * step);
      buckets.set(b, (buckets.get(b) ?? 0) + overlap);
    }
  }
  const last = Math.max(...buckets.keys());
  const line = Array.from({ length: last + 1 }, (_, b) => ' .:-=+*#%@'[Math.min(9, Math.round(((buckets.get(b) ?? 0) / step) * 9))]).join('');
  console.log(`  busy per ${step} ms from the first task (${startMs.toFixed(0)} ms before it the click): |${line}|`);
}

interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }[];
  samples?: number[];
  timeDeltas?: number[];
}
function summarize(p: CpuProfile) {
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  (p.samples ?? []).forEach((id, i) => {
    const f = byId.get(id)!.callFrame;
    const key = `${f.functionName || '(anonymous)'} ${f.url.replace(base, '')}:${f.lineNumber}`;
    self.set(key, (self.get(key) ?? 0) + (p.timeDeltas?.[i] ?? 0) / 1000);
  });
  for (const [k, ms] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(`  ${ms.toFixed(0).padStart(6)} ms  ${k}`);
  // Inclusive time: each sample counts once for every function on its stack (a readable build, e.g.
  // `npx vite build --minify false`, names the components).
  const parent = new Map<number, number>();
  for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const total = new Map<string, number>();
  (p.samples ?? []).forEach((id, i) => {
    const seen = new Set<string>();
    for (let n: number | undefined = id; n !== undefined; n = parent.get(n)) {
      const f = byId.get(n)!.callFrame;
      if (!f.url) continue;
      seen.add(`${f.functionName || '(anonymous)'} ${f.url.replace(base, '')}:${f.lineNumber}`);
    }
    for (const k of seen) total.set(k, (total.get(k) ?? 0) + (p.timeDeltas?.[i] ?? 0) / 1000);
  });
  console.log('  inclusive:');
  for (const [k, ms] of [...total].sort((a, b) => b[1] - a[1]).slice(0, verboseCount)) console.log(`  ${ms.toFixed(0).padStart(6)} ms  ${k}`);
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** BENCH_WEB_DIST: another build of the web app (e.g. `npx vite build --minify false --outDir <dir>` for readable profiles). */
const dist = process.env.BENCH_WEB_DIST ? path.resolve(process.env.BENCH_WEB_DIST) : path.join(root, 'apps/web/dist');
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
  if (renders)
    // React calls the developer tools' hook at every commit, in production builds too.
    await page.addInitScript(`
      window.__commits = [];
      window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
        isDisabled: false, supportsFiber: true, renderers: new Map(), inject: () => 1,
        onScheduleFiberRoot() {}, onCommitFiberUnmount() {}, onPostCommitFiberRoot() {},
        onCommitFiberRoot() { window.__commits.push(performance.now()); },
      };`);
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
  if (trace)
    await browser.startTracing(page, {
      categories: [
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'v8',
        'v8.execute',
        'blink.user_timing',
        '__metadata',
        'toplevel',
        'disabled-by-default-v8.compile',
        'v8.compile',
      ],
    });
  const clickedAt = renders ? await page.evaluate(() => performance.now()) : 0;
  const t0 = performance.now();
  origin = t0;
  await page.getByTestId('login-submit').click();
  await page.getByTestId('dashboard').waitFor();
  // Drawn: the dashboard's first parts are on screen and nothing in it is still loading.
  await page.getByTestId('dashboard-welcome').or(page.getByTestId('germbank-hero')).first().waitFor();
  await page.waitForFunction(() => !document.querySelector('[data-testid="dashboard"] .ant-skeleton, [data-testid="dashboard"] .ant-spin-spinning'));
  const seconds = (performance.now() - t0) / 1000;
  if (renders) {
    const commits = (await page.evaluate(() => (window as unknown as { __commits: number[] }).__commits)).filter((c) => c >= clickedAt);
    console.log(`  ${commits.length} commits (ms after the click): ${commits.map((c) => (c - clickedAt).toFixed(0)).join(' ')}`);
    console.log(JSON.stringify(await page.evaluate(() => (window as unknown as { __renders?: unknown }).__renders)));
  }
  if (cdp) {
    const { profile: cpu } = await cdp.send('Profiler.stop');
    if (process.env.BENCH_PROFILE_FILE) fs.writeFileSync(process.env.BENCH_PROFILE_FILE, JSON.stringify(cpu));
    summarize(cpu);
  }
  if (trace) {
    const raw = (await browser.stopTracing()).toString();
    if (process.env.BENCH_TRACE_FILE) fs.writeFileSync(process.env.BENCH_TRACE_FILE, raw);
    summarizeTrace((JSON.parse(raw) as { traceEvents: TraceEvent[] }).traceEvents, 0);
  }
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
