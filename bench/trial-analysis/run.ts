/**
 * Trial-analysis benchmark: time to analyse one trait of a 2,000-plot alpha trial (1,000 entries,
 * 2 reps, blocks of 10) and a 500-plot row-column trial (250 entries, 2 reps of 10 x 25), i.e. both
 * REML fits (entries fixed and entries random), BLUEs with s.e., BLUPs with PEV, H2 and LSD.
 * Reference run, same process, same data: ordinary least squares of the all-fixed model (entry + rep +
 * design terms fixed) by dense normal equations and Cholesky, the classical intra-block analysis a
 * spreadsheet or lm() would do. Run from bench/: npm run trial-analysis.
 */
import { analyseTrait, type PlotRecord, type TraitAnalysis } from '../../packages/trial-analysis/src/index';
import { cholesky, choleskySolve } from '../../packages/trial-analysis/src/linalg';
import { simulate, type TraitSpec } from '../../packages/trial-analysis/test-data/simulate';
import { generateDesign, type DesignRequest } from '../../packages/trial-design/src/index';

const spec: TraitSpec = { name: 'yield', mean: 6, entry: 0.8, rep: 0.5, block: 0.4, row: 0.35, col: 0.3, noise: 0.45, missing: 0 };

interface Case {
  label: string;
  request: DesignRequest;
  design: 'alpha' | 'row-column';
  missing: number;
  /** Design terms of the all-fixed reference model. */
  terms: (p: PlotRecord) => string[];
}

const cases: Case[] = [
  {
    label: 'alpha 2,000 plots (1,000 entries, r = 2, k = 10)',
    request: { design: 'alpha', entries: 1000, reps: 2, blockSize: 10, seed: 1 },
    design: 'alpha',
    missing: 40,
    terms: (p) => [`rep${p.rep}`, `block${p.rep}:${p.block}`],
  },
  {
    label: 'row-column 500 plots (250 entries, r = 2, 10 x 25)',
    request: { design: 'rowcol', entries: 250, reps: 2, rowsPerRep: 10, colsPerRep: 25, seed: 1 },
    design: 'row-column',
    missing: 10,
    terms: (p) => [`rep${p.rep}`, `row${p.rep}:${p.row}`, `col${p.rep}:${p.col}`],
  },
];

/** OLS of y on entry + design terms (indicator columns, first level of each term dropped), dense. */
function denseOls(plots: PlotRecord[], terms: (p: PlotRecord) => string[]): number {
  const used = plots.filter((p) => p.value !== null);
  const columns = new Map<string, number>();
  const seenTerm = new Set<string>();
  const rows = used.map((p) => {
    const keys = [`entry${p.entry}`, ...terms(p)];
    return keys
      .filter((k, i) => {
        // Treatment coding: the first level met of every design term is the baseline.
        const term = i === 0 ? 'entry' : k.replace(/[\d:]+$/, '');
        if (i > 0 && !seenTerm.has(term)) {
          seenTerm.add(term);
          columns.set(k, -1);
          return false;
        }
        return columns.get(k) !== -1;
      })
      .map((k) => {
        if (!columns.has(k)) columns.set(k, columns.size);
        return k;
      });
  });
  const index = new Map<string, number>();
  for (const [k, v] of columns) if (v !== -1) index.set(k, index.size);
  const p = index.size;
  const xtx = new Float64Array(p * p);
  const xty = new Float64Array(p);
  rows.forEach((keys, i) => {
    const cols = keys.map((k) => index.get(k)!);
    for (const a of cols) {
      xty[a] += used[i].value!;
      for (const b of cols) xtx[a * p + b] += 1;
    }
  });
  // Aliased columns (blocks that add up to a rep) get a tiny ridge so that the factorisation runs.
  for (let a = 0; a < p; a++) xtx[a * p + a] += 1e-9;
  if (!cholesky(xtx, p)) throw new Error('normal equations not positive definite');
  choleskySolve(xtx, p, xty);
  return p;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

function time<T>(f: () => T, runs: number): { ms: number; value: T } {
  let value = f();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    value = f();
    times.push(performance.now() - t);
  }
  return { ms: median(times), value };
}

console.log('trial-analysis: one trait, both REML fits and all entry statistics (median of 3 runs after a warm-up)');
for (const c of cases) {
  const design = generateDesign(c.request);
  const sim = simulate(design.plots, [{ ...spec, missing: c.missing }], 2024);
  const plots: PlotRecord[] = sim.map((p) => ({
    plotId: p.plot_id,
    entry: p.entry,
    rep: p.rep,
    block: p.block,
    row: p.row,
    col: p.col,
    value: p.values.yield,
  }));
  const analysis = time<TraitAnalysis>(() => analyseTrait({ design: c.design, plots, trait: 'yield' }), 3);
  const ols = time(() => denseOls(plots, c.terms), 3);
  const r = analysis.value;
  console.log(`\n${c.label}: ${r.n} plots used, ${r.entries} entries`);
  console.log(
    `  analysis        ${analysis.ms.toFixed(0).padStart(6)} ms   (REML iterations: BLUE model ${r.fits.blue.iterations}, BLUP model ${r.fits.blup.iterations}; H2 ${r.heritability.toFixed(3)}, LSD ${r.lsd?.toFixed(3) ?? '-'})`,
  );
  console.log(`  reference OLS   ${ols.ms.toFixed(0).padStart(6)} ms   (dense normal equations, ${ols.value} columns)`);
  console.log(`  ratio analysis / OLS: ${(analysis.ms / ols.ms).toFixed(2)}`);
}
