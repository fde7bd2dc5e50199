import { z } from 'zod';
import { defineErrors, type Translations } from './errors';
import { PageQuery } from './query';

/** Password length limits (security.md item 1): no composition rules, no truncation. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
/** One-time codes sent by SMS or e-mail (security.md, spec section 5). */
export const OTP_CODE_LENGTH = 6;
export const OTP_TTL_MINUTES = 10;
export const OTP_MAX_GUESSES = 5;

/** A new password: 8 to 128 characters of anything; the server also refuses the most common ones. */
export const NewPassword = z.string().min(PASSWORD_MIN_LENGTH).max(PASSWORD_MAX_LENGTH);
/** Mobile numbers: optional +, 6 to 15 digits (E.164 length), mainland numbers included. */
export const Mobile = z.string().trim().min(1).max(20).regex(/^\+?[0-9]{6,15}$/);
export const SmsCode = z.string().trim().regex(/^[0-9]{6}$/);
export const Username = z.string().trim().min(2).max(64).regex(/^[A-Za-z0-9][A-Za-z0-9_.@-]*$/);
const Captcha = {
  code: z.string().trim().max(10).optional(),
  uuid: z.string().trim().max(64).optional(),
};

// ---- SMS ---------------------------------------------------------------------------------------

export const SmsPurpose = z.enum(['login', 'reset', 'bind']);
export type SmsPurpose = z.infer<typeof SmsPurpose>;

/** POST /api/auth/api/sms/send, form-encoded. */
export const SmsSendBody = z.object({ mobile: Mobile, purpose: SmsPurpose, ...Captcha });
export type SmsSendBody = z.infer<typeof SmsSendBody>;
export const SmsSendData = z.object({
  /** Binds the code to this attempt: the code is checked only together with it. */
  attemptId: z.string(),
  expiresInSeconds: z.number().int(),
  resendAfterSeconds: z.number().int(),
});
export type SmsSendData = z.infer<typeof SmsSendData>;

/** POST /api/auth/api/login/mobile, form-encoded. */
export const MobileLoginBody = z.object({ mobile: Mobile, smsCode: SmsCode, attemptId: z.string().trim().min(1).max(64) });
export type MobileLoginBody = z.infer<typeof MobileLoginBody>;

/** POST /api/auth/api/login/mfa, form-encoded: a TOTP code or a recovery code. */
export const MfaLoginBody = z.object({ mfaToken: z.string().trim().min(1).max(100), code: z.string().trim().min(6).max(20) });
export type MfaLoginBody = z.infer<typeof MfaLoginBody>;

// ---- TOTP --------------------------------------------------------------------------------------

export const TotpSetupData = z.object({
  /** otpauth:// URI for authenticator apps; shown once, while enrolling. */
  otpauthUrl: z.string(),
  qrDataUrl: z.string(),
  /** The same secret for manual entry; shown once, while enrolling. */
  secret: z.string(),
});
export type TotpSetupData = z.infer<typeof TotpSetupData>;
export const TotpCodeBody = z.object({ totpCode: z.string().trim().regex(/^[0-9]{6}$/) });
export type TotpCodeBody = z.infer<typeof TotpCodeBody>;
export const RecoveryCodesData = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodesData = z.infer<typeof RecoveryCodesData>;
export const PasswordConfirmBody = z.object({ password: z.string().min(1).max(PASSWORD_MAX_LENGTH) });
export type PasswordConfirmBody = z.infer<typeof PasswordConfirmBody>;

// ---- passwords ---------------------------------------------------------------------------------

/** POST /api/auth/api/login/editPassword (the login page's edit-password form), form-encoded. */
export const EditPasswordBody = z.object({
  username: z.string().trim().min(1).max(64),
  oldPassword: z.string().min(1).max(PASSWORD_MAX_LENGTH),
  newPassword: NewPassword,
  ...Captcha,
});
export type EditPasswordBody = z.infer<typeof EditPasswordBody>;

/** PUT /api/auth/api/profile/password: a signed-in user changes the password. */
export const ChangePasswordBody = z.object({ oldPassword: z.string().min(1).max(PASSWORD_MAX_LENGTH), newPassword: NewPassword });
export type ChangePasswordBody = z.infer<typeof ChangePasswordBody>;

/** POST sendResetPasswordEmail, form-encoded: user name or e-mail address. */
export const SendResetEmailBody = z.object({ account: z.string().trim().min(1).max(200), ...Captcha });
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

// ---- registration ------------------------------------------------------------------------------

