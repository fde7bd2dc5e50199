import type { Translations } from '../errors';
import { germplasmFieldLabels } from './germplasm';
import { inventoryFieldLabels } from './inventory';
import { documentFieldLabels } from './document';
import { statisticsFieldLabels } from './statistics';
import { seriesFieldLabels } from './series';

/** The germplasm and seed inventory module's contracts (`@breedwise/contracts/germ`). */
export * from './permissions';
export * from './errors';
export * from './germplasm';
export * from './inventory';
export * from './document';
export * from './statistics';
export * from './series';
export * from './api';

export const germFieldLabels: Record<string, Translations> = {
  ...germplasmFieldLabels,
  ...inventoryFieldLabels,
  ...documentFieldLabels,
  ...statisticsFieldLabels,
  ...seriesFieldLabels,
};
