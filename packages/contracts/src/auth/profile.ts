import { z } from 'zod';
import { resource } from '../http/endpoint';
import { DeptNode, Mobile, NewPassword, PASSWORD_MAX_LENGTH } from '../system';
import { SmsCode } from './shared';
import { SmsSendData } from './sms';

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
  email: z
    .email()
    .max(200)
    .nullish()
    .or(z.literal('').transform(() => null)),
});
export type ProfileUpdate = z.input<typeof ProfileUpdate>;
/** PUT /api/auth/api/profile/password: a signed-in user changes the password. */
export const ChangePasswordBody = z.object({ oldPassword: z.string().min(1).max(PASSWORD_MAX_LENGTH), newPassword: NewPassword });
export type ChangePasswordBody = z.infer<typeof ChangePasswordBody>;
export const BindPhoneSendBody = z.object({ mobile: Mobile });
export const BindPhoneBody = z.object({ mobile: Mobile, smsCode: SmsCode, attemptId: z.string().trim().min(1).max(64) });
export type BindPhoneBody = z.infer<typeof BindPhoneBody>;

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

export const ViewDeptData = z.object({ deptIds: z.array(z.number().int()), depts: z.array(DeptNode) });
export type ViewDeptData = z.infer<typeof ViewDeptData>;
export const ViewDeptBody = z.object({ deptIds: z.array(z.number().int().positive()).max(500) });
export type ViewDeptBody = z.infer<typeof ViewDeptBody>;

/** My account: name and e-mail, password, mobile number, sessions. */
export const profile = resource(
  { tag: 'profile', base: '/api/profile' },
  {
    get: { method: 'GET', path: '', summary: 'My account', data: ProfileData },
    update: { method: 'PUT', path: '', summary: 'Updates my name and e-mail', body: ProfileUpdate, data: z.null() },
    password: {
      method: 'PUT',
      path: '/password',
      beforePasswordChange: true,
      summary: 'Changes my password; my other sessions end (also the first-login change an administrator-set password requires)',
      body: ChangePasswordBody,
      data: z.null(),
    },
    sendPhoneCode: {
      method: 'POST',
      path: '/phone/send',
      summary: 'Sends a code to confirm a mobile number',
      body: BindPhoneSendBody,
      data: SmsSendData,
    },
    bindPhone: { method: 'POST', path: '/phone', summary: 'Confirms my mobile number with the code sent to it', body: BindPhoneBody, data: z.null() },
    sessions: { method: 'GET', path: '/sessions', summary: 'My live sessions', data: z.array(SessionRow) },
    endSession: { method: 'DELETE', path: '/sessions/:id', summary: 'Ends one of my sessions', params: SessionIdParam, data: z.null() },
    endOtherSessions: {
      method: 'POST',
      path: '/sessions/end-others',
      summary: 'Ends all my sessions but this one',
      data: z.object({ count: z.number().int() }),
    },
  },
);

/** The departments whose data I chose to see (department scope). */
export const viewDept = resource(
  { tag: 'profile', base: '/api/user' },
  {
    get: {
      method: 'GET',
      path: '/viewDeptIds',
      summary: 'The departments whose data I chose to see, and the department tree',
      data: ViewDeptData,
    },
    set: { method: 'POST', path: '/viewDeptIds', summary: 'Sets the departments whose data I see', body: ViewDeptBody, data: z.null() },
  },
);
