import type {
  CasBindData, CasQrcodeData, ExpiredKeyData, LoginData, ProfileData, QrCheckData, QrGenerateData, QrScanData, RecoveryCodesData,
  RegisterBody, RegisterData, RegisterInitData, ScanIdentityRow, SessionRow, SmsPurpose, SmsSendData, TotpSetupData, ViewDeptData,
} from '@breedwise/contracts';
import { DEVICE_KEY_HEADER } from '@breedwise/contracts';
import { api, request } from '../lib/request';
import { local } from '../lib/storage';

const DEVICE_KEY = 'bw-device-key';
const silent = { errorMode: 'silent' as const };
const form = async <T>(url: string, data: Record<string, string | undefined>) => (await request<{ data: T }>(url, { method: 'POST', form: data, ...silent })).data;

/** Calls of the login sub-forms, password pages, profile and QR pages (spec section 7, auth base). */
export const accountApi = {
  sendSms: (mobile: string, purpose: SmsPurpose, captcha?: { code?: string; uuid?: string }) =>
    form<SmsSendData>('/auth/api/sms/send', { mobile, purpose, ...captcha }),
  loginMobile: (body: { mobile: string; smsCode: string; attemptId: string }) => form<LoginData>('/auth/api/login/mobile', body),
  loginMfa: (mfaToken: string, code: string) => form<LoginData>('/auth/api/login/mfa', { mfaToken, code }),
  editPassword: (body: { username: string; oldPassword: string; newPassword: string; code?: string; uuid?: string }) => form<null>('/auth/api/login/editPassword', body),
  sendResetEmail: (account: string, captcha?: { code?: string; uuid?: string }) => form<null>('/auth/api/sendResetPasswordEmail', { account, ...captcha }),
  expiredKey: (userExpiredKey: string) => api.get<ExpiredKeyData>('/auth/api/getUserIdByExpiredKey', { userExpiredKey }, silent),
  resetPassword: (userExpiredKey: string, password: string) => form<null>('/auth/api/resetPassword', { userExpiredKey, password }),
  retrievePassword: (body: { mobile: string; smsCode: string; attemptId: string; password: string }) => form<null>('/auth/api/retrievePasswrd', body),
  registerInit: () => api.get<RegisterInitData>('/auth/api/registerInit', undefined, silent),
  register: (body: RegisterBody) => api.post<RegisterData>('/auth/register/register-submit', body, silent),
  qrGenerate: () => api.get<QrGenerateData>('/auth/api/login/qrcode/generate', undefined, silent),
  qrCheck: (qrId: string, pollSecret: string) => api.get<QrCheckData>('/auth/api/login/qrcode/check', { qrId, pollSecret }, silent),
  qrScan: async (qrId: string) => (await request<{ data: QrScanData }>('/auth/api/login/qrcode/scan', { method: 'POST', data: { qrId }, headers: deviceHeader(), ...silent })).data,
  qrConfirm: async (qrId: string, approve: boolean) => request('/auth/api/login/qrcode/confirm', { method: 'POST', data: { qrId, approve }, headers: deviceHeader(), ...silent }),
  casQrcode: () => api.get<CasQrcodeData>('/auth/cas/getQrcode'),
  casBind: (code: string, deviceName: string) => api.get<CasBindData>('/auth/cas/bindQrcode', { code, deviceName }, silent),
  /** Raw text answer: waiting, bound or expired. */
  casCheck: async (code: string) => {
    const res = await fetch(`/api/auth/cas/checkCode?code=${encodeURIComponent(code)}`, { headers: { token: JSON.parse(localStorage.getItem('bw-token') ?? '{}').v ?? '' } });
    return (await res.text()).trim();
  },
  profile: () => api.get<ProfileData>('/auth/api/profile'),
  updateProfile: (body: { nickName: string; email?: string | null }) => api.put<null>('/auth/api/profile', body, silent),
  changePassword: (oldPassword: string, newPassword: string) => api.put<null>('/auth/api/profile/password', { oldPassword, newPassword }, silent),
  sendBindSms: (mobile: string) => api.post<SmsSendData>('/auth/api/profile/phone/send', { mobile }, silent),
  bindPhone: (body: { mobile: string; smsCode: string; attemptId: string }) => api.post<null>('/auth/api/profile/phone', body, silent),
  totpSetup: () => api.post<TotpSetupData>('/auth/api/profile/totp/setup'),
  totpEnable: (totpCode: string) => api.post<RecoveryCodesData>('/auth/api/profile/totp/enable', { totpCode }, silent),
  totpDisable: (password: string) => api.post<null>('/auth/api/profile/totp/disable', { password }, silent),
  recoveryCodes: (totpCode: string) => api.post<RecoveryCodesData>('/auth/api/profile/totp/recovery-codes', { totpCode }, silent),
  sessions: () => api.get<SessionRow[]>('/auth/api/profile/sessions'),
  endSession: (id: string) => api.del<null>(`/auth/api/profile/sessions/${id}`),
  endOtherSessions: () => api.post<{ count: number }>('/auth/api/profile/sessions/end-others'),
  scanIdentities: () => api.get<ScanIdentityRow[]>('/auth/api/profile/scan-identities'),
  removeScanIdentity: (id: number) => api.del<null>(`/auth/api/profile/scan-identities/${id}`),
  viewDepts: () => api.get<ViewDeptData>('/auth/api/user/viewDeptIds'),
  setViewDepts: (deptIds: number[]) => api.post<null>('/auth/api/user/viewDeptIds', { deptIds }),
};

/** A bound scan identity (this phone) confirms QR logins with its device key instead of a session. */
export const deviceKey = {
  get: () => local.get<string | null>(DEVICE_KEY, null),
  set: (key: string) => local.set(DEVICE_KEY, key),
};
function deviceHeader(): Record<string, string> {
  const key = deviceKey.get();
  return key ? { [DEVICE_KEY_HEADER]: key } : {};
}
