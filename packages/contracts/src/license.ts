import { z } from 'zod';
import { defineErrors, type Translations } from './errors';
import { PageQuery } from './query';

const DateOnly = z.string().trim().regex(/^\d{4}-\d{2}-\d{2}$/);
const optionalText = (max: number) => z.string().trim().max(max).nullish().transform((v) => (v ? v : null));

/** What a licence counts: active (enabled) users, or organisations. */
export const ConsumerType = z.enum(['user', 'organisation']);
export type ConsumerType = z.infer<typeof ConsumerType>;

export const LicenseSubjectRow = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  contact: z.string().nullable(),
  description: z.string().nullable(),
  licenses: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type LicenseSubjectRow = z.infer<typeof LicenseSubjectRow>;
const SubjectFields = {
  name: z.string().trim().min(1).max(100),
  contact: optionalText(200),
  description: optionalText(500),
};
export const LicenseSubjectCreate = z.object({ code: z.string().trim().min(1).max(50).regex(/^[A-Za-z0-9][A-Za-z0-9_.-]*$/), ...SubjectFields });
export type LicenseSubjectCreate = z.input<typeof LicenseSubjectCreate>;
export const LicenseSubjectUpdate = z.object({ id: z.number().int().positive(), ...SubjectFields });
export type LicenseSubjectUpdate = z.input<typeof LicenseSubjectUpdate>;
export const LicenseSubjectPageQuery = PageQuery;

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

export const licenseErrors = defineErrors({
  LICENSE_DATES: { 'zh-CN': '失效日期不能早于生效日期', en: 'The expiry date cannot be before the activation date' },
  LICENSE_SUBJECT_CODE_EXISTS: { 'zh-CN': '许可主体编码 {code} 已存在', en: 'Licence subject code {code} already exists' },
  LICENSE_SUBJECT_IN_USE: { 'zh-CN': '该主体仍有许可证，不能删除', en: 'The subject still has licences and cannot be deleted' },
  LICENSE_SIGNING_DISABLED: { 'zh-CN': '未配置签发私钥（BW_LICENSE_SIGNING_KEY），不能导出许可证文件', en: 'No signing key is configured (BW_LICENSE_SIGNING_KEY), so licence files cannot be exported' },
  LICENSE_VERIFY_DISABLED: { 'zh-CN': '未配置许可证公钥（BW_LICENSE_PUBLIC_KEY），无需安装许可证', en: 'No licence public key is configured (BW_LICENSE_PUBLIC_KEY); licences are not enforced here' },
  LICENSE_INVALID: { 'zh-CN': '许可证文件无效或签名不正确', en: 'The licence file is invalid or its signature does not verify' },
  LICENSE_EXPIRED: { 'zh-CN': '许可证已过期（{expiryDate}），请联系管理员', en: 'The licence expired on {expiryDate}; contact your administrator' },
  LICENSE_NOT_ACTIVE: { 'zh-CN': '许可证尚未生效（{activationDate}）', en: 'The licence is not active until {activationDate}' },
  LICENSE_MISSING: { 'zh-CN': '尚未安装许可证，请联系管理员', en: 'No licence is installed; contact your administrator' },
  LICENSE_LIMIT: { 'zh-CN': '超出许可证数量上限（{used}/{amount}）', en: 'The licence allows {amount}; {used} are in use' },
});

export const licenseFieldLabels: Record<string, Translations> = {
  contact: { 'zh-CN': '联系人', en: 'Contact' },
  subjectId: { 'zh-CN': '许可主体', en: 'Licence subject' },
  activationDate: { 'zh-CN': '生效日期', en: 'Activation date' },
  expiryDate: { 'zh-CN': '失效日期', en: 'Expiry date' },
  consumerType: { 'zh-CN': '计量类型', en: 'Consumer type' },
  consumerAmount: { 'zh-CN': '数量上限', en: 'Consumer amount' },
  file: { 'zh-CN': '许可证文件', en: 'Licence file' },
};
