/** The genomic-selection module's contracts (`@breedwise/contracts/gs`). */
export * from './dataset';
export * from './compose';
export * from './model';
export * from './predict';
export * from './hybrid';
export * from './sample';
export * from './errors';
export * from './permissions';
export * from './api';
