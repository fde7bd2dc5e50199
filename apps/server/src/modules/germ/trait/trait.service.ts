import { and, asc, eq, inArray } from 'drizzle-orm';
import { traitRuleLabels, type TraitGroup, type TraitInput, type TraitRow } from '@breedwise/contracts/germ';
import type { DbOrTx } from '../../../db/client';
import { requireCropWrite, type RequestContext } from '../../../platform/context';
import { AppError, conflict, isUniqueViolation, notFound } from '../../../platform/errors';
import { iso } from '../../../platform/reply';
import { createdStamp, inCrop, updatedStamp } from '../../../platform/tenant';
import { germGermplasm } from '../germplasm/germplasm.tables';
import { germTrait, germTraitValue } from './trait.tables';

const T = germTrait;
const traitColumns = {
  id: T.id,
  groupName: T.groupName,
  code: T.code,
  name: T.name,
  unit: T.unit,
  dataType: T.dataType,
  categories: T.categories,
  sort: T.sort,
};

export async function listTraits(db: DbOrTx, ctx: RequestContext): Promise<TraitRow[]> {
  return db.select(traitColumns).from(T).where(inCrop(T, ctx)).orderBy(asc(T.groupName), asc(T.sort), asc(T.code));
}

async function guard<T>(code: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err, 'germ_trait_code_uq')) throw conflict('GERM_TRAIT_CODE_EXISTS', { code });
    throw err;
  }
}

const pick = (i: TraitInput) => ({
  groupName: i.groupName,
  code: i.code,
  name: i.name,
  unit: i.unit,
  dataType: i.dataType,
  categories: i.categories,
  sort: i.sort,
});

async function one(db: DbOrTx, ctx: RequestContext, id: number): Promise<TraitRow> {
  const [row] = await db
    .select(traitColumns)
    .from(T)
    .where(and(inCrop(T, ctx), eq(T.id, id)));
  if (!row) throw notFound();
  return row;
}

export async function createTrait(db: DbOrTx, ctx: RequestContext, input: TraitInput): Promise<TraitRow> {
  const cropId = requireCropWrite(ctx);
  const [row] = await guard(input.code, () =>
    db
      .insert(T)
      .values({ ...pick(input), cropId, ...createdStamp(ctx) })
      .returning({ id: T.id }),
  );
  return one(db, ctx, row.id);
}

export async function updateTrait(db: DbOrTx, ctx: RequestContext, input: TraitInput & { id: number }): Promise<TraitRow> {
  requireCropWrite(ctx);
  const rows = await guard(input.code, () =>
    db
      .update(T)
      .set({ ...pick(input), ...updatedStamp(ctx) })
      .where(and(inCrop(T, ctx), eq(T.id, input.id)))
      .returning({ id: T.id }),
  );
  if (!rows.length) throw notFound();
  return one(db, ctx, input.id);
}

export async function deleteTrait(db: DbOrTx, ctx: RequestContext, id: number): Promise<void> {
  requireCropWrite(ctx);
  const rows = await db
    .delete(T)
    .where(and(inCrop(T, ctx), eq(T.id, id)))
    .returning({ id: T.id });
  if (!rows.length) throw notFound();
}

async function requireGermplasm(db: DbOrTx, ctx: RequestContext, id: number) {
  const [g] = await db
    .select({ id: germGermplasm.id })
    .from(germGermplasm)
    .where(and(inCrop(germGermplasm, ctx), eq(germGermplasm.id, id)));
  if (!g) throw notFound();
}

/** `front/germplasm/traitGroup/list/{germplasmId}/{group}`: the crop's trait groups with this record's values (`all` for every group). */
export async function traitGroups(db: DbOrTx, ctx: RequestContext, germplasmId: number, group: string): Promise<TraitGroup[]> {
  await requireGermplasm(db, ctx, germplasmId);
  const traits = await db
    .select({ ...traitColumns, value: germTraitValue.value, updatedAt: germTraitValue.updatedAt })
    .from(T)
    .leftJoin(germTraitValue, and(eq(germTraitValue.traitId, T.id), eq(germTraitValue.germplasmId, germplasmId)))
    .where(and(inCrop(T, ctx), group === 'all' ? undefined : eq(T.groupName, group)))
    .orderBy(asc(T.groupName), asc(T.sort), asc(T.code));
  const groups = new Map<string, TraitGroup>();
  for (const t of traits) {
    if (!groups.has(t.groupName)) groups.set(t.groupName, { groupName: t.groupName, traits: [] });
    groups.get(t.groupName)!.traits.push({ ...t, value: t.value ?? null, updatedAt: iso(t.updatedAt ?? null) });
  }
  return [...groups.values()];
}

/** Saves trait values of one record: numbers must be numbers, categories one of the trait's values; empty clears. */
export async function saveTraitValues(
  db: DbOrTx,
  ctx: RequestContext,
  input: { germplasmId: number; values: { traitId: number; value: string | null }[] },
): Promise<void> {
  requireCropWrite(ctx);
  await requireGermplasm(db, ctx, input.germplasmId);
  const ids = [...new Set(input.values.map((v) => v.traitId))];
  const traits = await db
    .select()
    .from(T)
    .where(and(inCrop(T, ctx), inArray(T.id, ids)));
  const byId = new Map(traits.map((t) => [t.id, t]));
  await db.transaction(async (tx) => {
    for (const v of input.values) {
      const trait = byId.get(v.traitId);
      if (!trait) throw notFound();
      const key = and(eq(germTraitValue.germplasmId, input.germplasmId), eq(germTraitValue.traitId, trait.id));
      if (v.value === null || v.value === '') {
        await tx.delete(germTraitValue).where(key);
        continue;
      }
      if (trait.dataType === 'number' && !Number.isFinite(Number(v.value))) {
        throw new AppError(400, 'GERM_TRAIT_VALUE', { trait: trait.name, value: v.value, rule: traitRuleLabels.number[ctx.locale] });
      }
      if (trait.dataType === 'category' && !trait.categories.includes(v.value)) {
        throw new AppError(400, 'GERM_TRAIT_VALUE', { trait: trait.name, value: v.value, rule: trait.categories.join(' / ') });
      }
      await tx
        .insert(germTraitValue)
        .values({ germplasmId: input.germplasmId, traitId: trait.id, value: v.value, updatedBy: ctx.userId, updatedAt: new Date() })
        .onConflictDoUpdate({
          target: [germTraitValue.germplasmId, germTraitValue.traitId],
          set: { value: v.value, updatedBy: ctx.userId, updatedAt: new Date() },
        });
    }
  });
}
