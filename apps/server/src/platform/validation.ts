import { describeIssue, type FieldError, type Locale } from '@breedwise/contracts';
import { translateError } from './i18n';

/** One validation failure as fastify-type-provider-zod reports it: a zod issue with its path. */
export interface ValidationItem {
  keyword: string;
  instancePath: string;
  message?: string;
  params: Record<string, unknown>;
}

/**
 * Translated messages naming each field and rule. A module rule (with its own error code) gives the
 * answer its code when it is the only failure; several failures answer VALIDATION_FAILED.
 */
export function describeValidation(items: ValidationItem[], locale: Locale): { errors: FieldError[]; errorCode?: string; params?: Record<string, unknown> } {
  const errors = items.map((item) =>
    describeIssue({ ...item.params, code: item.keyword, message: item.message, path: item.instancePath.split('/').filter(Boolean) }, locale, (code, params) =>
      translateError(code, locale, params),
    ),
  );
  const only = errors.length === 1 ? errors[0] : undefined;
  if (only?.errorCode) return { errors, errorCode: only.errorCode, params: {} };
  return { errors };
}
