import { and, eq, gt, gte, ilike, inArray, isNull, lt, lte, ne, not, notInArray, or, sql, type SQL, type AnyColumn } from 'drizzle-orm';
import { decodeFilterValue, FILTER_OPERATORS, type FilterFieldType, type FilterItem } from '@breedwise/contracts';
import { AppError } from './errors';

/** A field a list may be filtered by: the column it reads, its drawer type, and whether it may repeat. */
export interface FilterableField {
  column: AnyColumn;
  type: FilterFieldType;
  repeatable?: boolean;
}

const escapeLike = (v: string) => v.replace(/[\\%_]/g, (c) => `\\${c}`);
const DATE = /^\d{4}-\d{2}-\d{2}$/;

function nextDay(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/**
 * Turns the filter drawer's `{key, value|operator}` list into SQL conditions: only allow-listed
 * fields, only the operators of their type (spec section 9), values bound as parameters. Anything
 * else is a 400 naming the field and what is allowed.
 */
export function filterConditions(filters: FilterItem[] | undefined, fields: Record<string, FilterableField>): SQL | undefined {
  if (!filters?.length) return undefined;
  const seen = new Set<string>();
  const conditions: SQL[] = [];
  for (const item of filters) {
    const field = fields[item.key];
    if (!field) throw new AppError(400, 'FILTER_FIELD_UNKNOWN', { field: item.key });
    if (seen.has(item.key) && !field.repeatable) throw new AppError(400, 'FILTER_FIELD_REPEATED', { field: item.key });
    seen.add(item.key);
    const { value, operator: raw } = decodeFilterValue(item.value);
    const allowed = FILTER_OPERATORS[field.type] as readonly string[];
    const operator = raw ?? allowed[0];
    if (!allowed.includes(operator)) {
      throw new AppError(400, 'FILTER_OPERATOR_INVALID', { field: item.key, operator, allowed: allowed.join(', ') });
    }
    const c = field.column;
    const invalid = (rule: string) => new AppError(400, 'FILTER_VALUE_INVALID', { field: item.key, value: value.slice(0, 50), rule });
    switch (field.type) {
      case 'text': {
        const v = escapeLike(value);
        const byOp: Record<string, SQL> = {
          eq: eq(c, value),
          ne: or(ne(c, value), isNull(c))!,
          like: ilike(c, `%${v}%`),
          notLike: or(not(ilike(c, `%${v}%`)), isNull(c))!,
          begins: ilike(c, `${v}%`),
          notBegins: or(not(ilike(c, `${v}%`)), isNull(c))!,
          ends: ilike(c, `%${v}`),
          notEnds: or(not(ilike(c, `%${v}`)), isNull(c))!,
        };
        conditions.push(byOp[operator]);
        break;
      }
      case 'select': {
        const values = value.split(',').map((v) => v.trim()).filter(Boolean);
        if (values.length === 0) throw invalid('empty');
        if (values.length > 200) throw invalid('at most 200 values');
        conditions.push(operator === 'eq' ? inArray(c, values) : or(notInArray(c, values), isNull(c))!);
        break;
      }
      case 'number': {
        const n = Number(value);
        if (value.trim() === '' || !Number.isFinite(n)) throw invalid('a number');
        const byOp: Record<string, SQL> = { eq: eq(c, n), ne: or(ne(c, n), isNull(c))!, gt: gt(c, n), ge: gte(c, n), lt: lt(c, n), le: lte(c, n) };
        conditions.push(byOp[operator]);
        break;
      }
      case 'date': {
        const [from, to] = value.split(',').map((v) => v.trim());
        if (!DATE.test(from ?? '') || !DATE.test(to ?? '') || from > to) throw invalid('YYYY-MM-DD,YYYY-MM-DD');
        // Both days included: from the start of `from` to the end of `to`.
        conditions.push(and(gte(c, sql`${from}::date`), lt(c, sql`${nextDay(to)}::date`))!);
        break;
      }
    }
  }
  return and(...conditions);
}
