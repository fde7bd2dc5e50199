import type { ColumnSetting, TableLook, TableSettings } from '@breedwise/contracts/common';

export interface ColumnLike {
  key?: React.Key;
  title?: unknown;
  width?: number | string;
  fixed?: boolean | 'left' | 'right' | 'start' | 'end';
  hidden?: boolean;
}

export const DEFAULT_LOOK: TableLook = { size: 'middle', bordered: false, striped: false };

const keyOf = (c: ColumnLike) => String(c.key ?? '');

/** The settings a table starts from: its columns as declared. */
export function defaultSettings(columns: ColumnLike[]): TableSettings {
  return {
    columns: columns
      .filter((c) => c.key !== undefined)
      .map((c) => ({
        prop: keyOf(c),
        width: typeof c.width === 'number' ? c.width : null,
        hide: false,
        fixed: c.fixed === 'left' || c.fixed === 'right' ? c.fixed : null,
      })),
    look: DEFAULT_LOOK,
  };
}

/**
 * Saved settings over the declared columns: saved order first, columns added since then at their
 * declared place, hidden ones out, widths and fixing as saved. Columns without a key are untouched.
 */
export function applySettings<C extends ColumnLike>(columns: C[], settings: TableSettings | null | undefined): C[] {
  if (!settings) return columns;
  const byProp = new Map<string, ColumnSetting>(settings.columns.map((s) => [s.prop, s]));
  const order = new Map(settings.columns.map((s, i) => [s.prop, i]));
  const declared = columns.map((c, i) => ({ c, i }));
  const sorted = declared.sort((a, b) => {
    const oa = order.get(keyOf(a.c));
    const ob = order.get(keyOf(b.c));
    if (oa !== undefined && ob !== undefined) return oa - ob;
    return a.i - b.i;
  });
  return sorted
    .map(({ c }) => {
      const s = byProp.get(keyOf(c));
      if (!s) return c;
      return { ...c, ...(s.width ? { width: s.width } : {}), fixed: s.fixed ?? undefined, hidden: !!s.hide };
    })
    .filter((c) => !c.hidden);
}

/** Moves one column up or down in the settings. */
export function moveColumn(settings: TableSettings, prop: string, delta: -1 | 1): TableSettings {
  const cols = [...settings.columns];
  const i = cols.findIndex((c) => c.prop === prop);
  const j = i + delta;
  if (i < 0 || j < 0 || j >= cols.length) return settings;
  [cols[i], cols[j]] = [cols[j], cols[i]];
  return { ...settings, columns: cols };
}

/** Keeps settings in step with the declared columns (new ones added, vanished ones dropped). */
export function reconcile(settings: TableSettings, columns: ColumnLike[]): TableSettings {
  const declared = defaultSettings(columns).columns;
  const known = new Set(declared.map((c) => c.prop));
  const kept = settings.columns.filter((c) => known.has(c.prop));
  const missing = declared.filter((c) => !kept.some((k) => k.prop === c.prop));
  return { columns: [...kept, ...missing], look: { ...DEFAULT_LOOK, ...settings.look } };
}

/**
 * Rows selected by a shift-click: everything between the last clicked row and this one takes the
 * state of this click.
 */
export function rangeSelect<K>(pageKeys: K[], selected: K[], lastIndex: number | null, index: number, checked: boolean): K[] {
  if (lastIndex === null) return selected;
  const [from, to] = lastIndex < index ? [lastIndex, index] : [index, lastIndex];
  const range = pageKeys.slice(from, to + 1);
  if (checked) return [...new Set([...selected, ...range])];
  const drop = new Set(range);
  return selected.filter((k) => !drop.has(k));
}
