import { z } from 'zod';
import { IdParam } from '../envelope';
import { listSpec, resource } from '../http/endpoint';
import { PageQuery } from '../query';
import { licensePermissions as P } from './permissions';
import { optionalText } from './shared';

export const LicenseSubjectRow = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  contact: z.string().nullable(),
  description: z.string().nullable(),
  licenses: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type LicenseSubjectRow = z.infer<typeof LicenseSubjectRow>;
/** The fields of a subject a form edits (the code is set once, at creation). */
export const LicenseSubjectFields = z.object({
  name: z.string().trim().min(1).max(100),
  contact: optionalText(200),
  description: optionalText(500),
});
export const LicenseSubjectCreate = z.object({
  code: z
    .string()
    .trim()
    .min(1)
    .max(50)
    .regex(/^[A-Za-z0-9][A-Za-z0-9_.-]*$/),
  ...LicenseSubjectFields.shape,
});
export type LicenseSubjectCreate = z.input<typeof LicenseSubjectCreate>;
export const LicenseSubjectUpdate = z.object({ id: z.number().int().positive(), ...LicenseSubjectFields.shape });
export type LicenseSubjectUpdate = z.input<typeof LicenseSubjectUpdate>;
export const LicenseSubjectPageQuery = PageQuery;
/** The subject list has no filter or sort keys: subjects come by code. */
export const subjectList = listSpec({ filters: {}, sortable: [] });

/** The customers licences are issued to (the gateway's licence subjects; platform administrators). */
export const subject = resource(
  { tag: 'licences', base: '/api/gateway/license/subject' },
  {
    page: {
      method: 'GET',
      path: '/list',
      permission: P.edit,
      scope: 'platform',
      summary: 'Licence subjects, paged',
      query: LicenseSubjectPageQuery,
      page: LicenseSubjectRow,
      list: subjectList,
    },
    get: { method: 'GET', path: '/get/:id', permission: P.edit, scope: 'platform', summary: 'One licence subject', params: IdParam, data: LicenseSubjectRow },
    create: {
      method: 'POST',
      path: '/create',
      permission: P.edit,
      scope: 'platform',
      summary: 'Creates a licence subject',
      body: LicenseSubjectCreate,
      data: LicenseSubjectRow,
    },
    update: {
      method: 'PUT',
      path: '/update',
      permission: P.edit,
      scope: 'platform',
      summary: 'Updates a licence subject',
      body: LicenseSubjectUpdate,
      data: LicenseSubjectRow,
    },
    remove: {
      method: 'DELETE',
      path: '/delete/:id',
      permission: P.edit,
      scope: 'platform',
      summary: 'Deletes a licence subject without licences',
      params: IdParam,
      data: z.null(),
    },
  },
);
