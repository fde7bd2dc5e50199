import { and, asc, count, desc, eq, exists, ilike, inArray, isNull, not, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { fieldName, KEYWORD_COUNT_CAP, SHORT_KEYWORD_COUNT_CAP } from '@breedwise/contracts';
import {
  FIXED_GERMPLASM_TYPES,
  germplasmList,
  type FileRef,
  type GermplasmDetail,
  type GermplasmExportQuery,
  type GermplasmCreateInput,
  type GermplasmInput,
  type GermplasmOption,
  type GermplasmPageParsed,
  type GermplasmRow,
  type PedigreeCheckResult,
  type PedigreeGraph,
} from '@breedwise/contracts/germ';
import { ancestry, formatPurdy, generatePurdy, pedigreeNames, tryParsePurdy, wouldCreateCycle, type ParentRecord } from '@breedwise/pedigree';
import type { DbOrTx } from '../../../db/client';
import { requireCrop, requireCropWrite, requireOrg, type RequestContext } from '../../../platform/context';
import { AppError, conflict, isUniqueViolation, notFound } from '../../../platform/errors';
import { filterConditions, listColumns } from '../../../platform/filters';
import { cappedCount, countCap, likePattern, matchRow, orderBy, pageWindow, keywordSearch } from '../../../platform/pagination';
import { createdStamp, inCrop, updatedStamp } from '../../../platform/tenant';
import { signedFileUrl, sysFile } from '../../common';
import { sysUser, tally } from '../../system';
import { germLot } from '../lot/lot.tables';
import { q3 } from '../scope';
import { germGermplasm } from './germplasm.tables';
import { allocateAccessionNo } from '../series/series.service';

const G = germGermplasm;
const female = alias(germGermplasm, 'female_parent');
const male = alias(germGermplasm, 'male_parent');

const columns = {
  id: G.id,
  cropId: G.cropId,
  accessionNo: G.accessionNo,
  name: G.name,
  synonyms: G.synonyms,
  type: G.type,
  origin: G.origin,
  source: G.source,
  generation: G.generation,
  femaleParentId: G.femaleParentId,
  femaleParentName: female.name,
  femaleParentAccession: female.accessionNo,
  maleParentId: G.maleParentId,
  maleParentName: male.name,
  maleParentAccession: male.accessionNo,
  pedigree: G.pedigree,
  introducedOn: G.introducedOn,
  remark: G.remark,
  createdBy: sysUser.nickName,
  createdAt: G.createdAt,
  updatedAt: G.updatedAt,
};

/** The columns behind the list's declared filter and sort keys (`germplasmList` in the contracts). */
const list = listColumns(germplasmList, {
  filters: {
    accessionNo: G.accessionNo,
    name: G.name,
    type: G.type,
    origin: G.origin,
    source: G.source,
    generation: G.generation,
    pedigree: G.pedigree,
    remark: G.remark,
    introducedOn: G.introducedOn,
    createdAt: G.createdAt,
  },
  sort: {
    accessionNo: G.accessionNo,
    name: G.name,
    type: G.type,
    origin: G.origin,
    source: G.source,
    generation: G.generation,
    introducedOn: G.introducedOn,
    createdAt: G.createdAt,
    updatedAt: G.updatedAt,
  },
});

/**
 * The searched columns joined by U+001F: `search_text` (migration 0035, stored, generated, with a trigram
 * index) finds a keyword with three letters or digits in a row (pg_trgm's trigrams come from such words);
 * `search_grams` (migration 0031: every character and pair of characters, lower case, in a GIN index)
 * finds the others ("郑单", "PH", "B-7"). Neither column is in the Drizzle schema. A keyword holds no
 * control character (`searchKeyword`), so a match never spans two columns, and its meaning is "some
 * searched column contains it", case-insensitive, wildcards literal: the ILIKE on `search_text`, or for a
 * keyword of one or two characters the grams alone (the keyword is then one gram of the index: an extra
 * ILIKE would only make the planner misjudge how many rows match).
 */
const searchText = sql`${G}.search_text`;
const searchGrams = sql`${G}.search_grams`;

/** The keyword as searched: control characters (the column separator among them) are dropped. */
// eslint-disable-next-line no-control-regex
export const searchKeyword = (keyword: string) => keyword.replace(/[\u0000-\u001f\u007f]/g, '');

const TRIGRAM_WORD = /[\p{L}\p{N}]{3}/u;

/** A keyword found through the pairs of characters (no trigram): its count stops at `SHORT_KEYWORD_COUNT_CAP`. */
const isShortKeyword = (keyword: string) => !TRIGRAM_WORD.test(searchKeyword(keyword));

export function keywordCondition(keyword: string) {
  const k = searchKeyword(keyword);
  const contains = ilike(searchText, likePattern(k));
  if (!isShortKeyword(k)) return contains;
  const grams = sql`${searchGrams} @> bw_keyword_grams(${k})`;
  return [...k].length <= 2 ? grams : and(grams, contains);
}

function listWhere(ctx: RequestContext, q: GermplasmExportQuery) {
  const stocked = exists(sql`(select 1 from ${germLot} where ${germLot.germplasmId} = ${G.id} and ${germLot.quantity} > 0)`);
  return and(
    inCrop(G, ctx),
    q.type ? eq(G.type, q.type) : undefined,
    q.inStock === 'true' ? stocked : q.inStock === 'false' ? not(stocked) : undefined,
    q.keyword ? keywordCondition(q.keyword) : undefined,
    filterConditions(q.filters, list.filters),
  );
}

/** Stock per unit of each row, read in the same query (a correlated subquery over germ_lot_germplasm_idx). */
const stockColumn = sql<{ unit: string; quantity: string | number; lots: number }[]>`(
  select coalesce(json_agg(json_build_object('unit', s.unit, 'quantity', s.quantity, 'lots', s.lots) order by s.unit), '[]'::json)
  from (select ${germLot.unit} as unit, sum(${germLot.quantity})::text as quantity, count(*) as lots
        from ${germLot} where ${germLot.germplasmId} = ${G.id} group by ${germLot.unit}) s)`;

type RawRow = Omit<GermplasmRow, 'createdAt' | 'updatedAt' | 'lotCount' | 'stock'> & {
  createdAt: Date;
  updatedAt: Date;
  stock: { unit: string; quantity: string | number; lots: number }[] | string;
};

function withStock(rows: RawRow[]): GermplasmRow[] {
  return rows.map(({ stock: raw, ...r }) => {
    const mine = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { unit: string; quantity: string | number; lots: number }[];
    return {
      ...r,
      lotCount: mine.reduce((n, s) => n + Number(s.lots), 0),
      stock: mine.map((s) => ({ unit: s.unit as GermplasmRow['stock'][number]['unit'], quantity: q3(s.quantity) })),
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
    };
  });
}

const baseSelect = (db: DbOrTx) =>
  db
    .select({ ...columns, stock: stockColumn })
    .from(G)
    .leftJoin(female, eq(female.id, G.femaleParentId))
    .leftJoin(male, eq(male.id, G.maleParentId))
    .leftJoin(sysUser, eq(sysUser.id, G.createdBy));

export async function countGermplasm(db: DbOrTx, ctx: RequestContext, q: GermplasmExportQuery): Promise<number> {
  const [{ total }] = await db.select({ total: count() }).from(G).where(listWhere(ctx, q));
  return Number(total);
}

export async function listGermplasm(db: DbOrTx, ctx: RequestContext, q: GermplasmPageParsed) {
  const where = listWhere(ctx, q);
  const order = orderBy(q, list.sortable, [desc(G.updatedAt)], G.id);
  if (q.keyword) return keywordPage(db, { ...q, keyword: q.keyword }, where, order);
  const [rows, count] = await Promise.all([
    pageRows(db, where, order, pageWindow(q)),
    // Without a filter, the total is the crop's tally (kept by triggers), not a count of every row; with
    // one, the matches are counted up to the cap.
    !q.type && !q.inStock && !q.filters?.length
      ? tally(db, 'germ_germplasm', requireOrg(ctx), requireCrop(ctx)).then((total) => ({ total }))
      : cappedCount(db, db.select(matchRow).from(G).where(where), countCap(q)),
  ]);
  return { rows: withStock(rows), ...count };
}

/**
 * A page of the list: the page's ids first, from the accessions alone, then the parents, the creator and
 * the stock of those rows (`rowsById`). As one query the planner, misjudging how many rows a keyword
 * matches, joined every match before sorting (2,162 matches of "京科9" joined for 20 rows: 18 ms instead
 * of 5), and planned the five-table join with a page limit on every call; the join by ids is planned once
 * per connection (a prepared statement).
 */
async function pageRows(db: DbOrTx, where: SQL | undefined, order: SQL[], { limit, offset }: { limit: number; offset: number }) {
  const ids = await db
    .select({ id: G.id })
    .from(G)
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
  return rowsById(
    db,
    ids.map((r) => r.id),
    order,
  );
}

/** The rows of these accessions, with parents, creator and stock, in the list's order. */
async function rowsById(db: DbOrTx, ids: number[], order: SQL[]) {
  return ids.length
    ? baseSelect(db)
        .where(inArray(G.id, ids))
        .orderBy(...order)
    : [];
}

/**
 * A keyword's page and count in one pass over its matches, when they are few: the search index finds at
 * most cap + 1 of them (with the columns the list sorts on), the count is theirs, and when they are within
 * the cap the page is sorted from them and its rows read by id. Only a keyword matching more than the cap
 * reads its page again, along the sort order (its matches are then dense). Left to itself, the planner
 * walked the newest accessions for "LD00123" (600 matches in 200,000, estimated 2,000), filtering 12,807 of
 * them to fill a page: 30 ms, against 5 for the index lookup.
 */
async function keywordPage(db: DbOrTx, q: GermplasmPageParsed & { keyword: string }, where: SQL | undefined, order: SQL[]) {
  const { limit, offset } = pageWindow(q);
  const cap = countCap(q, isShortKeyword(q.keyword) ? SHORT_KEYWORD_COUNT_CAP : KEYWORD_COUNT_CAP);
  // The matches are named as the table in the second select, so the sort's column references fit them.
  const res = await db.execute<{ id: number | null; n: number | null }>(sql`
    with m as materialized (
      select ${G.id}, ${G.accessionNo}, ${G.name}, ${G.type}, ${G.origin}, ${G.source}, ${G.generation},
             ${G.introducedOn}, ${G.createdAt}, ${G.updatedAt}
      from ${G} where ${where} limit ${cap + 1})
    select null::integer as id, (select count(*) from m)::integer as n
    union all
    (select ${G.id}, null from m as ${G} order by ${sql.join(order, sql`, `)} limit ${limit} offset ${offset})`);
  const found = (res as unknown as { rows: { id: number | null; n: number | null }[] }).rows;
  const n = Number(found.find((r) => r.id === null)?.n ?? 0);
  if (n > cap) return { rows: withStock(await pageRows(db, where, order, { limit, offset })), total: cap, totalCapped: true as const };
  const ids = found.filter((r) => r.id !== null).map((r) => Number(r.id));
  return { rows: withStock(await rowsById(db, ids, order)), total: n };
}

export async function getGermplasmRow(db: DbOrTx, ctx: RequestContext, id: number): Promise<GermplasmRow> {
  const [row] = await baseSelect(db).where(and(inCrop(G, ctx), eq(G.id, id)));
  if (!row) throw notFound();
  return withStock([row])[0];
}

async function fileRefs(db: DbOrTx, ctx: RequestContext, ids: string[]): Promise<FileRef[]> {
  if (!ids.length) return [];
  const files = await db
    .select({ id: sysFile.id, name: sysFile.originalName })
    .from(sysFile)
    .where(and(eq(sysFile.orgId, ctx.orgId!), inArray(sysFile.id, ids), isNull(sysFile.deletedAt)));
  const byId = new Map(files.map((f) => [f.id, f]));
  const out: FileRef[] = [];
  for (const id of ids) {
    const f = byId.get(id);
    if (f) out.push({ fileId: f.id, fileName: f.name, url: await signedFileUrl(db, f.id, f.name) });
  }
  return out;
}

export async function getGermplasm(db: DbOrTx, ctx: RequestContext, id: number): Promise<GermplasmDetail> {
  // The record (with its attributes and files), its offspring count and its ancestry at once.
  const [[found], [{ children }], records] = await Promise.all([
    db
      .select({ ...columns, stock: stockColumn, attributes: G.attributes, imageIds: G.imageIds, documentIds: G.documentIds })
      .from(G)
      .leftJoin(female, eq(female.id, G.femaleParentId))
      .leftJoin(male, eq(male.id, G.maleParentId))
      .leftJoin(sysUser, eq(sysUser.id, G.createdBy))
      .where(and(inCrop(G, ctx), eq(G.id, id))),
    db
      .select({ children: count() })
      .from(G)
      .where(and(inCrop(G, ctx), or(eq(G.femaleParentId, id), eq(G.maleParentId, id)))),
    ancestorRecords(db, ctx, [id], 13),
  ]);
  if (!found) throw notFound();
  const { attributes, imageIds, documentIds, ...raw } = found;
  return {
    ...withStock([raw])[0],
    attributes,
    images: await fileRefs(db, ctx, imageIds),
    documents: await fileRefs(db, ctx, documentIds),
    generatedPedigree: generatePurdy(records, id, { depth: 6 }).purdy,
    childCount: Number(children),
  };
}

interface AncestorRow extends ParentRecord {
  id: number;
  accessionNo: string;
  type: GermplasmRow['type'];
  generation: string | null;
  pedigree: string | null;
}

/** The records and their ancestors up to `depth` generations, in one recursive query (cycles stop at the depth). */
export async function ancestorRecords(db: DbOrTx, ctx: RequestContext, ids: number[], depth: number): Promise<AncestorRow[]> {
  if (!ids.length) return [];
  const orgId = ctx.orgId!;
  const cropId = requireCrop(ctx);
  const rows = await db.execute(sql`
    with recursive anc(id, d) as (
      select g.id, 0 from ${G} g where g.id in (${sql.join(
        ids.map((i) => sql`${i}`),
        sql`, `,
      )}) and g.org_id = ${orgId} and g.crop_id = ${cropId}
      union
      select p.id, a.d + 1 from anc a
        join ${G} c on c.id = a.id
        join ${G} p on p.id in (c.female_parent_id, c.male_parent_id) and p.org_id = ${orgId}
      where a.d < ${depth}
    )
    select g.id, g.name, g.accession_no, g.type, g.generation, g.pedigree, g.female_parent_id, g.male_parent_id
    from ${G} g where g.id in (select distinct id from anc)`);
  // Both drivers answer { rows }.
  return mapAncestors((rows as unknown as { rows: Record<string, unknown>[] }).rows);
}

function mapAncestors(rows: Record<string, unknown>[]): AncestorRow[] {
  return rows.map((r) => ({
    id: Number(r.id),
    name: String(r.name),
    accessionNo: String(r.accession_no),
    type: r.type as GermplasmRow['type'],
    generation: (r.generation as string | null) ?? null,
    pedigree: (r.pedigree as string | null) ?? null,
    female: r.female_parent_id === null ? null : Number(r.female_parent_id),
    male: r.male_parent_id === null ? null : Number(r.male_parent_id),
    keepName: FIXED_GERMPLASM_TYPES.includes(r.type as GermplasmRow['type']),
  }));
}

export async function pedigreeGraph(db: DbOrTx, ctx: RequestContext, id: number, depth: number): Promise<PedigreeGraph> {
  await getGermplasmRow(db, ctx, id);
  const records = await ancestorRecords(db, ctx, [id], depth + 10);
  const { nodes, edges } = ancestry(records, id, depth);
  const generated = generatePurdy(records, id, { depth });
  const children = await db
    .select({ id: G.id, accessionNo: G.accessionNo, name: G.name, type: G.type, generation: G.generation, pedigree: G.pedigree })
    .from(G)
    .where(and(inCrop(G, ctx), or(eq(G.femaleParentId, id), eq(G.maleParentId, id))))
    .orderBy(asc(G.accessionNo))
    .limit(200);
  const node = (r: ParentRecord) => {
    const a = r as AncestorRow;
    return { id: a.id, accessionNo: a.accessionNo, name: a.name, type: a.type, generation: a.generation, pedigree: a.pedigree };
  };
  return {
    rootId: id,
    purdy: generated.purdy,
    truncated: generated.truncated,
    nodes: nodes.map(node),
    edges: edges.map((e) => ({ child: Number(e.child), parent: Number(e.parent), role: e.role })),
    children,
  };
}

/** Parent pickers: records of the current crop by accession or name. */
export async function germplasmOptions(db: DbOrTx, ctx: RequestContext, q: { keyword?: string; ids?: string }): Promise<GermplasmOption[]> {
  const ids = q.ids ? q.ids.split(',').map(Number).slice(0, 200) : null;
  const search = keywordSearch(q.keyword, [G.accessionNo, G.name]);
  return db
    .select({ id: G.id, accessionNo: G.accessionNo, name: G.name, type: G.type, generation: G.generation })
    .from(G)
    .where(and(inCrop(G, ctx), ids ? inArray(G.id, ids) : undefined, search.where))
    .orderBy(...search.rank, asc(G.accessionNo))
    .limit(ids ? 200 : 30);
}

/** Checks a Purdy string and finds the records of this crop that its names refer to. */
export async function checkPedigree(db: DbOrTx, ctx: RequestContext, text: string): Promise<PedigreeCheckResult> {
  const parsed = tryParsePurdy(text);
  if (!parsed.ok) {
    return { ok: false, normalized: null, error: { code: parsed.error.code, position: parsed.error.position, message: parsed.error.message }, names: [] };
  }
  const names = pedigreeNames(parsed.pedigree).slice(0, 100);
  const found = names.length
    ? await db
        .select({ id: G.id, accessionNo: G.accessionNo, name: G.name, type: G.type, generation: G.generation })
        .from(G)
        .where(and(inCrop(G, ctx), or(inArray(G.name, names), inArray(G.accessionNo, names))))
        .limit(500)
    : [];
  return {
    ok: true,
    normalized: formatPurdy(parsed.pedigree),
    error: null,
    names: names.map((name) => ({ name, matches: found.filter((f) => f.name === name || f.accessionNo === name) })),
  };
}

async function guardAccession<T>(accessionNo: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err, 'germ_germplasm_accession_uq')) throw conflict('GERM_ACCESSION_EXISTS', { accessionNo });
    throw err;
  }
}

