/**
 * Pedigree engine benchmark: Purdy parsing and writing, pedigrees written from a large parent graph,
 * cycle detection over it, and the nursery's naming functions. Targets: an import of 100,000 rows
 * checks its pedigrees in about a second; a 50,000-record bank gets every pedigree written in a few
 * seconds and is checked for cycles in under a second.
 * Each figure is printed with a ratio against a reference run in the same process: the plainest
 * work on the same data (splitting the strings at '/', joining the parts again, walking the same
 * ancestries without writing them, one pass over the parent links), so the ratio says what the
 * engine costs above touching the data at all, whatever the machine's load.
 * Run from bench/: npm run pedigree.
 */
import {
  crossPedigree,
  findCycle,
  formatPurdy,
  generatePurdy,
  indexRecords,
  parsePurdy,
  selectionName,
  type ParentRecord,
} from '../../packages/pedigree/src/index';

const measure = <T>(work: () => T): [T, number] => {
  const t0 = performance.now();
  const out = work();
  return [out, performance.now() - t0];
};
const rows: string[][] = [];
/** Runs the reference, then the work, and prints both and their ratio. */
const time = <T>(label: string, work: () => T, reference: () => unknown, refLabel: string): T => {
  const [, ref] = measure(reference);
  const [out, ms] = measure(work);
  rows.push([label, `${ms.toFixed(1)} ms`, `${ref.toFixed(1)} ms (${refLabel})`, (ms / ref).toFixed(1)]);
  console.log(`${label.padEnd(58)} ${ms.toFixed(1).padStart(8)} ms   reference ${ref.toFixed(1).padStart(7)} ms   ratio ${(ms / ref).toFixed(1)}`);
  return out;
};
const split = (list: string[]) => list.map((s) => s.split('/').map((p) => p.trim()));

// Deterministic strings of every shape: crosses to the fourth level and backcrosses.
const names = ['B73', 'Mo17', 'PH6WC', 'PH4CV', '郑58', '昌7-2', 'Ye 478', 'CML159-1-2', 'LH198', 'Oh43'];
const strings = Array.from({ length: 100_000 }, (_, i) => {
  const n = (k: number) => names[(i * 7 + k * 3) % names.length];
  switch (i % 5) {
    case 0:
      return `${n(0)}/${n(1)}`;
    case 1:
      return `${n(0)}/${n(1)}//${n(2)}`;
    case 2:
      return `${n(0)}/${n(1)}//${n(2)}/${n(3)}/3/${n(4)}/4/${n(5)}`;
    case 3:
      return `${n(0)}*${2 + (i % 5)}/${n(1)}//${n(2)}`;
    default:
      return `${n(1)}/${n(2)}/${2 + (i % 4)}*${n(0)}`;
  }
});
const trees = time(
  'parse 100,000 Purdy strings',
  () => strings.map((s) => parsePurdy(s)),
  () => split(strings),
  "split at '/'",
);
const parts = split(strings);
time(
  'write 100,000 trees back',
  () => trees.map((t) => formatPurdy(t)),
  () => parts.map((p) => p.join('/')),
  "join at '/'",
);

// Backcrosses nested in higher crosses (CIMMYT: BABAX/LR42//BABAX*2/3/KURUKU, WBLL1*2/4/…).
const nested = Array.from({ length: 100_000 }, (_, i) => {
  const n = (k: number) => names[(i * 7 + k * 3) % names.length];
  return i % 2 ? `${n(0)}/${n(1)}//${n(0)}*${2 + (i % 4)}/3/${n(2)}` : `${n(3)}*2/4/${n(4)}/${n(5)}/3/${n(0)}*2/${n(1)}//${n(0)}`;
});
const nestedTrees = time(
  'parse 100,000 nested backcross strings',
  () => nested.map((s) => parsePurdy(s)),
  () => split(nested),
  "split at '/'",
);
const nestedParts = split(nested);
time(
  'write them back (canonical)',
  () => nestedTrees.map((t) => formatPurdy(t)),
  () => nestedParts.map((p) => p.join('/')),
  "join at '/'",
);
time(
  'crossPedigree of 100,000 pairs (a third backcrosses)',
  () => strings.map((s, i) => crossPedigree(s, i % 3 ? names[i % names.length] : s.split('/')[0].replace(/\*\d+$/, ''))),
  () => strings.map((s) => formatPurdy(parsePurdy(s))),
  'parse and write the female alone',
);
time(
  'selectionName for 100,000 plants',
  () => strings.map((_, i) => selectionName(`CROSS${i}-1`, i % 50)),
  () => strings.map((_, i) => `CROSS${i}-1-${i % 50}`),
  'template string',
);

// A bank of 50,000 records: founders, then crosses and derived lines among earlier records.
let seed = 1;
const rand = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
const graph: ParentRecord[] = Array.from({ length: 50_000 }, (_, i) => {
  if (i < 200) return { id: i, name: `F${i}`, keepName: true };
  const cross = rand() < 0.6;
  return cross
    ? { id: i, name: `X${i}`, female: Math.floor(rand() * i), male: Math.floor(rand() * i) }
    : { id: i, name: `L${i}`, female: Math.floor(rand() * i), keepName: rand() < 0.3 };
});
const index = indexRecords(graph);
/** The same ancestry walks as generatePurdy (derived lines up to their cross, 6 cross levels), writing nothing. */
const walkOnly = () => {
  let visited = 0;
  const isCross = (r: ParentRecord | undefined) => !!r && r.female != null && r.male != null;
  const walk = (r: ParentRecord, left: number, path: Set<number>): void => {
    visited++;
    if (!isCross(r) || left === 0 || path.has(Number(r.id)) || (r.keepName && path.size > 0)) return;
    const next = new Set(path).add(Number(r.id));
    walk(index.get(String(r.female))!, left - 1, next);
    walk(index.get(String(r.male))!, left - 1, next);
  };
  for (let i = 0; i < graph.length; i++) {
    let r = index.get(String(i));
    while (r && !isCross(r) && r.female != null) r = index.get(String(r.female));
    if (r && isCross(r)) walk(r, 6, new Set());
  }
  return visited;
};
time(
  'pedigrees of all 50,000 records (depth 6), one index',
  () => {
    const idx = indexRecords(graph);
    for (let i = 0; i < graph.length; i++) generatePurdy(idx, i, { depth: 6 });
  },
  walkOnly,
  'same walks, nothing written',
);
time(
  'cycle check of the 50,000-record bank',
  () => findCycle(graph),
  () => {
    const m = new Map<string, (string | number)[]>();
    for (const r of graph)
      m.set(
        String(r.id),
        [r.female, r.male].filter((p): p is number => p != null),
      );
    return m.size;
  },
  'one pass over the links',
);

console.log('\n| what | engine | reference | ratio |\n| --- | --- | --- | --- |');
for (const r of rows) console.log(`| ${r.join(' | ')} |`);
