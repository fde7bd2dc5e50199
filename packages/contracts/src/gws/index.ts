/** The genome-build selection's contracts (`@breedwise/contracts/gws`). The module has no error codes of its own. */
export * from './build';
export * from './api';
