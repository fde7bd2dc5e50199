/**
 * Genomic selection through the API against the engine's CLI on the same data, in one run: a simulated
 * panel (n samples x m SNPs, PLINK .zip, one trait) is uploaded as a dataset and a 5-fold GBLUP is trained
 * as a job until finished; the CLI fits the same model on the same files. Prints both times and the
 * ratio (target: the API path adds under 25%). When PLINK 1.9 is on the PATH, the standardised GRM
 * (`gs grm --method standardized`) is timed against `plink --make-rel square` on the same files.
 *
 *   npm run -w bench gs-api                 # 1,000 x 10,000 (minutes on a busy 2-core machine)
 *   npm run -w bench gs-api -- --full       # 2,000 x 50,000 (the size)
 *   npm run -w bench gs-api -- --n 1500 --m 20000
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Rng, type Genotypes } from '@breedwise/genomics';
import { plinkZip } from '../../apps/server/src/modules/gs/gs-fixtures';

const args = process.argv.slice(2);
const opt = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const full = args.includes('--full');
const N = Number(opt('n') ?? (full ? 2000 : 1000));
const M = Number(opt('m') ?? (full ? 50_000 : 10_000));
const repoRoot = path.resolve(import.meta.dirname, '../..');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'bw-gs-api-bench-'));
const PASSWORD = 'Bench@2026';

function simulate(n: number, m: number): { g: Genotypes; pheno: string } {
  const rng = new Rng(2026);
  const codes = new Int8Array(n * m);
  const effects = new Float64Array(m);
  for (let j = 0; j < m; j++) {
    const p = 0.05 + 0.9 * rng.uniform();
    for (let i = 0; i < n; i++) codes[j * n + i] = (rng.uniform() < p ? 1 : 0) + (rng.uniform() < p ? 1 : 0);
    effects[j] = rng.uniform() < 0.01 ? rng.normal() : 0;
  }
  const samples = Array.from({ length: n }, (_, i) => `S${i + 1}`);
  const markers = Array.from({ length: m }, (_, j) => `snp${j + 1}`);
  const lines = ['sample,yield'];
  for (let i = 0; i < n; i++) {
    let gv = 0;
    for (let j = 0; j < m; j++) if (effects[j]) gv += effects[j] * codes[j * n + i];
    lines.push(`${samples[i]},${(gv + 2 * rng.normal()).toFixed(5)}`);
  }
  return { g: { samples, markers, codes }, pheno: lines.join('\n') + '\n' };
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });

async function startServer(env: Record<string, string>): Promise<{ child: ChildProcess; url: string }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'apps/server/src/main.ts')], {
    cwd: repoRoot,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let err = '';
  child.stderr!.on('data', (d) => {
    err += String(d);
    if (process.env.BENCH_SERVER_STDERR) process.stderr.write(d);
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 4500; i++) {
    if (child.exitCode !== null) throw new Error(`gs-api: the API exited (${child.exitCode}): ${err}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return { child, url };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGTERM');
  throw new Error(`gs-api: the API did not start: ${err}`);
}

async function json(res: Response): Promise<any> {
  const body = (await res.json()) as { code: number; msg?: string; data?: unknown };
  if (!res.ok || body.code !== 0) throw new Error(`gs-api: ${res.status} ${body.msg}`);
  return body.data;
}

const hasGnuTime = spawnSync('/usr/bin/time', ['-f', '%M', 'true']).status === 0;

/** Runs a command; its wall time in seconds and, where GNU time is installed, its peak RSS in MB. */
function timeCommand(cmd: string, argv: string[]): { seconds: number; peakMb?: number } {
  const t = performance.now();
  const [exe, all] = hasGnuTime ? ['/usr/bin/time', ['-f', 'peak-rss-kb %M', cmd, ...argv]] : [cmd, argv];
  const r = spawnSync(exe, all, { cwd: repoRoot, stdio: ['ignore', 'ignore', 'pipe'] });
  const seconds = (performance.now() - t) / 1000;
  if (r.status !== 0) throw new Error(`${cmd} ${argv.join(' ')} failed: ${String(r.stderr)}`);
  const kb = /peak-rss-kb (\d+)/.exec(String(r.stderr));
  return { seconds, peakMb: kb ? Number(kb[1]) / 1024 : undefined };
}

/** The peak RSS of a running process (Linux), in MB. */
function peakRssMb(pid: number | undefined): number | undefined {
  try {
    const kb = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return kb ? Number(kb[1]) / 1024 : undefined;
  } catch {
    return undefined;
  }
}
const mb = (v: number | undefined) => (v === undefined ? 'n/a' : `${v.toFixed(0)} MB`);

