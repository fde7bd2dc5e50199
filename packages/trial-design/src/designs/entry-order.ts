import { toTreatments } from './common';
import type { Plan, SequenceRegion, Unit } from './plan';
import type { NormalizedEntry } from '../validate';

export interface EntryOrderSettings {
  reps: number;
  start: number;
  interval: number;
  end: number;
  insert: 'all' | 'rotate';
}

/**
 * Entry-list order with check insertion (as BMS does it): test entries in list order, a check group
 * before test entry `start`, then before every `interval`-th test entry up to `end`; a group is all
 * checks in list order, or one check rotating through the list. Not randomised: the same order in
 * every rep and for every seed.
 */
export function planEntryOrder(entries: NormalizedEntry[], s: EntryOrderSettings): Plan {
  const checks: number[] = [];
  const tests: number[] = [];
  entries.forEach((e, t) => (e.type === 'check' ? checks : tests).push(t));
  const sequence: number[] = [];
  let point = 0;
  tests.forEach((t, i) => {
    const position = i + 1;
    if (position >= s.start && position <= s.end && (position - s.start) % s.interval === 0) {
      if (s.insert === 'all') sequence.push(...checks);
      else sequence.push(checks[point % checks.length]);
      point += 1;
    }
    sequence.push(t);
  });
  const regions: SequenceRegion[] = [];
  for (let h = 1; h <= s.reps; h++) {
    regions.push({ kind: 'sequence', label: h, runs: sequence.map((t): Unit[] => [{ t, rep: h, block: null, swap: -1 }]) });
  }
  return { treatments: toTreatments(entries), regions, stats: null };
}
