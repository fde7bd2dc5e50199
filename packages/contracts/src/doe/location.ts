import { z } from 'zod';
import { defineErrors, type Translations } from '../errors';
import { PageQuery } from '../query';

export const LocationStatus = z.enum(['enabled', 'disabled']);
export type LocationStatus = z.infer<typeof LocationStatus>;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));

const coordinate = (limit: number) => z.number().min(-limit).max(limit).nullish().transform((v) => v ?? null);

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

/** Columns a location list may be sorted and filtered by. */
export const LOCATION_SORTABLE = ['name', 'code', 'country', 'province', 'city', 'status', 'createdAt', 'updatedAt'] as const;

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

export const locationErrors = defineErrors({
  DOE_COORDINATES_PAIR: {
    'zh-CN': '经度和纬度须同时填写或同时为空',
    en: 'Longitude and latitude must be given together or both left empty',
  },
  DOE_LOCATION_CODE_EXISTS: {
    'zh-CN': '地点编码 {code} 已存在',
    en: 'Location code {code} already exists',
  },
  DOE_LOCATION_CODE_REPEATED: {
    'zh-CN': '地点编码 {code} 在文件中重复（第 {row} 行已使用）',
    en: 'Location code {code} appears twice in the file (already used in row {row})',
  },
});

export const locationFieldLabels: Record<string, Translations> = {
  country: { 'zh-CN': '国家', en: 'Country' },
  province: { 'zh-CN': '省份', en: 'Province' },
  city: { 'zh-CN': '城市', en: 'City' },
  longitude: { 'zh-CN': '经度', en: 'Longitude' },
  latitude: { 'zh-CN': '纬度', en: 'Latitude' },
  ids: { 'zh-CN': '记录', en: 'Records' },
};
