import { defineModuleErrors, type Translations } from '../errors';

export const licenseErrors = defineModuleErrors('LICENSE', {
  LICENSE_DATES: { 'zh-CN': '失效日期不能早于生效日期', en: 'The expiry date cannot be before the activation date' },
  LICENSE_SUBJECT_CODE_EXISTS: { 'zh-CN': '许可主体编码 {code} 已存在', en: 'Licence subject code {code} already exists' },
  LICENSE_SUBJECT_IN_USE: { 'zh-CN': '该主体仍有许可证，不能删除', en: 'The subject still has licences and cannot be deleted' },
  LICENSE_SIGNING_DISABLED: {
    'zh-CN': '未配置签发私钥（BW_LICENSE_SIGNING_KEY），不能导出许可证文件',
    en: 'No signing key is configured (BW_LICENSE_SIGNING_KEY), so licence files cannot be exported',
  },
  LICENSE_VERIFY_DISABLED: {
    'zh-CN': '未配置许可证公钥（BW_LICENSE_PUBLIC_KEY），无需安装许可证',
    en: 'No licence public key is configured (BW_LICENSE_PUBLIC_KEY); licences are not enforced here',
  },
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
