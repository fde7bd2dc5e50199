import { z } from 'zod';
import { IdParam } from '../envelope';
import { resource } from '../http/endpoint';
import { systemPermissions as P } from './permissions';
import { iso, optionalText, Status } from './shared';

/** A crop as the session sees it: the user's access to it (login info, crop switcher). */
export const CropInfo = z.object({
  cropId: z.number().int(),
  code: z.string(),
  name: z.string(),
  nameI18n: z.object({ 'zh-CN': z.string(), en: z.string() }),
  access: z.enum(['view', 'operate']),
});
export type CropInfo = z.infer<typeof CropInfo>;

export const CropRow = z.object({
  id: z.number().int(),
  code: z.string(),
  nameZh: z.string(),
  nameEn: z.string(),
  sort: z.number().int(),
  status: Status,
  builds: z.number().int(),
  access: z.enum(['view', 'operate']).nullable(),
});
export type CropRow = z.infer<typeof CropRow>;
const CropFields = {
  nameZh: z.string().trim().min(1).max(50),
  nameEn: z.string().trim().min(1).max(80),
  sort: z.number().int().min(0).max(9999).default(0),
  status: Status.default('enabled'),
};
export const CropCreate = z.object({
  code: z
    .string()
    .trim()
    .min(1)
    .max(30)
    .regex(/^[a-z][a-z0-9_-]*$/),
  ...CropFields,
});
export type CropCreate = z.input<typeof CropCreate>;
export const CropUpdate = z.object({ id: z.number().int().positive(), ...CropFields });
export type CropUpdate = z.input<typeof CropUpdate>;

export const GenomeBuildRow = z.object({
  id: z.number().int(),
  cropId: z.number().int(),
  code: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  sort: z.number().int(),
  createdAt: iso,
});
export type GenomeBuildRow = z.infer<typeof GenomeBuildRow>;
const BuildFields = {
  name: z.string().trim().min(1).max(100),
  description: optionalText(500),
  sort: z.number().int().min(0).max(9999).default(0),
};
export const GenomeBuildCreate = z.object({
  cropId: z.number().int().positive(),
  code: z
    .string()
    .trim()
    .min(1)
    .max(50)
    .regex(/^[A-Za-z0-9][A-Za-z0-9_.-]*$/),
  ...BuildFields,
});
export type GenomeBuildCreate = z.input<typeof GenomeBuildCreate>;
export const GenomeBuildUpdate = z.object({ id: z.number().int().positive(), ...BuildFields });
export type GenomeBuildUpdate = z.input<typeof GenomeBuildUpdate>;
export const CropIdQuery = z.object({ cropId: z.coerce.number().int().positive() });
/** GET /api/gs/api/gws/getBuildList: the current crop's builds and the user's current one. */
export const BuildListData = z.object({
  cropId: z.number().int().nullable(),
  currentBuildId: z.number().int().nullable(),
  builds: z.array(z.object({ buildId: z.number().int(), code: z.string(), name: z.string() })),
});
export type BuildListData = z.infer<typeof BuildListData>;
/** POST /api/gs/api/gws/changeBuild/setCurrentBuildId, form-encoded. */
export const SetBuildBody = z.object({ currentBuildId: z.coerce.number().int().positive() });

/** The crops of the current organisation. */
export const crop = resource(
  { tag: 'system: departments and crops', base: '/crop' },
  {
    list: { method: 'GET', path: '/list', permission: P.cropList, summary: 'Crops of the organisation with my access', data: z.array(CropRow) },
    create: { method: 'POST', path: '/create', permission: P.cropEdit, summary: 'Adds a crop', body: CropCreate, data: z.null() },
    update: { method: 'PUT', path: '/update', permission: P.cropEdit, summary: 'Updates a crop', body: CropUpdate, data: z.null() },
  },
);

/** The genome builds of a crop (operating them needs operate access to the crop). */
export const build = resource(
  { tag: 'system: departments and crops', base: '/crop' },
  {
    list: {
      method: 'GET',
      path: '/builds',
      permission: P.cropList,
      summary: 'Genome builds of a crop',
      query: CropIdQuery,
      data: z.array(GenomeBuildRow),
    },
    create: {
      method: 'POST',
      path: '/build/create',
      permission: P.cropEdit,
      summary: 'Defines a genome build (needs operate access to the crop)',
      body: GenomeBuildCreate,
      data: GenomeBuildRow,
    },
    update: {
      method: 'PUT',
      path: '/build/update',
      permission: P.cropEdit,
      summary: 'Updates a genome build (needs operate access to the crop)',
      body: GenomeBuildUpdate,
      data: GenomeBuildRow,
    },
    remove: {
      method: 'DELETE',
      path: '/build/:id',
      permission: P.cropEdit,
      summary: 'Deletes a genome build (needs operate access to the crop)',
      params: IdParam,
      data: z.null(),
    },
  },
);
