import { blockStats } from './common';
import { completeBlocks } from './rcbd';
import type { GridRegion, Plan, SequenceRegion, Treatment, Unit } from './plan';
import { permutation, type Rng } from '../rng';
import type { Factor, NormalizedEntry } from '../validate';

interface Level {
  label: string;
  entry: NormalizedEntry | null;
}

const levelsOf = (f: Factor, entries: NormalizedEntry[]): Level[] =>
  f.kind === 'entries' ? entries.map((e) => ({ label: e.name, entry: e })) : f.levels.map((label) => ({ label, entry: null }));

/**
 * Treatment combinations of the factors, the last factor varying fastest. A combination that
 * includes the entry list is that entry (its number, name and type) at the other factors' levels;
 * otherwise it is numbered 1.. and named by its levels.
 */
export function combinations(factors: Factor[], entries: NormalizedEntry[]): Treatment[] {
  const lists = factors.map((f) => levelsOf(f, entries));
  const out: Treatment[] = [];
  const walk = (i: number, picked: Level[]): void => {
    if (i === lists.length) {
      const entryLevel = picked.find((l) => l.entry !== null)?.entry ?? null;
      const record: Record<string, string> = {};
      factors.forEach((f, k) => (record[f.name] = picked[k].label));
      out.push(
        entryLevel
          ? { entry: entryLevel.entry, name: entryLevel.name, type: entryLevel.type, factors: record }
          : { entry: out.length + 1, name: picked.map((l) => l.label).join(' x '), type: 'test', factors: record },
      );
      return;
    }
    for (const level of lists[i]) walk(i + 1, [...picked, level]);
  };
  walk(0, []);
  return out;
}

/**
 * Split-plot in complete blocks: whole-plot levels randomised within each block, sub-plot levels
 * randomised within each whole plot (whole plots stay contiguous along the planting path).
 */
export function planSplit(wholePlot: Factor, subPlot: Factor, entries: NormalizedEntry[], reps: number, rng: Rng): Plan {
  const treatments = combinations([wholePlot, subPlot], entries);
  const a = levelsOf(wholePlot, entries).length;
  const b = levelsOf(subPlot, entries).length;
  const regions: SequenceRegion[] = [];
  for (let h = 1; h <= reps; h++) {
    const run: Unit[] = [];
    permutation(a, rng).forEach((i, w) => {
      const wp = (h - 1) * a + w + 1;
      permutation(b, rng).forEach((j, s) => run.push({ t: i * b + j, rep: h, block: h, wholePlot: wp, subPlot: s + 1, swap: wp }));
    });
    regions.push({ kind: 'sequence', label: h, runs: [run] });
  }
  const all = treatments.map((_, t) => t);
  return {
    treatments,
    regions,
    stats: blockStats(
      `split:${treatments.length}:${reps}`,
      treatments.length,
      Array.from({ length: reps }, () => all),
      { r: reps, k: treatments.length },
    ),
  };
}

/**
 * Strip-plot: each block is a grid whose rows carry the horizontal factor's levels and columns the
 * vertical factor's, both randomised per block, so every combination occurs once per block.
 */
export function planStrip(horizontal: Factor, vertical: Factor, entries: NormalizedEntry[], reps: number, rng: Rng): Plan {
  const treatments = combinations([horizontal, vertical], entries);
  const a = levelsOf(horizontal, entries).length;
  const b = levelsOf(vertical, entries).length;
  const regions: GridRegion[] = [];
  for (let h = 1; h <= reps; h++) {
    const rows = permutation(a, rng);
    const cols = permutation(b, rng);
    const cells: Unit[] = [];
    for (let i = 0; i < a; i++) for (let j = 0; j < b; j++) cells.push({ t: rows[i] * b + cols[j], rep: h, block: h, swap: -1 });
    regions.push({ kind: 'grid', label: h, rows: a, cols: b, cells });
  }
  const all = treatments.map((_, t) => t);
  return {
    treatments,
    regions,
    stats: blockStats(
      `strip:${treatments.length}:${reps}`,
      treatments.length,
      Array.from({ length: reps }, () => all),
      { r: reps, k: treatments.length },
    ),
  };
}

/** Full factorial treatment structure in complete blocks or completely at random. */
export function planFactorial(factors: Factor[], entries: NormalizedEntry[], reps: number, base: 'rcbd' | 'crd', rng: Rng): Plan {
  const treatments = combinations(factors, entries);
  if (base === 'rcbd') return completeBlocks(treatments, reps, rng, `factorial:${treatments.length}:${reps}`);
  const units: Unit[] = [];
  treatments.forEach((_, t) => {
    for (let c = 1; c <= reps; c++) units.push({ t, rep: c, block: null, swap: -1 });
  });
  rng.shuffle(units);
  return { treatments, regions: [{ kind: 'sequence', label: 1, runs: units.map((u) => [u]) }], stats: null };
}
