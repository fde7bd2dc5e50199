import { z } from 'zod';
import type { Locale } from '../constants';

/** How a variable's values are written (Crop Ontology scale classes). */
export const SCALE_TYPES = ['numeric', 'percentage', 'ordinal', 'nominal', 'date', 'text'] as const;
export const ScaleType = z.enum(SCALE_TYPES);
export type ScaleType = z.infer<typeof ScaleType>;

export const ScaleCategory = z.object({
  value: z.string().trim().min(1).max(50),
  label: z.string().trim().max(100).default(''),
});
export type ScaleCategory = z.output<typeof ScaleCategory>;

/** What a value is checked against. */
export interface Scale {
  scaleType: ScaleType;
  minimum: number | null;
  maximum: number | null;
  categories: { value: string; label: string }[];
}

export type ScaleRule = 'number' | 'min' | 'max' | 'category' | 'date' | 'length';

export type ScaleCheck =
  { ok: true; value: string; numeric: number | null } | { ok: false; rule: ScaleRule; params: { min?: number; max?: number; allowed?: string } };

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
export const MAX_TEXT_VALUE = 500;

/** The range a scale allows: a percentage is 0..100 unless narrowed. */
export function scaleRange(s: Scale): { min: number | null; max: number | null } {
  if (s.scaleType === 'percentage') return { min: s.minimum ?? 0, max: s.maximum ?? 100 };
  return { min: s.minimum, max: s.maximum };
}

/** Checks one recorded value (already trimmed and not empty) against a scale; shared by the server and the entry grid. */
export function checkScaleValue(s: Scale, raw: string): ScaleCheck {
  const v = raw.trim();
  switch (s.scaleType) {
    case 'numeric':
    case 'percentage': {
      const text = v.replace(/%$/, '').replace(',', '.');
      const n = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(text) ? Number(text) : NaN;
      if (!Number.isFinite(n)) return { ok: false, rule: 'number', params: {} };
      const { min, max } = scaleRange(s);
      if (min !== null && n < min) return { ok: false, rule: 'min', params: { min, ...(max !== null ? { max } : {}) } };
      if (max !== null && n > max) return { ok: false, rule: 'max', params: { max, ...(min !== null ? { min } : {}) } };
      return { ok: true, value: String(n), numeric: n };
    }
    case 'ordinal':
    case 'nominal': {
      const hit = s.categories.find((c) => c.value === v) ?? s.categories.find((c) => c.label !== '' && c.label.toLowerCase() === v.toLowerCase());
      if (!hit) return { ok: false, rule: 'category', params: { allowed: s.categories.map((c) => c.value).join(', ') } };
      const n = Number(hit.value);
      return { ok: true, value: hit.value, numeric: s.scaleType === 'ordinal' && Number.isFinite(n) ? n : null };
    }
    case 'date': {
      const m = DATE.exec(v.slice(0, 10));
      const d = m ? new Date(Date.UTC(+m[1], +m[2] - 1, +m[3])) : null;
      if (!m || !d || d.getUTCMonth() !== +m[2] - 1 || d.getUTCDate() !== +m[3]) return { ok: false, rule: 'date', params: {} };
      return { ok: true, value: v.slice(0, 10), numeric: null };
    }
    default:
      if (v.length > MAX_TEXT_VALUE) return { ok: false, rule: 'length', params: { max: MAX_TEXT_VALUE } };
      return { ok: true, value: v, numeric: null };
  }
}

const ruleTexts: Record<ScaleRule, Record<Locale, (p: { min?: number; max?: number; allowed?: string }) => string>> = {
  number: { 'zh-CN': () => '须为数字', en: () => 'must be a number' },
  min: {
    'zh-CN': (p) => (p.max !== undefined ? `须在 ${p.min} 到 ${p.max} 之间` : `不能小于 ${p.min}`),
    en: (p) => (p.max !== undefined ? `must be between ${p.min} and ${p.max}` : `must be at least ${p.min}`),
  },
  max: {
    'zh-CN': (p) => (p.min !== undefined ? `须在 ${p.min} 到 ${p.max} 之间` : `不能大于 ${p.max}`),
    en: (p) => (p.min !== undefined ? `must be between ${p.min} and ${p.max}` : `must be at most ${p.max}`),
  },
  category: { 'zh-CN': (p) => `须为以下分类之一：${p.allowed}`, en: (p) => `must be one of the categories ${p.allowed}` },
  date: { 'zh-CN': () => '须为日期（YYYY-MM-DD）', en: () => 'must be a date (YYYY-MM-DD)' },
  length: { 'zh-CN': (p) => `最多 ${p.max} 个字符`, en: (p) => `must be at most ${p.max} characters` },
};

/** The rule a refused value broke, in a language ("须在 0 到 400 之间" / "must be between 0 and 400"). */
export function scaleRuleText(check: Extract<ScaleCheck, { ok: false }>, locale: Locale): string {
  return ruleTexts[check.rule][locale](check.params);
}

/** The rule in both languages, as the parameters of PHENO_OUT_OF_SCALE. */
export function scaleRuleParams(check: Extract<ScaleCheck, { ok: false }>) {
  return { rule: check.rule, ruleZh: scaleRuleText(check, 'zh-CN'), ruleEn: scaleRuleText(check, 'en') };
}

/** Field Book's trait formats for our scale types (the `.trt` file's `format` column). */
export const FIELD_BOOK_FORMATS: Record<ScaleType, string> = {
  numeric: 'numeric',
  percentage: 'percent',
  ordinal: 'categorical',
  nominal: 'categorical',
  date: 'date',
  text: 'text',
};
