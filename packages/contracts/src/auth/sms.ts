import { z } from 'zod';
import { resource } from '../http/endpoint';
import { Mobile } from '../system';
import { CaptchaFields } from './shared';

/** One-time codes sent by SMS or e-mail (security.md, spec section 5). */
export const OTP_CODE_LENGTH = 6;
export const OTP_TTL_MINUTES = 10;
export const OTP_MAX_GUESSES = 5;

export const SmsPurpose = z.enum(['login', 'reset', 'bind']);
export type SmsPurpose = z.infer<typeof SmsPurpose>;

/** POST /api/auth/api/sms/send, form-encoded. */
export const SmsSendBody = z.object({ mobile: Mobile, purpose: SmsPurpose, ...CaptchaFields });
export type SmsSendBody = z.infer<typeof SmsSendBody>;
export const SmsSendData = z.object({
  /** Binds the code to this attempt: the code is checked only together with it. */
  attemptId: z.string(),
  expiresInSeconds: z.number().int(),
  resendAfterSeconds: z.number().int(),
});
export type SmsSendData = z.infer<typeof SmsSendData>;

/** Codes for the SMS login and the password retrieval (the profile sends its own, to bind a number). */
export const sms = resource(
  { tag: 'auth', base: '/api/sms' },
  {
    send: {
      method: 'POST',
      path: '/send',
      auth: 'none',
      summary: 'Sends a six-digit code to a mobile number (login, reset); capped per number and per day',
      body: SmsSendBody,
      bodyType: 'form',
      data: SmsSendData,
    },
  },
);
