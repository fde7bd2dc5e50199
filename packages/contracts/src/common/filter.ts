import type { Translations } from '../errors';

/** Field types of the filter drawer and the operators each offers (spec section 9, exactly). */
export const FILTER_OPERATORS = {
  text: ['eq', 'ne', 'like', 'notLike', 'begins', 'notBegins', 'ends', 'notEnds'],
  select: ['eq', 'ne'],
  number: ['eq', 'ne', 'gt', 'ge', 'lt', 'le'],
  date: ['between'],
} as const;

export type FilterFieldType = keyof typeof FILTER_OPERATORS;
export type FilterOperator = (typeof FILTER_OPERATORS)[FilterFieldType][number];

export const FILTER_SEPARATOR = '|';

export const filterOperatorLabels: Record<FilterOperator, Translations> = {
  eq: { 'zh-CN': '等于', en: 'equals' },
  ne: { 'zh-CN': '不等于', en: 'does not equal' },
  like: { 'zh-CN': '包含', en: 'contains' },
  notLike: { 'zh-CN': '不包含', en: 'does not contain' },
  begins: { 'zh-CN': '开头是', en: 'begins with' },
  notBegins: { 'zh-CN': '开头不是', en: 'does not begin with' },
  ends: { 'zh-CN': '结尾是', en: 'ends with' },
  notEnds: { 'zh-CN': '结尾不是', en: 'does not end with' },
  gt: { 'zh-CN': '大于', en: 'greater than' },
  ge: { 'zh-CN': '大于等于', en: 'greater or equal' },
  lt: { 'zh-CN': '小于', en: 'less than' },
  le: { 'zh-CN': '小于等于', en: 'less or equal' },
  between: { 'zh-CN': '介于', en: 'between' },
};

/**
 * Why a filter value was refused: the `{rule}` of FILTER_VALUE_INVALID, in both languages. `{min}`,
 * `{max}` are filled in by the server.
 */
export const filterValueRules = {
  empty: { 'zh-CN': '没有值', en: 'no value was given' },
  tooMany: { 'zh-CN': '最多 {max} 个值', en: 'at most {max} values are allowed' },
  number: { 'zh-CN': '应为数字', en: 'it must be a number' },
  integer: { 'zh-CN': '应为 {min} 到 {max} 之间的整数', en: 'it must be a whole number from {min} to {max}' },
  date: {
    'zh-CN': '应为两个真实存在的日期 YYYY-MM-DD,YYYY-MM-DD（年份 0001–9999），且前者不晚于后者',
    en: 'it must be two real calendar dates YYYY-MM-DD,YYYY-MM-DD (years 0001 to 9999), the first not after the second',
  },
  nul: { 'zh-CN': '不能含有空字符（\\0）', en: 'it must not contain a NUL character (\\0)' },
  unicode: { 'zh-CN': '含有无效的 Unicode 字符（不成对的代理项）', en: 'it holds invalid Unicode (an unpaired surrogate)' },
} satisfies Record<string, Translations>;
export type FilterValueRule = keyof typeof filterValueRules;

/** A filterable field as a screen declares it and the server allow-lists it. */
export interface FilterFieldDef {
  key: string;
  type: FilterFieldType;
  /** May the field appear more than once in one filter? */
  repeatable?: boolean;
}

/**
 * `value|operator` as the drawer sends it (spec section 7). Multi-select values and date ranges are
 * comma-joined before the separator.
 */
export function encodeFilterValue(value: string | string[], operator?: FilterOperator): string {
  const text = Array.isArray(value) ? value.join(',') : value;
  return operator ? `${text}${FILTER_SEPARATOR}${operator}` : text;
}

/** Splits at the last separator, so values may themselves contain the separator. */
export function decodeFilterValue(encoded: string): { value: string; operator: string | null } {
  const at = encoded.lastIndexOf(FILTER_SEPARATOR);
  if (at < 0) return { value: encoded, operator: null };
  return { value: encoded.slice(0, at), operator: encoded.slice(at + 1) };
}
