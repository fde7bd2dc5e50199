import { z } from 'zod';
import { resource } from '../http/endpoint';
import { systemPermissions as P } from './permissions';
import { iso } from './shared';

/** Who may register with an organisation: nobody, anybody, or anybody pending an administrator's approval. */
export const RegistrationMode = z.enum(['off', 'open', 'approval']);
export type RegistrationMode = z.infer<typeof RegistrationMode>;

/** The ways this installation lets users sign in (the login page and getEnv show them). */
export const LoginMethod = z.enum(['password', 'phone', 'qrcode', 'mfa']);
export type LoginMethod = z.infer<typeof LoginMethod>;

export const OrgSettingsData = z.object({
  /** 0 = passwords never expire (the default: ASVS 6.2.10 advises against forced rotation). */
  passwordExpiryDays: z.number().int().min(0).max(3650),
  singleSession: z.boolean(),
  registration: RegistrationMode,
});
export type OrgSettingsData = z.infer<typeof OrgSettingsData>;
export const OrgRow = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  settings: OrgSettingsData,
  userCount: z.number().int(),
  /** Sessions not ended, within their absolute expiry and idle window (administrator's dashboard). */
  activeSessions: z.number().int(),
  current: z.boolean(),
  createdAt: iso,
});
export type OrgRow = z.infer<typeof OrgRow>;
export const OrgCreate = z.object({
  code: z
    .string()
    .trim()
    .min(1)
    .max(50)
    .regex(/^[A-Za-z0-9][A-Za-z0-9_.-]*$/),
  name: z.string().trim().min(1).max(100),
});
export type OrgCreate = z.infer<typeof OrgCreate>;
export const OrgUpdate = z.object({ name: z.string().trim().min(1).max(100), settings: OrgSettingsData });
export type OrgUpdate = z.infer<typeof OrgUpdate>;

/** The organisation endpoints: the current one and its policies; every organisation (platform). */
export const org = resource(
  { tag: 'system: organisations', base: '/org' },
  {
    current: { method: 'GET', path: '/current', permission: P.orgView, summary: 'The current organisation and its policies', data: OrgRow },
    updateCurrent: {
      method: 'PUT',
      path: '/current',
      permission: P.orgEdit,
      summary: 'Name and policies (password expiry, single session, registration) of the current organisation',
      body: OrgUpdate,
      data: OrgRow,
    },
    list: { method: 'GET', path: '/list', permission: P.orgView, scope: 'platform', summary: 'Every organisation', data: z.array(OrgRow) },
    create: {
      method: 'POST',
      path: '/create',
      permission: P.orgEdit,
      scope: 'platform',
      summary: 'Creates an organisation with the standard crops and roles; the caller becomes its administrator',
      body: OrgCreate,
      data: OrgRow,
    },
  },
);
