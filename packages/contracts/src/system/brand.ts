import { z } from 'zod';
import { IdParam } from '../envelope';
import { resource } from '../http/endpoint';
import { systemPermissions as P } from './permissions';
import { DashboardType, Status } from './shared';

/** The look of the installation a request came to (login page, shell). */
export const Brand = z.object({
  brandKey: z.string(),
  name: z.string(),
  nameI18n: z.object({ 'zh-CN': z.string(), en: z.string() }),
  logoUrl: z.string().nullable(),
  primaryColor: z.string(),
  /** Dashboard variant of a branded installation (e.g. the germplasm bank); null follows the role. */
  dashboardType: z.string().nullable(),
  pathPrefix: z.string().nullable(),
});
export type Brand = z.infer<typeof Brand>;

const Colour = z
  .string()
  .trim()
  .regex(/^#[0-9A-Fa-f]{6}$/);
export const BrandRow = z.object({
  id: z.number().int(),
  brandKey: z.string(),
  nameZh: z.string(),
  nameEn: z.string(),
  logoUrl: z.string().nullable(),
  primaryColor: z.string(),
  hosts: z.array(z.string()),
  pathPrefix: z.string().nullable(),
  dashboardType: DashboardType,
  isDefault: z.boolean(),
  status: Status,
});
export type BrandRow = z.infer<typeof BrandRow>;
const BrandFields = {
  nameZh: z.string().trim().min(1).max(50),
  nameEn: z.string().trim().min(1).max(80),
  logoUrl: z
    .string()
    .trim()
    .max(500)
    .regex(/^(\/|https:\/\/|data:image\/(png|svg\+xml|jpeg);base64,)/)
    .nullish()
    .or(z.literal('').transform(() => null)),
  primaryColor: Colour,
  hosts: z
    .array(
      z
        .string()
        .trim()
        .min(1)
        .max(200)
        .regex(/^(\*\.)?[A-Za-z0-9.-]+(:\d+)?$/),
    )
    .max(20)
    .default([]),
  pathPrefix: z
    .string()
    .trim()
    .max(100)
    .regex(/^\/[A-Za-z0-9_-]+$/)
    .nullish()
    .or(z.literal('').transform(() => null)),
  dashboardType: DashboardType.default('default'),
  isDefault: z.boolean().default(false),
  status: Status.default('enabled'),
};
export const BrandCreate = z.object({
  brandKey: z
    .string()
    .trim()
    .min(1)
    .max(50)
    .regex(/^[A-Za-z][A-Za-z0-9_-]*$/),
  ...BrandFields,
});
export type BrandCreate = z.input<typeof BrandCreate>;
export const BrandUpdate = z.object({ id: z.number().int().positive(), ...BrandFields });
export type BrandUpdate = z.input<typeof BrandUpdate>;

/** Branded variants (host and path), shared by all organisations: platform administrators only. */
export const brand = resource(
  { tag: 'system: apps', base: '/brand' },
  {
    list: { method: 'GET', path: '/list', permission: P.brandEdit, scope: 'platform', summary: 'Branded variants (host and path)', data: z.array(BrandRow) },
    create: { method: 'POST', path: '/create', permission: P.brandEdit, scope: 'platform', summary: 'Adds a brand', body: BrandCreate, data: BrandRow },
    update: { method: 'PUT', path: '/update', permission: P.brandEdit, scope: 'platform', summary: 'Updates a brand', body: BrandUpdate, data: BrandRow },
    remove: { method: 'DELETE', path: '/:id', permission: P.brandEdit, scope: 'platform', summary: 'Deletes a brand', params: IdParam, data: z.null() },
  },
);
