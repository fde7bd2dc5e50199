import { z } from 'zod';
import { IdParam } from '../envelope';
import { resource } from '../http/endpoint';
import { systemPermissions as P } from './permissions';
import { optionalText, Status } from './shared';

export const AppRow = z.object({
  id: z.number().int(),
  appKey: z.string(),
  nameZh: z.string(),
  nameEn: z.string(),
  descriptionZh: z.string().nullable(),
  descriptionEn: z.string().nullable(),
  icon: z.string().nullable(),
  /** A top-level menu key (an app of this product) or an absolute https URL (an external app). */
  target: z.string(),
  external: z.boolean(),
  sort: z.number().int(),
  status: Status,
});
export type AppRow = z.infer<typeof AppRow>;
/** The fields of an app a form edits (the key is set once, at creation). */
export const AppFields = z.object({
  nameZh: z.string().trim().min(1).max(50),
  nameEn: z.string().trim().min(1).max(80),
  descriptionZh: optionalText(200),
  descriptionEn: optionalText(300),
  icon: optionalText(50),
  target: z
    .string()
    .trim()
    .min(1)
    .max(500)
    .refine((v) => /^https?:\/\/[^\s]+$/.test(v) || /^[A-Za-z][A-Za-z0-9_.-]*$/.test(v), {
      params: { rule: 'format', format: 'menu key | https://…' },
    }),
  sort: z.number().int().min(0).max(9999).default(0),
  status: Status.default('enabled'),
});
export const AppCreate = z.object({
  appKey: z
    .string()
    .trim()
    .min(1)
    .max(50)
    .regex(/^[A-Za-z][A-Za-z0-9_-]*$/),
  ...AppFields.shape,
});
export type AppCreate = z.input<typeof AppCreate>;
export const AppUpdate = z.object({ id: z.number().int().positive(), ...AppFields.shape });
export type AppUpdate = z.input<typeof AppUpdate>;
/** An app as the app center shows it to the signed-in user. */
export const AppTile = z.object({
  appKey: z.string(),
  name: z.string(),
  nameI18n: z.object({ 'zh-CN': z.string(), en: z.string() }),
  description: z.string().nullable(),
  icon: z.string().nullable(),
  external: z.boolean(),
  /** Where it opens: a path of this app (first page of the menu group) or the external URL. */
  href: z.string(),
  pages: z.number().int(),
});
export type AppTile = z.infer<typeof AppTile>;

/** The apps of the app center: everyone sees the ones they can open; platform administrators edit them. */
export const app = resource(
  { tag: 'system: apps', base: '/app' },
  {
    list: { method: 'GET', path: '/list', permission: P.appList, summary: 'Apps of the app center', data: z.array(AppRow) },
    center: { method: 'GET', path: '/center', permission: P.appcenterIndex, summary: 'The apps I can open', data: z.array(AppTile) },
    create: { method: 'POST', path: '/create', permission: P.appEdit, scope: 'platform', summary: 'Adds an app', body: AppCreate, data: AppRow },
    update: { method: 'PUT', path: '/update', permission: P.appEdit, scope: 'platform', summary: 'Updates an app', body: AppUpdate, data: AppRow },
    remove: { method: 'DELETE', path: '/:id', permission: P.appEdit, scope: 'platform', summary: 'Deletes an app', params: IdParam, data: z.null() },
  },
);
