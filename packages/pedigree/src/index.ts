export {
  parsePurdy, tryParsePurdy, formatPurdy, normalizePurdy, crossLevel, separator, isPurdyName,
  expandPedigree, pedigreeNames, collapseBackcrosses, PedigreeSyntaxError,
  type Pedigree, type PedigreeErrorCode, type CrossTree,
} from './purdy';
export { generatePurdy, indexRecords, findCycle, wouldCreateCycle, ancestry, type ParentIndex, type ParentRecord, type NodeId, type GenerateOptions, type GeneratedPedigree } from './graph';
export {
  parseGeneration, formatGeneration, normalizeGeneration, isGeneration, advanceGeneration, MAX_GENERATION,
  type Generation, type AdvanceMethod,
} from './generation';
