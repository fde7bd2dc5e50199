import { platformErrors, type Translations } from './errors';
import { commonFieldLabels } from './labels';
import { doeErrors, doeFieldLabels } from './doe/errors';
import { authErrors, authFieldLabels } from './auth/errors';
import { systemErrors, systemFieldLabels } from './system/errors';
import { messageErrors, messageFieldLabels } from './message/errors';
import { licenseErrors, licenseFieldLabels } from './license/errors';
import { serviceFieldLabels } from './common/labels';
import { germErrors, germFieldLabels } from './germ';
import { feedbackErrors, feedbackFieldLabels } from './feedback/errors';
import { phenoErrors, phenoFieldLabels } from './pheno/errors';
import { nurseryErrors, nurseryFieldLabels } from './nursery/errors';
import { bpmErrors, bpmFieldLabels } from './bpm/errors';
import { gsErrors, gsFieldLabels } from './gs/errors';
import { etlErrors, etlFieldLabels } from './etl/errors';

/** Every error code the API can answer with, and its message in each language. */
export const errorCatalog = {
  ...platformErrors,
  ...feedbackErrors,
  ...doeErrors,
  ...authErrors,
  ...systemErrors,
  ...messageErrors,
  ...licenseErrors,
  ...germErrors,
  ...phenoErrors,
  ...nurseryErrors,
  ...bpmErrors,
  ...gsErrors,
  ...etlErrors,
};

/** A code the API answers with: a misspelt code does not compile. */
export type ErrorCode = keyof typeof errorCatalog;

/** The catalogue by any string (the web looks up codes it received). */
export const errorMessages: Record<string, Translations> = errorCatalog;

/** Labels for every payload field, used to name the field in validation messages. */
export const fieldLabels: Record<string, Translations> = {
  ...commonFieldLabels,
  ...serviceFieldLabels,
  ...feedbackFieldLabels,
  ...doeFieldLabels,
  ...authFieldLabels,
  ...systemFieldLabels,
  ...messageFieldLabels,
  ...licenseFieldLabels,
  ...germFieldLabels,
  ...phenoFieldLabels,
  ...nurseryFieldLabels,
  ...bpmFieldLabels,
  ...gsFieldLabels,
  ...etlFieldLabels,
};

/** Narrows a code built at run time (e.g. an engine's `DESIGN_` + code) to a catalogue code. */
export function isErrorCode(code: string): code is ErrorCode {
  return Object.hasOwn(errorCatalog, code);
}
