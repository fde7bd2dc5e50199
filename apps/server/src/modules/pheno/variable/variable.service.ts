import { and, count, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import { tidyScale, variableList, type VariableExportQuery, type VariableInput, type VariablePageParsed, type VariableRow } from '@breedwise/contracts/pheno';
import type { DbOrTx } from '../../../db/client';
import { requireCrop, requireCropWrite, type RequestContext } from '../../../platform/context';
import { conflict, isUniqueViolation, notFound } from '../../../platform/errors';
import { filterConditions, listColumns } from '../../../platform/filters';
import { likePattern, orderBy, pageWindow } from '../../../platform/pagination';
import { createdStamp, inCrop, updatedStamp } from '../../../platform/tenant';
import { sysUser } from '../../system';
import { phenoStudyTrait } from '../study/study.tables';
import { nurserySurveyTrait } from '../../nursery/survey/survey.tables';
import { phenoVariable } from './variable.tables';

const columns = {
  id: phenoVariable.id,
  code: phenoVariable.code,
  name: phenoVariable.name,
  trait: phenoVariable.trait,
  method: phenoVariable.method,
  scaleType: phenoVariable.scaleType,
  unit: phenoVariable.unit,
  minimum: phenoVariable.minimum,
  maximum: phenoVariable.maximum,
  categories: phenoVariable.categories,
  synonyms: phenoVariable.synonyms,
  ontologyId: phenoVariable.ontologyId,
  description: phenoVariable.description,
  createdBy: sysUser.nickName,
  createdAt: phenoVariable.createdAt,
  updatedAt: phenoVariable.updatedAt,
};

type Raw = Omit<VariableRow, 'createdAt' | 'updatedAt'> & { createdAt: Date; updatedAt: Date };
const present = (r: Raw): VariableRow => ({ ...r, createdAt: r.createdAt.toISOString(), updatedAt: r.updatedAt.toISOString() });

const list = listColumns(variableList, {
  filters: {
    code: phenoVariable.code,
    name: phenoVariable.name,
    trait: phenoVariable.trait,
    scaleType: phenoVariable.scaleType,
    ontologyId: phenoVariable.ontologyId,
    createdAt: phenoVariable.createdAt,
  },
  sort: {
    code: phenoVariable.code,
    name: phenoVariable.name,
    trait: phenoVariable.trait,
    scaleType: phenoVariable.scaleType,
    createdAt: phenoVariable.createdAt,
    updatedAt: phenoVariable.updatedAt,
  },
});

function listWhere(ctx: RequestContext, q: VariableExportQuery) {
  return and(
    inCrop(phenoVariable, ctx),
    q.scaleType ? eq(phenoVariable.scaleType, q.scaleType) : undefined,
    q.keyword
      ? or(
          ...[phenoVariable.code, phenoVariable.name, phenoVariable.trait, phenoVariable.ontologyId].map((c) => ilike(c, likePattern(q.keyword!))),
          sql`${phenoVariable.synonyms}::text ilike ${likePattern(q.keyword)}`,
        )
      : undefined,
    filterConditions(q.filters, list.filters),
  );
}

export async function countVariables(db: DbOrTx, ctx: RequestContext, q: VariableExportQuery): Promise<number> {
  const [{ total }] = await db.select({ total: count() }).from(phenoVariable).where(listWhere(ctx, q));
  return Number(total);
}

export async function listVariables(db: DbOrTx, ctx: RequestContext, q: VariablePageParsed) {
  const { limit, offset } = pageWindow(q);
  const [rows, total] = await Promise.all([
    db
      .select(columns)
      .from(phenoVariable)
      .leftJoin(sysUser, eq(sysUser.id, phenoVariable.createdBy))
      .where(listWhere(ctx, q))
      .orderBy(...orderBy(q, list.sortable, [desc(phenoVariable.updatedAt)], phenoVariable.id))
      .limit(limit)
      .offset(offset),
    countVariables(db, ctx, q),
  ]);
  return { rows: rows.map(present), total };
}

/** Every variable of the current crop, by abbreviation. */
export async function allVariables(db: DbOrTx, ctx: RequestContext): Promise<VariableRow[]> {
  const rows = await db
    .select(columns)
    .from(phenoVariable)
    .leftJoin(sysUser, eq(sysUser.id, phenoVariable.createdBy))
    .where(inCrop(phenoVariable, ctx))
    .orderBy(phenoVariable.code);
  return rows.map(present);
}

/** Variables of the current crop by id (in the given order; unknown ids left out). */
export async function variablesById(db: DbOrTx, ctx: RequestContext, ids: number[]): Promise<VariableRow[]> {
  if (!ids.length) return [];
  const rows = await db
    .select(columns)
    .from(phenoVariable)
    .leftJoin(sysUser, eq(sysUser.id, phenoVariable.createdBy))
    .where(and(inCrop(phenoVariable, ctx), inArray(phenoVariable.id, ids)));
  const byId = new Map(rows.map((r) => [r.id, present(r)]));
  return ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
}

export async function getVariable(db: DbOrTx, ctx: RequestContext, id: number): Promise<VariableRow> {
  const [row] = await variablesById(db, ctx, [id]);
  if (!row) throw notFound();
  return row;
}

const pick = (raw: VariableInput) => {
  const i = tidyScale(raw);
  return {
    code: i.code,
    name: i.name,
    trait: i.trait,
    method: i.method,
    scaleType: i.scaleType,
    unit: i.unit,
    minimum: i.minimum,
    maximum: i.maximum,
    categories: i.categories,
    synonyms: i.synonyms,
    ontologyId: i.ontologyId,
    description: i.description,
  };
};

async function guardCode<T>(code: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err, 'pheno_variable_code_uq')) throw conflict('PHENO_VARIABLE_CODE_EXISTS', { code });
    throw err;
  }
}

