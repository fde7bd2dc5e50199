/**
 * Trial-design benchmark: A-efficiency of the reference cases beside the figures published for
 * agricolae and blocksdesign/FielDHub, and the time to generate large designs (target: under 2 s
 * for 20,000 plots). Run from bench/: npm run trial-design.
 */
import { generateDesign, type DesignRequest, type DesignResult } from '../../packages/trial-design/src/index';

interface Case {
  label: string;
  request: DesignRequest;
  measure: (r: DesignResult) => number | null;
  reference: number;
  source: string;
}

const cases: Case[] = [
  {
    label: 'alpha 30/5/3',
    request: { design: 'alpha', entries: 30, reps: 3, blockSize: 5, seed: 1 },
    measure: (r) => r.statistics.a_efficiency,
    reference: 0.785553,
    source: 'blocksdesign (agricolae 0.7843)',
  },
  {
    label: 'alpha 24/4/2',
    request: { design: 'alpha', entries: 24, reps: 2, blockSize: 4, seed: 1 },
    measure: (r) => r.statistics.a_efficiency,
    reference: 0.6501,
    source: 'reference',
  },
  {
    label: 'row-column 30 in 5x6 x3, rows',
    request: { design: 'rowcol', entries: 30, reps: 3, rowsPerRep: 5, colsPerRep: 6, seed: 1 },
    measure: (r) => r.statistics.a_efficiency_rows,
    reference: 0.8227,
    source: 'blocksdesign',
  },
  {
    label: 'row-column 30 in 5x6 x3, columns',
    request: { design: 'rowcol', entries: 30, reps: 3, rowsPerRep: 5, colsPerRep: 6, seed: 1 },
    measure: (r) => r.statistics.a_efficiency_cols,
    reference: 0.7806,
    source: 'blocksdesign',
  },
  {
    label: 'lattice 16 triple',
    request: { design: 'lattice', entries: 16, reps: 3, seed: 1 },
    measure: (r) => r.statistics.a_efficiency,
    reference: 0.7692308,
    source: 'theory',
  },
];

const timed: { label: string; request: DesignRequest }[] = [
  {
    label: 'augmented 19,000 entries + 5 checks x 200 blocks (20,000 plots)',
    request: { design: 'augmented', entries: 19_000, checks: 5, blocks: 200, seed: 1 },
  },
  { label: 'alpha 2,000 entries, k = 10, r = 3 (6,000 plots)', request: { design: 'alpha', entries: 2000, reps: 3, blockSize: 10, seed: 1 } },
  { label: 'alpha 2,000 entries, k = 8, r = 3 (6,000 plots)', request: { design: 'alpha', entries: 2000, reps: 3, blockSize: 8, seed: 1 } },
  { label: 'rcbd 2,000 entries x 10 reps (20,000 plots)', request: { design: 'rcbd', entries: 2000, reps: 10, seed: 1 } },
  { label: 'diagonal 18,000 lines + 4 checks (about 20,000 plots)', request: { design: 'diagonal', entries: 18_000, checks: 4, seed: 1 } },
];

const pad = (s: string, n: number): string => s.padEnd(n);
const fmt = (x: number | null, d = 6): string => (x === null ? '-' : x.toFixed(d));

console.log('A-efficiency against the reference');
console.log(`${pad('case', 36)} ${pad('ours', 10)} ${pad('reference', 10)} ${pad('ratio', 8)} ${pad('bound', 10)} ${pad('time', 9)} source`);
for (const c of cases) {
  const t0 = performance.now();
  const result = generateDesign(c.request);
  const ms = performance.now() - t0;
  const ours = c.measure(result);
  const bound = c.label.endsWith('rows') ? result.statistics.bound_rows : c.label.endsWith('columns') ? result.statistics.bound_cols : result.statistics.bound;
  const ratio = ours === null ? null : ours / c.reference;
  console.log(
    `${pad(c.label, 36)} ${pad(fmt(ours), 10)} ${pad(String(c.reference), 10)} ${pad(fmt(ratio, 4), 8)} ${pad(fmt(bound), 10)} ${pad(`${ms.toFixed(0)} ms`, 9)} ${c.source}`,
  );
}

console.log('\nGeneration time (validation, design, layout, numbering, statistics); target < 2000 ms');
console.log(`${pad('design', 66)} ${pad('first', 9)} ${pad('best of 3', 10)} ${pad('ratio', 7)} a_eff`);
for (const t of timed) {
  const times: number[] = [];
  let result: DesignResult | null = null;
  for (let i = 0; i < 3; i++) {
    const t0 = performance.now();
    result = generateDesign(t.request);
    times.push(performance.now() - t0);
  }
  const best = Math.min(...times);
  const stats = (result as DesignResult).statistics;
  const eff = stats.a_efficiency === null ? '-' : `${stats.a_efficiency.toFixed(6)}${stats.exact ? '' : ' (est.)'}`;
  console.log(`${pad(t.label, 66)} ${pad(`${times[0].toFixed(0)} ms`, 9)} ${pad(`${best.toFixed(0)} ms`, 10)} ${pad((best / 2000).toFixed(3), 7)} ${eff}`);
}
