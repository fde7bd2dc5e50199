import { z } from 'zod';
import type { Locale } from '../constants';
import { formatMessage } from '../format';
import { validationRules } from '../errors';
import type { FieldError } from '../validation';

const I18nText = z.object({ 'zh-CN': z.string().max(200), en: z.string().max(200) });

/** A test on another field's value. */
export const FormCondition = z.object({
  field: z.string().max(64),
  op: z.enum(['eq', 'ne', 'in', 'notIn', 'empty', 'notEmpty', 'gt', 'lt']),
  value: z.union([z.string(), z.number(), z.boolean(), z.array(z.union([z.string(), z.number()]))]).optional(),
});
export type FormCondition = z.infer<typeof FormCondition>;

/** Conditions combined: all must hold (default) or any may. */
export const FormConditionGroup = z.object({ all: z.array(FormCondition).max(20).optional(), any: z.array(FormCondition).max(20).optional() });
export type FormConditionGroup = z.infer<typeof FormConditionGroup>;

export const DYNAMIC_FIELD_TYPES = ['text', 'textarea', 'number', 'integer', 'select', 'multiSelect', 'radio', 'date', 'switch'] as const;

export const DynamicField = z.object({
  name: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]{0,63}$/),
  label: I18nText,
  type: z.enum(DYNAMIC_FIELD_TYPES),
  options: z
    .array(z.object({ value: z.string().max(100), label: I18nText }))
    .max(500)
    .optional(),
  /** Always required, or required while the conditions hold. */
  required: z.union([z.boolean(), FormConditionGroup]).optional(),
  /** Hidden (and not submitted) while the conditions hold. */
  hidden: FormConditionGroup.optional(),
  min: z.number().optional(),
  max: z.number().optional(),
  maxLength: z.number().int().min(1).max(10_000).optional(),
  help: I18nText.optional(),
  defaultValue: z.union([z.string(), z.number(), z.boolean(), z.array(z.string())]).optional(),
  /** Grid columns out of 24. */
  span: z.number().int().min(4).max(24).optional(),
});
export type DynamicField = z.infer<typeof DynamicField>;

/** A form described as data (workflow forms, DH flow attributes, LIMS templates). */
export const DynamicFormSchema = z.object({ fields: z.array(DynamicField).min(1).max(200) });
export type DynamicFormSchema = z.infer<typeof DynamicFormSchema>;

export type FormValues = Record<string, unknown>;

const isEmpty = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

export function testCondition(c: FormCondition, values: FormValues): boolean {
  const v = values[c.field];
  switch (c.op) {
    case 'eq':
      return Array.isArray(v) ? v.includes(c.value as never) : v === c.value || (v !== undefined && v !== null && String(v) === String(c.value));
    case 'ne':
      return !testCondition({ ...c, op: 'eq' }, values);
    case 'in':
      return Array.isArray(c.value) && (c.value as unknown[]).some((x) => String(x) === String(v));
    case 'notIn':
      return !testCondition({ ...c, op: 'in' }, values);
    case 'empty':
      return isEmpty(v);
    case 'notEmpty':
      return !isEmpty(v);
    case 'gt':
      return typeof v === 'number' && typeof c.value === 'number' && v > c.value;
    case 'lt':
      return typeof v === 'number' && typeof c.value === 'number' && v < c.value;
  }
}

export function testGroup(g: FormConditionGroup | undefined, values: FormValues): boolean {
  if (!g) return false;
  const all = g.all ?? [];
  const any = g.any ?? [];
  return (all.length === 0 || all.every((c) => testCondition(c, values))) && (any.length === 0 || any.some((c) => testCondition(c, values)));
}

export const isFieldHidden = (f: DynamicField, values: FormValues) => testGroup(f.hidden, values);
export const isFieldRequired = (f: DynamicField, values: FormValues) =>
  !isFieldHidden(f, values) && (typeof f.required === 'boolean' ? f.required : testGroup(f.required, values));

/** One field's problem, or null (the same rule the form shows and the server enforces). */
export function checkField(f: DynamicField, value: unknown, values: FormValues, locale: Locale): FieldError | null {
  const field = f.label[locale];
  const fail = (rule: keyof typeof validationRules, params: Record<string, unknown> = {}): FieldError => ({
    field: f.name,
    rule,
    message: formatMessage(validationRules[rule][locale], { field, ...params }),
  });
  if (isEmpty(value)) return isFieldRequired(f, values) ? fail('required') : null;
  switch (f.type) {
    case 'number':
    case 'integer':
      if (typeof value !== 'number' || !Number.isFinite(value)) return fail('type', { expected: locale === 'en' ? 'a number' : '数字' });
      if (f.type === 'integer' && !Number.isInteger(value)) return fail('integer');
      if (f.min !== undefined && value < f.min) return fail('min', { min: f.min });
      if (f.max !== undefined && value > f.max) return fail('max', { max: f.max });
      return null;
    case 'select':
    case 'radio':
      return f.options && !f.options.some((o) => o.value === value) ? fail('enum', { allowed: f.options.map((o) => o.value).join(' / ') }) : null;
    case 'multiSelect':
      if (!Array.isArray(value)) return fail('type', { expected: locale === 'en' ? 'a list' : '列表' });
      return f.options && value.some((v) => !f.options!.some((o) => o.value === v))
        ? fail('enum', { allowed: f.options.map((o) => o.value).join(' / ') })
        : null;
    case 'switch':
      return typeof value === 'boolean' ? null : fail('type', { expected: locale === 'en' ? 'true or false' : '布尔值' });
    case 'date':
      return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}:\d{2})?$/.test(value) ? null : fail('format', { format: 'YYYY-MM-DD' });
    default:
      if (typeof value !== 'string') return fail('type', { expected: locale === 'en' ? 'text' : '文本' });
      return f.maxLength !== undefined && value.length > f.maxLength ? fail('maxLength', { max: f.maxLength }) : null;
  }
}

/**
 * Validates submitted values against a form: hidden fields are dropped, unknown keys ignored,
 * every visible field checked. Answers the cleaned values or the problems.
 */
export function validateDynamicForm(
  schema: DynamicFormSchema,
  values: FormValues,
  locale: Locale,
): { ok: true; values: FormValues } | { ok: false; errors: FieldError[] } {
  const errors: FieldError[] = [];
  const clean: FormValues = {};
  for (const f of schema.fields) {
    if (isFieldHidden(f, values)) continue;
    const problem = checkField(f, values[f.name], values, locale);
    if (problem) errors.push(problem);
    else if (!isEmpty(values[f.name])) clean[f.name] = values[f.name];
  }
  return errors.length ? { ok: false, errors } : { ok: true, values: clean };
}
