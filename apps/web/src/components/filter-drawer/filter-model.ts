import dayjs, { type Dayjs } from 'dayjs';
import {
  decodeFilterValue,
  encodeFilterValue,
  FILTER_OPERATORS,
  type FilterFieldType,
  type FilterItem,
  type FilterOperator,
  type ListSpec,
} from '@breedwise/contracts';

/** A field the drawer offers, as a screen declares it (the server allow-lists the same keys). */
export interface FilterFieldConfig {
  key: string;
  label: string;
  type: FilterFieldType;
  /** Choices of a select field; several may be picked (sent comma-joined). */
  options?: { value: string; label: string }[];
  /** May appear more than once (e.g. latitude > 20 and latitude < 40). */
  repeatable?: boolean;
}

export type RowValue = string | string[] | number | [Dayjs, Dayjs] | null | undefined;

export interface FilterRow {
  id: number;
  key?: string;
  operator?: FilterOperator;
  value?: RowValue;
}

let nextId = 1;
export const newRowId = () => nextId++;

export function operatorsOf(type: FilterFieldType): readonly FilterOperator[] {
  return FILTER_OPERATORS[type];
}

/** What a new row starts with: typing part of a name means "contains"; otherwise the first operator. */
export function defaultOperator(type: FilterFieldType): FilterOperator {
  return type === 'text' ? 'like' : FILTER_OPERATORS[type][0];
}

/** Fields still available for a new row: unused ones, and repeatable ones always. */
export function availableFields(fields: FilterFieldConfig[], rows: FilterRow[], exceptRowId?: number): FilterFieldConfig[] {
  const used = new Set(rows.filter((r) => r.id !== exceptRowId && r.key).map((r) => r.key!));
  return fields.filter((f) => f.repeatable || !used.has(f.key));
}

const isBlank = (v: RowValue) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);

/**
 * Rows to the list the server expects (spec section 7): `{key, value}` with `value|operator`;
 * multi-select values and date ranges comma-joined. Incomplete rows are left out.
 */
export function encodeRows(rows: FilterRow[], fields: FilterFieldConfig[]): FilterItem[] {
  const out: FilterItem[] = [];
  for (const row of rows) {
    const field = fields.find((f) => f.key === row.key);
    if (!field || isBlank(row.value)) continue;
    const operator = row.operator ?? defaultOperator(field.type);
    let text: string | string[];
    if (field.type === 'date') {
      const [from, to] = row.value as [Dayjs, Dayjs];
      text = [from.format('YYYY-MM-DD'), to.format('YYYY-MM-DD')];
    } else if (Array.isArray(row.value)) text = (row.value as string[]).map(String);
    else text = String(row.value).trim();
    out.push({ key: field.key, value: encodeFilterValue(text, operator) });
  }
  return out;
}

/** The list back to editable rows (the drawer reopened, or a saved filter loaded). */
export function decodeItems(items: FilterItem[], fields: FilterFieldConfig[]): FilterRow[] {
  return items.flatMap((item) => {
    const field = fields.find((f) => f.key === item.key);
    if (!field) return [];
    const { value, operator } = decodeFilterValue(item.value);
    const allowed = operatorsOf(field.type) as readonly string[];
    const op = (operator && allowed.includes(operator) ? operator : allowed[0]) as FilterOperator;
    let v: RowValue = value;
    if (field.type === 'select') v = value.split(',').filter(Boolean);
    if (field.type === 'number') v = Number(value);
    if (field.type === 'date') {
      const [a, b] = value.split(',');
      v = [dayjs(a), dayjs(b)];
    }
    return [{ id: newRowId(), key: field.key, operator: op, value: v }];
  });
}

/**
 * The drawer's fields of a list, from the keys its endpoint declares (`api.doe.location.page.endpoint.list`):
 * the screen adds only the labels (one per key, checked by the compiler) and the choices of select fields.
 */
export function fieldsFromSpec<F extends string>(
  spec: ListSpec<F, string>,
  labels: Record<F, string>,
  options: Partial<Record<F, { value: string; label: string }[]>> = {},
): FilterFieldConfig[] {
  return (Object.keys(spec.filters) as F[]).map((key) => ({
    key,
    label: labels[key],
    type: spec.filters[key].type,
    ...(spec.filters[key].repeatable ? { repeatable: true } : {}),
    ...(options[key] ? { options: options[key] } : {}),
  }));
}
