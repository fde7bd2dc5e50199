import { blockStats, toTreatments } from './common';
import type { Plan, SequenceRegion } from './plan';
import type { Rng } from '../rng';
import type { NormalizedEntry } from '../validate';

/**
 * Augmented randomised complete blocks: every check once in every block, each test entry once,
 * test entries dealt at random so block sizes differ by at most one (larger blocks first), plots
 * randomised within blocks. Each block is laid out as its own band and numbered as a rep would be.
 */
export function planAugmented(entries: NormalizedEntry[], blocks: number, rng: Rng): Plan {
  const treatments = toTreatments(entries);
  const checks: number[] = [];
  const tests: number[] = [];
  entries.forEach((e, t) => (e.type === 'check' ? checks : tests).push(t));
  rng.shuffle(tests);
  const base = Math.floor(tests.length / blocks);
  const extra = tests.length % blocks;
  const lists: number[][] = [];
  let next = 0;
  const regions: SequenceRegion[] = [];
  for (let b = 1; b <= blocks; b++) {
    const size = base + (b <= extra ? 1 : 0);
    const members = [...checks, ...tests.slice(next, next + size)];
    next += size;
    lists.push(members);
    const run = rng.shuffle(members.slice()).map((t) => ({ t, rep: null, block: b, swap: b }));
    regions.push({ kind: 'sequence', label: b, runs: [run] });
  }
  return {
    treatments,
    regions,
    stats: blockStats(`augmented:${checks.length}:${tests.length}:${blocks}`, treatments.length, lists, null),
  };
}
