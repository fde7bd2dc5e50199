import { and, asc, count, desc, eq, ilike, inArray, ne, sql } from 'drizzle-orm';
import {
  blockList,
  fieldArea,
  fieldList,
  type BlockGenerate,
  type BlockInput,
  type BlockPageQuery,
  type BlockRow,
  type FieldDiscardUpdate,
  type FieldInput,
  type FieldPageQuery,
  type FieldRow,
  type FieldStatusUpdate,
  type FieldUpdate,
} from '@breedwise/contracts/doe';
import type { z } from 'zod';
import type { DbOrTx } from '../../../db/client';
import type { RequestContext } from '../../../platform/context';
import { conflict, isUniqueViolation, notFound } from '../../../platform/errors';
import { filterConditions, listColumns } from '../../../platform/filters';
import { keywordSearch, likePattern, orderBy, pageWindow } from '../../../platform/pagination';
import { createdStamp, inOrg, updatedStamp } from '../../../platform/tenant';
import { doeLocation } from '../location/location.tables';
import { refusal, qualified } from '../shared';
import { checkBlocks, tierOfBlock, tileBlocks } from './block.rules';
import { doeBlock, doeField } from './field.tables';

type PageParsed = z.output<typeof FieldPageQuery>;
type UpdateParsed = z.output<typeof FieldUpdate>;

const columns = {
  id: doeField.id,
  locationId: doeField.locationId,
  locationName: doeLocation.name,
  name: doeField.name,
  code: doeField.code,
  type: doeField.type,
  rows: doeField.rows,
  cols: doeField.cols,
  length: doeField.length,
  width: doeField.width,
  spacing: doeField.spacing,
  plantRowsPerPlot: doeField.plantRowsPerPlot,
  tiers: doeField.tiers,
  status: doeField.status,
  discarded: doeField.discarded,
  remark: doeField.remark,
  blockCount: sql<number>`(select count(*)::int from doe_block b where b.field_id = ${qualified(doeField.id)})`,
  experimentCount: sql<number>`(select count(distinct e.id)::int from doe_experiment e where e.field_id = ${qualified(doeField.id)} or exists (select 1 from doe_experiment_site s where s.experiment_id = e.id and s.field_id = ${qualified(doeField.id)}))`,
  createdBy: sql<string | null>`(select coalesce(u.nick_name, u.username) from sys_user u where u.id = ${qualified(doeField.createdBy)})`,
  createdAt: doeField.createdAt,
  updatedAt: doeField.updatedAt,
};
type Raw = Omit<FieldRow, 'area' | 'plots' | 'createdAt' | 'updatedAt'> & { createdAt: Date; updatedAt: Date };
const present = (r: Raw): FieldRow => ({
  ...r,
  plots: r.rows * r.cols,
  area: fieldArea(r.length, r.width),
  blockCount: Number(r.blockCount),
  experimentCount: Number(r.experimentCount),
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

/** The columns behind the keys the field list declares (contracts: `fieldList`). */
const list = listColumns(fieldList, {
  filters: {
    name: doeField.name,
    code: doeField.code,
    locationName: doeLocation.name,
    type: doeField.type,
    status: doeField.status,
    rows: doeField.rows,
    cols: doeField.cols,
    tiers: doeField.tiers,
    remark: doeField.remark,
    createdAt: doeField.createdAt,
  },
  sort: {
    name: doeField.name,
    code: doeField.code,
    type: doeField.type,
    rows: doeField.rows,
    cols: doeField.cols,
    status: doeField.status,
    locationName: doeLocation.name,
    createdAt: doeField.createdAt,
    updatedAt: doeField.updatedAt,
  },
});

export async function listFields(db: DbOrTx, ctx: RequestContext, q: PageParsed) {
  // The activity form's field picker searches this list: exact, then prefix, then anywhere.
  const search = keywordSearch(q.keyword, [doeField.name, doeField.code, doeLocation.name]);
  const where = and(
    inOrg(doeField, ctx),
    q.locationId ? eq(doeField.locationId, q.locationId) : undefined,
    q.type ? eq(doeField.type, q.type) : undefined,
    q.status ? eq(doeField.status, q.status) : undefined,
    q.discarded === 'hide' ? eq(doeField.discarded, false) : q.discarded === 'only' ? eq(doeField.discarded, true) : undefined,
    search.where,
    filterConditions(q.filters, list.filters),
  );
  const { limit, offset } = pageWindow(q);
  const rows = await db
    .select(columns)
    .from(doeField)
    .innerJoin(doeLocation, eq(doeLocation.id, doeField.locationId))
    .where(where)
    .orderBy(...orderBy(q, list.sortable, [...search.rank, desc(doeField.updatedAt)], doeField.id))
    .limit(limit)
    .offset(offset);
  const [{ total }] = await db.select({ total: count() }).from(doeField).innerJoin(doeLocation, eq(doeLocation.id, doeField.locationId)).where(where);
  return { rows: rows.map(present), total: Number(total) };
}

export async function getField(db: DbOrTx, ctx: RequestContext, id: number): Promise<FieldRow> {
  const [row] = await db
    .select(columns)
    .from(doeField)
    .innerJoin(doeLocation, eq(doeLocation.id, doeField.locationId))
    .where(and(inOrg(doeField, ctx), eq(doeField.id, id)));
  if (!row) throw notFound();
  return present(row);
}

async function requireLocation(db: DbOrTx, ctx: RequestContext, id: number) {
  const [row] = await db
    .select({ id: doeLocation.id })
    .from(doeLocation)
    .where(and(inOrg(doeLocation, ctx), eq(doeLocation.id, id)));
  if (!row) throw notFound();
}

async function guardCode<T>(ctx: RequestContext, code: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err, 'doe_field_location_code_uq')) throw refusal(409, 'DOE_FIELD_CODE_EXISTS', { code }, ctx.locale, 'code');
    throw err;
  }
}

