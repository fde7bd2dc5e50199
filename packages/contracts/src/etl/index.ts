/** The data pipelines' contracts (`@breedwise/contracts/etl`): pipelines, business types and business data tables. */
export * from './permissions';
export * from './errors';
export * from './business';
export * from './pipeline';
export * from './api';
