import { toTreatments } from './common';
import type { Plan, Unit } from './plan';
import type { Rng } from '../rng';
import type { NormalizedEntry } from '../validate';

/** Completely randomised design: entry i in r_i plots (its own reps, else the default), in random order. */
export function planCrd(entries: NormalizedEntry[], reps: number, rng: Rng): Plan {
  const units: Unit[] = [];
  entries.forEach((e, t) => {
    for (let c = 1; c <= (e.reps || reps); c++) units.push({ t, rep: c, block: null, swap: -1 });
  });
  rng.shuffle(units);
  return { treatments: toTreatments(entries), regions: [{ kind: 'sequence', label: 1, runs: units.map((u) => [u]) }], stats: null };
}
