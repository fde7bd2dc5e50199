import type { DbOrTx } from '../../../db/client';
import type { SeedOrg } from '../../../platform/module';
import { hashPassword } from '../../../platform/password';
import { sysCrop, sysUserCrop } from '../crop/crop.tables';
import type { BuiltinRoleKey } from '@breedwise/contracts';
import { createBuiltinRoles } from '../reference';
import { sysUserRole } from '../role/role.tables';
import { sysUser, sysUserOrg } from '../user/user.tables';
import { sysOrg } from './org.tables';

export const STANDARD_CROPS = [
  { code: 'maize', nameZh: '玉米', nameEn: 'Maize' },
  { code: 'rice', nameZh: '水稻', nameEn: 'Rice' },
  { code: 'wheat', nameZh: '小麦', nameEn: 'Wheat' },
  { code: 'soybean', nameZh: '大豆', nameEn: 'Soybean' },
];

export interface NewUser {
  username: string;
  nickName: string;
  password: string;
  email?: string;
  role: BuiltinRoleKey;
  /** Manages what all organisations share (menus, dictionaries, apps, brands, licences). */
  platformAdmin?: boolean;
  /** A mobile number the user has confirmed (receives login codes). */
  phone?: string;
  /** crop code -> access; absent crops are not visible to the user. */
  crops: Record<string, 'view' | 'operate'>;
}

type OrganisationSeeder = (db: DbOrTx, org: SeedOrg) => Promise<void>;
let organisationSeeders: OrganisationSeeder[] = [];

/**
 * What every new organisation receives from the other modules (their `seedOrganisation`), set once by the
 * composition root (src/modules.ts) so that this module does not import the modules that depend on it.
 */
export function useOrganisationSeeders(seeders: OrganisationSeeder[]): void {
  organisationSeeders = seeders;
}

/** Creates an organisation with the standard crops, the built-in roles and the given users. */
export async function createOrganisation(db: DbOrTx, org: { code: string; name: string }, users: NewUser[]) {
  const [o] = await db.insert(sysOrg).values({ code: org.code, name: org.name }).returning();
  const crops = await db
    .insert(sysCrop)
    .values(STANDARD_CROPS.map((c, i) => ({ orgId: o.id, ...c, sort: i + 1 })))
    .returning();
  const roles = await createBuiltinRoles(db, o.id);
  const created: Record<string, number> = {};
  for (const u of users) {
    const [row] = await db
      .insert(sysUser)
      .values({
        username: u.username,
        nickName: u.nickName,
        email: u.email ?? null,
        passwordHash: await hashPassword(u.password),
        defaultOrgId: o.id,
        platformAdmin: u.platformAdmin ?? false,
        phone: u.phone ?? null,
        phoneVerified: !!u.phone,
      })
      .returning({ id: sysUser.id });
    created[u.username] = row.id;
    await db.insert(sysUserOrg).values({ userId: row.id, orgId: o.id });
    await db.insert(sysUserRole).values({ userId: row.id, roleId: roles[u.role] });
    const grants = crops.filter((c) => u.crops[c.code]).map((c) => ({ userId: row.id, cropId: c.id, access: u.crops[c.code] }));
    if (grants.length) await db.insert(sysUserCrop).values(grants);
  }
  const result = { orgId: o.id, crops: Object.fromEntries(crops.map((c) => [c.code, c.id])), roles, users: created };
  for (const seed of organisationSeeders) await seed(db, result);
  return result;
}