const pick = (i: FieldInput) => ({
  locationId: i.locationId,
  name: i.name,
  code: i.code,
  type: i.type,
  rows: i.rows,
  cols: i.cols,
  length: i.length,
  width: i.width,
  spacing: i.spacing,
  plantRowsPerPlot: i.plantRowsPerPlot,
  tiers: i.tiers,
  remark: i.remark,
});

export async function createField(db: DbOrTx, ctx: RequestContext, input: FieldInput): Promise<FieldRow> {
  await requireLocation(db, ctx, input.locationId);
  const [row] = await guardCode(ctx, input.code, () =>
    db
      .insert(doeField)
      .values({ ...pick(input), ...createdStamp(ctx) })
      .returning({ id: doeField.id }),
  );
  return getField(db, ctx, row.id);
}

/** A resized or re-tiered field must still hold its blocks, each inside one tier; their tiers follow. */
export async function updateField(db: DbOrTx, ctx: RequestContext, input: UpdateParsed): Promise<FieldRow> {
  await requireLocation(db, ctx, input.locationId);
  await db.transaction(async (tx) => {
    const [current] = await tx
      .select({ id: doeField.id })
      .from(doeField)
      .where(and(inOrg(doeField, ctx), eq(doeField.id, input.id)))
      .for('update');
    if (!current) throw notFound();
    const blocks = await tx.select().from(doeBlock).where(eq(doeBlock.fieldId, input.id));
    for (const b of blocks) {
      if (b.startRow + b.rows - 1 > input.rows || b.startCol + b.cols - 1 > input.cols) {
        throw refusal(409, 'DOE_FIELD_CUTS_BLOCKS', { rows: input.rows, cols: input.cols, block: b.name }, ctx.locale, 'rows');
      }
      const tier = tierOfBlock(input, b);
      if (tier === null) throw refusal(409, 'DOE_FIELD_TIERS_CUT_BLOCKS', { tiers: input.tiers, block: b.name }, ctx.locale, 'tiers');
      if (tier !== b.tier) await tx.update(doeBlock).set({ tier }).where(eq(doeBlock.id, b.id));
    }
    await guardCode(ctx, input.code, () =>
      tx
        .update(doeField)
        .set({ ...pick(input), ...updatedStamp(ctx) })
        .where(eq(doeField.id, input.id)),
    );
  });
  return getField(db, ctx, input.id);
}