/** Parents must be records of this crop, and never this record or its descendants. */
async function checkParents(
  db: DbOrTx,
  ctx: RequestContext,
  input: Pick<GermplasmInput, 'femaleParentId' | 'maleParentId'>,
  selfId: number | null,
): Promise<Map<number, AncestorRow>> {
  const parentIds = [input.femaleParentId, input.maleParentId].filter((p): p is number => p !== null);
  const records = await ancestorRecords(db, ctx, parentIds, 60);
  const byId = new Map(records.map((r) => [r.id, r]));
  for (const [key, pid] of [
    ['femaleParentId', input.femaleParentId],
    ['maleParentId', input.maleParentId],
  ] as const) {
    if (pid === null) continue;
    const field = fieldName(key, ctx.locale);
    if (!byId.has(pid)) throw new AppError(400, 'GERM_PARENT_NOT_FOUND', { field, value: pid });
    if (selfId !== null && wouldCreateCycle(records, selfId, pid)) throw new AppError(400, 'GERM_PARENT_CYCLE', { field, name: byId.get(pid)!.name });
  }
  return byId;
}

async function checkFiles(db: DbOrTx, ctx: RequestContext, input: Pick<GermplasmInput, 'imageIds' | 'documentIds'>) {
  const ids = [...new Set([...input.imageIds, ...input.documentIds])];
  if (!ids.length) return;
  const found = await db
    .select({ id: sysFile.id })
    .from(sysFile)
    .where(and(eq(sysFile.orgId, ctx.orgId!), inArray(sysFile.id, ids), isNull(sysFile.deletedAt)));
  if (found.length !== ids.length) throw notFound();
}