export const RegistrationMode = z.enum(['off', 'open', 'approval']);
export type RegistrationMode = z.infer<typeof RegistrationMode>;

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
  email: z.email().max(200).optional().or(z.literal('').transform(() => undefined)),
  mobile: Mobile.optional().or(z.literal('').transform(() => undefined)),
  ...Captcha,
});
export type RegisterBody = z.input<typeof RegisterBody>;
export const RegisterData = z.object({ status: z.enum(['enabled', 'pending']) });
export type RegisterData = z.infer<typeof RegisterData>;

// ---- sessions ----------------------------------------------------------------------------------

export const SessionRow = z.object({
  id: z.string(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  expiresAt: z.string(),
  current: z.boolean(),
});
export type SessionRow = z.infer<typeof SessionRow>;
export const SessionIdParam = z.object({ id: z.uuid() });

// ---- QR-code login and scan identities (CAS) -----------------------------------------------------

export const QrStatus = z.enum(['waiting', 'scanned', 'confirmed', 'cancelled', 'expired']);
export type QrStatus = z.infer<typeof QrStatus>;
export const QrGenerateData = z.object({
  qrId: z.string(),
  /** Known only to the browser that asked: a scanned code logs in that browser and no other. */
  pollSecret: z.string(),
  content: z.string(),
  qrDataUrl: z.string(),
  expiresAt: z.string(),
});
export type QrGenerateData = z.infer<typeof QrGenerateData>;
export const QrCheckQuery = z.object({ qrId: z.uuid(), pollSecret: z.string().trim().min(20).max(100) });
export const QrCheckData = z.object({ status: QrStatus, token: z.string().nullable(), expiresAt: z.string().nullable() });
export type QrCheckData = z.infer<typeof QrCheckData>;
export const QrScanBody = z.object({ qrId: z.uuid() });
export const QrScanData = z.object({ status: QrStatus, ip: z.string().nullable(), userAgent: z.string().nullable(), createdAt: z.string(), userName: z.string() });
export type QrScanData = z.infer<typeof QrScanData>;
export const QrConfirmBody = z.object({ qrId: z.uuid(), approve: z.boolean() });
/** Header a bound scan identity (device) sends instead of a session token. */
export const DEVICE_KEY_HEADER = 'x-device-key';

export const CasQrcodeData = z.object({ code: z.string(), content: z.string(), qrDataUrl: z.string(), expiresAt: z.string() });
export type CasQrcodeData = z.infer<typeof CasQrcodeData>;
export const CasBindQuery = z.object({ code: z.string().trim().min(20).max(100), deviceName: z.string().trim().max(100).optional() });
export const CasBindData = z.object({ deviceKey: z.string(), userName: z.string(), deviceName: z.string() });
export type CasBindData = z.infer<typeof CasBindData>;
export const CasCheckQuery = z.object({ code: z.string().trim().min(20).max(100) });
/** checkCode answers one raw word, not the envelope. */
export const CAS_CHECK_STATES = ['waiting', 'bound', 'expired'] as const;
export const ScanIdentityRow = z.object({ id: z.number().int(), deviceName: z.string(), createdAt: z.string(), lastUsedAt: z.string().nullable() });
export type ScanIdentityRow = z.infer<typeof ScanIdentityRow>;

// ---- profile, department scope -----------------------------------------------------------------

export const ProfileData = z.object({
  userId: z.number().int(),
  userName: z.string(),
  nickName: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  phoneVerified: z.boolean(),
  deptName: z.string().nullable(),
  roles: z.array(z.string()),
  orgName: z.string().nullable(),
  createdAt: z.string(),
  passwordChangedAt: z.string(),
  totpEnabled: z.boolean(),
  recoveryCodesLeft: z.number().int(),
  smsLogin: z.boolean(),
});
export type ProfileData = z.infer<typeof ProfileData>;
export const ProfileUpdate = z.object({
  nickName: z.string().trim().min(1).max(50),
  email: z.email().max(200).nullish().or(z.literal('').transform(() => null)),
});
export type ProfileUpdate = z.input<typeof ProfileUpdate>;
export const BindPhoneBody = z.object({ mobile: Mobile, smsCode: SmsCode, attemptId: z.string().trim().min(1).max(64) });
export type BindPhoneBody = z.infer<typeof BindPhoneBody>;

export interface DeptNode {
  id: number;
  parentId: number | null;
  name: string;
  sort: number;
  status: 'enabled' | 'disabled';
  children: DeptNode[];
}
export const DeptNode: z.ZodType<DeptNode> = z.object({
  id: z.number().int(),
  parentId: z.number().int().nullable(),
  name: z.string(),
  sort: z.number().int(),
  status: z.enum(['enabled', 'disabled']),
  get children() {
    return z.array(DeptNode);
  },
});
export const ViewDeptData = z.object({ deptIds: z.array(z.number().int()), depts: z.array(DeptNode) });
export type ViewDeptData = z.infer<typeof ViewDeptData>;
export const ViewDeptBody = z.object({ deptIds: z.array(z.number().int().positive()).max(500) });
export type ViewDeptBody = z.infer<typeof ViewDeptBody>;

export const MySessionsQuery = PageQuery.pick({ pageNum: true, pageSize: true });

export const accountErrors = defineErrors({
  PASSWORD_TOO_COMMON: { 'zh-CN': '该密码过于常见，容易被猜中，请换一个', en: 'This password is too common and easy to guess; choose another' },
  PASSWORD_SAME_AS_OLD: { 'zh-CN': '新密码不能与当前密码相同', en: 'The new password must differ from the current one' },
  PASSWORD_WRONG: { 'zh-CN': '当前密码不正确', en: 'The current password is wrong' },
  PASSWORD_EXPIRED: { 'zh-CN': '密码已过期，请修改密码后登录', en: 'Your password has expired; change it to log in' },
  SMS_LOGIN_DISABLED: { 'zh-CN': '未启用短信验证码登录', en: 'Login by SMS code is not enabled' },
  SMS_TOO_SOON: { 'zh-CN': '发送过于频繁，请 {seconds} 秒后再试', en: 'Sent too recently; try again in {seconds} seconds' },
  SMS_DAILY_LIMIT: { 'zh-CN': '该号码今日发送次数已达上限', en: 'This number has reached today\'s limit of codes' },
  SMS_SEND_FAILED: { 'zh-CN': '短信发送失败，请稍后重试', en: 'The SMS could not be sent; try again later' },
  MAIL_SEND_FAILED: { 'zh-CN': '邮件发送失败，请稍后重试', en: 'The e-mail could not be sent; try again later' },
  CODE_INVALID: { 'zh-CN': '验证码错误或已过期', en: 'The code is wrong or has expired' },
  CODE_TOO_MANY_GUESSES: { 'zh-CN': '验证码错误次数过多，请重新获取', en: 'Too many wrong codes; request a new one' },
  MOBILE_NOT_BOUND: { 'zh-CN': '该手机号未绑定到已验证的账号', en: 'No account has verified this mobile number' },
  MOBILE_TAKEN: { 'zh-CN': '该手机号已被其他账号绑定', en: 'Another account already uses this mobile number' },
  MFA_INVALID: { 'zh-CN': '动态验证码或恢复码错误', en: 'The authenticator code or recovery code is wrong' },
  MFA_CHALLENGE_EXPIRED: { 'zh-CN': '二次验证已超时，请重新登录', en: 'The second step timed out; log in again' },
  MFA_NOT_ENROLLED: { 'zh-CN': '尚未启用动态验证码', en: 'No authenticator is enrolled' },
  MFA_ALREADY_ENABLED: { 'zh-CN': '动态验证码已启用', en: 'An authenticator is already enrolled' },
  MFA_SETUP_MISSING: { 'zh-CN': '请先生成绑定二维码', en: 'Start the enrolment first to get a QR code' },
  RESET_KEY_INVALID: { 'zh-CN': '重置链接无效或已过期，请重新申请', en: 'The reset link is invalid or has expired; request a new one' },
  REGISTER_CLOSED: { 'zh-CN': '该组织未开放注册', en: 'This organisation does not accept registrations' },
  USERNAME_TAKEN: { 'zh-CN': '用户名 {username} 已被使用', en: 'The user name {username} is taken' },
  ACCOUNT_PENDING: { 'zh-CN': '账号正在等待管理员审核', en: 'Your account is waiting for an administrator\'s approval' },
  QR_INVALID: { 'zh-CN': '二维码无效或已过期，请刷新', en: 'The QR code is invalid or has expired; refresh it' },
  BIND_CODE_INVALID: { 'zh-CN': '绑定码无效或已过期', en: 'The binding code is invalid or has expired' },
  DEVICE_KEY_INVALID: { 'zh-CN': '扫码设备未绑定或已解绑', en: 'This scanning device is not bound (or was unbound)' },
  DEPT_NOT_FOUND: { 'zh-CN': '部门不存在：{ids}', en: 'No such department: {ids}' },
  SESSION_NOT_FOUND: { 'zh-CN': '会话不存在或已结束', en: 'The session does not exist or has ended' },
});

export const accountFieldLabels: Record<string, Translations> = {
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
