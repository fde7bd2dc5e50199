import { z } from 'zod';
import { PageQuery } from '../query';
import { IdParam } from '../envelope';
import { listSpec, resource } from '../http/endpoint';
import { doePermissions as P } from './permissions';
import { LayoutSettings, PlotRow } from './experiment';
import { Season, Year, optionalId, optionalText, requiredText } from './shared';

/** Germplasm nursery designs (type-3 fields) and nursery designs (breeding nurseries, type 2). */
export const GERM_DESIGN_KINDS = ['germplasm', 'nursery'] as const;
export const GermDesignKind = z.enum(GERM_DESIGN_KINDS);
export type GermDesignKind = z.infer<typeof GermDesignKind>;
export const GermDesignStatus = z.enum(['temporary', 'designed']);
export type GermDesignStatus = z.infer<typeof GermDesignStatus>;

/** One design of a plan: which list goes to which location and field, in entry order with checks. */
export const GermDesignLine = z.object({
  locationId: z.number().int().positive().nullish(),
  fieldId: optionalId,
  listId: z.number().int().positive(),
  /** Plot numbers start here and have at most `digits` digits (spec: a serial cannot exceed the digits). */
  startNumber: z.number().int().min(0).max(999_999_999).default(1),
  digits: z.number().int().min(1).max(9).default(4),
  /** Checks before test entry `checkStart`, then every `checkInterval` entries; none when empty. */
  checkStart: z
    .number()
    .int()
    .min(1)
    .max(100_000)
    .nullish()
    .transform((v) => v ?? null),
  checkInterval: z
    .number()
    .int()
    .min(1)
    .max(100_000)
    .nullish()
    .transform((v) => v ?? null),
  layout: LayoutSettings.default({ order: 'serpentine', direction: 'rows', startCorner: 'bottom-left', repsArrangement: 'rows' }),
});
export type GermDesignLineInput = z.output<typeof GermDesignLine>;

export const GermDesignFields = z.object({
  planName: requiredText(100),
  kind: GermDesignKind.default('germplasm'),
  projectId: optionalId,
  year: Year,
  season: Season,
  remark: optionalText(500),
  designs: z.array(GermDesignLine).max(50),
});

/** At least one design, and every design has a location (spec section 5). */
function designsComplete(v: { designs: { locationId?: number | null }[] }, ctx: z.RefinementCtx) {
  if (v.designs.length === 0) ctx.addIssue({ code: 'custom', path: ['designs'], message: 'at least one design', params: { errorCode: 'DOE_DESIGN_REQUIRED' } });
  v.designs.forEach((d, i) => {
    if (!d.locationId)
      ctx.addIssue({
        code: 'custom',
        path: ['designs', i, 'locationId'],
        message: 'location required',
        params: { errorCode: 'DOE_DESIGN_LOCATION_REQUIRED', index: i + 1 },
      });
  });
}

export const GermDesignCreate = GermDesignFields.superRefine(designsComplete);
export type GermDesignCreate = z.input<typeof GermDesignCreate>;
export type GermDesignInput = z.output<typeof GermDesignCreate>;
export const GermDesignUpdate = GermDesignFields.extend({ id: z.number().int().positive() }).superRefine(designsComplete);
export type GermDesignUpdate = z.input<typeof GermDesignUpdate>;

export const GermDesignLineRow = z.object({
  id: z.number().int(),
  locationId: z.number().int(),
  locationName: z.string(),
  fieldId: z.number().int().nullable(),
  fieldName: z.string().nullable(),
  listId: z.number().int(),
  listName: z.string(),
  startNumber: z.number().int(),
  digits: z.number().int(),
  checkStart: z.number().int().nullable(),
  checkInterval: z.number().int().nullable(),
  layout: LayoutSettings,
  plotCount: z.number().int(),
  rows: z.number().int().nullable(),
  cols: z.number().int().nullable(),
});
export type GermDesignLineRow = z.infer<typeof GermDesignLineRow>;

export const GermDesignRow = z.object({
  id: z.number().int(),
  planName: z.string(),
  kind: GermDesignKind,
  projectId: z.number().int().nullable(),
  projectName: z.string().nullable(),
  year: z.number().int(),
  season: Season,
  status: GermDesignStatus,
  remark: z.string().nullable(),
  designCount: z.number().int(),
  plotCount: z.number().int(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type GermDesignRow = z.infer<typeof GermDesignRow>;

export const GermDesignDetail = GermDesignRow.extend({ designs: z.array(GermDesignLineRow) });
export type GermDesignDetail = z.infer<typeof GermDesignDetail>;

export const GermDesignPlots = z.object({ lineId: z.number().int(), plots: z.array(PlotRow) });
export type GermDesignPlots = z.infer<typeof GermDesignPlots>;

export const GermDesignPageQuery = PageQuery.extend({
  kind: GermDesignKind.optional(),
  status: GermDesignStatus.optional(),
  year: z.coerce.number().int().min(1900).max(2200).optional(),
});
export type GermDesignPageQuery = z.input<typeof GermDesignPageQuery>;

// ---- endpoints ------------------------------------------------------------------------------------

export const germDesignList = listSpec({
  filters: {
    planName: { type: 'text', repeatable: true },
    kind: { type: 'select' },
    status: { type: 'select' },
    season: { type: 'select' },
    year: { type: 'number', repeatable: true },
    remark: { type: 'text' },
    createdAt: { type: 'date' },
  },
  sortable: ['planName', 'year', 'status', 'createdAt', 'updatedAt'],
});

/** Germplasm nursery and nursery design plans: designs laid out in entry order with checks. */
export const germDesign = resource(
  { tag: 'doe: germplasm and nursery designs', base: '/api/germDesign' },
  {
    page: {
      method: 'GET',
      path: '/page',
      permission: P.germDesignList,
      summary: 'Germplasm nursery and nursery design plans of the current crop',
      query: GermDesignPageQuery,
      page: GermDesignRow,
      list: germDesignList,
    },
    detail: {
      method: 'GET',
      path: '/detail/:id',
      permission: P.germDesignList,
      summary: 'One plan with its designs',
      params: IdParam,
      data: GermDesignDetail,
    },
    plots: {
      method: 'GET',
      path: '/plots/:id',
      permission: P.germDesignList,
      summary: 'The generated plots of every design of a plan',
      params: IdParam,
      data: z.array(GermDesignPlots),
    },
    create: {
      method: 'POST',
      path: '/create',
      permission: P.germDesignAdd,
      summary: 'Creates a plan: a name and at least one design, each with a location',
      body: GermDesignCreate,
      data: GermDesignDetail,
    },
    update: {
      method: 'PUT',
      path: '/update',
      permission: P.germDesignEdit,
      summary: 'Updates a plan in temporary storage',
      body: GermDesignUpdate,
      data: GermDesignDetail,
    },
    generate: {
      method: 'POST',
      path: '/generate/:id',
      permission: P.germDesignEdit,
      summary: 'Lays out every design in entry order (checks inserted when set); the plan becomes designed',
      params: IdParam,
      data: GermDesignDetail,
    },
    reset: {
      method: 'POST',
      path: '/reset/:id',
      permission: P.germDesignEdit,
      summary: 'Drops the generated layout; the plan returns to temporary storage',
      params: IdParam,
      data: GermDesignDetail,
    },
    remove: { method: 'DELETE', path: '/:id', permission: P.germDesignRemove, summary: 'Deletes a plan', params: IdParam, data: z.null() },
  },
);