export async function createVariable(db: DbOrTx, ctx: RequestContext, input: VariableInput): Promise<VariableRow> {
  const cropId = requireCropWrite(ctx);
  const [row] = await guardCode(input.code, () =>
    db
      .insert(phenoVariable)
      .values({ ...pick(input), cropId, ...createdStamp(ctx) })
      .returning({ id: phenoVariable.id }),
  );
  return getVariable(db, ctx, row.id);
}

export async function updateVariable(db: DbOrTx, ctx: RequestContext, input: VariableInput & { id: number }): Promise<VariableRow> {
  requireCropWrite(ctx);
  const rows = await guardCode(input.code, () =>
    db
      .update(phenoVariable)
      .set({ ...pick(input), ...updatedStamp(ctx) })
      .where(and(inCrop(phenoVariable, ctx), eq(phenoVariable.id, input.id)))
      .returning({ id: phenoVariable.id }),
  );
  if (!rows.length) throw notFound();
  return getVariable(db, ctx, input.id);
}

export async function deleteVariable(db: DbOrTx, ctx: RequestContext, id: number): Promise<void> {
  requireCropWrite(ctx);
  const row = await getVariable(db, ctx, id);
  const [{ n }] = await db.select({ n: count() }).from(phenoStudyTrait).where(eq(phenoStudyTrait.variableId, id));
  if (Number(n) > 0) throw conflict('PHENO_VARIABLE_IN_USE', { code: row.code, count: Number(n) });
  // A nursery's field survey uses the crop's traits too (its table is public, like every *.tables.ts).
  const [{ m }] = await db.select({ m: count() }).from(nurserySurveyTrait).where(eq(nurserySurveyTrait.variableId, id));
  if (Number(m) > 0) throw conflict('PHENO_VARIABLE_IN_NURSERY', { code: row.code, count: Number(m) });
  await db.delete(phenoVariable).where(and(inCrop(phenoVariable, ctx), eq(phenoVariable.id, id)));
}

export async function insertVariables(db: DbOrTx, ctx: RequestContext, rows: VariableInput[]): Promise<void> {
  const cropId = requireCropWrite(ctx);
  for (let i = 0; i < rows.length; i += 500) {
    await db.insert(phenoVariable).values(rows.slice(i, i + 500).map((r) => ({ ...pick(r), cropId, ...createdStamp(ctx) })));
  }
}

export async function existingVariableCodes(db: DbOrTx, ctx: RequestContext, codes: string[]): Promise<Set<string>> {
  requireCrop(ctx);
  const found = new Set<string>();
  for (let at = 0; at < codes.length; at += 10_000) {
    const rows = await db
      .select({ code: phenoVariable.code })
      .from(phenoVariable)
      .where(and(inCrop(phenoVariable, ctx), inArray(phenoVariable.code, codes.slice(at, at + 10_000))));
    for (const r of rows) found.add(r.code);
  }
  return found;
}
