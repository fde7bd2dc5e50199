import { z } from 'zod';
import { PageQuery } from '../query';
import { IdParam } from '../envelope';
import { listSpec, resource } from '../http/endpoint';
import { doePermissions as P } from './permissions';
import { EnableStatus, Ids, Updated, codeText, optionalText, requiredText } from './shared';

/** Most plots (rows x columns) one field may hold: the trial-design engine's MAX_PLOT_TOTAL. */
export const MAX_FIELD_PLOTS = 100_000;
/** Tier numbers and tier counts run from 1 to 1000 (spec sections 5 and 9). */
export const TIER_MIN = 1;
export const TIER_MAX = 1000;
/** Most named blocks in one field: the engine's MAX_BLOCK_COUNT. */
export const MAX_FIELD_BLOCKS = 1000;

/** 1 test field, 2 breeding nursery, 3 germplasm field (spec section 3). */
export const FIELD_TYPES = [1, 2, 3] as const;
export type FieldType = (typeof FIELD_TYPES)[number];
export const GERMPLASM_FIELD_TYPE = 3;

const positive = (max: number) =>
  z
    .number()
    .positive()
    .max(max)
    .nullish()
    .transform((v) => v ?? null);

export const FieldFields = z.object({
  locationId: z.number().int().positive(),
  name: requiredText(100),
  code: codeText(50),
  type: z.number().int().min(1).max(3),
  rows: z.number().int().min(1).max(MAX_FIELD_PLOTS),
  cols: z.number().int().min(1).max(MAX_FIELD_PLOTS),
  /** Field length and width in metres; the area is computed from them. */
  length: positive(100_000),
  width: positive(100_000),
  /** Row spacing in centimetres. */
  spacing: positive(10_000),
  plantRowsPerPlot: z.number().int().min(1).max(100).default(1),
  tiers: z.number().int().min(TIER_MIN).max(TIER_MAX).default(1),
  remark: optionalText(500),
});

/** Plot total has a maximum; tiers split the rows, so there can be no more tiers than rows. */
function fieldShape(v: { rows: number; cols: number; tiers: number }, ctx: z.RefinementCtx) {
  if (v.rows * v.cols > MAX_FIELD_PLOTS) {
    ctx.addIssue({
      code: 'custom',
      path: ['cols'],
      message: 'too many plots',
      params: { errorCode: 'DOE_PLOT_TOTAL_EXCEEDED', total: v.rows * v.cols, max: MAX_FIELD_PLOTS },
    });
  }
  if (v.tiers > v.rows) {
    ctx.addIssue({
      code: 'custom',
      path: ['tiers'],
      message: 'more tiers than rows',
      params: { errorCode: 'DOE_TIERS_EXCEED_ROWS', tiers: v.tiers, rows: v.rows },
    });
  }
}

export const FieldCreate = FieldFields.superRefine(fieldShape);
export type FieldCreate = z.input<typeof FieldCreate>;
export type FieldInput = z.output<typeof FieldCreate>;

export const FieldUpdate = FieldFields.extend({ id: z.number().int().positive() }).superRefine(fieldShape);
export type FieldUpdate = z.input<typeof FieldUpdate>;

