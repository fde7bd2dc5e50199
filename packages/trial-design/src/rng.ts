/**
 * Seeded pseudo-random numbers: sfc32 (Chris Doty-Humphrey's Small Fast Counting generator, 128-bit
 * state, passes PractRand to 2^40+ bytes) seeded through splitmix32 so that nearby seeds give unrelated
 * streams. Only 32-bit integer arithmetic is used, so every JavaScript engine reproduces the same
 * sequence from the same seed.
 */

/** Largest accepted seed; seeds are unsigned 32-bit integers. */
export const MAX_SEED = 0xffffffff;

/** A seeded random stream. */
export interface Rng {
  /** Next unsigned 32-bit integer. */
  next(): number;
  /** Uniform float in [0, 1). */
  float(): number;
  /** Uniform integer in [0, n), without modulo bias. */
  int(n: number): number;
  /** Shuffles the array in place (Fisher-Yates) and returns it. */
  shuffle<T>(items: T[]): T[];
}

function splitmix32(state: number): () => number {
  let s = state >>> 0;
  return () => {
    s = (s + 0x9e3779b9) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) >>> 0;
  };
}

/** Creates the sfc32 stream for a seed. */
export function createRng(seed: number): Rng {
  const init = splitmix32(seed);
  let a = init();
  let b = init();
  let c = init();
  let d = init();
  const next = (): number => {
    const t = (((a + b) >>> 0) + d) >>> 0;
    d = (d + 1) >>> 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) >>> 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) >>> 0;
    return t;
  };
  // The first outputs of a freshly seeded sfc32 are still correlated with the seed.
  for (let i = 0; i < 12; i++) next();
  const int = (n: number): number => {
    if (n <= 1) return 0;
    const limit = 0x100000000 - (0x100000000 % n);
    let x = next();
    while (x >= limit) x = next();
    return x % n;
  };
  return {
    next,
    float: () => next() / 0x100000000,
    int,
    shuffle<T>(items: T[]): T[] {
      for (let i = items.length - 1; i > 0; i--) {
        const j = int(i + 1);
        const tmp = items[i];
        items[i] = items[j];
        items[j] = tmp;
      }
      return items;
    },
  };
}

/** Derives an independent seed for a purpose (location, search stage) from a base seed. */
export function deriveSeed(seed: number, ...labels: number[]): number {
  let h = seed >>> 0;
  for (const label of labels) {
    h = splitmix32((h ^ Math.imul(label + 1, 0x27d4eb2f)) >>> 0)();
  }
  return h;
}

/** Draws a fresh seed from the platform's cryptographic source (browser and Node alike). */
export function drawSeed(): number {
  const buf = new Uint32Array(1);
  globalThis.crypto.getRandomValues(buf);
  return buf[0];
}

/** A random permutation of 0..n-1. */
export function permutation(n: number, rng: Rng): number[] {
  const p = Array.from({ length: n }, (_, i) => i);
  return rng.shuffle(p);
}
