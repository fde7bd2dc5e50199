import { z } from 'zod';
import { resource } from '../http/endpoint';
import { Mobile, NewPassword } from '../system';
import { CaptchaFields, SmsCode } from './shared';

/** POST sendResetPasswordEmail, form-encoded: user name or e-mail address. */
export const SendResetEmailBody = z.object({ account: z.string().trim().min(1).max(200), ...CaptchaFields });
export type SendResetEmailBody = z.infer<typeof SendResetEmailBody>;
export const ExpiredKeyQuery = z.object({ userExpiredKey: z.string().trim().min(20).max(100) });
export const ExpiredKeyData = z.object({ userId: z.number().int(), userName: z.string() });
export type ExpiredKeyData = z.infer<typeof ExpiredKeyData>;
/** POST resetPassword, form-encoded. */
export const ResetPasswordBody = z.object({ userExpiredKey: z.string().trim().min(20).max(100), password: NewPassword });
export type ResetPasswordBody = z.infer<typeof ResetPasswordBody>;
/** POST retrievePasswrd (sic, the spec's name), form-encoded: a new password through an SMS code. */
export const RetrievePasswordBody = z.object({ mobile: Mobile, smsCode: SmsCode, attemptId: z.string().trim().min(1).max(64), password: NewPassword });
export type RetrievePasswordBody = z.infer<typeof RetrievePasswordBody>;

/** A forgotten password: a reset link by e-mail, or a code sent to the verified mobile number (spec names). */
export const password = resource(
  { tag: 'auth', base: '/api' },
  {
    sendResetEmail: {
      method: 'POST',
      path: '/sendResetPasswordEmail',
      auth: 'none',
      summary: 'E-mails a reset link valid 30 minutes; answers the same whether or not the account exists',
      body: SendResetEmailBody,
      bodyType: 'form',
      data: z.null(),
    },
    expiredKey: {
      method: 'GET',
      path: '/getUserIdByExpiredKey',
      auth: 'none',
      summary: 'The account of a live reset link',
      query: ExpiredKeyQuery,
      data: ExpiredKeyData,
    },
    reset: {
      method: 'POST',
      path: '/resetPassword',
      auth: 'none',
      summary: 'Sets a new password from a reset link; every session ends',
      body: ResetPasswordBody,
      bodyType: 'form',
      data: z.null(),
    },
    retrieve: {
      method: 'POST',
      path: '/retrievePasswrd',
      auth: 'none',
      summary: 'Sets a new password with a code sent to the verified mobile number; every session ends',
      body: RetrievePasswordBody,
      bodyType: 'form',
      data: z.null(),
    },
  },
);
