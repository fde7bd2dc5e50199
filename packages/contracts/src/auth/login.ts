import { z } from 'zod';
import { LOCALES } from '../constants';
import { IdParam } from '../envelope';
import { resource } from '../http/endpoint';
import { Brand, CropInfo, LoginMethod, MenuItem, Mobile, NewPassword, PASSWORD_MAX_LENGTH } from '../system';
import { CaptchaFields, SmsCode } from './shared';

export const LoginInitData = z.object({
  captchaEnabled: z.boolean(),
  loginMethods: z.array(LoginMethod),
  appName: z.string(),
  version: z.string(),
  brand: Brand,
  defaultLocale: z.enum(LOCALES),
  /** Some organisation accepts registrations: the login page shows the registration link only then. */
  registerEnabled: z.boolean(),
});
export type LoginInitData = z.infer<typeof LoginInitData>;
/** The brand is chosen by the request's host and the path the web was entered at. */
export const BrandQuery = z.object({ path: z.string().trim().max(200).optional() });

/** POST /api/auth/api/login, form-encoded. */
export const LoginBody = z.object({
  username: z.string().trim().min(1).max(64),
  password: z.string().min(1).max(128),
  ...CaptchaFields,
});
export type LoginBody = z.infer<typeof LoginBody>;

/**
 * A session token, or, for a user with an authenticator, `mfaRequired` and a short-lived `mfaToken`
 * to send with the code to /api/login/mfa.
 */
export const LoginData = z.object({
  token: z.string().optional(),
  expiresAt: z.string().optional(),
  mfaRequired: z.boolean().optional(),
  mfaToken: z.string().optional(),
});
export type LoginData = z.infer<typeof LoginData>;

/** POST /api/auth/api/login/mobile, form-encoded. */
export const MobileLoginBody = z.object({ mobile: Mobile, smsCode: SmsCode, attemptId: z.string().trim().min(1).max(64) });
export type MobileLoginBody = z.infer<typeof MobileLoginBody>;

/** POST /api/auth/api/login/mfa, form-encoded: a TOTP code or a recovery code. */
export const MfaLoginBody = z.object({ mfaToken: z.string().trim().min(1).max(100), code: z.string().trim().min(6).max(20) });
export type MfaLoginBody = z.infer<typeof MfaLoginBody>;

/** POST /api/auth/api/login/editPassword (the login page's edit-password form), form-encoded. */
export const EditPasswordBody = z.object({
  username: z.string().trim().min(1).max(64),
  oldPassword: z.string().min(1).max(PASSWORD_MAX_LENGTH),
  newPassword: NewPassword,
  ...CaptchaFields,
});
export type EditPasswordBody = z.infer<typeof EditPasswordBody>;

export const LoginInfoData = z.object({
  userInfo: z.object({
    userId: z.number().int(),
    userName: z.string(),
    nickName: z.string(),
    avatar: z.string().nullable(),
    role: z.string(),
    roles: z.array(z.string()),
    passExpiredDateCount: z.number().int().nullable(),
    dashboardType: z.string(),
    locale: z.enum(LOCALES),
    platformAdmin: z.boolean(),
  }),
  permissions: z.array(z.string()),
  orgInfo: z.object({ orgId: z.number().int(), orgName: z.string() }).nullable(),
  orgs: z.array(z.object({ orgId: z.number().int(), orgName: z.string() })),
  cropInfo: CropInfo.nullable(),
  crops: z.array(CropInfo),
  menu: z.array(MenuItem),
  selectOrgUrl: z.string(),
  selectCropUrl: z.string(),
  authServerUrl: z.string(),
  helpUrlBase: z.string(),
  chatAiEnable: z.boolean(),
  /** Origins besides our own whose embedded pages may ask the shell to open or close tabs. */
  embedOrigins: z.array(z.string()),
  brand: Brand,
});
export type LoginInfoData = z.infer<typeof LoginInfoData>;

export const LocaleParam = z.object({ locale: z.enum(LOCALES) });
export const LocaleData = z.object({ locale: LocaleParam.shape.locale });

/** Login (password, SMS code, second step), the session's user, organisation, crop and language. */
export const login = resource(
  { tag: 'auth', base: '/api/login' },
  {
    init: {
      method: 'GET',
      path: '/init',
      auth: 'none',
      summary: 'Login page settings: captcha, login methods, app name, version, brand (by host and entry path)',
      query: BrandQuery,
      data: LoginInitData,
    },
    login: {
      method: 'POST',
      path: '',
      auth: 'none',
      summary: 'Password login (form-encoded): a session token, or mfaRequired with an mfaToken',
      body: LoginBody,
      bodyType: 'form',
      data: LoginData,
    },
    mobile: {
      method: 'POST',
      path: '/mobile',
      auth: 'none',
      summary: 'Login by mobile number and SMS code (form-encoded)',
      body: MobileLoginBody,
      bodyType: 'form',
      data: LoginData,
    },
    mfa: {
      method: 'POST',
      path: '/mfa',
      auth: 'none',
      summary: 'Second login step: an authenticator code or a recovery code (form-encoded)',
      body: MfaLoginBody,
      bodyType: 'form',
      data: LoginData,
    },
    editPassword: {
      method: 'POST',
      path: '/editPassword',
      auth: 'none',
      summary: 'Changes a password with the current one (login page form, form-encoded); every session ends',
      body: EditPasswordBody,
      bodyType: 'form',
      data: z.null(),
    },
    info: {
      method: 'GET',
      path: '/info',
      summary: 'User, permissions, organisation, crops, menu and brand of the session',
      query: BrandQuery,
      data: LoginInfoData,
    },
    logout: {
      method: 'POST',
      path: '/logout',
      auth: 'optional',
      beforePasswordChange: true,
      summary: 'Ends the session (answers success even without one)',
      data: z.null(),
    },
    setOrg: {
      method: 'POST',
      path: '/setOrgId/:id',
      summary: 'Switches the session to another organisation of the user',
      params: IdParam,
      data: z.null(),
    },
    setCrop: {
      method: 'POST',
      path: '/setCropId/:id',
      summary: 'Switches the session crop; remembered in a cookie for 7 days',
      params: IdParam,
      data: z.null(),
    },
    changeLocale: {
      method: 'GET',
      path: '/changeLocal/:locale',
      summary: 'Sets the language of the session and the user',
      params: LocaleParam,
      data: LocaleData,
    },
  },
);

export const CaptchaQuery = z.object({ uuid: z.uuid() });

/** The captcha image of the login, reset and registration forms. */
export const captcha = resource(
  { tag: 'auth', base: '' },
  {
    image: {
      method: 'GET',
      path: '/captcha.jpg',
      auth: 'none',
      summary: 'A JPEG captcha bound to the given uuid (valid 5 minutes, single use)',
      query: CaptchaQuery,
      raw: true,
    },
  },
);
