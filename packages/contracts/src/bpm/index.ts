import type { Translations } from '../errors';
import { bpmFieldLabels as labels } from './errors';

/** The workflow module's contracts (`@breedwise/contracts/bpm`). */
export * from './permissions';
export * from './errors';
export * from './model';
export * from './form';
export * from './runtime';
export * from './admin';
export * from './leave';
export * from './api';

export const bpmAllFieldLabels: Record<string, Translations> = labels;
