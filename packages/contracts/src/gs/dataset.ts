import { z } from 'zod';
import { PageQuery } from '../query';
import { IdParam } from '../envelope';
import { listSpec, resource } from '../http/endpoint';
import { gsPermissions as P } from './permissions';

/** Spec sections 5 and 9: name limits and the SNP maximum. */
export const GS_LIMITS = { datasetName: 25, description: 50, modelName: 20, validationName: 25, predictionName: 20, maxSnp: 100_000 } as const;
/** Letters, digits, `_`, `-` and `.`: no Chinese, special characters, spaces or commas (spec 5). */
export const GS_CODE = /^[A-Za-z0-9_.-]+$/;
/** A multi-gigabyte PLINK upload is allowed to take its time (spec 7: up to an hour). */
export const GS_UPLOAD_TIMEOUT_MS = 60 * 60 * 1000;

export const DATASET_TYPES = ['inbred', 'hybrid'] as const;
export const DATASET_ORIGINS = ['upload', 'system', 'merge'] as const;

/** The text fields of the multipart create form (the files follow: `phenotype` .csv, `genotype` PLINK .zip). */
export const DatasetCreateFields = z.object({
  name: z.string().trim().min(1).max(GS_LIMITS.datasetName),
  description: z
    .string()
    .trim()
    .max(GS_LIMITS.description)
    .optional()
    .transform((v) => v || undefined),
  /** `hybrid`: the phenotypes are of hybrids, the genotypes of their parents, and a `pedigree` file names each hybrid's parents. */
  type: z.enum(DATASET_TYPES).default('inbred'),
});
/** `traitCodes` repeated as query parameters (spec 7); at least one. */
export const DatasetCreateQuery = z.object({
  traitCodes: z.preprocess(
    (v) => (v === undefined ? [] : Array.isArray(v) ? v : typeof v === 'string' ? v.split(',') : [v]),
    z.array(z.string().trim().min(1).max(64).regex(GS_CODE)).min(1).max(50),
  ),
});
export type DatasetCreateQuery = z.input<typeof DatasetCreateQuery>;

export const DatasetUpdate = z.object({
  id: z.number().int().positive(),
  name: z.string().trim().min(1).max(GS_LIMITS.datasetName),
  description: z.string().trim().max(GS_LIMITS.description).nullable().optional(),
});
export type DatasetUpdate = z.input<typeof DatasetUpdate>;

/** Per trait: observations and the distribution (histogram of 20 bins). */
export const TraitSummary = z.object({
  code: z.string(),
  n: z.number().int(),
  missing: z.number().int(),
  mean: z.number().nullable(),
  sd: z.number().nullable(),
  min: z.number().nullable(),
  max: z.number().nullable(),
  histogram: z.object({ edges: z.array(z.number()), counts: z.array(z.number().int()) }),
});
export type TraitSummary = z.infer<typeof TraitSummary>;

/** Genotype quality: call rate and minor-allele frequencies over the markers (histograms of 10 bins). */
export const QcSummary = z.object({
  samples: z.number().int(),
  markers: z.number().int(),
  missingCalls: z.number().int(),
  meanCallRate: z.number(),
  minCallRate: z.number(),
  monomorphic: z.number().int(),
  meanMaf: z.number(),
  mafHistogram: z.object({ edges: z.array(z.number()), counts: z.array(z.number().int()) }),
  callRateHistogram: z.object({ edges: z.array(z.number()), counts: z.array(z.number().int()) }),
});
export type QcSummary = z.infer<typeof QcSummary>;

