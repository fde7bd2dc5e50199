/** The shared services' contracts (`@breedwise/contracts/common`): files, storage space, table settings, saved filters, tasks, tus. */
export * from './file';
export * from './space';
export * from './table-setting';
export * from './saved-filter';
export * from './task';
export * from './tus';
export * from './labels';
export * from './permissions';
export * from './api';
