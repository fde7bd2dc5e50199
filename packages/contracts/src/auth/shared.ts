import { z } from 'zod';

/** The captcha a form sends along when the installation asks for one (`/captcha.jpg?uuid=`). */
export const CaptchaFields = {
  code: z.string().trim().max(10).optional(),
  uuid: z.string().trim().max(64).optional(),
};
export const SmsCode = z
  .string()
  .trim()
  .regex(/^[0-9]{6}$/);
