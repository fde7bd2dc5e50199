/** The feedback module's contracts (`@breedwise/contracts/feedback`). */
export * from './feedback';
export * from './errors';
export * from './permissions';
export * from './api';
