import { describe, expect, it } from 'vitest';
import { applySettings, defaultSettings, moveColumn, rangeSelect, reconcile } from './column-settings';

const columns = [
  { key: 'name', title: 'Name', width: 180, fixed: 'left' as const },
  { key: 'code', title: 'Code', width: 120 },
  { key: 'city', title: 'City' },
  { key: 'actions', title: 'Actions', fixed: 'right' as const },
];

describe('column settings', () => {
  it('start from the declared columns', () => {
    expect(defaultSettings(columns).columns).toEqual([
      { prop: 'name', width: 180, hide: false, fixed: 'left' },
      { prop: 'code', width: 120, hide: false, fixed: null },
      { prop: 'city', width: null, hide: false, fixed: null },
      { prop: 'actions', width: null, hide: false, fixed: 'right' },
    ]);
  });

  it('apply order, hiding, widths and fixing', () => {
    let s = defaultSettings(columns);
    s = moveColumn(s, 'city', -1);
    s.columns = s.columns.map((c) => (c.prop === 'code' ? { ...c, hide: true } : c.prop === 'city' ? { ...c, width: 222, fixed: 'left' } : c));
    const out = applySettings(columns, s);
    expect(out.map((c) => c.key)).toEqual(['name', 'city', 'actions']);
    expect(out[1]).toMatchObject({ width: 222, fixed: 'left' });
  });

  it('keep columns added after the settings were saved, and drop vanished ones', () => {
    const saved = {
      columns: [
        { prop: 'code', hide: false },
        { prop: 'ghost', hide: false },
        { prop: 'name', hide: false },
      ],
      look: { size: 'small' as const, bordered: true, striped: true },
    };
    expect(applySettings(columns, saved).map((c) => c.key)).toEqual(['code', 'name', 'city', 'actions']);
    expect(reconcile(saved, columns).columns.map((c) => c.prop)).toEqual(['code', 'name', 'city', 'actions']);
  });

  it('do not move past either end', () => {
    const s = defaultSettings(columns);
    expect(moveColumn(s, 'name', -1)).toBe(s);
    expect(moveColumn(s, 'actions', 1)).toBe(s);
  });
});

describe('shift-click range selection', () => {
  const keys = [1, 2, 3, 4, 5, 6];
  it('selects the rows between the last click and this one', () => {
    expect(rangeSelect(keys, [2], 1, 4, true).sort()).toEqual([2, 3, 4, 5]);
    expect(rangeSelect(keys, [], 4, 1, true).sort()).toEqual([2, 3, 4, 5]);
  });
  it('unselects a range the same way, and needs a first click', () => {
    expect(rangeSelect(keys, [1, 2, 3, 4, 5, 6], 1, 3, false)).toEqual([1, 5, 6]);
    expect(rangeSelect(keys, [3], null, 4, true)).toEqual([3]);
  });
});
