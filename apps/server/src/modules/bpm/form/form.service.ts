import { and, count, desc, eq, ilike, inArray, or } from 'drizzle-orm';
import type { ProcessModel } from '@breedwise/workflow';
import { validateDynamicForm, type DynamicFormSchema } from '@breedwise/contracts';
import { formList, type FormRow, type FormSnapshot } from '@breedwise/contracts/bpm';
import type { DbOrTx } from '../../../db/client';
import { requireOrg, type RequestContext } from '../../../platform/context';
import { AppError, conflict, isUniqueViolation, notFound } from '../../../platform/errors';
import { listColumns } from '../../../platform/filters';
import { likePattern, orderBy, pageWindow } from '../../../platform/pagination';
import { inOrg } from '../../../platform/tenant';
import { bpmModel } from '../model/model.tables';
import { bpmForm } from './form.tables';

const F = bpmForm;
const sortCols = listColumns(formList, { filters: {}, sort: { key: F.key, name: F.name, createdAt: F.createdAt, updatedAt: F.updatedAt } });

function present(r: typeof F.$inferSelect): FormRow {
  return {
    id: r.id,
    key: r.key,
    name: r.name,
    remark: r.remark,
    schema: r.schema,
    fieldCount: r.schema.fields.length,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

export async function pageForms(
  db: DbOrTx,
  ctx: RequestContext,
  q: { keyword?: string; pageNum: number; pageSize: number; orderByColumn?: string; isAsc?: 'asc' | 'desc' | 'ascending' | 'descending' },
) {
  const where = and(inOrg(F, ctx), q.keyword ? or(ilike(F.name, likePattern(q.keyword)), ilike(F.key, likePattern(q.keyword))) : undefined);
  const { limit, offset } = pageWindow(q);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(F)
      .where(where)
      .orderBy(...orderBy(q, sortCols.sortable, [desc(F.id)], F.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(F).where(where),
  ]);
  return { rows: rows.map(present), total: Number(total) };
}

export async function getForm(db: DbOrTx, ctx: RequestContext, id: number): Promise<FormRow> {
  const [row] = await db
    .select()
    .from(F)
    .where(and(inOrg(F, ctx), eq(F.id, id)));
  if (!row) throw notFound();
  return present(row);
}

export async function listFormsSimple(db: DbOrTx, ctx: RequestContext) {
  return db.select({ id: F.id, key: F.key, name: F.name }).from(F).where(inOrg(F, ctx)).orderBy(F.name).limit(1000);
}

/**
 * What the zod schema cannot say: field names unique, choice fields with options, and conditions that
 * name fields of this form (a condition on an unknown field would never hold, silently).
 */
export function checkFormSchema(schema: DynamicFormSchema, locale: RequestContext['locale']) {
  const names = new Set<string>();
  for (const f of schema.fields) {
    if (names.has(f.name)) throw new AppError(400, 'BPM_FORM_FIELD_DUPLICATE', { name: f.name });
    names.add(f.name);
  }
  for (const f of schema.fields) {
    const label = f.label[locale] || f.name;
    if ((f.type === 'select' || f.type === 'multiSelect' || f.type === 'radio') && !f.options?.length)
      throw new AppError(400, 'BPM_FORM_FIELD_OPTIONS', { label });
    const groups = [f.hidden, typeof f.required === 'object' ? f.required : undefined];
    for (const g of groups)
      for (const c of [...(g?.all ?? []), ...(g?.any ?? [])])
        if (!names.has(c.field) || c.field === f.name) throw new AppError(400, 'BPM_FORM_CONDITION_FIELD', { label, name: c.field });
  }
}

export async function saveForm(
  db: DbOrTx,
  ctx: RequestContext,
  input: { id?: number; key: string; name: string; remark: string | null; schema: DynamicFormSchema },
): Promise<FormRow> {
  const orgId = requireOrg(ctx);
  checkFormSchema(input.schema, ctx.locale);
  const values = { key: input.key, name: input.name, remark: input.remark, schema: input.schema };
  try {
    if (input.id) {
      const done = await db
        .update(F)
        .set({ ...values, updatedAt: new Date() })
        .where(and(inOrg(F, ctx), eq(F.id, input.id)))
        .returning({ id: F.id });
      if (!done.length) throw notFound();
      return getForm(db, ctx, input.id);
    }
    const [row] = await db
      .insert(F)
      .values({ ...values, orgId, createdBy: ctx.userId })
      .returning({ id: F.id });
    return getForm(db, ctx, row.id);
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('BPM_FORM_KEY_EXISTS', { key: input.key });
    throw err;
  }
}

/** A form a model's diagram names cannot be deleted (its next deployment would be refused). */
export async function deleteForm(db: DbOrTx, ctx: RequestContext, id: number) {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(F)
      .where(and(inOrg(F, ctx), eq(F.id, id)))
      .for('update');
    if (!row) throw notFound();
    const [user] = await tx
      .select({ name: bpmModel.name })
      .from(bpmModel)
      .where(and(inOrg(bpmModel, ctx), ilike(bpmModel.bpmnXml, likePattern(`formKey="${row.key}"`))))
      .limit(1);
    if (user) throw conflict('BPM_FORM_IN_USE', { name: row.name, model: user.name });
    await tx.delete(F).where(eq(F.id, id));
  });
}

/** The form keys a model names (start event and user tasks). */
export function formKeysOf(model: ProcessModel): string[] {
  const keys = new Set<string>();
  for (const id of model.nodeOrder) {
    const n = model.nodes[id];
    if ((n.kind === 'start' || n.kind === 'userTask') && n.formKey) keys.add(n.formKey);
  }
  return [...keys];
}

/** The organisation's forms a model names, as a definition version keeps them. */
export async function formsForModel(db: DbOrTx, orgId: number, model: ProcessModel): Promise<Record<string, FormSnapshot>> {
  const keys = formKeysOf(model);
  if (!keys.length) return {};
  const rows = await db
    .select()
    .from(F)
    .where(and(eq(F.orgId, orgId), inArray(F.key, keys)));
  return Object.fromEntries(rows.map((r) => [r.key, { key: r.key, name: r.name, schema: r.schema }]));
}

/**
 * Checks submitted variables against a form: the same rules the form shows (required, types, options,
 * hidden fields dropped). Answers the variables with the form's fields replaced by the cleaned values,
 * and the cleaned values; a 400 naming each field that fails.
 */
export function applyForm(
  form: FormSnapshot,
  variables: Record<string, unknown>,
  locale: RequestContext['locale'],
): { variables: Record<string, unknown>; values: Record<string, unknown> } {
  const result = validateDynamicForm(form.schema, variables, locale);
  if (!result.ok) {
    const detail = (l: RequestContext['locale']) => {
      const again = validateDynamicForm(form.schema, variables, l);
      return again.ok ? '' : again.errors.map((e) => e.message).join('; ');
    };
    throw new AppError(400, 'BPM_FORM_INVALID', { form: form.name, detail: detail('en'), detailZh: detail('zh-CN') }, { errors: result.errors });
  }
  const rest = Object.fromEntries(Object.entries(variables).filter(([k]) => !form.schema.fields.some((f) => f.name === k)));
  return { variables: { ...rest, ...result.values }, values: result.values };
}
