/**
 * Simulated field data on a layout from @breedwise/trial-design: entry, rep, block, row and column
 * effects plus plot noise, drawn from a seeded stream, with a chosen share of plots left unobserved.
 * Used to make the lme4 reference data (generate.ts) and the benchmark trials.
 */
import { createRng } from '../../trial-design/src/rng';
import type { Plot } from '../../trial-design/src/types';

/** Standard deviations of the simulated effects and the trait mean. */
export interface TraitSpec {
  name: string;
  mean: number;
  entry: number;
  rep: number;
  block: number;
  row: number;
  col: number;
  noise: number;
  /** Plots set to missing (count). */
  missing: number;
}

export interface SimulatedPlot {
  plot_id: string;
  entry: number;
  rep: number | null;
  block: number | null;
  row: number;
  col: number;
  check: 0 | 1;
  values: Record<string, number | null>;
}

/** Simulates the traits on the plots (fillers left out); deterministic for a seed. */
export function simulate(plots: Plot[], traits: TraitSpec[], seed: number): SimulatedPlot[] {
  const rng = createRng(seed);
  const normal = (): number => {
    const u = 1 - rng.float();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rng.float());
  };
  const out: SimulatedPlot[] = plots
    .filter((p) => p.entry_type !== 'filler')
    .map((p) => ({
      plot_id: p.plot_id,
      entry: p.entry,
      rep: p.rep,
      block: p.block,
      row: p.row,
      col: p.col,
      check: p.entry_type === 'check' ? 1 : 0,
      values: {},
    }));
  for (const t of traits) {
    const effect = new Map<string, number>();
    const draw = (key: string, sd: number) => {
      if (!effect.has(key)) effect.set(key, sd * normal());
      return effect.get(key) as number;
    };
    for (const p of out) {
      const v =
        t.mean +
        draw(`e${p.entry}`, t.entry) +
        draw(`r${p.rep}`, t.rep) +
        draw(`b${p.rep}:${p.block}`, t.block) +
        draw(`R${p.rep}:${p.row}`, t.row) +
        draw(`C${p.rep}:${p.col}`, t.col) +
        t.noise * normal();
      p.values[t.name] = Math.round(v * 1000) / 1000;
    }
    const missing = new Set<number>();
    while (missing.size < t.missing) missing.add(rng.int(out.length));
    for (const i of missing) out[i].values[t.name] = null;
  }
  return out;
}

/** The plots as CSV: plot_id, entry, rep, block, row, col, check and one column per trait (NA when missing). */
export function toCsv(plots: SimulatedPlot[], traits: string[]): string {
  const lines = [['plot_id', 'entry', 'rep', 'block', 'row', 'col', 'check', ...traits].join(',')];
  for (const p of plots) {
    const cell = (v: number | null) => (v === null ? 'NA' : String(v));
    lines.push([p.plot_id, p.entry, cell(p.rep), cell(p.block), p.row, p.col, p.check, ...traits.map((t) => cell(p.values[t]))].join(','));
  }
  return `${lines.join('\n')}\n`;
}