async function main() {
  console.log(`gs-api benchmark: ${N} samples x ${M} SNPs, GBLUP with 5-fold CV (work folder ${work})`);
  const { g, pheno } = simulate(N, M);
  const zip = path.join(work, 'panel.zip');
  const csv = path.join(work, 'pheno.csv');
  fs.writeFileSync(zip, plinkZip(g, 'panel'));
  fs.writeFileSync(csv, pheno);
  console.log(`  files: ${(fs.statSync(zip).size / 1024 / 1024).toFixed(1)} MB zip, ${(fs.statSync(csv).size / 1024).toFixed(0)} KB csv`);

  // The CLI (a fresh process, as a user runs it: `bin/gs`, its compiled bundle built once beforehand):
  // read, QC, G, REML fit, 5 folds.
  const gs = path.join(repoRoot, 'bin/gs');
  spawnSync(gs, ['help'], { stdio: 'ignore' });
  const cli = timeCommand(gs, [
    'fit',
    '--geno',
    zip,
    '--pheno',
    csv,
    '--trait',
    'yield',
    '--model',
    'gblup',
    '--k',
    '5',
    '--seed',
    '1',
    '--out',
    path.join(work, 'fit.json'),
  ]);
  const cliSeconds = cli.seconds;
  console.log(`  CLI gs fit: ${cliSeconds.toFixed(2)} s (peak RSS ${mb(cli.peakMb)})`);

  // The API: upload (multipart), then the training job until its task succeeded.
  const dataDir = path.join(work, 'data');
  fs.mkdirSync(dataDir);
  const server = await startServer({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    BW_CAPTCHA: 'off',
    // The base seed (one administrator): the demo data's own model fits would load the machine during the run.
    BW_SEED: 'base',
    BW_ADMIN_PASSWORD: PASSWORD,
    BW_WEB_DIST: '/nonexistent',
    BW_JOB_POLL_SECONDS: '0.5',
    DATABASE_URL: '',
  });
  try {
    const login = await json(
      await fetch(`${server.url}/api/auth/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password: PASSWORD }),
      }),
    );
    const headers = { token: login.token as string };
    const started = performance.now();
    const form = new FormData();
    form.append('name', `Bench ${N}x${M}`);
    form.append('phenotype', new Blob([fs.readFileSync(csv)]), 'pheno.csv');
    form.append('genotype', new Blob([fs.readFileSync(zip)]), 'panel.zip');
    const ds = await json(await fetch(`${server.url}/api/gs/api/ds/create?traitCodes=yield`, { method: 'POST', headers, body: form }));
    const uploaded = (performance.now() - started) / 1000;
    const created = await json(
      await fetch(`${server.url}/api/gs/api/model/create`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Bench GBLUP', datasetId: ds.id, traitCode: 'yield', algorithm: 'gblup', folds: 5, seed: 1 }),
      }),
    );
    for (;;) {
      const task = await json(await fetch(`${server.url}/api/common/task/detail/${created.taskId}`, { headers }));
      if (task.status === 'succeeded') break;
      if (task.status === 'failed' || task.status === 'cancelled') throw new Error(`gs-api: training ${task.status}: ${task.message}`);
      await new Promise((r) => setTimeout(r, 250));
    }
    const apiSeconds = (performance.now() - started) / 1000;
    const model = await json(await fetch(`${server.url}/api/gs/api/model/detail/${created.id}`, { headers }));
    const fit = JSON.parse(fs.readFileSync(path.join(work, 'fit.json'), 'utf8'));
    console.log(
      `  API upload -> finished 5-fold GBLUP: ${apiSeconds.toFixed(2)} s (upload and checks ${uploaded.toFixed(2)} s; server peak RSS ${mb(peakRssMb(server.child.pid))})`,
    );
    console.log(`  ratio API / CLI: ${(apiSeconds / cliSeconds).toFixed(2)} (target < 1.25)`);
    console.log(`  same numbers: API r ${model.accuracy.toFixed(6)} vs CLI ${fit.cv.meanR.toFixed(6)}; Vu ${model.varU} vs ${fit.varU}`);
    // Where the API's time goes: the training task's log, with seconds since the upload started.
    const logs = (await json(await fetch(`${server.url}/api/gs/api/common/logs?taskId=${created.taskId}`, { headers }))) as Array<{
      at: string;
      message: string;
    }>;
    const epoch = Date.now() - (performance.now() - started);
    for (const l of logs) console.log(`    +${((Date.parse(l.at) - epoch) / 1000).toFixed(2)} s  ${l.message}`);
  } finally {
    server.child.kill('SIGTERM');
  }

  // GRM against PLINK on the same files, when PLINK is installed.
  const plink = ['plink1.9', 'plink'].find((p) => spawnSync('which', [p]).status === 0);
  if (!plink) {
    console.log('  GRM vs PLINK: skipped (neither plink1.9 nor plink is on the PATH; bench/genomics installs it from Debian)');
  } else {
    const unzip = path.join(work, 'plink');
    fs.mkdirSync(unzip);
    spawnSync('unzip', ['-o', zip, '-d', unzip]);
    const ours = timeCommand(gs, ['grm', '--geno', zip, '--method', 'standardized', '--format', 'bin', '--out', path.join(work, 'G.bin')]);
    const theirs = timeCommand(plink, [
      '--bfile',
      path.join(unzip, 'panel'),
      '--make-rel',
      'square',
      'bin',
      '--threads',
      '2',
      '--out',
      path.join(work, 'plink-rel'),
    ]);
    console.log(
      `  GRM standardized: gs ${ours.seconds.toFixed(2)} s vs ${plink} --make-rel ${theirs.seconds.toFixed(2)} s, ratio ${(ours.seconds / theirs.seconds).toFixed(2)} (target <= 0.8)`,
    );
  }
  fs.rmSync(work, { recursive: true, force: true });
}

await main();
