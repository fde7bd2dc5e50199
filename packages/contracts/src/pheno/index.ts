/** The phenotype module's contracts (`@breedwise/contracts/pheno`): traits, observations, Field Book, checks, analysis. */
export * from './permissions';
export * from './errors';
export * from './scale';
export * from './variable';
export * from './study';
export * from './api';