/** The stored pedigree: as typed, or written from the parents when they are known and nothing was typed. */
async function pedigreeFor(db: DbOrTx, ctx: RequestContext, input: GermplasmInput, parents: Map<number, AncestorRow>): Promise<string | null> {
  if (input.pedigree) return input.pedigree;
  if (input.femaleParentId === null || input.maleParentId === null) return null;
  const root: ParentRecord = { id: -1, name: input.name, female: input.femaleParentId, male: input.maleParentId };
  return generatePurdy([...parents.values(), root], -1, { depth: 6 }).purdy;
}

/**
 * Registers a record in the caller's transaction: without an accession number of its own, the next of the
 * crop's series (allocated in this transaction, so a refused registration gives it back).
 */
export async function createGermplasm(db: DbOrTx, ctx: RequestContext, body: GermplasmCreateInput): Promise<GermplasmDetail> {
  const cropId = requireCropWrite(ctx);
  const parents = await checkParents(db, ctx, body, null);
  await checkFiles(db, ctx, body);
  const input: GermplasmInput = { ...body, accessionNo: body.accessionNo ?? (await allocateAccessionNo(db, ctx)) };
  const pedigree = await pedigreeFor(db, ctx, input, parents);
  const [row] = await guardAccession(input.accessionNo, () =>
    db
      .insert(G)
      .values({ ...pick(input), pedigree, cropId, ...createdStamp(ctx) })
      .returning({ id: G.id }),
  );
  return getGermplasm(db, ctx, row.id);
}

