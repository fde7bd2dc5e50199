import { and, asc, count, desc, eq, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Column } from 'drizzle-orm';
import {
  activityCategoryList,
  activityRecordList,
  type ActivityCategoryInput,
  type ActivityCategoryPageQuery,
  type ActivityCategoryRow,
  type ActivityCategoryUpdate,
  type ActivityRecordInput,
  type ActivityRecordPageQuery,
  type ActivityRecordRow,
  type ActivityRecordUpdate,
  type StatusUpdate,
} from '@breedwise/contracts/doe';
import type { z } from 'zod';
import type { Locale } from '@breedwise/contracts';
import type { DbOrTx } from '../../../db/client';
import { requireCropWrite, requireOrg, type RequestContext } from '../../../platform/context';
import { conflict, isUniqueViolation, notFound } from '../../../platform/errors';
import { filterConditions, listColumns } from '../../../platform/filters';
import { likePattern, orderBy, pageWindow } from '../../../platform/pagination';
import { createdStamp, inCrop, inOrg, updatedStamp } from '../../../platform/tenant';
import { sysFile, signedFileUrl } from '../../common';
import { doeExperiment } from '../experiment/experiment.tables';
import { doeField } from '../field/field.tables';
import { qualified, refusal } from '../shared';
import { doeActivityCategory, doeActivityRecord } from './activity.tables';

// ---- categories -------------------------------------------------------------------------------------

const categoryColumns = {
  id: doeActivityCategory.id,
  name: doeActivityCategory.name,
  nameEn: doeActivityCategory.nameEn,
  color: doeActivityCategory.color,
  sort: doeActivityCategory.sort,
  status: doeActivityCategory.status,
  remark: doeActivityCategory.remark,
  recordCount: sql<number>`(select count(*)::int from doe_activity_record r where r.category_id = ${qualified(doeActivityCategory.id)})`,
  updatedAt: doeActivityCategory.updatedAt,
};
/** A category's name in a language: the English name in English when there is one, else the Chinese. */
export const categoryLabel = (c: { name: string; nameEn: string | null }, locale: Locale): string => (locale === 'en' && c.nameEn ? c.nameEn : c.name);

const presentCategory = (r: Omit<ActivityCategoryRow, 'updatedAt' | 'label'> & { updatedAt: Date }, locale: Locale): ActivityCategoryRow => ({
  ...r,
  label: categoryLabel(r, locale),
  recordCount: Number(r.recordCount),
  updatedAt: r.updatedAt.toISOString(),
});

/** The columns behind the keys the category list declares (contracts: `activityCategoryList`). */
const categoryList = listColumns(activityCategoryList, {
  filters: { name: doeActivityCategory.name, status: doeActivityCategory.status, sort: doeActivityCategory.sort, remark: doeActivityCategory.remark },
  sort: { name: doeActivityCategory.name, sort: doeActivityCategory.sort, status: doeActivityCategory.status, updatedAt: doeActivityCategory.updatedAt },
});

export async function listCategories(db: DbOrTx, ctx: RequestContext, q: z.output<typeof ActivityCategoryPageQuery>) {
  const where = and(
    inOrg(doeActivityCategory, ctx),
    q.status ? eq(doeActivityCategory.status, q.status) : undefined,
    q.keyword ? or(ilike(doeActivityCategory.name, likePattern(q.keyword)), ilike(doeActivityCategory.nameEn, likePattern(q.keyword))) : undefined,
    filterConditions(q.filters, categoryList.filters),
  );
  const { limit, offset } = pageWindow(q);
  const rows = await db
    .select(categoryColumns)
    .from(doeActivityCategory)
    .where(where)
    .orderBy(...orderBy(q, categoryList.sortable, [asc(doeActivityCategory.sort), asc(doeActivityCategory.name)], doeActivityCategory.id))
    .limit(limit)
    .offset(offset);
  const [{ total }] = await db.select({ total: count() }).from(doeActivityCategory).where(where);
  return { rows: rows.map((r) => presentCategory(r, ctx.locale)), total: Number(total) };
}

