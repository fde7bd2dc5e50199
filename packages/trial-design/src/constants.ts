import type { DesignMethod } from './types';

/** Most plots one design may hold over all its locations, fillers included (spec: plot total has a maximum). */
export const MAX_PLOT_TOTAL = 100_000;

/** Most blocks a user may ask for (augmented `blocks`). */
export const MAX_BLOCK_COUNT = 1000;

/** Tier numbers (and tier counts) run from 1 to 1000 (spec). */
export const TIER_MIN = 1;
export const TIER_MAX = 1000;

/** Replication accepted for replicated designs. */
export const MAX_REPS = 100;

export const MAX_LOCATIONS = 100;

/** Plot numbers stay below 10^MAX_DIGITS so they remain exact integers in every consumer. */
export const MAX_DIGITS = 9;

/** Every design method, in the order the UI lists them. */
export const DESIGN_METHODS: readonly DesignMethod[] = [
  'crd',
  'rcbd',
  'latin',
  'lattice',
  'alpha',
  'rowcol',
  'augmented',
  'diagonal',
  'prep',
  'split',
  'strip',
  'factorial',
  'entry-order',
];

/** Default filler entry for unused cells. */
export const DEFAULT_FILLER = { entry: 0, name: 'Filler' } as const;
