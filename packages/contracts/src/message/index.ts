/** The message module's contracts (`@breedwise/contracts/message`): messages, notices, getEnv. */
export * from './message';
export * from './notice';
export * from './env';
export * from './errors';
export * from './api';
