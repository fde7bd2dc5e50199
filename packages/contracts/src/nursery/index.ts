/** The nursery module's contracts (`@breedwise/contracts/nursery`). */
export * from './shared';
export * from './permissions';
export * from './errors';
export * from './activity';
export * from './entry';
export * from './pollination';
export * from './harvest';
export * from './todo';
export * from './dh-flow';
export * from './dh-entry';
export * from './survey';
export * from './api';
