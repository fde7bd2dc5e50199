import { defineModuleErrors, type Translations } from '../errors';

/** Refusals of the auth module: login, second factor, codes, password reset, registration, QR login. */
export const authErrors = defineModuleErrors('AUTH', {
  AUTH_MAP_ENGINE_UNAVAILABLE: { 'zh-CN': '地图引擎 {engine} 未配置', en: 'Map engine {engine} is not configured' },
  AUTH_LOGIN_FAILED: { 'zh-CN': '用户名或密码错误', en: 'Wrong user name or password' },
  AUTH_CAPTCHA_REQUIRED: { 'zh-CN': '请输入验证码', en: 'Please enter the captcha' },
  AUTH_CAPTCHA_INVALID: { 'zh-CN': '验证码错误或已过期', en: 'The captcha is wrong or has expired' },
  AUTH_ACCOUNT_DISABLED: { 'zh-CN': '账号已停用，请联系管理员', en: 'This account is disabled; contact your administrator' },
  AUTH_ACCOUNT_PENDING: { 'zh-CN': '账号正在等待管理员审核', en: "Your account is waiting for an administrator's approval" },
  AUTH_LOCALE_UNSUPPORTED: { 'zh-CN': '不支持的语言：{locale}', en: 'Unsupported language: {locale}' },
  AUTH_PASSWORD_SAME_AS_OLD: { 'zh-CN': '新密码不能与当前密码相同', en: 'The new password must differ from the current one' },
  AUTH_PASSWORD_WRONG: { 'zh-CN': '当前密码不正确', en: 'The current password is wrong' },
  AUTH_PASSWORD_CHANGE_REQUIRED: {
    'zh-CN': '管理员为您设置了初始密码，请先修改密码',
    en: 'An administrator set your password; change it before you go on',
  },
  AUTH_PASSWORD_EXPIRED: { 'zh-CN': '密码已过期，请修改密码后登录', en: 'Your password has expired; change it to log in' },
  AUTH_SMS_LOGIN_DISABLED: { 'zh-CN': '未启用短信验证码登录', en: 'Login by SMS code is not enabled' },
  AUTH_SMS_TOO_SOON: { 'zh-CN': '发送过于频繁，请 {seconds} 秒后再试', en: 'Sent too recently; try again in {seconds} seconds' },
  AUTH_SMS_DAILY_LIMIT: { 'zh-CN': '该号码今日发送次数已达上限', en: "This number has reached today's limit of codes" },
  AUTH_CODE_INVALID: { 'zh-CN': '验证码错误或已过期', en: 'The code is wrong or has expired' },
  AUTH_CODE_TOO_MANY_GUESSES: { 'zh-CN': '验证码错误次数过多，请重新获取', en: 'Too many wrong codes; request a new one' },
  AUTH_MOBILE_NOT_BOUND: { 'zh-CN': '该手机号未绑定到已验证的账号', en: 'No account has verified this mobile number' },
  AUTH_MOBILE_TAKEN: { 'zh-CN': '该手机号已被其他账号绑定', en: 'Another account already uses this mobile number' },
  AUTH_MFA_INVALID: { 'zh-CN': '动态验证码或恢复码错误', en: 'The authenticator code or recovery code is wrong' },
  AUTH_MFA_CHALLENGE_EXPIRED: { 'zh-CN': '二次验证已超时，请重新登录', en: 'The second step timed out; log in again' },
  AUTH_MFA_NOT_ENROLLED: { 'zh-CN': '尚未启用动态验证码', en: 'No authenticator is enrolled' },
  AUTH_MFA_ALREADY_ENABLED: { 'zh-CN': '动态验证码已启用', en: 'An authenticator is already enrolled' },
  AUTH_MFA_SETUP_MISSING: { 'zh-CN': '请先生成绑定二维码', en: 'Start the enrolment first to get a QR code' },
  AUTH_RESET_KEY_INVALID: { 'zh-CN': '重置链接无效或已过期，请重新申请', en: 'The reset link is invalid or has expired; request a new one' },
  AUTH_REGISTER_CLOSED: { 'zh-CN': '该组织未开放注册', en: 'This organisation does not accept registrations' },
  AUTH_QR_INVALID: { 'zh-CN': '二维码无效或已过期，请刷新', en: 'The QR code is invalid or has expired; refresh it' },
  AUTH_BIND_CODE_INVALID: { 'zh-CN': '绑定码无效或已过期', en: 'The binding code is invalid or has expired' },
  AUTH_DEVICE_KEY_INVALID: { 'zh-CN': '扫码设备未绑定或已解绑', en: 'This scanning device is not bound (or was unbound)' },
  AUTH_SESSION_NOT_FOUND: { 'zh-CN': '会话不存在或已结束', en: 'The session does not exist or has ended' },
});

