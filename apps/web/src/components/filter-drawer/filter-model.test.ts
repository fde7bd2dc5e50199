import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { availableFields, decodeItems, encodeRows, operatorsOf, type FilterFieldConfig, type FilterRow } from './filter-model';

const fields: FilterFieldConfig[] = [
  { key: 'name', label: 'Name', type: 'text' },
  {
    key: 'status',
    label: 'Status',
    type: 'select',
    options: [
      { value: 'enabled', label: 'On' },
      { value: 'disabled', label: 'Off' },
    ],
  },
  { key: 'latitude', label: 'Latitude', type: 'number', repeatable: true },
  { key: 'createdAt', label: 'Created', type: 'date' },
];

describe('filter encoding', () => {
  it('offers exactly the operator sets of spec section 9', () => {
    expect(operatorsOf('text')).toEqual(['eq', 'ne', 'like', 'notLike', 'begins', 'notBegins', 'ends', 'notEnds']);
    expect(operatorsOf('select')).toEqual(['eq', 'ne']);
    expect(operatorsOf('number')).toEqual(['eq', 'ne', 'gt', 'ge', 'lt', 'le']);
  });

  it('sends value|operator, multi-select and date ranges comma-joined, and skips incomplete rows', () => {
    const rows: FilterRow[] = [
      { id: 1, key: 'name', operator: 'like', value: ' station ' },
      { id: 2, key: 'status', operator: 'ne', value: ['enabled', 'disabled'] },
      { id: 3, key: 'latitude', operator: 'gt', value: 20 },
      { id: 4, key: 'latitude', operator: 'le', value: 40.5 },
      { id: 5, key: 'createdAt', value: [dayjs('2026-01-02'), dayjs('2026-03-04')] },
      { id: 6, key: 'name', operator: 'eq', value: '' },
      { id: 7 },
    ];
    expect(encodeRows(rows, fields)).toEqual([
      { key: 'name', value: 'station|like' },
      { key: 'status', value: 'enabled,disabled|ne' },
      { key: 'latitude', value: '20|gt' },
      { key: 'latitude', value: '40.5|le' },
      { key: 'createdAt', value: '2026-01-02,2026-03-04|between' },
    ]);
  });

  it('keeps a value containing the separator intact', () => {
    const encoded = encodeRows([{ id: 1, key: 'name', operator: 'eq', value: 'A|B' }], fields);
    expect(encoded).toEqual([{ key: 'name', value: 'A|B|eq' }]);
    expect(decodeItems(encoded, fields)[0]).toMatchObject({ key: 'name', operator: 'eq', value: 'A|B' });
  });

  it('round-trips through decoding', () => {
    const items = [
      { key: 'status', value: 'enabled|eq' },
      { key: 'latitude', value: '30|ge' },
      { key: 'createdAt', value: '2026-01-02,2026-03-04|between' },
    ];
    expect(encodeRows(decodeItems(items, fields), fields)).toEqual(items);
  });

  it('drops unknown fields and falls back to the first operator of the type', () => {
    expect(decodeItems([{ key: 'ghost', value: 'x|eq' }], fields)).toEqual([]);
    expect(decodeItems([{ key: 'name', value: 'x|gt' }], fields)[0].operator).toBe('eq');
  });

  it('lets a field repeat only when flagged repeatable', () => {
    const rows: FilterRow[] = [
      { id: 1, key: 'name' },
      { id: 2, key: 'latitude' },
    ];
    expect(availableFields(fields, rows).map((f) => f.key)).toEqual(['status', 'latitude', 'createdAt']);
    // A row may keep its own field.
    expect(availableFields(fields, rows, 1).map((f) => f.key)).toContain('name');
  });
});