export async function updateGermplasm(db: DbOrTx, ctx: RequestContext, input: GermplasmInput & { id: number }): Promise<GermplasmDetail> {
  requireCropWrite(ctx);
  await getGermplasmRow(db, ctx, input.id);
  const parents = await checkParents(db, ctx, input, input.id);
  await checkFiles(db, ctx, input);
  const pedigree = await pedigreeFor(db, ctx, input, parents);
  await guardAccession(input.accessionNo, () =>
    db
      .update(G)
      .set({ ...pick(input), pedigree, ...updatedStamp(ctx) })
      .where(and(inCrop(G, ctx), eq(G.id, input.id))),
  );
  return getGermplasm(db, ctx, input.id);
}

export async function deleteGermplasm(db: DbOrTx, ctx: RequestContext, id: number): Promise<void> {
  requireCropWrite(ctx);
  await getGermplasmRow(db, ctx, id);
  const [{ lots }] = await db.select({ lots: count() }).from(germLot).where(eq(germLot.germplasmId, id));
  const [{ children }] = await db
    .select({ children: count() })
    .from(G)
    .where(or(eq(G.femaleParentId, id), eq(G.maleParentId, id)));
  if (Number(lots) > 0 || Number(children) > 0) throw conflict('GERM_IN_USE', { lots: Number(lots), children: Number(children) });
  await db.delete(G).where(and(inCrop(G, ctx), eq(G.id, id)));
}

