import { exchangeSearch, type ExchangeProblem } from './exchange';
import type { Plan, Treatment, Unit } from './plan';
import { createRng, permutation, type Rng } from '../rng';

/** Reps of blocks of treatment indices (0..v-1): the design before randomisation. */
export type ResolvableStructure = number[][][];

/** Up to this many treatments the exact A-criterion drives the search; above it the concurrence surrogate. */
export const EXACT_SEARCH_LIMIT = 300;
/** Search effort, in floating-point operations, for the exact criterion. */
const EXACT_FLOPS = 1e8;
const SURROGATE_FLOPS = 4e8;

function isPrime(n: number): boolean {
  if (n < 2) return false;
  for (let d = 2; d * d <= n; d++) if (n % d === 0) return false;
  return true;
}

/**
 * An alpha array: k rows by r columns over Z_s, row 0 and column 0 zero. Treatment (i, x) of rep h
 * sits in block x - alpha[i][h], so two treatments from rows i and i' meet once for every rep in
 * which alpha[i][h] - alpha[i'][h] equals their difference; distinct differences per row pair give
 * an alpha(0,1) design (concurrences 0 or 1). For prime s, alpha[i][h] = i*h is such an array;
 * otherwise a randomised greedy choice with restarts minimises repeated differences.
 */
function alphaArray(k: number, r: number, s: number, rng: Rng): Int32Array {
  const out = new Int32Array(k * r);
  if (isPrime(s) && k <= s && r <= s) {
    for (let i = 0; i < k; i++) for (let h = 0; h < r; h++) out[i * r + h] = (i * h) % s;
    return out;
  }
  const attempts = Math.max(1, Math.min(60, Math.floor(4e6 / (k * k * r * s + 1))));
  let best = -1;
  const used = new Int32Array(k * k * s);
  const a = new Int32Array(k * r);
  const cost = new Int32Array(s);
  for (let attempt = 0; attempt < attempts && best !== 0; attempt++) {
    used.fill(0);
    a.fill(0);
    // Column 0 is all zeros: every row pair has used difference 0.
    for (let i = 0; i < k; i++) for (let j = 0; j < i; j++) used[(j * k + i) * s] = 1;
    let collisions = 0;
    for (let h = 1; h < r; h++) {
      for (let i = 1; i < k; i++) {
        cost.fill(0);
        for (let j = 0; j < i; j++) {
          const base = (j * k + i) * s;
          const aj = a[j * r + h];
          for (let x = 0; x < s; x++) cost[x] += used[base + ((x - aj + s) % s)];
        }
        let min = Infinity;
        let count = 0;
        let pick = 0;
        for (let x = 0; x < s; x++) {
          if (cost[x] < min) {
            min = cost[x];
            count = 1;
            pick = x;
          } else if (cost[x] === min) {
            count += 1;
            if (rng.int(count) === 0) pick = x;
          }
        }
        a[i * r + h] = pick;
        collisions += min;
        for (let j = 0; j < i; j++) used[(j * k + i) * s + ((pick - a[j * r + h] + s) % s)] += 1;
      }
    }
    if (best < 0 || collisions < best) {
      best = collisions;
      out.set(a);
    }
  }
  return out;
}

/** Treatment lists of the blocks of a cyclic alpha construction, dummies of an unequal design removed. */
function constructAlpha(v: number, k: number, r: number, rng: Rng): ResolvableStructure {
  const s = Math.ceil(v / k);
  const dummies = s * k - v;
  const alpha = alphaArray(k, r, s, rng);
  // Dummy treatments are (k-1, x) for x < dummies (fewer than s, as k = ceil(v/s)): one per block
  // at most in every rep, so removing them leaves blocks of k and k-1.
  const relabel = new Int32Array(s * k).fill(-1);
  let next = 0;
  for (let t = 0; t < s * k; t++) {
    const i = Math.floor(t / s);
    const x = t % s;
    if (!(i === k - 1 && x < dummies)) relabel[t] = next++;
  }
  const reps: ResolvableStructure = [];
  for (let h = 0; h < r; h++) {
    const blocks: number[][] = [];
    for (let l = 0; l < s; l++) {
      const block: number[] = [];
      for (let i = 0; i < k; i++) {
        const t = relabel[i * s + ((alpha[i * r + h] + l) % s)];
        if (t >= 0) block.push(t);
      }
      blocks.push(block);
    }
    reps.push(blocks);
  }
  return reps;
}

