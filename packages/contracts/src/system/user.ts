import { z } from 'zod';
import { IdParam } from '../envelope';
import { listSpec, resource } from '../http/endpoint';
import { PageQuery } from '../query';
import { systemPermissions as P } from './permissions';
import { Count, IdList, iso, Status } from './shared';

/** Password length limits (security.md item 1): no composition rules, no truncation. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/** A new password: 8 to 128 characters of anything; the server also refuses the most common ones. */
export const NewPassword = z.string().min(PASSWORD_MIN_LENGTH).max(PASSWORD_MAX_LENGTH);
/** Mobile numbers: optional +, 6 to 15 digits (E.164 length), mainland numbers included. */
export const Mobile = z
  .string()
  .trim()
  .min(1)
  .max(20)
  .regex(/^\+?[0-9]{6,15}$/);
export const Username = z
  .string()
  .trim()
  .min(2)
  .max(64)
  .regex(/^[A-Za-z0-9][A-Za-z0-9_.@-]*$/);

export const UserStatus = z.enum(['enabled', 'disabled', 'pending']);
export type UserStatus = z.infer<typeof UserStatus>;
export const CropGrant = z.object({ cropId: z.number().int().positive(), access: z.enum(['view', 'operate']) });
export type CropGrant = z.infer<typeof CropGrant>;

export const UserRow = z.object({
  id: z.number().int(),
  username: z.string(),
  nickName: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  phoneVerified: z.boolean(),
  status: UserStatus,
  deptId: z.number().int().nullable(),
  deptName: z.string().nullable(),
  roles: z.array(z.object({ id: z.number().int(), roleKey: z.string(), roleName: z.string() })),
  crops: z.array(CropGrant),
  platformAdmin: z.boolean(),
  totpEnabled: z.boolean(),
  lastLoginAt: iso.nullable(),
  createdAt: iso,
});
export type UserRow = z.infer<typeof UserRow>;
export const UserPageQuery = PageQuery.extend({
  status: UserStatus.optional(),
  deptId: z.coerce.number().int().positive().optional(),
  roleId: z.coerce.number().int().positive().optional(),
});
export type UserPageQuery = z.input<typeof UserPageQuery>;
export type UserPageParsed = z.output<typeof UserPageQuery>;
/** What the member list may be sorted by. */
export const userList = listSpec({ filters: {}, sortable: ['username', 'nickName', 'status', 'createdAt', 'lastLoginAt'] });

const UserFields = {
  nickName: z.string().trim().min(1).max(50),
  email: z
    .email()
    .max(200)
    .nullish()
    .or(z.literal('').transform(() => null)),
  phone: Mobile.nullish().or(z.literal('').transform(() => null)),
  deptId: z.number().int().positive().nullish(),
  roleIds: IdList,
  crops: z.array(CropGrant).max(200),
};
export const UserCreate = z.object({ username: Username, password: NewPassword, ...UserFields });
export type UserCreate = z.input<typeof UserCreate>;
export const UserUpdate = z.object({ id: z.number().int().positive(), ...UserFields });
export type UserUpdate = z.input<typeof UserUpdate>;
export const UserStatusBody = z.object({ ids: IdList.min(1).max(200), status: Status });
export type UserStatusBody = z.infer<typeof UserStatusBody>;
export const UserResetPasswordBody = z.object({ id: z.number().int().positive(), password: NewPassword });
export type UserResetPasswordBody = z.infer<typeof UserResetPasswordBody>;
export const UserApproveBody = z.object({ id: z.number().int().positive(), approve: z.boolean() });
export type UserApproveBody = z.infer<typeof UserApproveBody>;

/** The member endpoints of the current organisation. */
export const user = resource(
  { tag: 'system: users', base: '/user' },
  {
    page: {
      method: 'GET',
      path: '/list',
      permission: P.userList,
      summary: 'Members of the organisation, paged',
      query: UserPageQuery,
      page: UserRow,
      list: userList,
    },
    detail: { method: 'GET', path: '/detail/:id', permission: P.userList, summary: 'One member', params: IdParam, data: UserRow },
    create: { method: 'POST', path: '/create', permission: P.userAdd, summary: 'Creates a member with roles and crop access', body: UserCreate, data: UserRow },
    update: {
      method: 'PUT',
      path: '/update',
      permission: P.userEdit,
      summary: 'Updates a member, their roles and crop access here',
      body: UserUpdate,
      data: UserRow,
    },
    status: {
      method: 'PUT',
      path: '/status',
      permission: P.userEdit,
      summary: 'Enables or disables members; disabling ends their sessions',
      body: UserStatusBody,
      data: Count,
    },
    resetPassword: {
      method: 'PUT',
      path: '/resetPwd',
      permission: P.userResetPwd,
      summary: "Sets a member's password; their sessions end",
      body: UserResetPasswordBody,
      data: z.null(),
    },
    approve: {
      method: 'PUT',
      path: '/approve',
      permission: P.userEdit,
      summary: 'Approves or rejects a pending registration',
      body: UserApproveBody,
      data: z.null(),
    },
    forceLogout: { method: 'POST', path: '/forceLogout/:id', permission: P.userEdit, summary: 'Ends every session of a member', params: IdParam, data: Count },
    remove: { method: 'DELETE', path: '/:id', permission: P.userRemove, summary: 'Removes a member from the organisation', params: IdParam, data: z.null() },
  },
);
