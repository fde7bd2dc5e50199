import { z } from 'zod';
import { resource } from '../http/endpoint';
import { licensePermissions as P } from './permissions';
import { ConsumerType } from './shared';

/** POST /api/system/license/install: the text of a signed licence file. */
export const LicenseInstallBody = z.object({ file: z.string().trim().min(20).max(20_000) });
export type LicenseInstallBody = z.infer<typeof LicenseInstallBody>;

export const LicenseStatus = z.enum(['valid', 'expired', 'notYetActive', 'exceeded', 'missing', 'unenforced']);
export type LicenseStatus = z.infer<typeof LicenseStatus>;
/** GET /api/auth/api/license/info */
export const LicenseInfo = z.object({
  status: LicenseStatus,
  enforced: z.boolean(),
  name: z.string().nullable(),
  subjectName: z.string().nullable(),
  activationDate: z.string().nullable(),
  expiryDate: z.string().nullable(),
  consumerType: ConsumerType.nullable(),
  consumerAmount: z.number().int().nullable(),
  used: z.number().int(),
  remainingDays: z.number().int().nullable(),
  installedAt: z.string().nullable(),
  licenseId: z.string().nullable(),
});
export type LicenseInfo = z.infer<typeof LicenseInfo>;

/** The licence in force on this installation: read (auth base) and installed (system base). */
export const installed = resource(
  { tag: 'licences', base: '/api' },
  {
    info: {
      method: 'GET',
      path: '/auth/api/license/info',
      permission: P.view,
      summary: 'The licence in force: dates, consumer amount and use, status',
      data: LicenseInfo,
    },
    install: {
      method: 'POST',
      path: '/system/license/install',
      permission: P.edit,
      scope: 'platform',
      summary: 'Installs a signed licence file on this installation',
      body: LicenseInstallBody,
      data: LicenseInfo,
    },
  },
);