export const FieldRow = z.object({
  id: z.number().int(),
  locationId: z.number().int(),
  locationName: z.string(),
  name: z.string(),
  code: z.string(),
  type: z.number().int(),
  rows: z.number().int(),
  cols: z.number().int(),
  plots: z.number().int(),
  length: z.number().nullable(),
  width: z.number().nullable(),
  /** length x width in square metres; null without both. */
  area: z.number().nullable(),
  spacing: z.number().nullable(),
  plantRowsPerPlot: z.number().int(),
  tiers: z.number().int(),
  status: EnableStatus,
  discarded: z.boolean(),
  remark: z.string().nullable(),
  blockCount: z.number().int(),
  experimentCount: z.number().int(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type FieldRow = z.infer<typeof FieldRow>;

export const FieldPageQuery = PageQuery.extend({
  locationId: z.coerce.number().int().positive().optional(),
  type: z.coerce.number().int().min(1).max(3).optional(),
  status: EnableStatus.optional(),
  /** Discarded fields are hidden unless asked for: `only` or `all`. */
  discarded: z.enum(['hide', 'only', 'all']).default('hide'),
});
export type FieldPageQuery = z.input<typeof FieldPageQuery>;

export const FieldStatusUpdate = z.object({ ids: Ids, status: EnableStatus });
export type FieldStatusUpdate = z.infer<typeof FieldStatusUpdate>;

/** Discard (permanently out of use, hidden by default) or take back into use. */
export const FieldDiscardUpdate = z.object({ ids: Ids, discarded: z.boolean() });
export type FieldDiscardUpdate = z.infer<typeof FieldDiscardUpdate>;

/** Field area from its length and width (square metres, two decimals). */
export function fieldArea(length: number | null, width: number | null): number | null {
  if (length === null || width === null) return null;
  return Math.round(length * width * 100) / 100;
}

/** Square metres per mu (亩), the unit Chinese breeders read areas in. */
export const SQUARE_METRES_PER_MU = 2000 / 3;

/**
 * The row ranges of `tiers` near-equal tiers over `rows` rows, first tiers one row larger: the same
 * split the trial-design engine makes for a tier count.
 */
export function tierRanges(rows: number, tiers: number): { fromRow: number; toRow: number }[] {
  const n = Math.max(1, Math.min(tiers, rows));
  const out: { fromRow: number; toRow: number }[] = [];
  let from = 1;
  for (let i = 0; i < n; i++) {
    const size = Math.floor(rows / n) + (i < rows % n ? 1 : 0);
    out.push({ fromRow: from, toRow: from + size - 1 });
    from += size;
  }
  return out;
}

// ---- blocks: named rectangles of a field (sections planted as one) ----------------------------------

export const BlockFields = z.object({
  name: requiredText(50),
  startRow: z.number().int().min(1).max(MAX_FIELD_PLOTS),
  startCol: z.number().int().min(1).max(MAX_FIELD_PLOTS),
  rows: z.number().int().min(1).max(MAX_FIELD_PLOTS),
  cols: z.number().int().min(1).max(MAX_FIELD_PLOTS),
  remark: optionalText(200),
});
export const BlockCreate = BlockFields.extend({ fieldId: z.number().int().positive() });
export type BlockCreate = z.input<typeof BlockCreate>;
export type BlockInput = z.output<typeof BlockFields>;
export const BlockUpdate = BlockFields.extend({ id: z.number().int().positive() });
export type BlockUpdate = z.input<typeof BlockUpdate>;

/** All blocks of a field at once (the field's block editor): names unique, at most MAX_FIELD_BLOCKS. */
export const BlockSave = z.object({
  fieldId: z.number().int().positive(),
  blocks: z.array(BlockFields).max(MAX_FIELD_BLOCKS + 1),
});
export type BlockSave = z.input<typeof BlockSave>;

/** Splits the field into blocks of the given size, tier by tier (never across a tier). */
export const BlockGenerate = z.object({
  fieldId: z.number().int().positive(),
  rowsPerBlock: z.number().int().min(1).max(MAX_FIELD_PLOTS),
  colsPerBlock: z.number().int().min(1).max(MAX_FIELD_PLOTS),
  prefix: z.string().trim().max(20).default('B'),
});
export type BlockGenerate = z.input<typeof BlockGenerate>;

export const BlockRow = z.object({
  id: z.number().int(),
  fieldId: z.number().int(),
  name: z.string(),
  tier: z.number().int(),
  startRow: z.number().int(),
  startCol: z.number().int(),
  rows: z.number().int(),
  cols: z.number().int(),
  plots: z.number().int(),
  remark: z.string().nullable(),
  updatedAt: z.string(),
});
export type BlockRow = z.infer<typeof BlockRow>;

export const BlockPageQuery = PageQuery.extend({ fieldId: z.coerce.number().int().positive() });
export type BlockPageQuery = z.input<typeof BlockPageQuery>;

// ---- endpoints ------------------------------------------------------------------------------------

export const fieldList = listSpec({
  filters: {
    name: { type: 'text', repeatable: true },
    code: { type: 'text', repeatable: true },
    locationName: { type: 'text' },
    type: { type: 'select' },
    status: { type: 'select' },
    rows: { type: 'number', repeatable: true },
    cols: { type: 'number', repeatable: true },
    tiers: { type: 'number', repeatable: true },
    remark: { type: 'text' },
    createdAt: { type: 'date' },
  },
  sortable: ['name', 'code', 'type', 'rows', 'cols', 'status', 'locationName', 'createdAt', 'updatedAt'],
});

/** Fields (plots of land) at a location: size, tiers, enable/disable, discard. */
export const field = resource(
  { tag: 'doe: fields', base: '/api/field' },
  {
    page: {
      method: 'GET',
      path: '/page',
      permission: P.fieldList,
      summary: 'Fields (plots) of the organisation, by location and type; discarded ones hidden unless asked for',
      query: FieldPageQuery,
      page: FieldRow,
      list: fieldList,
    },
    detail: { method: 'GET', path: '/detail/:id', permission: P.fieldList, summary: 'One field with its computed area', params: IdParam, data: FieldRow },
    create: {
      method: 'POST',
      path: '/create',
      permission: P.fieldAdd,
      summary: 'Creates a field at a location; codes are unique per location',
      body: FieldCreate,
      data: FieldRow,
    },
    update: {
      method: 'PUT',
      path: '/update',
      permission: P.fieldEdit,
      summary: 'Updates a field; its blocks must still fit, each within one tier',
      body: FieldUpdate,
      data: FieldRow,
    },
    status: {
      method: 'PUT',
      path: '/status',
      permission: P.fieldEdit,
      summary: 'Enables or disables fields (all or none)',
      body: FieldStatusUpdate,
      data: Updated,
    },
    discard: {
      method: 'PUT',
      path: '/discard',
      permission: P.fieldEdit,
      summary: 'Discards fields or takes them back into use (all or none)',
      body: FieldDiscardUpdate,
      data: Updated,
    },
    remove: {
      method: 'DELETE',
      path: '/:id',
      permission: P.fieldRemove,
      summary: 'Deletes a field no experiment or design uses',
      params: IdParam,
      data: z.null(),
    },
  },
);

export const blockList = listSpec({
  filters: {
    name: { type: 'text', repeatable: true },
    tier: { type: 'number', repeatable: true },
    rows: { type: 'number', repeatable: true },
    cols: { type: 'number', repeatable: true },
    remark: { type: 'text' },
  },
  sortable: ['name', 'tier', 'startRow', 'startCol', 'rows', 'cols'],
});

/** Named blocks of a field, each within one tier. */
export const block = resource(
  { tag: 'doe: blocks', base: '/api/block' },
  {
    page: {
      method: 'GET',
      path: '/page',
      permission: P.fieldList,
      summary: 'Blocks of a field, tier by tier',
      query: BlockPageQuery,
      page: BlockRow,
      list: blockList,
    },
    create: {
      method: 'POST',
      path: '/create',
      permission: P.fieldEdit,
      summary: 'Adds a block: inside the field, within one tier, a unique name, no overlap',
      body: BlockCreate,
      data: BlockRow,
    },
    update: { method: 'PUT', path: '/update', permission: P.fieldEdit, summary: 'Updates a block', body: BlockUpdate, data: BlockRow },
    save: {
      method: 'PUT',
      path: '/save',
      permission: P.fieldEdit,
      summary: 'Replaces all blocks of a field (at most the maximum block count)',
      body: BlockSave,
      data: Updated,
    },
    generate: {
      method: 'POST',
      path: '/generate',
      permission: P.fieldEdit,
      summary: 'Tiles the field with blocks of a size, tier by tier (replaces its blocks)',
      body: BlockGenerate,
      data: Updated,
    },
    remove: { method: 'DELETE', path: '/:id', permission: P.fieldEdit, summary: 'Deletes a block', params: IdParam, data: z.null() },
  },
);
