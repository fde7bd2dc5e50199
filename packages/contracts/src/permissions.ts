import { doePermissions, doeRoleGrants } from './doe/permissions';
import { commonPermissions } from './common/permissions';
import { feedbackPermissions } from './feedback/permissions';
import { germPermissions, germRoleGrants } from './germ/permissions';
import { bpmPermissions, bpmRoleGrants } from './bpm/permissions';
import { licensePermissions } from './license/permissions';
import { systemPermissions, systemRoleGrants } from './system/permissions';
import { phenoPermissions, phenoRoleGrants } from './pheno/permissions';
import { etlPermissions, etlRoleGrants } from './etl/permissions';
import type { GrantedRoleKey, RoleGrants } from './roles';

/** Permission strings checked on the server. Roles grant them through menu entries (spec section 6). */
export const Permissions = {
  system: systemPermissions,
  license: licensePermissions,
  common: commonPermissions,
  feedback: feedbackPermissions,
  doe: doePermissions,
  germ: germPermissions,
  pheno: phenoPermissions,
  bpm: bpmPermissions,
  etl: etlPermissions,
} as const;

/** True when `granted` holds `required` directly or through the administrator wildcard. */
export function hasPermission(granted: readonly string[], required: string): boolean {
  return granted.includes('*:*:*') || granted.includes(required);
}

/** Every module's grants to the built-in roles, one line per module (as `Permissions`). */
const moduleRoleGrants: readonly RoleGrants[] = [systemRoleGrants, doeRoleGrants, germRoleGrants, phenoRoleGrants, bpmRoleGrants, etlRoleGrants];

/** The permission strings a built-in role receives, from every module's declaration. */
export function builtinRolePermissions(role: GrantedRoleKey): string[] {
  return [...new Set(moduleRoleGrants.flatMap((g) => g[role] ?? []))].sort();
}
