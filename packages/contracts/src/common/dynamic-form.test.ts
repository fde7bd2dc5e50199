import { describe, expect, it } from 'vitest';
import { DynamicFormSchema, isFieldHidden, isFieldRequired, validateDynamicForm, type DynamicFormSchema as Schema } from './dynamic-form';

const schema: Schema = DynamicFormSchema.parse({
  fields: [
    {
      name: 'method',
      label: { 'zh-CN': '授粉方式', en: 'Method' },
      type: 'select',
      required: true,
      options: [
        { value: 'cross', label: { 'zh-CN': '杂交', en: 'Cross' } },
        { value: 'self', label: { 'zh-CN': '自交', en: 'Selfing' } },
      ],
    },
    {
      name: 'male',
      label: { 'zh-CN': '父本', en: 'Male parent' },
      type: 'text',
      required: { all: [{ field: 'method', op: 'eq', value: 'cross' }] },
      hidden: { all: [{ field: 'method', op: 'eq', value: 'self' }] },
      maxLength: 20,
    },
    { name: 'ears', label: { 'zh-CN': '果穗数', en: 'Ears' }, type: 'integer', min: 1, max: 500 },
    { name: 'note', label: { 'zh-CN': '备注', en: 'Note' }, type: 'textarea' },
  ],
});

describe('dynamic form rules', () => {
  it('makes a field required or hidden depending on other values', () => {
    const male = schema.fields[1];
    expect(isFieldRequired(male, { method: 'cross' })).toBe(true);
    expect(isFieldRequired(male, {})).toBe(false);
    expect(isFieldHidden(male, { method: 'self' })).toBe(true);
    expect(isFieldRequired(male, { method: 'self' })).toBe(false);
  });

  it('validates like the form shows, naming field and rule in either language', () => {
    const r = validateDynamicForm(schema, { method: 'cross', ears: 0.5 }, 'en');
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.errors).toEqual([
        { field: 'male', rule: 'required', message: 'Male parent is required' },
        { field: 'ears', rule: 'integer', message: 'Ears must be a whole number' },
      ]);
    }
    const zh = validateDynamicForm(schema, { method: 'other' }, 'zh-CN');
    expect(!zh.ok && zh.errors[0].message).toBe('授粉方式只能是 cross / self');
  });

  it('drops hidden fields and unknown keys from what is kept', () => {
    const r = validateDynamicForm(schema, { method: 'self', male: 'should go', ears: 12, injected: 'x' }, 'en');
    expect(r).toEqual({ ok: true, values: { method: 'self', ears: 12 } });
  });

  it('checks ranges and lengths', () => {
    const r = validateDynamicForm(schema, { method: 'cross', male: 'x'.repeat(21), ears: 501 }, 'en');
    expect(!r.ok && r.errors.map((e) => e.rule)).toEqual(['maxLength', 'max']);
  });
});
