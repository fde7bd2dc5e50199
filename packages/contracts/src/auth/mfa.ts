import { z } from 'zod';
import { resource } from '../http/endpoint';
import { PASSWORD_MAX_LENGTH } from '../system';

export const TotpSetupData = z.object({
  /** otpauth:// URI for authenticator apps; shown once, while enrolling. */
  otpauthUrl: z.string(),
  qrDataUrl: z.string(),
  /** The same secret for manual entry; shown once, while enrolling. */
  secret: z.string(),
});
export type TotpSetupData = z.infer<typeof TotpSetupData>;
export const TotpCodeBody = z.object({
  totpCode: z
    .string()
    .trim()
    .regex(/^[0-9]{6}$/),
});
export type TotpCodeBody = z.infer<typeof TotpCodeBody>;
export const RecoveryCodesData = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodesData = z.infer<typeof RecoveryCodesData>;
export const PasswordConfirmBody = z.object({ password: z.string().min(1).max(PASSWORD_MAX_LENGTH) });
export type PasswordConfirmBody = z.infer<typeof PasswordConfirmBody>;

/** My authenticator (TOTP) and its recovery codes. */
export const mfa = resource(
  { tag: 'profile', base: '/api/profile/totp' },
  {
    setup: {
      method: 'POST',
      path: '/setup',
      summary: 'Starts authenticator enrolment: the secret as a QR code (shown once)',
      data: TotpSetupData,
    },
    enable: {
      method: 'POST',
      path: '/enable',
      summary: 'Finishes enrolment with a first code; answers the recovery codes (shown once)',
      body: TotpCodeBody,
      data: RecoveryCodesData,
    },
    disable: {
      method: 'POST',
      path: '/disable',
      summary: 'Removes my authenticator (needs my password)',
      body: PasswordConfirmBody,
      data: z.null(),
    },
    recoveryCodes: {
      method: 'POST',
      path: '/recovery-codes',
      summary: 'New recovery codes (needs an authenticator code); the old ones stop working',
      body: TotpCodeBody,
      data: RecoveryCodesData,
    },
  },
);
