/**
 * @breedwise/trial-analysis: single-trial analysis. Per trait the mixed model of the design, REML
 * variance components, entry BLUEs and BLUPs, Cullis heritability, CV and LSD. Pure functions over
 * plain data; no Node-only APIs outside src/cli.ts.
 */
export { analyseTrait, analyseExperiment, sortLevels } from './analyse';
export { AnalysisError, analysisErrorMessages, formatAnalysisErrorMessage } from './errors';
export type { AnalysisErrorCode, AnalysisErrorLocale, AnalysisErrorParams } from './errors';
export { readFieldBook, parseCsv, DESIGN_COLUMNS } from './csv';
export { gsPhenotypes, gsPhenotypeCsv } from './phenotypes';
export type { GsPhenotypeTable, PhenotypeSource } from './phenotypes';
export { tQuantile, tCdf } from './distributions';
export { DESIGN_KINDS } from './types';
export type * from './types';
