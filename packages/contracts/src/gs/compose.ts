import { z } from 'zod';
import { resource } from '../http/endpoint';
import { gsPermissions as P } from './permissions';
import { DatasetRow, GS_CODE, GS_LIMITS } from './dataset';

const name = z.string().trim().min(1).max(GS_LIMITS.datasetName);
const description = z
  .string()
  .trim()
  .max(GS_LIMITS.description)
  .nullish()
  .transform((v) => v || undefined);

/**
 * createBySystem (spec 7): phenotypes from the platform's records (the single-trial analyses' entry BLUEs or
 * BLUPs of the chosen experiments and traits), genotypes from a stored panel: the PLINK file of an existing
 * dataset of the organisation (the platform keeps genotype panels with their datasets).
 */
export const DatasetBySystem = z.object({
  name,
  description,
  /** The dataset whose PLINK file is the genotype panel. */
  panelDatasetId: z.number().int().positive(),
  experimentIds: z.array(z.number().int().positive()).min(1).max(20),
  traitCodes: z.array(z.string().trim().min(1).max(64).regex(GS_CODE)).min(1).max(50),
  /** Entry means (BLUE, default) or shrunken entry effects (BLUP) of the analysis. */
  source: z.enum(['blue', 'blup']).default('blue'),
});
export type DatasetBySystem = z.input<typeof DatasetBySystem>;

/** createByMerge (spec 7): two datasets of one crop and genome build into a new one. */
export const DatasetByMerge = z.object({
  name,
  description,
  datasetIds: z.array(z.number().int().positive()).length(2),
});
export type DatasetByMerge = z.input<typeof DatasetByMerge>;

export const DatasetComposed = DatasetRow.extend({
  /** What the composition did, for the user: matched samples, kept markers. */
  notes: z.object({
    samples: z.number().int(),
    /** Samples of the panel with at least one phenotype (system) or shared by both datasets (merge). */
    matched: z.number().int(),
    /** Entries of the experiments without a genotyped sample (system). */
    unmatched: z.array(z.string()),
    markers: z.number().int(),
    /** Markers dropped because only one dataset had them (merge). */
    markersDropped: z.number().int(),
  }),
});
export type DatasetComposed = z.infer<typeof DatasetComposed>;

/** The analysed experiments of the current crop and their traits (the createBySystem form). */
export const SystemSourcesData = z.array(
  z.object({
    experimentId: z.number().int(),
    code: z.string(),
    name: z.string(),
    year: z.number().int().nullable(),
    traits: z.array(z.object({ code: z.string(), trait: z.string() })),
  }),
);
export type SystemSourcesData = z.infer<typeof SystemSourcesData>;

/** Sends a prediction's candidates to a new DOE planting list (their germplasm, ranked by the index). */
export const CandidatesToPlanting = z.object({
  predictId: z.number().int().positive(),
  listName: z.string().trim().min(1).max(100),
  listType: z.enum(['experiment', 'nursery', 'germplasm']).default('nursery'),
  year: z.number().int().min(1900).max(2200).nullish(),
  season: z.enum(['spring', 'summer', 'autumn', 'winter']).nullish(),
  /** Used for germplasm records without a generation of the planting-list form (F<n>, D<n>, BC<n>F<m>). */
  generation: z.string().trim().min(1).max(20),
});
export type CandidatesToPlanting = z.input<typeof CandidatesToPlanting>;
export const CandidatesToPlantingData = z.object({ listId: z.number().int(), listName: z.string(), entries: z.number().int() });

/** Dataset composition (spec 7: api/ds/createBySystem, api/ds/createByMerge) and sending candidates on. */
export const compose = resource(
  { tag: 'gs: datasets', base: '/api/ds' },
  {
    systemSources: {
      method: 'GET',
      path: '/system-sources',
      permission: P.datasetAdd,
      summary: 'Experiments of the current crop with saved single-trial analyses, and their analysed traits',
      data: SystemSourcesData,
    },
    bySystem: {
      method: 'POST',
      path: '/createBySystem',
      permission: P.datasetAdd,
      summary:
        'Creates a dataset from platform records: the entry BLUEs (or BLUPs) of the chosen experiments and traits, matched by germplasm to the genotypes of a stored panel (an existing dataset’s PLINK file)',
      body: DatasetBySystem,
      data: DatasetComposed,
    },
    byMerge: {
      method: 'POST',
      path: '/createByMerge',
      permission: P.datasetAdd,
      summary: 'Merges two datasets of one crop and genome build (markers by name, chromosome and position; intersected when they differ)',
      body: DatasetByMerge,
      data: DatasetComposed,
    },
  },
);

export const planting = resource(
  { tag: 'gs: selection', base: '/api/sample' },
  {
    sendToPlanting: {
      method: 'POST',
      path: '/sendToPlantingList',
      permission: P.predictAdd,
      summary: 'Creates a DOE planting list of the candidates’ germplasm (accession = sample code), in index order; needs the planting-list add right too',
      body: CandidatesToPlanting,
      data: CandidatesToPlantingData,
    },
  },
);