/** Builds the exchange problem of a resolvable block structure: groups are reps. */
export function blockProblem(v: number, reps: ResolvableStructure): ExchangeProblem {
  const units = v * reps.length;
  const unitTreat = new Int32Array(units);
  const unitBlock = new Int32Array(units);
  const unitGroup = new Int32Array(units);
  const unitRep = new Int32Array(units);
  let u = 0;
  let blockId = 0;
  reps.forEach((blocks, h) => {
    for (const block of blocks) {
      for (const t of block) {
        unitTreat[u] = t;
        unitBlock[u] = blockId;
        unitGroup[u] = h;
        unitRep[u] = h;
        u += 1;
      }
      blockId += 1;
    }
  });
  return { v, reps: reps.length, unitTreat, unitBlock, unitGroup, unitRep, blockCount: blockId };
}

/** Reads the blocks back from a searched problem, in block-id order per rep. */
export function structureOf(problem: ExchangeProblem, blocksPerRep: number): ResolvableStructure {
  const reps: ResolvableStructure = Array.from({ length: problem.reps }, () => Array.from({ length: blocksPerRep }, () => [] as number[]));
  for (let u = 0; u < problem.unitTreat.length; u++) {
    const b = problem.unitBlock[u];
    reps[problem.unitRep[u]][b % blocksPerRep].push(problem.unitTreat[u]);
  }
  return reps;
}

function maxConcurrence(v: number, reps: ResolvableStructure): number {
  const seen = new Map<number, number>();
  let max = 0;
  for (const blocks of reps) {
    for (const block of blocks) {
      for (let i = 0; i < block.length; i++) {
        for (let j = i + 1; j < block.length; j++) {
          const a = Math.min(block[i], block[j]);
          const key = a * v + Math.max(block[i], block[j]);
          const c = (seen.get(key) ?? 0) + 1;
          seen.set(key, c);
          if (c > max) max = c;
        }
      }
    }
  }
  return max;
}

/**
 * An A-efficient resolvable incomplete-block design for v treatments in r reps of ceil(v/k) blocks
 * of at most k plots, sizes differing by at most one: cyclic alpha construction, then interchange search.
 * Deterministic for a given seed.
 */
export function alphaStructure(v: number, maxBlockSize: number, r: number, seed: number): ResolvableStructure {
  const rng = createRng(seed);
  // ceil(v / k) blocks per rep, as equal as possible: sizes k and k-1 when that adds up, smaller
  // (never larger) blocks otherwise, e.g. 8 entries with k = 7 give two blocks of 4.
  const s = Math.ceil(v / maxBlockSize);
  const k = Math.ceil(v / s);
  const start = constructAlpha(v, k, r, rng);
  const exact = v <= EXACT_SEARCH_LIMIT;
  // Concurrences of 0 and 1 already minimise the surrogate; only the exact criterion can improve.
  if (!exact && maxConcurrence(v, start) <= 1) return start;
  const problem = blockProblem(v, start);
  exchangeSearch(problem, { rng, exact, flopBudget: exact ? EXACT_FLOPS : SURROGATE_FLOPS });
  return structureOf(problem, s);
}

/**
 * Randomises a resolvable structure for one location: treatments get entries by a random
 * permutation, blocks are ordered at random within each rep (shorter blocks last, so an unequal
 * design has its short blocks at the end of the rep) and plots at random within blocks.
 */
export function randomiseResolvable(structure: ResolvableStructure, treatments: Treatment[], rng: Rng): Plan['regions'] {
  const label = permutation(treatments.length, rng);
  let blockNumber = 0;
  let swapGroup = 0;
  return structure.map((blocks, h) => {
    const order = rng.shuffle(blocks.map((_, i) => i));
    order.sort((x, y) => blocks[y].length - blocks[x].length);
    const runs: Unit[][] = order.map((bi) => {
      blockNumber += 1;
      const group = swapGroup++;
      return rng.shuffle(blocks[bi].slice()).map((t) => ({ t: label[t], rep: h + 1, block: blockNumber, swap: group }));
    });
    return { kind: 'sequence' as const, label: h + 1, runs };
  });
}
