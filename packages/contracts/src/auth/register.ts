import { z } from 'zod';
import { resource } from '../http/endpoint';
import { Mobile, NewPassword, Username } from '../system';
import { CaptchaFields } from './shared';

export const RegisterInitData = z.object({
  enabled: z.boolean(),
  orgs: z.array(z.object({ orgCode: z.string(), orgName: z.string(), approval: z.boolean() })),
  captchaEnabled: z.boolean(),
  passwordMinLength: z.number().int(),
  passwordMaxLength: z.number().int(),
});
export type RegisterInitData = z.infer<typeof RegisterInitData>;

/** POST /api/auth/register/register-submit (JSON or form-encoded). */
export const RegisterBody = z.object({
  orgCode: z.string().trim().min(1).max(50),
  username: Username,
  nickName: z.string().trim().min(1).max(50),
  password: NewPassword,
  email: z
    .email()
    .max(200)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  mobile: Mobile.optional().or(z.literal('').transform(() => undefined)),
  ...CaptchaFields,
});
export type RegisterBody = z.input<typeof RegisterBody>;
export const RegisterData = z.object({ status: z.enum(['enabled', 'pending']) });
export type RegisterData = z.infer<typeof RegisterData>;

/** Self-registration with an organisation that accepts it. */
export const register = resource(
  { tag: 'auth', base: '' },
  {
    init: {
      method: 'GET',
      path: '/api/registerInit',
      auth: 'none',
      summary: 'Whether and where users may register, and the password rules',
      data: RegisterInitData,
    },
    submit: {
      method: 'POST',
      path: '/register/register-submit',
      auth: 'none',
      summary: "Registers a user (enabled at once, or pending an administrator's approval)",
      body: RegisterBody,
      data: RegisterData,
    },
  },
);
