/** Type conversion of source values (pure): the mapping's text, integer, decimal, date and boolean. */

export type Scalar = string | number | boolean | null;
export type ConvertType = 'text' | 'integer' | 'decimal' | 'date' | 'boolean';

const TYPE_NAMES: Record<ConvertType, { zh: string; en: string }> = {
  text: { zh: '文本', en: 'text' },
  integer: { zh: '整数', en: 'integer' },
  decimal: { zh: '小数', en: 'decimal number' },
  date: { zh: '日期', en: 'date' },
  boolean: { zh: '是/否', en: 'yes/no value' },
};

export const typeNameParams = (type: ConvertType, format?: string | null) => ({
  typeZh: TYPE_NAMES[type].zh + (format ? `（${format}）` : ''),
  typeEn: TYPE_NAMES[type].en + (format ? ` (${format})` : ''),
});

const TRUE = new Set(['true', 'yes', 'y', '1', 't', '是', '对', 'x']);
const FALSE = new Set(['false', 'no', 'n', '0', 'f', '否', '错']);

function isoDate(y: number, m: number, d: number): string | null {
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** Reads a date in the given format (default YYYY-MM-DD, also with a time after it); answers YYYY-MM-DD. */
export function parseDate(text: string, format: string | null): string | null {
  const s = text.trim();
  let m: RegExpExecArray | null;
  switch (format ?? 'YYYY-MM-DD') {
    case 'YYYY-MM-DD':
      m = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ][\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/.exec(s);
      return m ? isoDate(+m[1], +m[2], +m[3]) : null;
    case 'YYYY/MM/DD':
      m = /^(\d{4})\/(\d{1,2})\/(\d{1,2})$/.exec(s);
      return m ? isoDate(+m[1], +m[2], +m[3]) : null;
    case 'DD/MM/YYYY':
      m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(s);
      return m ? isoDate(+m[3], +m[2], +m[1]) : null;
    case 'MM/DD/YYYY':
      m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(s);
      return m ? isoDate(+m[3], +m[1], +m[2]) : null;
    case 'YYYYMMDD':
      m = /^(\d{4})(\d{2})(\d{2})$/.exec(s);
      return m ? isoDate(+m[1], +m[2], +m[3]) : null;
    default:
      return null;
  }
}

/**
 * Converts one source value. Empty (null, undefined, blank text) is null; a value that does not convert
 * answers `{ok: false}`, so the caller can name the row and column.
 */
export function convertValue(raw: unknown, type: ConvertType, format: string | null = null): { ok: true; value: Scalar } | { ok: false } {
  if (raw === null || raw === undefined) return { ok: true, value: null };
  if (raw instanceof Date) {
    if (Number.isNaN(raw.getTime())) return { ok: false };
    if (type === 'date') return { ok: true, value: raw.toISOString().slice(0, 10) };
    if (type === 'text') return { ok: true, value: raw.toISOString() };
    return { ok: false };
  }
  if (typeof raw === 'object') return type === 'text' ? { ok: true, value: JSON.stringify(raw) } : { ok: false };
  // A number in a date column is a spreadsheet date (xlsx keeps dates as days since 1899-12-30; the time of
  // day, the fraction, is dropped).
  if (type === 'date' && typeof raw === 'number') {
    if (!Number.isFinite(raw) || raw < 1 || raw >= 2_958_466) return { ok: false };
    const d = new Date(Date.UTC(1899, 11, 30) + Math.floor(raw) * 86_400_000);
    return { ok: true, value: d.toISOString().slice(0, 10) };
  }
  const text = String(raw).trim();
  if (text === '') return { ok: true, value: null };
  switch (type) {
    case 'text':
      return { ok: true, value: text };
    case 'integer': {
      if (!/^[+-]?\d+$/.test(text.replace(/,/g, ''))) return { ok: false };
      const n = Number(text.replace(/,/g, ''));
      return Number.isSafeInteger(n) ? { ok: true, value: n } : { ok: false };
    }
    case 'decimal': {
      if (!/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(text.replace(/,/g, ''))) return { ok: false };
      const n = Number(text.replace(/,/g, ''));
      return Number.isFinite(n) ? { ok: true, value: n } : { ok: false };
    }
    case 'date': {
      const d = parseDate(text, format);
      return d ? { ok: true, value: d } : { ok: false };
    }
    case 'boolean': {
      const l = text.toLowerCase();
      if (TRUE.has(l)) return { ok: true, value: true };
      if (FALSE.has(l)) return { ok: true, value: false };
      return { ok: false };
    }
  }
}
