import { z } from 'zod';
import { PageQuery } from '../query';
import { IdParam } from '../envelope';
import { ioEndpoints } from '../common/io';
import { listSpec, resource } from '../http/endpoint';
import { doePermissions as P } from './permissions';
import { Updated } from './shared';

export const LocationStatus = z.enum(['enabled', 'disabled']);
export type LocationStatus = z.infer<typeof LocationStatus>;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));

const coordinate = (limit: number) =>
  z
    .number()
    .min(-limit)
    .max(limit)
    .nullish()
    .transform((v) => v ?? null);

export const LocationFields = z.object({
  name: z.string().trim().min(1).max(100),
  code: z
    .string()
    .trim()
    .min(1)
    .max(50)
    .refine((v) => /^[A-Za-z0-9][A-Za-z0-9_.-]*$/.test(v), {
      params: { rule: 'format', format: 'A-Z a-z 0-9 _ . -' },
    }),
  country: optionalText(100),
  province: optionalText(100),
  city: optionalText(100),
  longitude: coordinate(180),
  latitude: coordinate(90),
  remark: optionalText(500),
});

/** Longitude and latitude come as a pair: both or neither (spec section 5). */
function coordinatesPaired(v: { longitude: number | null; latitude: number | null }, ctx: z.RefinementCtx) {
  if ((v.longitude === null) !== (v.latitude === null)) {
    ctx.addIssue({
      code: 'custom',
      path: [v.longitude === null ? 'longitude' : 'latitude'],
      message: 'longitude and latitude: both or neither',
      params: { errorCode: 'DOE_COORDINATES_PAIR' },
    });
  }
}

export const LocationCreate = LocationFields.superRefine(coordinatesPaired);
export type LocationCreate = z.input<typeof LocationCreate>;
/** A location as the server receives it after validation: trimmed, empty texts as null. */
export type LocationInput = z.output<typeof LocationCreate>;

export const LocationUpdate = LocationFields.extend({ id: z.number().int().positive() }).superRefine(coordinatesPaired);
export type LocationUpdate = z.input<typeof LocationUpdate>;

export const LocationStatusUpdate = z.object({
  ids: z.array(z.number().int().positive()).min(1).max(200),
  status: LocationStatus,
});
export type LocationStatusUpdate = z.infer<typeof LocationStatusUpdate>;

/** Discard (out of use for good) or take back into use, all or none. */
export const LocationDiscardUpdate = z.object({
  ids: z.array(z.number().int().positive()).min(1).max(200),
  discarded: z.boolean(),
});
export type LocationDiscardUpdate = z.infer<typeof LocationDiscardUpdate>;

export const LocationRow = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  country: z.string().nullable(),
  province: z.string().nullable(),
  city: z.string().nullable(),
  longitude: z.number().nullable(),
  latitude: z.number().nullable(),
  status: LocationStatus,
  discarded: z.boolean(),
  remark: z.string().nullable(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type LocationRow = z.infer<typeof LocationRow>;

/** What a location list may be filtered and sorted by (the drawer and the server read this). */
export const locationList = listSpec({
  filters: {
    name: { type: 'text', repeatable: true },
    code: { type: 'text', repeatable: true },
    country: { type: 'text' },
    province: { type: 'text' },
    city: { type: 'text' },
    remark: { type: 'text' },
    status: { type: 'select' },
    longitude: { type: 'number', repeatable: true },
    latitude: { type: 'number', repeatable: true },
    createdAt: { type: 'date' },
    updatedAt: { type: 'date' },
  },
  sortable: ['name', 'code', 'country', 'province', 'city', 'status', 'createdAt', 'updatedAt'],
});

export const LocationPageQuery = PageQuery.extend({
  status: LocationStatus.optional(),
  /** Discarded locations are hidden unless asked for: `only` or `all`. */
  discarded: z.enum(['hide', 'only', 'all']).default('hide'),
});
/** An export follows the list's filters and sort, without paging. */
export const LocationExportQuery = LocationPageQuery.omit({ pageNum: true, pageSize: true });
export type LocationExportQuery = z.output<typeof LocationExportQuery>;
export type LocationPageQuery = z.input<typeof LocationPageQuery>;
export type LocationPageParsed = z.output<typeof LocationPageQuery>;

/** The location endpoints (the reference resource of the business REST pattern). */
export const location = resource(
  { tag: 'doe: locations', base: '/api/location' },
  {
    page: {
      method: 'GET',
      path: '/page',
      permission: P.locationList,
      summary: 'Locations of the organisation, paged, sorted and filtered',
      query: LocationPageQuery,
      page: LocationRow,
      list: locationList,
    },
    detail: { method: 'GET', path: '/detail/:id', permission: P.locationQuery, summary: 'One location', params: IdParam, data: LocationRow },
    create: {
      method: 'POST',
      path: '/create',
      permission: P.locationAdd,
      summary: 'Creates a location; the code is unique within the organisation',
      body: LocationCreate,
      data: LocationRow,
    },
    update: { method: 'PUT', path: '/update', permission: P.locationEdit, summary: 'Updates a location', body: LocationUpdate, data: LocationRow },
    status: {
      method: 'PUT',
      path: '/status',
      permission: P.locationEdit,
      summary: 'Enables or disables locations (all or none)',
      body: LocationStatusUpdate,
      data: Updated,
    },
    discard: {
      method: 'PUT',
      path: '/discard',
      permission: P.locationEdit,
      summary: 'Discards locations or takes them back into use (all or none); discarded ones are hidden unless asked for',
      body: LocationDiscardUpdate,
      data: Updated,
    },
    ...ioEndpoints('location', { import: P.locationImport, export: P.locationExport, exportQuery: LocationExportQuery }),
    remove: { method: 'DELETE', path: '/:id', permission: P.locationRemove, summary: 'Deletes a location', params: IdParam, data: z.null() },
  },
);
