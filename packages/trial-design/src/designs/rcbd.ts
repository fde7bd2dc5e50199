import { blockStats, toTreatments } from './common';
import type { Plan, Treatment } from './plan';
import { permutation, type Rng } from '../rng';

/** Complete blocks of treatments, each block (rep) independently randomised. */
export function completeBlocks(treatments: Treatment[], reps: number, rng: Rng, key: string): Plan {
  const v = treatments.length;
  const regions: Plan['regions'] = [];
  for (let h = 1; h <= reps; h++) {
    const run = permutation(v, rng).map((t) => ({ t, rep: h, block: h, swap: h }));
    regions.push({ kind: 'sequence', label: h, runs: [run] });
  }
  const all = Array.from({ length: v }, (_, t) => t);
  return {
    treatments,
    regions,
    stats: blockStats(
      key,
      v,
      Array.from({ length: reps }, () => all),
      { r: reps, k: v },
    ),
  };
}

/** Randomised complete block design: every entry exactly once in each block; blocks are reps. */
export function planRcbd(entries: Parameters<typeof toTreatments>[0], reps: number, rng: Rng): Plan {
  return completeBlocks(toTreatments(entries), reps, rng, `rcbd:${entries.length}:${reps}`);
}
