import { doePermissions } from './doe/permissions';
import { commonPermissions } from './common/permissions';
import { feedbackPermissions } from './feedback/permissions';
import { germPermissions } from './germ/permissions';
import { licensePermissions } from './license/permissions';
import { systemPermissions } from './system/permissions';

/** Permission strings checked on the server. Roles grant them through menu entries (spec section 6). */
export const Permissions = {
  system: systemPermissions,
  license: licensePermissions,
  common: commonPermissions,
  feedback: feedbackPermissions,
  doe: doePermissions,
  germ: germPermissions,
} as const;

/** True when `granted` holds `required` directly or through the administrator wildcard. */
export function hasPermission(granted: readonly string[], required: string): boolean {
  return granted.includes('*:*:*') || granted.includes(required);
}
