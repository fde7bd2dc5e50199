import { z } from 'zod';
import { PageQuery } from '../query';
import { IdParam } from '../envelope';
import { listSpec, resource } from '../http/endpoint';
import { doePermissions as P } from './permissions';
import { EnableStatus, StatusUpdate, Updated, optionalId, optionalText, requiredDate, requiredText } from './shared';

/** Field activities (sowing, fertilising, irrigation, spraying ...) by category, recorded per experiment or field. */
export const ActivityCategoryFields = z.object({
  /** The name in Chinese (the organisation's working name, unique). */
  name: requiredText(50),
  /** The name in English; English screens and exports fall back to `name` without it. */
  nameEn: optionalText(50),
  color: z
    .string()
    .trim()
    .nullish()
    .refine((v) => !v || /^#[0-9a-fA-F]{6}$/.test(v), { params: { rule: 'format', format: '#RRGGBB' } })
    .transform((v) => (v ? v.toLowerCase() : null)),
  sort: z.number().int().min(0).max(9999).default(0),
  remark: optionalText(200),
});
export const ActivityCategoryCreate = ActivityCategoryFields;
export type ActivityCategoryCreate = z.input<typeof ActivityCategoryCreate>;
export type ActivityCategoryInput = z.output<typeof ActivityCategoryCreate>;
export const ActivityCategoryUpdate = ActivityCategoryFields.extend({ id: z.number().int().positive() });
export type ActivityCategoryUpdate = z.input<typeof ActivityCategoryUpdate>;

export const ActivityCategoryRow = z.object({
  id: z.number().int(),
  name: z.string(),
  nameEn: z.string().nullable(),
  /** The name in the caller's language. */
  label: z.string(),
  color: z.string().nullable(),
  sort: z.number().int(),
  status: EnableStatus,
  remark: z.string().nullable(),
  recordCount: z.number().int(),
  updatedAt: z.string(),
});
export type ActivityCategoryRow = z.infer<typeof ActivityCategoryRow>;
export const ActivityCategoryPageQuery = PageQuery.extend({ status: EnableStatus.optional() });
export type ActivityCategoryPageQuery = z.input<typeof ActivityCategoryPageQuery>;

export const ActivityRecordFields = z.object({
  categoryId: z.number().int().positive(),
  experimentId: optionalId,
  fieldId: optionalId,
  activityDate: requiredDate,
  title: requiredText(100),
  operator: optionalText(50),
  content: optionalText(2000),
  /** Cost in yuan. */
  cost: z
    .number()
    .min(0)
    .max(1_000_000_000)
    .nullish()
    .transform((v) => v ?? null),
  /** Photos and documents (ids from POST /api/common/upload). */
  fileIds: z.array(z.string().min(1).max(64)).max(20).default([]),
});
export const ActivityRecordCreate = ActivityRecordFields;
export type ActivityRecordCreate = z.input<typeof ActivityRecordCreate>;
export type ActivityRecordInput = z.output<typeof ActivityRecordCreate>;
export const ActivityRecordUpdate = ActivityRecordFields.extend({ id: z.number().int().positive() });
export type ActivityRecordUpdate = z.input<typeof ActivityRecordUpdate>;

export const ActivityFile = z.object({ fileId: z.string(), fileName: z.string(), fileUrl: z.string() });
export const ActivityRecordRow = z.object({
  id: z.number().int(),
  categoryId: z.number().int(),
  /** The category's name in the caller's language. */
  categoryName: z.string(),
  categoryColor: z.string().nullable(),
  experimentId: z.number().int().nullable(),
  experimentName: z.string().nullable(),
  fieldId: z.number().int().nullable(),
  fieldName: z.string().nullable(),
  activityDate: z.string(),
  title: z.string(),
  operator: z.string().nullable(),
  content: z.string().nullable(),
  cost: z.number().nullable(),
  files: z.array(ActivityFile),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ActivityRecordRow = z.infer<typeof ActivityRecordRow>;

export const ActivityRecordPageQuery = PageQuery.extend({
  categoryId: z.coerce.number().int().positive().optional(),
  experimentId: z.coerce.number().int().positive().optional(),
  fieldId: z.coerce.number().int().positive().optional(),
});
export type ActivityRecordPageQuery = z.input<typeof ActivityRecordPageQuery>;

// ---- endpoints ------------------------------------------------------------------------------------

export const activityCategoryList = listSpec({
  filters: { name: { type: 'text', repeatable: true }, status: { type: 'select' }, sort: { type: 'number', repeatable: true }, remark: { type: 'text' } },
  sortable: ['name', 'sort', 'status', 'updatedAt'],
});

/** Kinds of field activity with a colour and an order. */
export const activityCategory = resource(
  { tag: 'doe: activities', base: '/api/activityCategory' },
  {
    page: {
      method: 'GET',
      path: '/page',
      permission: P.activityList,
      summary: 'Activity categories of the organisation in their order',
      query: ActivityCategoryPageQuery,
      page: ActivityCategoryRow,
      list: activityCategoryList,
    },
    create: {
      method: 'POST',
      path: '/create',
      permission: P.activityCategory,
      summary: 'Creates an activity category (names unique)',
      body: ActivityCategoryCreate,
      data: ActivityCategoryRow,
    },
    update: {
      method: 'PUT',
      path: '/update',
      permission: P.activityCategory,
      summary: 'Updates an activity category',
      body: ActivityCategoryUpdate,
      data: ActivityCategoryRow,
    },
    status: {
      method: 'PUT',
      path: '/status',
      permission: P.activityCategory,
      summary: 'Enables or disables categories (all or none)',
      body: StatusUpdate,
      data: Updated,
    },
    remove: {
      method: 'DELETE',
      path: '/:id',
      permission: P.activityCategory,
      summary: 'Deletes a category without records',
      params: IdParam,
      data: z.null(),
    },
  },
);

export const activityRecordList = listSpec({
  filters: {
    title: { type: 'text', repeatable: true },
    operator: { type: 'text' },
    content: { type: 'text' },
    categoryId: { type: 'select' },
    cost: { type: 'number', repeatable: true },
    activityDate: { type: 'date' },
  },
  sortable: ['activityDate', 'title', 'cost', 'categoryName', 'createdAt'],
});

/** The cost total of the listed records (the list's summary row). */
export const ActivityRecordPageSummary = z.object({ cost: z.number() });

/** Field activities as they happen: category, date, experiment or field, operator, cost, attachments. */
export const activityRecord = resource(
  { tag: 'doe: activities', base: '/api/activityRecord' },
  {
    page: {
      method: 'GET',
      path: '/page',
      permission: P.activityList,
      summary: 'Activity records of the current crop; the summary totals their cost',
      query: ActivityRecordPageQuery,
      page: ActivityRecordRow,
      pageSummary: ActivityRecordPageSummary,
      list: activityRecordList,
    },
    detail: {
      method: 'GET',
      path: '/detail/:id',
      permission: P.activityList,
      summary: 'One activity record with signed links to its attachments',
      params: IdParam,
      data: ActivityRecordRow,
    },
    create: { method: 'POST', path: '/create', permission: P.activityAdd, summary: 'Records an activity', body: ActivityRecordCreate, data: ActivityRecordRow },
    update: {
      method: 'PUT',
      path: '/update',
      permission: P.activityEdit,
      summary: 'Updates an activity record',
      body: ActivityRecordUpdate,
      data: ActivityRecordRow,
    },
    remove: {
      method: 'DELETE',
      path: '/:id',
      permission: P.activityRemove,
      summary: 'Deletes an activity record',
      params: IdParam,
      data: z.null(),
    },
  },
);
