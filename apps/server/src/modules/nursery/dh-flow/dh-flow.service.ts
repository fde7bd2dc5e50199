import { and, count, desc, eq, ilike, or } from 'drizzle-orm';
import { dhFlowList, type DhAttribute, type DhFlowPageQuery, type DhFlowRow } from '@breedwise/contracts/nursery';
import { compile, ExprError, type CompiledExpression } from '@breedwise/expr';
import type { z } from 'zod';
import type { DhFlowCreate } from '@breedwise/contracts/nursery';
import type { DbOrTx } from '../../../db/client';
import { requireCropWrite, type RequestContext } from '../../../platform/context';
import { AppError, conflict, isUniqueViolation, notFound } from '../../../platform/errors';
import { filterConditions, listColumns } from '../../../platform/filters';
import { likePattern, orderBy, pageWindow } from '../../../platform/pagination';
import { createdStamp, inCrop, updatedStamp } from '../../../platform/tenant';
import { translateError } from '../../../platform/i18n';
import { sysUser } from '../../system';
import { nurseryDhEntry } from '../dh-entry/dh-entry.tables';
import { nurseryDhFlow as F } from './dh-flow.tables';

type FlowInput = z.output<typeof DhFlowCreate>;

const columns = {
  id: F.id,
  name: F.name,
  code: F.code,
  remark: F.remark,
  attributes: F.attributes,
  createdBy: sysUser.nickName,
  updatedAt: F.updatedAt,
};
const present = (r: Omit<DhFlowRow, 'updatedAt' | 'attributeCount'> & { updatedAt: Date }): DhFlowRow => ({
  ...r,
  attributeCount: r.attributes.length,
  updatedAt: r.updatedAt.toISOString(),
});
const list = listColumns(dhFlowList, { filters: { name: F.name, code: F.code }, sort: { name: F.name, code: F.code, updatedAt: F.updatedAt } });

export async function listDhFlows(db: DbOrTx, ctx: RequestContext, q: z.output<typeof DhFlowPageQuery>) {
  const where = and(
    inCrop(F, ctx),
    q.keyword ? or(ilike(F.name, likePattern(q.keyword)), ilike(F.code, likePattern(q.keyword))) : undefined,
    filterConditions(q.filters, list.filters),
  );
  const { limit, offset } = pageWindow(q);
  const rows = await db
    .select(columns)
    .from(F)
    .leftJoin(sysUser, eq(sysUser.id, F.createdBy))
    .where(where)
    .orderBy(...orderBy(q, list.sortable, [desc(F.updatedAt)], F.id))
    .limit(limit)
    .offset(offset);
  const [{ total }] = await db.select({ total: count() }).from(F).where(where);
  return { rows: rows.map(present), total: Number(total) };
}

export async function getDhFlow(db: DbOrTx, ctx: RequestContext, id: number): Promise<DhFlowRow> {
  const [row] = await db
    .select(columns)
    .from(F)
    .leftJoin(sysUser, eq(sysUser.id, F.createdBy))
    .where(and(inCrop(F, ctx), eq(F.id, id)));
  if (!row) throw notFound();
  return present(row);
}

const fieldOf = (i: number) => `attributes.${i}.formula`;

/**
 * Checks a template's attributes: codes unique; every formula attribute has a formula that the safe
 * expression parser accepts (no code: member calls, `constructor`, `__proto__` and the like are refused by
 * the parser), naming only attributes of the template that come before it when they are formulas.
 * Answers the formulas compiled, in attribute order.
 */
export function checkAttributes(attributes: DhAttribute[], locale: RequestContext['locale']): { attribute: DhAttribute; compiled: CompiledExpression }[] {
  const sorted = [...attributes].sort((a, b) => a.order - b.order);
  const codes = new Set<string>();
  for (const a of sorted) {
    if (codes.has(a.code)) throw new AppError(400, 'NURSERY_DH_ATTRIBUTE_REPEATED', { code: a.code });
    codes.add(a.code);
  }
  const out: { attribute: DhAttribute; compiled: CompiledExpression }[] = [];
  const before = new Set<string>();
  sorted.forEach((a) => {
    const at = attributes.indexOf(a);
    if (a.type === 'formula') {
      if (!a.formula) throw refuse('NURSERY_DH_FORMULA_REQUIRED', { attribute: a.name }, fieldOf(at), locale);
      let compiled: CompiledExpression;
      try {
        compiled = compile(a.formula);
      } catch (err) {
        if (err instanceof ExprError) throw refuse('NURSERY_DH_FORMULA_INVALID', { attribute: a.name, reason: err.localized(locale) }, fieldOf(at), locale);
        throw err;
      }
      for (const name of compiled.variables) {
        if (!codes.has(name)) throw refuse('NURSERY_DH_FORMULA_UNKNOWN', { attribute: a.name, name }, fieldOf(at), locale);
        const target = sorted.find((x) => x.code === name)!;
        if (target.type === 'formula' && !before.has(name)) throw refuse('NURSERY_DH_FORMULA_CYCLE', { attribute: a.name, name }, fieldOf(at), locale);
      }
      out.push({ attribute: a, compiled });
    }
    before.add(a.code);
  });
  return out;
}