async function getCategory(db: DbOrTx, ctx: RequestContext, id: number): Promise<ActivityCategoryRow> {
  const [row] = await db
    .select(categoryColumns)
    .from(doeActivityCategory)
    .where(and(inOrg(doeActivityCategory, ctx), eq(doeActivityCategory.id, id)));
  if (!row) throw notFound();
  return presentCategory(row, ctx.locale);
}

async function guardName<T>(ctx: RequestContext, name: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err, 'doe_activity_category_name_uq')) throw refusal(409, 'DOE_ACTIVITY_CATEGORY_EXISTS', { name }, ctx.locale, 'name');
    throw err;
  }
}

export async function createCategory(db: DbOrTx, ctx: RequestContext, input: ActivityCategoryInput): Promise<ActivityCategoryRow> {
  const [row] = await guardName(ctx, input.name, () =>
    db
      .insert(doeActivityCategory)
      .values({ ...input, ...createdStamp(ctx) })
      .returning({ id: doeActivityCategory.id }),
  );
  return getCategory(db, ctx, row.id);
}

export async function updateCategory(db: DbOrTx, ctx: RequestContext, input: z.output<typeof ActivityCategoryUpdate>): Promise<ActivityCategoryRow> {
  const { id, ...values } = input;
  const rows = await guardName(ctx, input.name, () =>
    db
      .update(doeActivityCategory)
      .set({ ...values, ...updatedStamp(ctx) })
      .where(and(inOrg(doeActivityCategory, ctx), eq(doeActivityCategory.id, id)))
      .returning({ id: doeActivityCategory.id }),
  );
  if (!rows.length) throw notFound();
  return getCategory(db, ctx, id);
}

export async function setCategoryStatus(db: DbOrTx, ctx: RequestContext, input: StatusUpdate): Promise<number> {
  const ids = [...new Set(input.ids)];
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(doeActivityCategory)
      .set({ status: input.status, ...updatedStamp(ctx) })
      .where(and(inOrg(doeActivityCategory, ctx), inArray(doeActivityCategory.id, ids)))
      .returning({ id: doeActivityCategory.id });
    if (rows.length !== ids.length) throw notFound();
    return rows.length;
  });
}

export async function deleteCategory(db: DbOrTx, ctx: RequestContext, id: number): Promise<void> {
  const category = await getCategory(db, ctx, id);
  if (category.recordCount > 0) throw conflict('DOE_ACTIVITY_CATEGORY_IN_USE', { name: category.name, count: category.recordCount });
  await db.delete(doeActivityCategory).where(and(inOrg(doeActivityCategory, ctx), eq(doeActivityCategory.id, id)));
}

// ---- records ----------------------------------------------------------------------------------------

const recordColumns = {
  id: doeActivityRecord.id,
  categoryId: doeActivityRecord.categoryId,
  categoryName: doeActivityCategory.name,
  categoryNameEn: doeActivityCategory.nameEn,
  categoryColor: doeActivityCategory.color,
  experimentId: doeActivityRecord.experimentId,
  experimentName: sql<string | null>`(select e.name from doe_experiment e where e.id = ${qualified(doeActivityRecord.experimentId)})`,
  fieldId: doeActivityRecord.fieldId,
  fieldName: sql<string | null>`(select f.name from doe_field f where f.id = ${qualified(doeActivityRecord.fieldId)})`,
  activityDate: doeActivityRecord.activityDate,
  title: doeActivityRecord.title,
  operator: doeActivityRecord.operator,
  content: doeActivityRecord.content,
  cost: doeActivityRecord.cost,
  fileIds: doeActivityRecord.fileIds,
  createdBy: sql<string | null>`(select coalesce(u.nick_name, u.username) from sys_user u where u.id = ${qualified(doeActivityRecord.createdBy as Column)})`,
  createdAt: doeActivityRecord.createdAt,
  updatedAt: doeActivityRecord.updatedAt,
};
/** The columns behind the keys the record list declares (contracts: `activityRecordList`). */
const recordList = listColumns(activityRecordList, {
  filters: {
    title: doeActivityRecord.title,
    operator: doeActivityRecord.operator,
    content: doeActivityRecord.content,
    categoryId: doeActivityRecord.categoryId,
    cost: doeActivityRecord.cost,
    activityDate: doeActivityRecord.activityDate,
  },
  sort: {
    activityDate: doeActivityRecord.activityDate,
    title: doeActivityRecord.title,
    cost: doeActivityRecord.cost,
    categoryName: doeActivityCategory.name,
    createdAt: doeActivityRecord.createdAt,
  },
});

