import { z } from 'zod';
import { resource } from '../http/endpoint';
import { licensePermissions as P } from './permissions';
import { ConsumerType, DateOnly, optionalText } from './shared';

/** A licence (spec section 3): name, activation date, expiry date, consumer type and amount, description. */
export const LicenseRow = z.object({
  id: z.number().int(),
  subjectId: z.number().int(),
  name: z.string(),
  activationDate: z.string(),
  expiryDate: z.string(),
  consumerType: ConsumerType,
  consumerAmount: z.number().int(),
  description: z.string().nullable(),
  updatedAt: z.string(),
});
export type LicenseRow = z.infer<typeof LicenseRow>;
export const LicenseSave = z
  .object({
    subjectId: z.number().int().positive(),
    name: z.string().trim().min(1).max(100),
    activationDate: DateOnly,
    expiryDate: DateOnly,
    consumerType: ConsumerType,
    consumerAmount: z.number().int().min(1).max(1_000_000),
    description: optionalText(500),
  })
  .superRefine((v, ctx) => {
    if (v.expiryDate < v.activationDate) {
      ctx.addIssue({ code: 'custom', path: ['expiryDate'], message: 'expiry before activation', params: { errorCode: 'LICENSE_DATES' } });
    }
  });
export type LicenseSave = z.input<typeof LicenseSave>;
export const LicenseSubjectParam = z.object({ subjectId: z.coerce.number().int().positive() });

/** The licence issued to a subject: issued, changed, exported as a signed file (platform administrators). */
export const issued = resource(
  { tag: 'licences', base: '/api/gateway/license' },
  {
    get: {
      method: 'GET',
      path: '/get/:subjectId',
      permission: P.edit,
      scope: 'platform',
      summary: 'The licence of a subject (null when none was issued)',
      params: LicenseSubjectParam,
      data: LicenseRow.nullable(),
    },
    save: {
      method: 'POST',
      path: '/createOrUpdate',
      permission: P.edit,
      scope: 'platform',
      summary: 'Issues or changes the licence of a subject',
      body: LicenseSave,
      data: LicenseRow,
    },
    export: {
      method: 'GET',
      path: '/export/:subjectId',
      permission: P.edit,
      scope: 'platform',
      summary: 'The signed licence file (Ed25519) of a subject, as a download',
      params: LicenseSubjectParam,
      file: true,
    },
  },
);