/** A refusal naming the attribute's formula field (`attributes.<i>.formula`) with the translated message. */
function refuse(
  code: 'NURSERY_DH_FORMULA_REQUIRED' | 'NURSERY_DH_FORMULA_INVALID' | 'NURSERY_DH_FORMULA_UNKNOWN' | 'NURSERY_DH_FORMULA_CYCLE',
  params: Record<string, unknown>,
  field: string,
  locale: RequestContext['locale'],
) {
  return new AppError(400, code, params, { errors: [{ field, rule: 'invalid', message: translateError(code, locale, params), errorCode: code }] });
}

const pick = (i: FlowInput) => ({ name: i.name, code: i.code, remark: i.remark, attributes: [...i.attributes].sort((a, b) => a.order - b.order) });

async function guardCode<T>(code: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err, 'nursery_dh_flow_code_uq')) throw conflict('NURSERY_DH_FLOW_CODE_EXISTS', { code });
    throw err;
  }
}

export async function createDhFlow(db: DbOrTx, ctx: RequestContext, input: FlowInput): Promise<DhFlowRow> {
  const cropId = requireCropWrite(ctx);
  checkAttributes(input.attributes, ctx.locale);
  const [row] = await guardCode(input.code, () =>
    db
      .insert(F)
      .values({ ...pick(input), cropId, ...createdStamp(ctx) })
      .returning({ id: F.id }),
  );
  return getDhFlow(db, ctx, row.id);
}

export async function updateDhFlow(db: DbOrTx, ctx: RequestContext, input: FlowInput & { id: number }): Promise<DhFlowRow> {
  requireCropWrite(ctx);
  checkAttributes(input.attributes, ctx.locale);
  const rows = await guardCode(input.code, () =>
    db
      .update(F)
      .set({ ...pick(input), ...updatedStamp(ctx) })
      .where(and(inCrop(F, ctx), eq(F.id, input.id)))
      .returning({ id: F.id }),
  );
  if (!rows.length) throw notFound();
  return getDhFlow(db, ctx, input.id);
}

export async function deleteDhFlow(db: DbOrTx, ctx: RequestContext, id: number): Promise<void> {
  requireCropWrite(ctx);
  // A template that DH batches follow stays (their records name its attributes): say so rather than fail
  // on the foreign key.
  const [flow] = await db
    .select({ name: F.name })
    .from(F)
    .where(and(inCrop(F, ctx), eq(F.id, id)));
  if (!flow) throw notFound();
  const [{ n }] = await db.select({ n: count() }).from(nurseryDhEntry).where(eq(nurseryDhEntry.flowId, id));
  if (Number(n) > 0) throw conflict('NURSERY_DH_FLOW_IN_USE', { name: flow.name, count: Number(n) });
  const rows = await db
    .delete(F)
    .where(and(inCrop(F, ctx), eq(F.id, id)))
    .returning({ id: F.id });
  if (!rows.length) throw notFound();
}

/** Computes the formula attributes in order from the given values (a later formula may use an earlier one's result). */
export async function computeDhFlow(db: DbOrTx, ctx: RequestContext, input: { id: number; values: Record<string, number | string | null> }) {
  const flow = await getDhFlow(db, ctx, input.id);
  return { values: computeFlowValues(flow.attributes, input.values, ctx.locale) };
}

/** The template's values with its formula attributes computed (missing inputs leave a formula empty; a division by zero is refused). */
export function computeFlowValues(
  attributes: DhFlowRow['attributes'],
  given: Record<string, number | string | boolean | null>,
  locale: RequestContext['locale'],
): Record<string, number | string | boolean | null> {
  const formulas = checkAttributes(attributes as DhAttribute[], locale);
  const values: Record<string, number | string | boolean | null> = {};
  for (const a of attributes) if (a.type !== 'formula') values[a.code] = Object.hasOwn(given, a.code) ? given[a.code] : null;
  for (const { attribute, compiled } of formulas) {
    if (compiled.variables.some((v) => values[v] === null || values[v] === undefined)) {
      values[attribute.code] = null;
      continue;
    }
    try {
      const v = compiled.evaluate({ ...values });
      values[attribute.code] = typeof v === 'number' ? Math.round(v * 1e6) / 1e6 : (v as string | boolean | null);
    } catch (err) {
      if (err instanceof ExprError) throw new AppError(400, 'NURSERY_DH_FORMULA_FAILED', { attribute: attribute.name, reason: err.localized(locale) });
      throw err;
    }
  }
  return values;
}
