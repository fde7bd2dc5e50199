/** The DOE module's contracts (`@breedwise/contracts/doe`): schemas, endpoint definitions, permissions, errors and labels. */
export * from './shared';
export * from './permissions';
export * from './errors';
export * from './labels';
export * from './location';
export * from './team';
export * from './project';
export * from './field';
export * from './experiment';
export * from './design-rules';
export * from './germlist';
export * from './germ-design';
export * from './entry-group';
export * from './activity';
export * from './harvest';
export * from './map';
export * from './api';