/**
 * Texts the auth server writes itself: the SMS codes, the reset e-mail and the messages it leaves.
 * `{placeholders}` are filled with formatMessage.
 */
export const authTexts = {
  smsLogin: {
    'zh-CN': '【育种智汇】登录验证码 {code}，{minutes} 分钟内有效。如非本人操作，请忽略并修改密码。',
    en: '[Breedwise] Your login code is {code}. It is valid for {minutes} minutes. If this was not you, ignore it and change your password.',
  },
  smsReset: {
    'zh-CN': '【育种智汇】找回密码验证码 {code}，{minutes} 分钟内有效。如非本人操作，请忽略。',
    en: '[Breedwise] Your password reset code is {code}. It is valid for {minutes} minutes. If this was not you, ignore it.',
  },
  smsBind: {
    'zh-CN': '【育种智汇】手机号绑定验证码 {code}，{minutes} 分钟内有效。',
    en: '[Breedwise] Your code to confirm this mobile number is {code}. It is valid for {minutes} minutes.',
  },
  resetMailSubject: { 'zh-CN': '育种智汇：重置密码', en: 'Breedwise: reset your password' },
  resetMailText: {
    'zh-CN': '{name}，您好：\n\n请在 {minutes} 分钟内打开以下链接设置新密码（仅可使用一次）：\n{link}\n\n如非本人操作，请忽略本邮件，您的密码不会改变。',
    en: 'Hello {name},\n\nOpen this link within {minutes} minutes to choose a new password (it works once):\n{link}\n\nIf you did not ask for this, ignore this e-mail; your password stays as it is.',
  },
  registrationTitle: { 'zh-CN': '新用户注册待审核', en: 'A registration awaits approval' },
  registrationContent: { 'zh-CN': '{nickName}（{username}）申请加入 {org}。', en: '{nickName} ({username}) asks to join {org}.' },
  passwordChangedTitle: { 'zh-CN': '密码已修改', en: 'Your password was changed' },
  passwordChangedContent: {
    'zh-CN': '您的密码已修改，其他设备上的登录已退出。如非本人操作，请立即联系管理员。',
    en: 'Your password was changed and your other sessions were ended. If this was not you, contact your administrator now.',
  },
} satisfies Record<string, Translations>;

export const authFieldLabels: Record<string, Translations> = {
  mobile: { 'zh-CN': '手机号', en: 'Mobile number' },
  smsCode: { 'zh-CN': '短信验证码', en: 'SMS code' },
  attemptId: { 'zh-CN': '验证码标识', en: 'Code attempt' },
  purpose: { 'zh-CN': '用途', en: 'Purpose' },
  mfaToken: { 'zh-CN': '二次验证标识', en: 'Second-step token' },
  totpCode: { 'zh-CN': '动态验证码', en: 'Authenticator code' },
  oldPassword: { 'zh-CN': '当前密码', en: 'Current password' },
  newPassword: { 'zh-CN': '新密码', en: 'New password' },
  account: { 'zh-CN': '用户名或邮箱', en: 'User name or e-mail' },
  userExpiredKey: { 'zh-CN': '重置链接', en: 'Reset link' },
  orgCode: { 'zh-CN': '组织', en: 'Organisation' },
  nickName: { 'zh-CN': '姓名', en: 'Full name' },
  email: { 'zh-CN': '邮箱', en: 'E-mail' },
  qrId: { 'zh-CN': '二维码', en: 'QR code' },
  pollSecret: { 'zh-CN': '二维码密钥', en: 'QR secret' },
  approve: { 'zh-CN': '是否同意', en: 'Approve' },
  deviceName: { 'zh-CN': '设备名称', en: 'Device name' },
  deptIds: { 'zh-CN': '部门', en: 'Departments' },
};
