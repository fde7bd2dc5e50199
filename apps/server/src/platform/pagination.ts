import { asc, desc, ilike, or, sql, type AnyColumn, type SQL, type Subquery } from 'drizzle-orm';
import { COUNT_CAP, KEYWORD_COUNT_CAP, KEYWORD_PAGES_AHEAD, type PageQuery } from '@breedwise/contracts';
import type { DbOrTx } from '../db/client';

export function pageWindow(q: Pick<PageQuery, 'pageNum' | 'pageSize'>): { limit: number; offset: number } {
  return { limit: q.pageSize, offset: (q.pageNum - 1) * q.pageSize };
}

/**
 * The ORDER BY for a list: only allow-listed columns can be sorted on, and the id breaks ties so
 * paging is stable. An unknown column falls back to the default order rather than failing.
 */
export function orderBy(q: Pick<PageQuery, 'orderByColumn' | 'isAsc'>, sortable: Record<string, AnyColumn>, fallback: SQL[], tieBreaker: AnyColumn): SQL[] {
  // Own keys only: `toString` or `constructor` are not columns.
  const column = q.orderByColumn && Object.hasOwn(sortable, q.orderByColumn) ? sortable[q.orderByColumn] : undefined;
  if (!column) return [...fallback, asc(tieBreaker)];
  const ascending = q.isAsc === undefined || q.isAsc === 'asc' || q.isAsc === 'ascending';
  return [ascending ? asc(column) : desc(column), asc(tieBreaker)];
}

/** Escapes the LIKE wildcards of a text so that it is matched literally. */
export const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A LIKE pattern finding the keyword anywhere, matched literally. */
export function likePattern(keyword: string): string {
  return `%${escapeLike(keyword)}%`;
}

/**
 * The keyword search of the remote selects (every `.../options` endpoint): rows whose columns contain the
 * keyword (case-insensitive, wildcards literal), ranked by their best column: an exact match first, then
 * a prefix, then anywhere. Typing "郑58" lists 郑58 before 郑58×Mo17. Without a keyword, no condition and
 * no rank: the endpoint's own order applies.
 */
export function keywordSearch(keyword: string | undefined, columns: AnyColumn[]): { where: SQL | undefined; rank: SQL[] } {
  const k = keyword?.trim();
  if (!k || !columns.length) return { where: undefined, rank: [] };
  const anywhere = likePattern(k);
  const prefix = `${escapeLike(k)}%`;
  const where = or(...columns.map((c) => ilike(c, anywhere)));
  const ranks = columns.map((c) => sql`case when lower(${c}) = lower(${k}) then 0 when ${c} ilike ${prefix} then 1 else 2 end`);
  const best = ranks.length === 1 ? ranks[0] : sql`least(${sql.join(ranks, sql`, `)})`;
  return { where, rank: [asc(best)] };
}

/** A select of the matching rows (any columns, joins allowed), before its limit. */
interface MatchQuery {
  limit(n: number): { as(alias: string): Subquery };
}

/**
 * The number of rows a list's filter matches, counted up to `cap` (`COUNT_CAP`): past it the count stops
 * and answers `{total: cap, totalCapped: true}`, so a filter matching most of a 200,000-row table costs at
 * most `cap` index entries, not a visit of every match. `matches` selects the rows (e.g.
 * `db.select({ one: sql`1` }).from(t).where(w)`); lists spread the result into their page.
 */
export async function cappedCount(db: DbOrTx, matches: MatchQuery, cap = COUNT_CAP): Promise<{ total: number; totalCapped?: true }> {
  const [row] = await db.select({ n: sql<string>`count(*)` }).from(matches.limit(cap + 1).as('matches'));
  const n = Number(row?.n ?? 0);
  return n > cap ? { total: cap, totalCapped: true } : { total: n };
}

/**
 * The cap of a list's count. A filter's matches are counted up to `COUNT_CAP`. A keyword's up to
 * `keywordCap` (`KEYWORD_COUNT_CAP` unless the list says otherwise) or ten pages past the page asked,
 * whichever is more (never past `COUNT_CAP`): each candidate is read to check it, and the pages ahead stay
 * reachable as the user pages on ("more than 1,000" on page 1, "more than 1,200" on page 51 of 20 rows).
 */
export function countCap(q: { keyword?: string | null; pageNum?: number; pageSize?: number }, keywordCap = KEYWORD_COUNT_CAP): number {
  if (!q.keyword) return COUNT_CAP;
  const ahead = ((q.pageNum ?? 1) + KEYWORD_PAGES_AHEAD - 1) * (q.pageSize ?? 0);
  return Math.min(COUNT_CAP, Math.max(keywordCap, ahead));
}

/** `db.select({ one: 1 })`: the select list of a count's matches. */
export const matchRow = { one: sql<number>`1` };