type RecordRaw = Omit<ActivityRecordRow, 'files' | 'createdAt' | 'updatedAt'> & {
  categoryNameEn: string | null;
  fileIds: string[];
  createdAt: Date;
  updatedAt: Date;
};
async function presentRecords(db: DbOrTx, rows: RecordRaw[], locale: Locale): Promise<ActivityRecordRow[]> {
  const ids = [...new Set(rows.flatMap((r) => r.fileIds))];
  const files = ids.length
    ? await db
        .select({ id: sysFile.id, name: sysFile.originalName })
        .from(sysFile)
        .where(and(inArray(sysFile.id, ids), isNull(sysFile.deletedAt)))
    : [];
  const urls = new Map<string, { fileId: string; fileName: string; fileUrl: string }>();
  for (const f of files) urls.set(f.id, { fileId: f.id, fileName: f.name, fileUrl: await signedFileUrl(db, f.id, f.name) });
  return rows.map(({ fileIds, categoryNameEn, ...r }) => ({
    ...r,
    categoryName: categoryLabel({ name: r.categoryName, nameEn: categoryNameEn }, locale),
    files: fileIds.map((id) => urls.get(id)).filter((f): f is NonNullable<typeof f> => !!f),
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  }));
}

export async function listRecords(db: DbOrTx, ctx: RequestContext, q: z.output<typeof ActivityRecordPageQuery>) {
  const where = and(
    inCrop(doeActivityRecord, ctx),
    q.categoryId ? eq(doeActivityRecord.categoryId, q.categoryId) : undefined,
    q.experimentId ? eq(doeActivityRecord.experimentId, q.experimentId) : undefined,
    q.fieldId ? eq(doeActivityRecord.fieldId, q.fieldId) : undefined,
    q.keyword ? or(ilike(doeActivityRecord.title, likePattern(q.keyword)), ilike(doeActivityRecord.content, likePattern(q.keyword))) : undefined,
    filterConditions(q.filters, recordList.filters),
  );
  const { limit, offset } = pageWindow(q);
  const rows = await db
    .select(recordColumns)
    .from(doeActivityRecord)
    .innerJoin(doeActivityCategory, eq(doeActivityCategory.id, doeActivityRecord.categoryId))
    .where(where)
    .orderBy(...orderBy(q, recordList.sortable, [desc(doeActivityRecord.activityDate)], doeActivityRecord.id))
    .limit(limit)
    .offset(offset);
  const [{ total, cost }] = await db
    .select({ total: count(), cost: sql<number>`coalesce(sum(${doeActivityRecord.cost}), 0)` })
    .from(doeActivityRecord)
    .innerJoin(doeActivityCategory, eq(doeActivityCategory.id, doeActivityRecord.categoryId))
    .where(where);
  return { rows: await presentRecords(db, rows, ctx.locale), total: Number(total), summary: { cost: Number(cost) } };
}

export async function getRecord(db: DbOrTx, ctx: RequestContext, id: number): Promise<ActivityRecordRow> {
  const rows = await db
    .select(recordColumns)
    .from(doeActivityRecord)
    .innerJoin(doeActivityCategory, eq(doeActivityCategory.id, doeActivityRecord.categoryId))
    .where(and(inCrop(doeActivityRecord, ctx), eq(doeActivityRecord.id, id)));
  if (!rows.length) throw notFound();
  return (await presentRecords(db, rows, ctx.locale))[0];
}

