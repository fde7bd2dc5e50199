import type { FormInstance } from 'antd';
import type { Rule } from 'antd/es/form';
import type { z } from 'zod';
import { describeIssue, errorMessages, formatMessage, type Locale } from '@breedwise/contracts';
import i18n from '../../lib/i18n';
import { ApiError } from '../../lib/request';

const locale = () => (i18n.language as Locale) || 'zh-CN';
const errorText = (code: string, params: Record<string, unknown>) => {
  const entry = errorMessages[code];
  return entry ? formatMessage(entry[locale()], params) : code;
};

/** Empty inputs mean "not given": the contract decides whether that is allowed. */
function blankToUndefined(value: unknown) {
  return value === '' || value === null ? undefined : value;
}

/**
 * An antd rule that checks one field with the contract's schema for it, so the form refuses exactly
 * what the server would, with the same translated message.
 */
export function fieldRule(schema: z.ZodType, name: string): Rule {
  return {
    validator: async (_rule, value) => {
      const result = schema.safeParse(blankToUndefined(value));
      if (!result.success) {
        const issue = result.error.issues[0];
        throw new Error(describeIssue({ ...issue, path: [name, ...issue.path] } as never, locale(), errorText).message);
      }
    },
  };
}

/** Rules for every field of an object schema. */
export function fieldRules<S extends z.ZodObject>(schema: S): Record<keyof S['shape'] & string, Rule[]> {
  return Object.fromEntries(Object.entries(schema.shape).map(([name, s]) => [name, [fieldRule(s as z.ZodType, name)]])) as Record<
    keyof S['shape'] & string,
    Rule[]
  >;
}

/**
 * Validates the whole object (cross-field rules included) and marks the offending fields. Returns the
 * parsed value, or null when something is wrong.
 */
export function validateForm<S extends z.ZodType>(form: FormInstance, schema: S, values: Record<string, unknown>): z.output<S> | null {
  const cleaned = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, blankToUndefined(v)]));
  const result = schema.safeParse(cleaned);
  if (result.success) return result.data;
  form.setFields(
    result.error.issues.map((issue) => ({
      name: issue.path.map(String).join('.') || Object.keys(values)[0],
      errors: [describeIssue(issue as never, locale(), errorText).message],
    })),
  );
  return null;
}

/** Puts a server refusal on the fields it names; answers false when it named none. */
export function applyServerErrors(form: FormInstance, err: unknown): boolean {
  if (!(err instanceof ApiError) || err.errors.length === 0) return false;
  const known = new Set(Object.keys(form.getFieldsValue(true)));
  const fields = err.errors.filter((e) => known.has(e.field.split('.')[0]));
  form.setFields(fields.map((e) => ({ name: e.field.split('.')[0], errors: [e.message] })));
  return fields.length > 0;
}
