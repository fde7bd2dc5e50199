import { z } from 'zod';
import { listSpec, resource } from '../http/endpoint';
import { PageQuery } from '../query';
import { gsPermissions } from '../gs/permissions';

/** GET /api/gs/api/gws/getBuildList: the current crop's builds and the user's current one. */
export const BuildListData = z.object({
  cropId: z.number().int().nullable(),
  currentBuildId: z.number().int().nullable(),
  builds: z.array(z.object({ buildId: z.number().int(), code: z.string(), name: z.string() })),
});
export type BuildListData = z.infer<typeof BuildListData>;
/** POST /api/gs/api/gws/changeBuild/setCurrentBuildId, form-encoded. */
export const SetBuildBody = z.object({ currentBuildId: z.coerce.number().int().positive() });
export type SetBuildBody = z.input<typeof SetBuildBody>;

/** GET /api/gs/api/gws/get-build-list: the current crop's builds with their details, my current one marked. */
export const BuildRow = z.object({
  buildId: z.number().int(),
  code: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  current: z.boolean(),
  /** Genomic datasets (and so genotype panels) recorded on this build. */
  panelCount: z.number().int(),
});
export type BuildRow = z.infer<typeof BuildRow>;
export const BuildsData = z.object({ cropId: z.number().int().nullable(), currentBuildId: z.number().int().nullable(), rows: z.array(BuildRow) });
export type BuildsData = z.infer<typeof BuildsData>;

/**
 * A genotype panel: the PLINK file kept with a genomic dataset of the crop (the platform has no separate
 * panel store), recorded on the genome build that was current when the dataset was made.
 */
export const PanelRow = z.object({
  datasetId: z.number().int(),
  datasetName: z.string(),
  type: z.enum(['inbred', 'hybrid']),
  fileName: z.string(),
  sampleCount: z.number().int(),
  snpCount: z.number().int(),
  buildId: z.number().int().nullable(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
});
export type PanelRow = z.infer<typeof PanelRow>;
/** get-panel-list: the panels of one build of the current crop (my current build when `buildId` is not given). */
export const PanelPageQuery = PageQuery.extend({ buildId: z.coerce.number().int().positive().optional() });
export const panelList = listSpec({ filters: {}, sortable: ['datasetName', 'sampleCount', 'snpCount', 'createdAt'] });

/** A breeding project of the current crop, with its experiments and those with saved trait analyses (the sources of datasets from platform data). */
export const GwsProjectRow = z.object({
  projectId: z.number().int(),
  code: z.string(),
  name: z.string(),
  experimentCount: z.number().int(),
  analysedExperimentCount: z.number().int(),
  traits: z.array(z.string()),
});
export type GwsProjectRow = z.infer<typeof GwsProjectRow>;

/** Genome build selection for the genomic pages (builds themselves are defined per crop in the system module). */
export const build = resource(
  { tag: 'gs: genome builds', base: '/api/gws' },
  {
    list: { method: 'GET', path: '/getBuildList', summary: 'Genome builds of the current crop and my current one', data: BuildListData },
    setCurrent: {
      method: 'POST',
      path: '/changeBuild/setCurrentBuildId',
      summary: 'Chooses my genome build for the current crop (form-encoded currentBuildId)',
      bodyType: 'form',
      body: SetBuildBody,
      data: BuildListData,
    },
    builds: {
      method: 'GET',
      path: '/get-build-list',
      permission: gsPermissions.datasetList,
      summary: 'The genome builds of the current crop with descriptions and panel counts, my current one marked',
      data: BuildsData,
    },
    panels: {
      method: 'GET',
      path: '/get-panel-list',
      permission: gsPermissions.datasetList,
      summary: 'Genotype panels (the PLINK files of genomic datasets) of one build of the current crop, my current build by default',
      query: PanelPageQuery,
      page: PanelRow,
      list: panelList,
    },
    projects: {
      method: 'GET',
      path: '/get-project-list',
      permission: gsPermissions.datasetList,
      summary: 'Breeding projects of the current crop with their experiments and analysed traits',
      data: z.array(GwsProjectRow),
    },
  },
);
