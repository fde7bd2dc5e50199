import { z } from 'zod';
import { resource } from '../http/endpoint';

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
  },
);
