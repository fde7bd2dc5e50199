import { z } from 'zod';
import { LOCALES } from './constants';

export const LoginMethod = z.enum(['password', 'phone', 'qrcode', 'mfa']);

export const Brand = z.object({
  brandKey: z.string(),
  name: z.string(),
  nameI18n: z.object({ 'zh-CN': z.string(), en: z.string() }),
  logoUrl: z.string().nullable(),
  primaryColor: z.string(),
  /** Dashboard variant of a branded installation (e.g. the germplasm bank); null follows the role. */
  dashboardType: z.string().nullable(),
  pathPrefix: z.string().nullable(),
});
export type Brand = z.infer<typeof Brand>;

export const LoginInitData = z.object({
  captchaEnabled: z.boolean(),
  loginMethods: z.array(LoginMethod),
  appName: z.string(),
  version: z.string(),
  brand: Brand,
  defaultLocale: z.enum(LOCALES),
});
export type LoginInitData = z.infer<typeof LoginInitData>;
/** The brand is chosen by the request's host and the path the web was entered at. */
export const BrandQuery = z.object({ path: z.string().trim().max(200).optional() });

/** POST /api/auth/api/login, form-encoded. */
export const LoginBody = z.object({
  username: z.string().trim().min(1).max(64),
  password: z.string().min(1).max(128),
  code: z.string().trim().max(10).optional(),
  uuid: z.string().trim().max(64).optional(),
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

export const CaptchaQuery = z.object({ uuid: z.uuid() });

export const MenuMeta = z.object({
  title: z.string(),
  titleI18n: z.object({ 'zh-CN': z.string(), en: z.string() }),
  icon: z.string().nullable(),
  hidden: z.boolean(),
  helpUrl: z.string().nullable(),
  type: z.string().nullable(),
  affix: z.boolean(),
  roles: z.array(z.string()),
});

export interface MenuItem {
  id: number;
  name: string;
  path: string;
  component: string | null;
  meta: z.infer<typeof MenuMeta>;
  children: MenuItem[];
}
export const MenuItem: z.ZodType<MenuItem> = z.object({
  id: z.number().int(),
  name: z.string(),
  path: z.string(),
  component: z.string().nullable(),
  meta: MenuMeta,
  get children() {
    return z.array(MenuItem);
  },
});

export const CropInfo = z.object({
  cropId: z.number().int(),
  code: z.string(),
  name: z.string(),
  nameI18n: z.object({ 'zh-CN': z.string(), en: z.string() }),
  access: z.enum(['view', 'operate']),
});
export type CropInfo = z.infer<typeof CropInfo>;

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
