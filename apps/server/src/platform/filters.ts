import { and, eq, gt, gte, ilike, inArray, isNull, lt, lte, ne, not, notInArray, or, sql, type SQL, type AnyColumn } from 'drizzle-orm';
import {
  decodeFilterValue,
  FILTER_OPERATORS,
  filterValueRules,
  formatMessage,
  type FilterFieldType,
  type FilterItem,
  type FilterValueRule,
  type ListSpec,
} from '@breedwise/contracts';
import { AppError } from './errors';
import { isWellFormed, toWellFormed } from './unicode';
import { escapeLike } from './pagination';

/** A field a list may be filtered by: the column it reads, its drawer type, and whether it may repeat. */
export interface FilterableField {
  column: AnyColumn;
  type: FilterFieldType;
  repeatable?: boolean;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The range of an integer column by its drizzle type; undefined for decimal and non-numeric columns. */
const INTEGER_RANGES: Record<string, readonly [number, number]> = {
  PgSmallInt: [-32768, 32767],
  PgSmallSerial: [1, 32767],
  PgInteger: [-2147483648, 2147483647],
  PgSerial: [1, 2147483647],
  PgBigInt53: [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER],
  PgBigSerial53: [1, Number.MAX_SAFE_INTEGER],
  PgBigInt64: [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER],
  PgBigSerial64: [1, Number.MAX_SAFE_INTEGER],
};
export function integerRange(column: AnyColumn): readonly [number, number] | undefined {
  return INTEGER_RANGES[(column as { columnType?: string }).columnType ?? ''];
}

/** True for a real calendar day YYYY-MM-DD with a year from 0001 to 9999 (PostgreSQL has no year 0). */
export function isCalendarDate(text: string): boolean {
  const m = DATE.exec(text);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y < 1 || mo < 1 || mo > 12 || d < 1) return false;
  const days = [31, (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0 ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][mo - 1];
  return d <= days;
}

/** A value as it may be shown in a message: at most 50 characters, no NUL, no broken Unicode. */
const shown = (v: string) => toWellFormed(v.slice(0, 50)).replace(/\0/g, '\uFFFD');

function rule(name: FilterValueRule, params: Record<string, unknown> = {}) {
  const r = filterValueRules[name];
  return { 'zh-CN': formatMessage(r['zh-CN'], params), en: formatMessage(r.en, params) };
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
    // Own keys only: `toString`, `__proto__` or `constructor` are not fields.
    const field = Object.hasOwn(fields, item.key) ? fields[item.key] : undefined;
    if (!field) throw new AppError(400, 'FILTER_FIELD_UNKNOWN', { field: shown(item.key) });
    if (seen.has(item.key) && !field.repeatable) throw new AppError(400, 'FILTER_FIELD_REPEATED', { field: item.key });
    seen.add(item.key);
    const { value, operator: raw } = decodeFilterValue(item.value);
    const invalid = (name: FilterValueRule, params: Record<string, unknown> = {}) =>
      new AppError(400, 'FILTER_VALUE_INVALID', { field: item.key, value: shown(value), rule: rule(name, params) });
    // The JSON of `filters` may decode to characters PostgreSQL text cannot hold.
    if (item.value.includes('\0')) throw invalid('nul');
    if (!isWellFormed(item.value)) throw invalid('unicode');
    const allowed = FILTER_OPERATORS[field.type] as readonly string[];
    const operator = raw ?? allowed[0];
    if (!allowed.includes(operator)) {
      throw new AppError(400, 'FILTER_OPERATOR_INVALID', { field: item.key, operator: shown(operator), allowed: allowed.join(', ') });
    }
    const c = field.column;
    const range = integerRange(c);
    const numberOf = (text: string): number => {
      const n = Number(text);
      if (text.trim() === '' || !Number.isFinite(n)) throw range ? invalid('integer', { min: range[0], max: range[1] }) : invalid('number');
      if (range && (!Number.isInteger(n) || n < range[0] || n > range[1])) throw invalid('integer', { min: range[0], max: range[1] });
      return n;
    };
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
        const values = value
          .split(',')
          .map((v) => v.trim())
          .filter(Boolean);
        if (values.length === 0) throw invalid('empty');
        if (values.length > 200) throw invalid('tooMany', { max: 200 });
        // A select over an integer column (a type or category id) takes whole numbers in the column's range.
        const typed = range ? values.map(numberOf) : values;
        conditions.push(operator === 'eq' ? inArray(c, typed) : or(notInArray(c, typed), isNull(c))!);
        break;
      }
      case 'number': {
        const n = numberOf(value);
        const byOp: Record<string, SQL> = { eq: eq(c, n), ne: or(ne(c, n), isNull(c))!, gt: gt(c, n), ge: gte(c, n), lt: lt(c, n), le: lte(c, n) };
        conditions.push(byOp[operator]);
        break;
      }
      case 'date': {
        const parts = value.split(',').map((v) => v.trim());
        const [from, to] = parts;
        if (parts.length !== 2 || !isCalendarDate(from) || !isCalendarDate(to) || from > to) throw invalid('date');
        // Both days included: from the start of `from` to the end of `to`.
        conditions.push(and(gte(c, sql`${from}::date`), lt(c, sql`(${to}::date + 1)`))!);
        break;
      }
    }
  }
  return and(...conditions);
}

/**
 * The columns behind a list's declared keys (`ListSpec` in the contracts): every filter key and every
 * sortable key must get a column, or this does not compile. The drawer and the server read the same keys.
 */
export function listColumns<F extends string, S extends string>(
  spec: ListSpec<F, S>,
  columns: { filters: Record<F, AnyColumn>; sort: Record<S, AnyColumn> },
): { filters: Record<string, FilterableField>; sortable: Record<string, AnyColumn> } {
  const filters: Record<string, FilterableField> = {};
  for (const key of Object.keys(spec.filters) as F[]) {
    filters[key] = { column: columns.filters[key], type: spec.filters[key].type, ...(spec.filters[key].repeatable ? { repeatable: true } : {}) };
  }
  listed.set(spec, filters);
  return { filters, sortable: { ...columns.sort } };
}

const listed = new WeakMap<ListSpec, Record<string, FilterableField>>();

/** The columns a list's declared filter keys read (as `listColumns` mapped them): the fuzz tests build typed values from them. */
export function listFilterFields(spec: ListSpec): Record<string, FilterableField> | undefined {
  return listed.get(spec);
}