export async function setFieldStatus(db: DbOrTx, ctx: RequestContext, input: FieldStatusUpdate): Promise<number> {
  return updateMany(db, ctx, input.ids, { status: input.status });
}

/** Discarded fields leave the lists and pickers; taking one back makes it usable again. */
export async function setFieldDiscarded(db: DbOrTx, ctx: RequestContext, input: FieldDiscardUpdate): Promise<number> {
  return updateMany(db, ctx, input.ids, { discarded: input.discarded });
}

async function updateMany(db: DbOrTx, ctx: RequestContext, ids: number[], set: Partial<typeof doeField.$inferInsert>) {
  const unique = [...new Set(ids)];
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(doeField)
      .set({ ...set, ...updatedStamp(ctx) })
      .where(and(inOrg(doeField, ctx), inArray(doeField.id, unique)))
      .returning({ id: doeField.id });
    if (rows.length !== unique.length) throw notFound();
    return rows.length;
  });
}

/** A field some experiment or design uses stays (discard it instead). */
export async function deleteField(db: DbOrTx, ctx: RequestContext, id: number): Promise<void> {
  const field = await getField(db, ctx, id);
  const [{ n }] = await db
    .select({
      n: sql<number>`(select count(*) from doe_experiment where field_id = ${id}) + (select count(*) from doe_experiment_site where field_id = ${id}) + (select count(*) from doe_germ_design_line where field_id = ${id}) + (select count(*) from doe_activity_record where field_id = ${id})`,
    })
    .from(doeField)
    .where(eq(doeField.id, id));
  if (Number(n) > 0) throw conflict('DOE_FIELD_IN_USE', { name: field.name, count: Number(n) });
  await db.delete(doeField).where(and(inOrg(doeField, ctx), eq(doeField.id, id)));
}

// ---- blocks ---------------------------------------------------------------------------------------

const blockColumns = {
  id: doeBlock.id,
  fieldId: doeBlock.fieldId,
  name: doeBlock.name,
  tier: doeBlock.tier,
  startRow: doeBlock.startRow,
  startCol: doeBlock.startCol,
  rows: doeBlock.rows,
  cols: doeBlock.cols,
  remark: doeBlock.remark,
  updatedAt: doeBlock.updatedAt,
};
const presentBlock = (b: Omit<BlockRow, 'plots' | 'updatedAt'> & { updatedAt: Date }): BlockRow => ({
  ...b,
  plots: b.rows * b.cols,
  updatedAt: b.updatedAt.toISOString(),
});

/** The columns behind the keys the block list declares (contracts: `blockList`). */
const blockCols = listColumns(blockList, {
  filters: { name: doeBlock.name, tier: doeBlock.tier, rows: doeBlock.rows, cols: doeBlock.cols, remark: doeBlock.remark },
  sort: { name: doeBlock.name, tier: doeBlock.tier, startRow: doeBlock.startRow, startCol: doeBlock.startCol, rows: doeBlock.rows, cols: doeBlock.cols },
});

export async function listBlocks(db: DbOrTx, ctx: RequestContext, q: z.output<typeof BlockPageQuery>) {
  await getField(db, ctx, q.fieldId);
  const where = and(
    inOrg(doeBlock, ctx),
    eq(doeBlock.fieldId, q.fieldId),
    q.keyword ? ilike(doeBlock.name, likePattern(q.keyword)) : undefined,
    filterConditions(q.filters, blockCols.filters),
  );
  const { limit, offset } = pageWindow(q);
  const rows = await db
    .select(blockColumns)
    .from(doeBlock)
    .where(where)
    .orderBy(...orderBy(q, blockCols.sortable, [asc(doeBlock.tier), asc(doeBlock.startRow), asc(doeBlock.startCol)], doeBlock.id))
    .limit(limit)
    .offset(offset);
  const [{ total }] = await db.select({ total: count() }).from(doeBlock).where(where);
  return { rows: rows.map(presentBlock), total: Number(total) };
}

