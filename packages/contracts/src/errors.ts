import type { Locale } from './constants';

export type Translations = Record<Locale, string>;

/** Declares a module's error codes with their zh-CN and en message templates. */
export function defineErrors<K extends string>(messages: Record<K, Translations>): Record<K, Translations> {
  return messages;
}

/** Platform errors. Module errors live beside their module's contracts and are merged in index.ts. */
export const platformErrors = defineErrors({
  VALIDATION_FAILED: { 'zh-CN': '输入有误：{detail}', en: 'Invalid input: {detail}' },
  BAD_JSON: { 'zh-CN': '请求体不是合法的 JSON', en: 'The request body is not valid JSON' },
  BAD_REQUEST: { 'zh-CN': '请求格式错误：{detail}', en: 'Malformed request: {detail}' },
  BODY_TOO_LARGE: { 'zh-CN': '请求体过大，最大 {limit}', en: 'The request body is too large (at most {limit})' },
  UNSUPPORTED_MEDIA_TYPE: { 'zh-CN': '不支持的内容类型：{type}', en: 'Unsupported content type: {type}' },
  ROUTE_NOT_FOUND: { 'zh-CN': '接口不存在：{method} {url}', en: 'No such API: {method} {url}' },
  RECORD_NOT_FOUND: { 'zh-CN': '记录不存在或无权访问', en: 'The record does not exist or is not accessible' },
  METHOD_NOT_ALLOWED: { 'zh-CN': '不允许的请求方法', en: 'Method not allowed' },
  UNAUTHORIZED: { 'zh-CN': '未登录或登录已过期，请重新登录', en: 'You are not logged in or your session has expired; please log in again' },
  SESSION_REPLACED: {
    'zh-CN': '您的账号已在其他地方登录，如非本人操作请修改密码，或重新登录',
    en: 'Your account logged in elsewhere. If it was not you, change your password; otherwise log in again',
  },
  FORBIDDEN: { 'zh-CN': '没有权限：需要 {permission}', en: 'Permission denied: {permission} is required' },
  CROP_READ_ONLY: { 'zh-CN': '您对当前作物只有查看权限', en: 'You have view-only access to the current crop' },
  TOO_MANY_REQUESTS: { 'zh-CN': '尝试过于频繁，请 {seconds} 秒后再试', en: 'Too many attempts; try again in {seconds} seconds' },
  CONFLICT: { 'zh-CN': '数据已被修改，请刷新后重试', en: 'The data changed meanwhile; refresh and retry' },
  INTERNAL: { 'zh-CN': '服务器错误，请稍后重试（请求号 {requestId}）', en: 'Server error, please retry later (request {requestId})' },
  SERVICE_UNAVAILABLE: { 'zh-CN': '服务暂不可用', en: 'Service unavailable' },
  // auth
  LOGIN_FAILED: { 'zh-CN': '用户名或密码错误', en: 'Wrong user name or password' },
  CAPTCHA_REQUIRED: { 'zh-CN': '请输入验证码', en: 'Please enter the captcha' },
  CAPTCHA_INVALID: { 'zh-CN': '验证码错误或已过期', en: 'The captcha is wrong or has expired' },
  ACCOUNT_DISABLED: { 'zh-CN': '账号已停用，请联系管理员', en: 'This account is disabled; contact your administrator' },
  ORG_NOT_MEMBER: { 'zh-CN': '您不属于该组织', en: 'You are not a member of this organisation' },
  CROP_NOT_ALLOWED: { 'zh-CN': '您没有该作物的权限', en: 'You have no access to this crop' },
  LOCALE_UNSUPPORTED: { 'zh-CN': '不支持的语言：{locale}', en: 'Unsupported language: {locale}' },
});

/** Validation rule messages: `{field}` is the translated field label followed by its key. */
export const validationRules = defineErrors({
  required: { 'zh-CN': '{field}必填', en: '{field} is required' },
  type: { 'zh-CN': '{field}应为{expected}', en: '{field} must be {expected}' },
  min: { 'zh-CN': '{field}不能小于 {min}', en: '{field} must be at least {min}' },
  max: { 'zh-CN': '{field}不能大于 {max}', en: '{field} must be at most {max}' },
  minLength: { 'zh-CN': '{field}至少 {min} 个字符', en: '{field} needs at least {min} characters' },
  maxLength: { 'zh-CN': '{field}最多 {max} 个字符', en: '{field} allows at most {max} characters' },
  minItems: { 'zh-CN': '{field}至少 {min} 项', en: '{field} needs at least {min} items' },
  maxItems: { 'zh-CN': '{field}最多 {max} 项', en: '{field} allows at most {max} items' },
  integer: { 'zh-CN': '{field}必须是整数', en: '{field} must be a whole number' },
  format: { 'zh-CN': '{field}格式不正确（{format}）', en: '{field} has the wrong format ({format})' },
  enum: { 'zh-CN': '{field}只能是 {allowed}', en: '{field} must be one of {allowed}' },
  unknownKey: { 'zh-CN': '不允许的字段 {field}', en: 'Unknown field {field}' },
  invalid: { 'zh-CN': '{field}无效', en: '{field} is invalid' },
});
export type ValidationRule = keyof typeof validationRules;

export const typeNames = defineErrors({
  string: { 'zh-CN': '文本', en: 'text' },
  number: { 'zh-CN': '数字', en: 'a number' },
  boolean: { 'zh-CN': '布尔值', en: 'true or false' },
  array: { 'zh-CN': '列表', en: 'a list' },
  object: { 'zh-CN': '对象', en: 'an object' },
  date: { 'zh-CN': '日期', en: 'a date' },
});
