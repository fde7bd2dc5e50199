/**
 * @breedwise/trial-design: randomised field-trial designs, field layouts and design efficiency.
 * Pure functions over plain data, deterministic for a given seed; no Node-only APIs.
 */
export { generateDesign, validateRequest } from './generate';
export { DesignError, designErrorMessages, formatDesignErrorMessage } from './errors';
export type { DesignErrorCode, DesignErrorLocale, DesignErrorParams } from './errors';
export { validateGeneration } from './generation';
export type { Generation } from './generation';
export { DEFAULT_FILLER, DESIGN_METHODS, MAX_BLOCK_COUNT, MAX_DIGITS, MAX_LOCATIONS, MAX_PLOT_TOTAL, MAX_REPS, TIER_MAX, TIER_MIN } from './constants';
export { MAX_SEED } from './rng';
export { aEfficiency } from './stats/efficiency';
export type { InfoStructure, EfficiencyResult } from './stats/efficiency';
export { regularBlockBound, resolvableBlockBound, resolvableBound } from './stats/bounds';
export { concurrenceSummary } from './stats/concurrence';
export { toCsv, CSV_COLUMNS } from './csv';
export type * from './types';