/** Accession numbers of this crop among the given ones (import checks). */
export async function existingAccessions(db: DbOrTx, ctx: RequestContext, accessions: string[]): Promise<Map<string, { id: number; name: string }>> {
  const found = new Map<string, { id: number; name: string }>();
  // In slices: a statement holds at most 65,535 parameters, and an import of 100,000 rows names more.
  for (let at = 0; at < accessions.length; at += 10_000) {
    const rows = await db
      .select({ id: G.id, accessionNo: G.accessionNo, name: G.name })
      .from(G)
      .where(and(inCrop(G, ctx), inArray(G.accessionNo, accessions.slice(at, at + 10_000))));
    for (const r of rows) found.set(r.accessionNo, { id: r.id, name: r.name });
  }
  return found;
}

/**
 * Inserts imported rows in the import's transaction. A row without an accession number takes the next of
 * the crop's series, exactly as a registration does (allocated in this transaction, so a failed import
 * gives the numbers back). Rows that name their number go first: a number the series would hand out
 * later in the file is then seen as taken and skipped, never given twice. Rows without a number cannot
 * be named as a parent, so the order changes no parent reference.
 */
export async function insertGermplasmRows(
  db: DbOrTx,
  ctx: RequestContext,
  rows: (Omit<GermplasmInput, 'accessionNo' | 'femaleParentId' | 'maleParentId'> & {
    accessionNo: string | null;
    femaleParent: string | null;
    maleParent: string | null;
  })[],
): Promise<void> {
  const cropId = requireCropWrite(ctx);
  const refs = [...new Set(rows.flatMap((r) => [r.femaleParent, r.maleParent]).filter((v): v is string => !!v))];
  const known = await existingAccessions(db, ctx, refs);
  const ordered = [...rows.filter((r) => r.accessionNo), ...rows.filter((r) => !r.accessionNo)];
  for (const row of ordered) {
    const r = { ...row, accessionNo: row.accessionNo || (await allocateAccessionNo(db, ctx)) };
    const f = r.femaleParent ? (known.get(r.femaleParent) ?? null) : null;
    const m = r.maleParent ? (known.get(r.maleParent) ?? null) : null;
    const pedigree =
      r.pedigree ??
      (f && m
        ? formatPurdy({
            kind: 'cross',
            parents: [
              { kind: 'name', name: f.name },
              { kind: 'name', name: m.name },
            ],
          })
        : null);
    const [created] = await db
      .insert(G)
      .values({ ...pick({ ...r, femaleParentId: f?.id ?? null, maleParentId: m?.id ?? null }), pedigree, cropId, ...createdStamp(ctx) })
      .returning({ id: G.id });
    known.set(r.accessionNo, { id: created.id, name: r.name });
  }
}

/** Only the fields a user may write: ids, organisation, crop and audit columns never come from the body. */
function pick(input: GermplasmInput) {
  return {
    accessionNo: input.accessionNo,
    name: input.name,
    synonyms: input.synonyms,
    type: input.type,
    origin: input.origin,
    source: input.source,
    generation: input.generation,
    femaleParentId: input.femaleParentId,
    maleParentId: input.maleParentId,
    introducedOn: input.introducedOn,
    attributes: input.attributes,
    imageIds: input.imageIds,
    documentIds: input.documentIds,
    remark: input.remark,
  };
}
