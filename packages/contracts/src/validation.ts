import type { Locale } from './constants';
import { validationRules, typeNames, type ValidationRule } from './errors';
import { formatMessage } from './format';
import { fieldLabels } from './registry';

/** The parts of a zod issue that describe a failure (a raw issue, or one re-assembled by the server). */
export interface IssueLike {
  code: string;
  path: readonly PropertyKey[];
  message?: string;
  [param: string]: unknown;
}

export interface FieldError {
  field: string;
  rule: string;
  message: string;
  /** A module rule with its own error code (e.g. DOE_COORDINATES_PAIR). */
  errorCode?: string;
}

/** "经度" / "Longitude": the label the user sees (never the internal key); the path itself when no label is known. */
export function fieldName(path: string, locale: Locale): string {
  const key =
    path
      .split('.')
      .filter((p) => !/^\d+$/.test(p))
      .pop() ?? path;
  const label = fieldLabels[key]?.[locale];
  return label ?? path;
}

/** One translated message per issue, naming the field and the rule that failed. */
export function describeIssue(
  issue: IssueLike,
  locale: Locale,
  errorText: (code: string, params: Record<string, unknown>) => string,
  /** Names the field otherwise (an import names the template's column label). */
  label?: (path: string) => string,
): FieldError {
  const path = issue.path.map(String).join('.') || '(body)';
  const field = label ? label(path) : fieldName(path, locale);
  const p = issue as Record<string, any>;
  let rule: ValidationRule = 'invalid';
  let params: Record<string, unknown> = { field };
  switch (issue.code) {
    case 'invalid_type':
      if (p.expected === 'int') rule = 'integer';
      else if (/received (undefined|null)/.test(issue.message ?? '')) rule = 'required';
      else {
        rule = 'type';
        params = { field, expected: typeNames[p.expected as keyof typeof typeNames]?.[locale] ?? String(p.expected) };
      }
      break;
    case 'too_small':
      if (p.origin === 'string') rule = Number(p.minimum) === 1 ? 'required' : 'minLength';
      else if (p.origin === 'array' || p.origin === 'set') rule = 'minItems';
      else rule = 'min';
      params = { field, min: p.minimum };
      break;
    case 'too_big':
      rule = p.origin === 'string' ? 'maxLength' : p.origin === 'array' || p.origin === 'set' ? 'maxItems' : 'max';
      params = { field, max: p.maximum };
      break;
    case 'invalid_format':
      rule = 'format';
      params = { field, format: p.format === 'regex' ? String(p.pattern ?? '') : String(p.format) };
      break;
    case 'invalid_value':
      rule = 'enum';
      params = { field, allowed: (p.values as unknown[] | undefined)?.map(String).join(' / ') ?? '' };
      break;
    case 'unrecognized_keys':
      rule = 'unknownKey';
      params = { field: (p.keys as string[] | undefined)?.join(', ') ?? path };
      break;
    case 'not_multiple_of':
      rule = 'integer';
      break;
    case 'custom': {
      const custom = (p.params ?? {}) as Record<string, unknown>;
      if (typeof custom.errorCode === 'string') {
        return { field: path, rule: 'invalid', message: errorText(custom.errorCode, { field, ...custom }), errorCode: custom.errorCode };
      }
      if (typeof custom.rule === 'string' && custom.rule in validationRules) {
        rule = custom.rule as ValidationRule;
        params = { field, ...custom };
      }
      break;
    }
  }
  return { field: path, rule, message: formatMessage(validationRules[rule][locale], params) };
}