export const DatasetRow = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  type: z.enum(DATASET_TYPES),
  sampleCount: z.number().int(),
  traitCount: z.number().int(),
  snpCount: z.number().int(),
  traitCodes: z.array(z.string()),
  phenotypeFileName: z.string(),
  genotypeFileName: z.string(),
  /** Hybrid datasets: the pedigree file (hybrid, female parent of pool 1, male parent of pool 2). */
  pedigreeFileName: z.string().nullable(),
  modelCount: z.number().int(),
  /** How it was made: uploaded files, platform records (createBySystem) or a merge (createByMerge). */
  origin: z.enum(DATASET_ORIGINS),
  /** The genome build (the creator's current build of the crop when created). */
  buildId: z.number().int().nullable(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type DatasetRow = z.infer<typeof DatasetRow>;

export const DatasetDetail = DatasetRow.extend({
  /** Samples genotyped and phenotyped for at least one trait. */
  commonSamples: z.number().int(),
  phenotypedSamples: z.number().int(),
  qc: QcSummary,
  traits: z.array(TraitSummary),
  /** Hybrid datasets: hybrids in the pedigree, the parents of each pool, crosses tested out of all pool 1 x pool 2. */
  hybrid: z
    .object({
      hybrids: z.number().int(),
      pool1: z.array(z.string()),
      pool2: z.array(z.string()),
      testedCrosses: z.number().int(),
      possibleCrosses: z.number().int(),
    })
    .nullable(),
});
export type DatasetDetail = z.infer<typeof DatasetDetail>;

export const DatasetPageQuery = PageQuery;
export const datasetList = listSpec({
  filters: { name: { type: 'text', repeatable: true }, createdAt: { type: 'date' } },
  sortable: ['name', 'sampleCount', 'snpCount', 'createdAt', 'updatedAt'],
});

export const TraitListData = z.array(z.object({ code: z.string(), n: z.number().int() }));
export const DatasetSamplesData = z.object({ genotyped: z.array(z.string()), unphenotyped: z.array(z.string()) });

/** Datasets (spec 7, /gs api/ds): a phenotype CSV from the template plus a PLINK .zip. */
export const dataset = resource(
  { tag: 'gs: datasets', base: '/api/ds' },
  {
    page: {
      method: 'GET',
      path: '/page',
      permission: P.datasetList,
      summary: 'Datasets of the organisation',
      query: DatasetPageQuery,
      page: DatasetRow,
      list: datasetList,
    },
    create: {
      method: 'POST',
      path: '/create',
      permission: P.datasetAdd,
      summary:
        'Creates a dataset (multipart: name, description, type (inbred or hybrid), then the files `phenotype` (.csv from the template) and `genotype` (PLINK .zip) and, for hybrids, `pedigree` (.csv: hybrid, female, male); traitCodes repeated in the query). Every spec-5 rule is checked; a refusal names file, line and rule.',
      query: DatasetCreateQuery,
      bodyType: 'multipart',
      data: DatasetRow,
      timeoutMs: GS_UPLOAD_TIMEOUT_MS,
    },
    update: {
      method: 'PUT',
      path: '/update',
      permission: P.datasetEdit,
      summary: 'Renames a dataset or changes its description',
      body: DatasetUpdate,
      data: DatasetRow,
    },
    remove: {
      method: 'DELETE',
      path: '/delDs/:id',
      permission: P.datasetRemove,
      summary: 'Deletes a dataset with its models and predictions',
      params: IdParam,
      data: z.null(),
    },
    detail: {
      method: 'GET',
      path: '/detail/:id',
      permission: P.datasetList,
      summary: 'A dataset: counts, QC summary, traits and their distributions',
      params: IdParam,
      data: DatasetDetail,
    },
    template: {
      method: 'GET',
      path: '/download-phenotype-template',
      permission: P.datasetList,
      summary:
        'The phenotype CSV template (sample id column, then one column per trait code); type=hybrid: the hybrid column first; type=pedigree: the hybrid pedigree template (hybrid, female, male)',
      query: z.object({ traitCodes: DatasetCreateQuery.shape.traitCodes.optional(), type: z.enum(['inbred', 'hybrid', 'pedigree']).optional() }),
      file: true,
    },
    exportFile: {
      method: 'POST',
      path: '/export-file/:id',
      permission: P.datasetExport,
      summary: 'Downloads the dataset as a zip: the phenotype CSV and the PLINK .zip as uploaded',
      params: IdParam,
      file: true,
    },
    traitList: {
      method: 'GET',
      path: '/trait-list/:id',
      permission: P.datasetList,
      summary: 'Trait codes of a dataset with their observation counts',
      params: IdParam,
      data: TraitListData,
    },
    samples: {
      method: 'GET',
      path: '/samples/:id',
      permission: P.datasetList,
      summary: 'Genotyped sample codes, and those without any phenotype',
      params: IdParam,
      data: DatasetSamplesData,
    },
  },
);
