/**
 * Genomics engine benchmark: prints figures and ratios against the speed anchors measured on these
 * machines (PLINK 1.9, rrBLUP, BGLR, sommer; see shared/reference/gs/README.md). PLINK 1.9 is installed
 * from Debian when missing and simulates the 2,000 x 50,000 data set; everything else runs here.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
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

function plinkRel(plink: string, prefix: string, threads: number, bin: boolean): number {
  const t = performance.now();
  const args = ['--bfile', prefix, '--make-rel', 'square', ...(bin ? ['bin'] : []), '--threads', String(threads), '--out', join(work, `rel_t${threads}`)];
  execFileSync(plink, args, { stdio: 'ignore' });
  return (performance.now() - t) / 1000;
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
  const g = readPlink(prefix);
  // Warm up: worker start and WebAssembly compilation are paid once per process.
  await vanRadenG({ samples: g.samples.slice(0, 8), markers: g.markers.slice(0, 64), codes: g.codes.subarray(0, 8 * 64) });

  console.log(`\n1. Relationship matrix, n = ${N}, m = ${M} (best of two runs each; the machine is shared)`);
  // Ours: read the .bed, compute G, write it as binary; PLINK: the same command line as the anchor.
  const ours = async (kind: 'vanraden' | 'standardized') => {
    const t = performance.now();
    const data = readPlink(prefix);
    const K = kind === 'vanraden' ? await vanRadenG(data) : await standardizedGrm(data);
    writeFileSync(join(work, `ours_${kind}.bin`), new Uint8Array(K.values.buffer));
    return (performance.now() - t) / 1000;
  };
  const runs: Record<string, number[]> = { p1: [], p2: [], p1bin: [], van: [], std: [] };
  for (let r = 0; r < 2; r++) {
    runs.p1.push(plinkRel(plink, prefix, 1, false));
    runs.van.push(await ours('vanraden'));
    runs.p2.push(plinkRel(plink, prefix, 2, false));
    runs.std.push(await ours('standardized'));
    runs.p1bin.push(plinkRel(plink, prefix, 1, true));
  }
  const best = (k: string) => Math.min(...runs[k]);
  const plinkBest = Math.min(best('p1'), best('p2'));
  console.log(
    `  PLINK 1.9 --make-rel square: ${best('p1').toFixed(2)} s (1 thread), ${best('p2').toFixed(2)} s (2 threads); square bin: ${best('p1bin').toFixed(2)} s`,
  );
  report('G 2000 x 50000: read .bed + VanRaden G (i16 SIMD) + write', best('van'), plinkBest, 'PLINK --make-rel square');
  report('G 2000 x 50000: same', best('van'), best('p1bin'), 'PLINK --make-rel square bin');
  // PLINK's own time swings with the machine's load; the anchor measured on an idle machine is steadier.
  report('G 2000 x 50000: same', best('van'), 7.7, 'PLINK --make-rel square, reference anchor');
  const gSeconds = Math.min((await time(() => vanRadenG(g)))[1], (await time(() => vanRadenG(g)))[1]);
  const flops = N * (N + 1) * M; // lower triangle, a multiply and an add per marker and pair
  console.log(`  G alone ${gSeconds.toFixed(2)} s: ${(flops / gSeconds / 1e9).toFixed(1)} GFLOP/s (integer multiply-adds x2, incl. centring)`);
  report('standardised GRM 2000 x 50000, PLINK semantics (f32 SIMD)', best('std'), plinkBest, 'PLINK --make-rel square');

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

  console.log('\n| what | Breedwise | anchor | ratio |\n| --- | --- | --- | --- |');
  for (const r of rows) console.log(`| ${r.join(' | ')} |`);
}

await main();
process.exit(0);
