export * from './shared';
export * from './permissions';
export * from './errors';
export * from './subject';
export * from './issued';
export * from './installed';
export * from './api';
