/**
 * @breedwise/genomics: the genomic-selection engine. Plain data in, plain data out; readers in `io/*`,
 * relationship matrices, mixed and Bayesian models, cross-validation, hybrid GCA/SCA, selection indices.
 * Heavy kernels run as WebAssembly SIMD in worker threads.
 */
export { GsError, MAX_SNP, NAME_LIMITS, INDEX_WEIGHT_TOTAL, gsErrorMessages, formatGsMessage, throwIfAborted } from './errors.js';
export type { GsErrorCode, GsErrorInit } from './errors.js';

export { MISSING, alleleFrequencies, qcGenotypes, selectMarkers, selectSamples } from './genotype.js';
export type { Genotypes, QcOptions, QcReport, MarkerCoding } from './genotype.js';

export { readGenotypeCsv, parseGenotypeCsv, readMatrixCsv, matrixToCsv } from './io/csv.js';
export type { CsvGenotypeCoding } from './io/csv.js';
export { readPlink, readPlinkMap, scanPlink, openPlinkPacked, encodeBed, ZIP_LIMITS, type PlinkMap, type PackedPlink } from './io/plink.js';
export { readVcf, parseVcf } from './io/vcf.js';
export type { VcfGenotypes } from './io/vcf.js';
export { readGenotypes, readPoolRelationship } from './io/genotypes.js';
export { readPhenotypes, phenotypesFromTable, fixedDesign, readFoldFile, readHybridPhenotypes } from './io/pheno.js';
export type { Phenotypes, PhenoRecord, PhenoOptions, HybridPhenoOptions } from './io/pheno.js';
export { readPedigree, orderPedigree } from './io/pedigree.js';
export type { Pedigree } from './io/pedigree.js';
export { isValidCode, checkFileName, checkSampleCode, readCsvTable, parseCsvTable } from './io/text.js';
export type { CsvTable } from './io/text.js';

export { vanRadenG, standardizedGrm, standardizedGrmStream, centredCrossProduct, markerDistances, gaussianKernel, pedigreeA } from './relationship.js';
export type { RelationshipMatrix, ComputeOptions, Progress, VanRadenOptions, PackedGenotypeSource, StandardizedStreamOptions } from './relationship.js';

export { spectralFit } from './models/spectral.js';
export type { SpectralInput, SpectralFit, VarianceMethod } from './models/spectral.js';
export { fitKernel, matchRecords, subsetRecords } from './models/kernel-model.js';
export type { TraitRecords, KernelFit } from './models/kernel-model.js';
export { fitGblup, fitRrblup, fitRkhs, gblupTrainer, rkhsTrainer, markerCrossProduct, backSolveMarkers, bandwidthGrid } from './models/gblup.js';
export type { FitOptions, GblupOptions, KernelModelResult, RrblupOptions, RrblupResult, RkhsOptions, RkhsResult, NamedValue } from './models/gblup.js';
export { fitBayes, bayesTrainer } from './models/bayes.js';
export type { BayesModel, BayesOptions, BayesResult } from './models/bayes.js';
export { HYBRID_METHODS, fitHybrid } from './models/hybrid.js';
export type { HybridMethod, HybridRecord, HybridOptions, HybridResult } from './models/hybrid.js';
export { fitMnr } from './models/mnr.js';
export type { MnrOptions, MnrResult, MnrTerm } from './models/mnr.js';

export { crossValidate, randomFolds } from './cv.js';
export type { CvResult, FoldMetrics, Trainer, TrainedModel } from './cv.js';
export { fitTrait, fitOnRelationship, MODELS } from './pipeline.js';
export type { FitTraitInput, FitTraitOutput, ModelName, RunOptions } from './pipeline.js';

export { weightedIndex, smithHazelIndex, desiredGainsIndex, parseWeightSpec, validateWeights, readGebvTable, indexToCsv } from './selection-index.js';
export type { IndexWeight, GebvTable, IndexResult, IndexRow, CovarianceInput, SelectOptions } from './selection-index.js';

export { makePredictor, predictGebv } from './predict.js';
export type { MarkerPredictor } from './predict.js';
export { Rng } from './random.js';
export { symmetricEigen } from './linalg/eigen.js';
export { withKernels, defaultThreads } from './kernels/pool.js';
