import { platformErrors, type Translations } from './errors';
import { commonFieldLabels } from './labels';
import { locationErrors, locationFieldLabels } from './doe/location';
import { doeErrors, doeFieldLabels } from './doe';
import { accountErrors, accountFieldLabels } from './account';
import { adminErrors, adminFieldLabels } from './admin';
import { messageErrors, messageFieldLabels } from './message';
import { licenseErrors, licenseFieldLabels } from './license';
import { commonErrors, serviceFieldLabels } from './common/common';
import { germErrors, germFieldLabels } from './germ';
import { feedbackErrors, feedbackFieldLabels } from './feedback/feedback';

/** Every error code the API can answer with, and its message in each language. */
export const errorCatalog: Record<string, Translations> = { ...platformErrors, ...commonErrors, ...feedbackErrors, ...locationErrors, ...doeErrors, ...accountErrors, ...adminErrors, ...messageErrors, ...licenseErrors, ...germErrors };

/** Labels for every payload field, used to name the field in validation messages. */
export const fieldLabels: Record<string, Translations> = { ...commonFieldLabels, ...serviceFieldLabels, ...feedbackFieldLabels, ...locationFieldLabels, ...doeFieldLabels, ...accountFieldLabels, ...adminFieldLabels, ...messageFieldLabels, ...licenseFieldLabels, ...germFieldLabels };
