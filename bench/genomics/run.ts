/**
 * Genomics engine benchmark. Section 1 runs PLINK 1.9 and our CLI on the same computation (the standardised
 * GRM of `--make-rel`) on the same simulated 2,000 x 50,000 files in the same run, alternating, best of
 * GS_BENCH_RUNS (default 3), each from reading the .bed to the written matrix. The other sections compare
 * against the speed anchors measured on these machines (rrBLUP, BGLR, sommer; see
 * shared/reference/gs/README.md). PLINK 1.9 is installed from Debian when missing and simulates the data.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  Rng,
  bayesTrainer,
  crossValidate,
  defaultThreads,
  fitGblup,
  fitHybrid,
  fitTrait,
  matchRecords,
  readFoldFile,
  readGenotypeCsv,
  readPhenotypes,
  readPlink,
  spectralFit,
  standardizedGrm,
  vanRadenG,
  gblupTrainer,
  readCsvTable,
  type Genotypes,
  type Phenotypes,
} from '@breedwise/genomics';

const N = 2000;
const M = 50_000;
const work = join(tmpdir(), 'breedwise-gs-bench');
const testData = fileURLToPath(new URL('../../packages/genomics/test-data/', import.meta.url));
const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const RUNS = Number(process.env.GS_BENCH_RUNS ?? 3);
// Outputs per process: the simulated files are shared, the matrices written by one run are not.
const outDir = join(work, `run-${process.pid}`);
const rows: Array<[string, string, string, string]> = [];

function report(what: string, ours: number, anchor: number | undefined, anchorName: string): void {
  const ratio = anchor === undefined ? '' : (ours / anchor).toFixed(2);
  rows.push([what, `${ours.toFixed(2)} s`, anchor === undefined ? '' : `${anchor.toFixed(2)} s (${anchorName})`, ratio]);
  console.log(`  ${what}: ${ours.toFixed(2)} s${anchor === undefined ? '' : ` vs ${anchor.toFixed(2)} s ${anchorName}, ratio ${ratio}`}`);
}

async function time<T>(f: () => Promise<T> | T): Promise<[T, number]> {
  const t = performance.now();
  const v = await f();
  return [v, (performance.now() - t) / 1000];
}

function ensurePlink(): string {
  const found = spawnSync('sh', ['-c', 'command -v plink1.9'], { encoding: 'utf8' }).stdout.trim();
  if (found) return found;
  console.log('installing plink1.9 from Debian ...');
  execFileSync('sh', ['-c', 'flock /tmp/apt.lock apt-get install -y plink1.9 >/dev/null'], { stdio: 'inherit' });
  return 'plink1.9';
}

function simulate(plink: string): string {
  const prefix = join(work, `sim_${N}x${M}`);
  if (existsSync(`${prefix}.bed`)) return prefix;
  mkdirSync(work, { recursive: true });
  writeFileSync(join(work, 'sim.txt'), `${M} snp 0.05 0.5 1.0 1.0\n`);
  execFileSync(
    plink,
    [
      '--simulate',
      join(work, 'sim.txt'),
      '--simulate-ncases',
      String(N / 2),
      '--simulate-ncontrols',
      String(N / 2),
      '--make-bed',
      '--out',
      prefix,
      '--seed',
      '20261121',
    ],
    { stdio: 'ignore' },
  );
  return prefix;
}

/** Wall time of one command, process start to exit (stdout and stderr discarded). */
function timeCommand(cmd: string, args: string[], env: NodeJS.ProcessEnv = process.env): number {
  const t = performance.now();
  const r = spawnSync(cmd, args, { stdio: 'ignore', env, cwd: repoRoot });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} exited with ${r.status}`);
  return (performance.now() - t) / 1000;
}

/** PLINK 1.9 `--make-rel square [bin]` from the .bed to the written matrix. */
function plinkRel(plink: string, prefix: string, threads: number, bin: boolean): number {
  const args = ['--bfile', prefix, '--make-rel', 'square', ...(bin ? ['bin'] : []), '--threads', String(threads), '--out', join(outDir, `rel_t${threads}`)];
  return timeCommand(plink, args);
}

/** Our CLI as the docs tell a user to run it (`bin/gs grm ...` from the repository root), with GS_THREADS kernel workers. */
function gsGrm(prefix: string, method: 'standardized' | 'vanraden', threads: number, format: 'bin' | 'rel'): number {
  const out = join(outDir, `gs_${method}_t${threads}.${format}`);
  const args = ['grm', '--geno', prefix, '--method', method, '--format', format, '--out', out];
  return timeCommand(join(repoRoot, 'bin/gs'), args, { ...process.env, GS_THREADS: String(threads) });
}

function readF64(path: string): Float64Array {
  const buf = readFileSync(path);
  return new Float64Array(buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.byteLength));
}

function simulatedPhenotypes(g: Genotypes, seed: number): Phenotypes {
  const rng = new Rng(seed);
  const n = g.samples.length;
  const gv = new Float64Array(n);
  for (let q = 0; q < 300; q++) {
    const j = rng.int(g.markers.length);
    const b = rng.normal();
    for (let i = 0; i < n; i++) gv[i] += b * Math.max(0, g.codes[j * n + i]);
  }
  const mean = gv.reduce((s, v) => s + v, 0) / n;
  const sd = Math.sqrt(gv.reduce((s, v) => s + (v - mean) ** 2, 0) / n);
  return {
    file: 'simulated',
    trait: 'y',
    fixedColumns: [],
    records: g.samples.map((id, i) => ({ id, value: (gv[i] - mean) / sd + rng.normal(), fixed: [], line: i + 2 })),
  };
}

async function main(): Promise<void> {
  console.log(`genomics bench: ${defaultThreads()} kernel worker thread(s), node ${process.version}`);
  const plink = ensurePlink();
  const prefix = simulate(plink);
  mkdirSync(outDir, { recursive: true });
  const g = readPlink(prefix);
  // Warm up: worker start and WebAssembly compilation are paid once per process.
  await vanRadenG({ samples: g.samples.slice(0, 8), markers: g.markers.slice(0, 64), codes: g.codes.subarray(0, 8 * 64) });

  console.log(`\n1. Relationship matrix, n = ${N}, m = ${M}: our CLI against PLINK 1.9 on the same files, alternating, best of ${RUNS}`);
  console.log(
    `  load average before: ${loadavg()
      .map((v) => v.toFixed(2))
      .join(' ')}`,
  );
  // Every command from reading the .bed to the written matrix, process start included:
  //   PLINK: plink1.9 --bfile sim --make-rel square [bin] --threads T
  //   ours:  GS_THREADS=T bin/gs grm --geno sim --method standardized --format bin|rel (PLINK's layouts)
  // bin/gs rebuilds its compiled bundle when the sources changed: done here once, before the timing, as a
  // user's first run after an update does it (`npm run -s gs -- ...` runs the same bundle after npm's start-up).
  execFileSync(join(repoRoot, 'bin/gs'), ['help'], { stdio: 'ignore', cwd: repoRoot });
  const runs: Record<string, number[]> = {};
  const add = (key: string, seconds: number) => (runs[key] ??= []).push(seconds);
  for (let r = 0; r < RUNS; r++) {
    for (const t of [1, 2]) {
      add(`plink bin t${t}`, plinkRel(plink, prefix, t, true));
      add(`gs bin t${t}`, gsGrm(prefix, 'standardized', t, 'bin'));
    }
    add('plink text t2', plinkRel(plink, prefix, 2, false));
    add('gs rel t2', gsGrm(prefix, 'standardized', 2, 'rel'));
    add('plink text t1', plinkRel(plink, prefix, 1, false));
    add('gs vanraden bin t2', gsGrm(prefix, 'vanraden', 2, 'bin'));
  }
  const best = (k: string) => Math.min(...runs[k]);
  for (const k of Object.keys(runs)) console.log(`  ${k}: ${runs[k].map((v) => v.toFixed(2)).join(' ')} s`);
  // PLINK at its best thread count on this machine; ours with the same number of kernel threads.
  const tp = best('plink bin t1') < best('plink bin t2') ? 1 : 2;
  report(
    `standardised GRM, bin: gs grm --method standardized --format bin (${tp} thread${tp > 1 ? 's' : ''})`,
    best(`gs bin t${tp}`),
    best(`plink bin t${tp}`),
    `plink1.9 --make-rel square bin, ${tp} thread${tp > 1 ? 's' : ''}`,
  );
  const tt = best('plink text t1') < best('plink text t2') ? 1 : 2;
  report(
    `standardised GRM, text: gs grm --method standardized --format rel (2 threads)`,
    best('gs rel t2'),
    best(`plink text t${tt}`),
    `plink1.9 --make-rel square, ${tt} thread${tt > 1 ? 's' : ''}`,
  );
  report('VanRaden G (a different matrix, not comparable): gs grm --method vanraden --format bin (2 threads)', best('gs vanraden bin t2'), undefined, '');
  console.log('  (context only, not a comparison: PLINK --make-rel square measured at 7.7 s on the first machine of shared/reference/gs)');
  // Same computation: our matrix against PLINK's, element by element.
  const ref = readF64(join(outDir, `rel_t${tp}.rel.bin`));
  const ourK = readF64(join(outDir, `gs_standardized_t${tp}.bin`));
  let diff = 0;
  for (let t = 0; t < ref.length; t++) diff = Math.max(diff, Math.abs(ref[t] - ourK[t]));
  console.log(`  our matrix against PLINK's: ${ourK.length === ref.length ? `max abs difference ${diff.toExponential(2)}` : 'SIZE DIFFERS'}`);
  console.log(
    `  load average after: ${loadavg()
      .map((v) => v.toFixed(2))
      .join(' ')}`,
  );
  const [, stdSeconds] = await time(() => standardizedGrm(g));
  const flops = N * (N + 1) * M; // lower triangle, a multiply and an add per marker and pair
  console.log(`  standardised GRM in process (no read, no write): ${stdSeconds.toFixed(2)} s, ${(flops / stdSeconds / 1e9).toFixed(1)} GFLOP/s (f32)`);
  const gSeconds = Math.min((await time(() => vanRadenG(g)))[1], (await time(() => vanRadenG(g)))[1]);
  console.log(`  VanRaden G in process: ${gSeconds.toFixed(2)} s, ${(flops / gSeconds / 1e9).toFixed(1)} GFLOP/s (integer multiply-adds x2, incl. centring)`);

  if (process.env.GS_BENCH_SECTIONS === 'grm') return printTable();

  console.log(`\n2. GBLUP with 5-fold CV, n = ${N}, m = ${M}`);
  const pheno = simulatedPhenotypes(g, 7);
  const [cvOut, cvSeconds] = await time(() => fitTrait({ genotypes: g, phenotypes: pheno, model: 'gblup', cv: { k: 5, seed: 1 } }));
  report('GBLUP n=2000 m=50000: QC + G + REML fit + 5 re-fitted folds', cvSeconds, 20, 'target');
  console.log(`  h2 ${cvOut.h2.toFixed(3)}, mean CV r ${cvOut.cv!.meanR.toFixed(3)}`);
  const K = await vanRadenG(g);
  const y = Float64Array.from(pheno.records, (r) => r.value);
  const [, fitSeconds] = await time(() => spectralFit({ H0: K.values, y, X: new Float64Array(N).fill(1), p: 1, method: 'REML' }));
  const tridiagFlops = (4 / 3) * N ** 3;
  console.log(`  one REML fit at n = ${N}: ${fitSeconds.toFixed(2)} s; tridiagonal reduction ~${(tridiagFlops / fitSeconds / 1e9).toFixed(1)} GFLOP/s (f64x2)`);
  report(`one REML fit n = ${N} (reduction + search)`, fitSeconds, 2.3, 'OpenBLAS eigen n=2000 alone');

  console.log('\n3. Wheat (599 lines x 1279 markers) against rrBLUP');
  const wheat = readGenotypeCsv(join(testData, 'wheat/wheat_X.csv.gz'), 'inbred01');
  const wy = readPhenotypes(join(testData, 'wheat/wheat_Y.csv'), { trait: '1' });
  const [Kw, amatSeconds] = await time(() => vanRadenG(wheat));
  report('wheat A.mat', amatSeconds, 0.11, 'rrBLUP A.mat');
  const [, wfit] = await time(() => fitGblup(Kw, wy));
  report('wheat full GBLUP fit (mixed.solve)', wfit, 0.3, 'rrBLUP mixed.solve');
  const folds = readFoldFile(join(testData, 'wheat/wheat_fold5_seed123.csv'));
  const rec = matchRecords(Kw.ids, wy);
  const [, wcv] = await time(() => crossValidate(rec, Kw.ids, folds, gblupTrainer(Kw)));
  report('wheat 5-fold GBLUP CV', wcv, 1.4, 'rrBLUP');
  const [, brr] = await time(() => bayesTrainer('brr', wheat, { iter: 6000, burnin: 1000, seed: 1 })(matchRecords(wheat.samples, wy)));
  report('wheat BRR 6000 iterations', brr, 3.5, 'BGLR');
  const [, bb] = await time(() => bayesTrainer('bayesb', wheat, { iter: 6000, burnin: 1000, seed: 1 })(matchRecords(wheat.samples, wy)));
  report('wheat BayesB 6000 iterations', bb, 4.0, 'BGLR');

  console.log('\n4. Mouse-sized data (1814 x 10,346, simulated) against rrBLUP');
  const mice = { samples: g.samples.slice(0, 1814), markers: g.markers.slice(0, 10_346), codes: new Int8Array(1814 * 10_346) };
  for (let j = 0; j < 10_346; j++) mice.codes.set(g.codes.subarray(j * N, j * N + 1814), j * 1814);
  const [Km, miceA] = await time(() => vanRadenG(mice));
  report('1814 x 10,346 A.mat', miceA, 5.1, 'rrBLUP A.mat');
  const miceY = simulatedPhenotypes(mice, 3);
  const [, miceFit] = await time(() => fitGblup(Km, miceY));
  report('1814 x 10,346 GBLUP mixed.solve', miceFit, 12.0, 'rrBLUP');
  const [, miceRr] = await time(() => fitTrait({ genotypes: mice, phenotypes: miceY, model: 'rrblup' }));
  report("1814 x 10,346 marker RR (with Z Z' and back-solve)", miceRr, 18.7, 'rrBLUP');

  console.log('\n5. Hybrid GCA model, Technow flint x dent (1254 hybrids) against sommer');
  const [[Kd, Kf], kSeconds] = await time(async () => [
    await vanRadenG(readGenotypeCsv(join(testData, 'hybrid/technow_Md_dent.csv.gz'), 'inbred01')),
    await vanRadenG(readGenotypeCsv(join(testData, 'hybrid/technow_Mf_flint.csv.gz'), 'inbred01')),
  ]);
  const table = readCsvTable(join(testData, 'hybrid/technow_pheno.csv'));
  const recs = table.rows.map(({ cells }) => ({ parent1: cells[1], parent2: cells[2], value: Number(cells[3]), fixed: [] }));
  const [, hy] = await time(() => fitHybrid(Kd, Kf, recs, 0, { sca: false }));
  report('Technow GY ~ GCA dent + GCA flint (REML)', hy, 26.8, 'sommer mmer');
  const [, hyS] = await time(() => fitHybrid(Kd, Kf, recs, 0, { sca: false, method: 'sommer' }));
  report("Technow GY, method sommer (sommer's own iteration)", hyS, 26.8, 'sommer mmer');
  console.log(`  (reading markers and both pool G: ${kSeconds.toFixed(2)} s)`);

  printTable();
}

function printTable(): void {
  console.log('\n| what | Breedwise | anchor | ratio |\n| --- | --- | --- | --- |');
  for (const r of rows) console.log(`| ${r.join(' | ')} |`);
}

try {
  await main();
} finally {
  rmSync(outDir, { recursive: true, force: true });
}
process.exit(0);
