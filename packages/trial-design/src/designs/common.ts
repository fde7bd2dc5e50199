import type { Plan, Treatment } from './plan';
import type { FieldGrid, Orientation } from '../layout/grid';
import type { Rng } from '../rng';
import type { NormalizedEntry } from '../validate';

/** What a design needs besides its settings, for one location. */
export interface PlanContext {
  /** Randomisation of this location. */
  rng: Rng;
  /** Seed of the basic design, the same at every location so optimised structures are shared. */
  seed: number;
  memo: Map<string, unknown>;
  /** The field, for designs that choose cells themselves. */
  grid: FieldGrid | null;
  orientation: Orientation;
}

export const toTreatments = (entries: NormalizedEntry[]): Treatment[] => entries.map((e) => ({ entry: e.entry, name: e.name, type: e.type }));

/** Block statistics input from treatment lists. */
export function blockStats(key: string, v: number, blocks: number[][], resolvable: { r: number; k: number } | null): NonNullable<Plan['stats']> {
  const regular = blocks.every((b) => b.length === blocks[0].length);
  return { kind: 'blocks', key, v, blocks: blocks.map((b) => Int32Array.from(b)), resolvable, regular };
}

/** Memoises an expensive basic design under a key for all locations of one request. */
export function memo<T>(ctx: PlanContext, key: string, build: () => T): T {
  if (!ctx.memo.has(key)) ctx.memo.set(key, build());
  return ctx.memo.get(key) as T;
}