/** The field, locked for the block change, and its other blocks. */
async function blockContext(tx: DbOrTx, ctx: RequestContext, fieldId: number, exceptId?: number) {
  const [field] = await tx
    .select({ rows: doeField.rows, cols: doeField.cols, tiers: doeField.tiers })
    .from(doeField)
    .where(and(inOrg(doeField, ctx), eq(doeField.id, fieldId)))
    .for('update');
  if (!field) throw notFound();
  const others = await tx
    .select()
    .from(doeBlock)
    .where(and(eq(doeBlock.fieldId, fieldId), exceptId ? ne(doeBlock.id, exceptId) : undefined))
    .orderBy(asc(doeBlock.id));
  return { field, others };
}

const pickBlock = (b: BlockInput) => ({ name: b.name, startRow: b.startRow, startCol: b.startCol, rows: b.rows, cols: b.cols, remark: b.remark });

export async function createBlock(db: DbOrTx, ctx: RequestContext, input: BlockInput & { fieldId: number }): Promise<BlockRow> {
  const id = await db.transaction(async (tx) => {
    const { field, others } = await blockContext(tx, ctx, input.fieldId);
    const tiers = checkBlocks(field, [...others.map(pickBlock), pickBlock(input)], ctx.locale, (i) => (i === others.length ? '' : `blocks.${i}`));
    const [row] = await tx
      .insert(doeBlock)
      .values({ ...pickBlock(input), fieldId: input.fieldId, tier: tiers[tiers.length - 1], ...createdStamp(ctx) })
      .returning({ id: doeBlock.id });
    return row.id;
  });
  const [row] = await db.select(blockColumns).from(doeBlock).where(eq(doeBlock.id, id));
  return presentBlock(row);
}

export async function updateBlock(db: DbOrTx, ctx: RequestContext, input: BlockInput & { id: number }): Promise<BlockRow> {
  await db.transaction(async (tx) => {
    const [current] = await tx
      .select({ fieldId: doeBlock.fieldId })
      .from(doeBlock)
      .where(and(inOrg(doeBlock, ctx), eq(doeBlock.id, input.id)));
    if (!current) throw notFound();
    const { field, others } = await blockContext(tx, ctx, current.fieldId, input.id);
    const tiers = checkBlocks(field, [...others.map(pickBlock), pickBlock(input)], ctx.locale, (i) => (i === others.length ? '' : `blocks.${i}`));
    await tx
      .update(doeBlock)
      .set({ ...pickBlock(input), tier: tiers[tiers.length - 1], ...updatedStamp(ctx) })
      .where(eq(doeBlock.id, input.id));
  });
  const [row] = await db.select(blockColumns).from(doeBlock).where(eq(doeBlock.id, input.id));
  return presentBlock(row);
}

/** Replaces every block of a field in one transaction (the field's block editor and the tiling). */
export async function saveBlocks(db: DbOrTx, ctx: RequestContext, fieldId: number, blocks: BlockInput[]): Promise<number> {
  return db.transaction(async (tx) => {
    const { field } = await blockContext(tx, ctx, fieldId);
    const tiers = checkBlocks(field, blocks, ctx.locale);
    await tx.delete(doeBlock).where(eq(doeBlock.fieldId, fieldId));
    for (let i = 0; i < blocks.length; i += 500) {
      await tx.insert(doeBlock).values(blocks.slice(i, i + 500).map((b, j) => ({ ...pickBlock(b), fieldId, tier: tiers[i + j], ...createdStamp(ctx) })));
    }
    return blocks.length;
  });
}

export async function generateBlocks(db: DbOrTx, ctx: RequestContext, input: z.output<typeof BlockGenerate>): Promise<number> {
  const field = await getField(db, ctx, input.fieldId);
  return saveBlocks(db, ctx, input.fieldId, tileBlocks(field, input.rowsPerBlock, input.colsPerBlock, input.prefix));
}

export async function deleteBlock(db: DbOrTx, ctx: RequestContext, id: number): Promise<void> {
  const rows = await db
    .delete(doeBlock)
    .where(and(inOrg(doeBlock, ctx), eq(doeBlock.id, id)))
    .returning({ id: doeBlock.id });
  if (!rows.length) throw notFound();
}