/** The category is the organisation's and enabled; experiment and field, when named, are the caller's; attachments exist. */
async function checkRecord(db: DbOrTx, ctx: RequestContext, input: ActivityRecordInput, categoryChanged: boolean) {
  const [category] = await db
    .select()
    .from(doeActivityCategory)
    .where(and(inOrg(doeActivityCategory, ctx), eq(doeActivityCategory.id, input.categoryId)));
  if (!category) throw notFound();
  if (categoryChanged && category.status !== 'enabled') throw refusal(400, 'DOE_ACTIVITY_CATEGORY_DISABLED', { name: category.name }, ctx.locale, 'categoryId');
  if (input.experimentId !== null) {
    const [exp] = await db
      .select({ id: doeExperiment.id })
      .from(doeExperiment)
      .where(and(inCrop(doeExperiment, ctx), eq(doeExperiment.id, input.experimentId)));
    if (!exp) throw notFound();
  }
  if (input.fieldId !== null) {
    const [field] = await db
      .select({ id: doeField.id })
      .from(doeField)
      .where(and(inOrg(doeField, ctx), eq(doeField.id, input.fieldId)));
    if (!field) throw notFound();
  }
  const ids = [...new Set(input.fileIds)];
  if (ids.some((id) => !/^[0-9a-f-]{36}$/i.test(id)))
    throw refusal(400, 'DOE_FILE_NOT_FOUND', { fileId: ids.find((id) => !/^[0-9a-f-]{36}$/i.test(id)) }, ctx.locale, 'fileIds');
  if (ids.length) {
    const found = await db
      .select({ id: sysFile.id })
      .from(sysFile)
      .where(and(eq(sysFile.orgId, requireOrg(ctx)), inArray(sysFile.id, ids), isNull(sysFile.deletedAt)));
    const have = new Set(found.map((f) => f.id));
    const missing = ids.find((id) => !have.has(id));
    if (missing) throw refusal(400, 'DOE_FILE_NOT_FOUND', { fileId: missing }, ctx.locale, 'fileIds');
  }
}

const pickRecord = (i: ActivityRecordInput) => ({
  categoryId: i.categoryId,
  experimentId: i.experimentId,
  fieldId: i.fieldId,
  activityDate: i.activityDate,
  title: i.title,
  operator: i.operator,
  content: i.content,
  cost: i.cost,
  fileIds: [...new Set(i.fileIds)],
});

export async function createRecord(db: DbOrTx, ctx: RequestContext, input: ActivityRecordInput): Promise<ActivityRecordRow> {
  const cropId = requireCropWrite(ctx);
  await checkRecord(db, ctx, input, true);
  const [row] = await db
    .insert(doeActivityRecord)
    .values({ ...pickRecord(input), cropId, ...createdStamp(ctx) })
    .returning({ id: doeActivityRecord.id });
  return getRecord(db, ctx, row.id);
}

export async function updateRecord(db: DbOrTx, ctx: RequestContext, input: z.output<typeof ActivityRecordUpdate>): Promise<ActivityRecordRow> {
  requireCropWrite(ctx);
  const current = await getRecord(db, ctx, input.id);
  await checkRecord(db, ctx, input, current.categoryId !== input.categoryId);
  await db
    .update(doeActivityRecord)
    .set({ ...pickRecord(input), ...updatedStamp(ctx) })
    .where(and(inCrop(doeActivityRecord, ctx), eq(doeActivityRecord.id, input.id)));
  return getRecord(db, ctx, input.id);
}

export async function deleteRecord(db: DbOrTx, ctx: RequestContext, id: number): Promise<void> {
  requireCropWrite(ctx);
  const rows = await db
    .delete(doeActivityRecord)
    .where(and(inCrop(doeActivityRecord, ctx), eq(doeActivityRecord.id, id)))
    .returning({ id: doeActivityRecord.id });
  if (!rows.length) throw notFound();
}
