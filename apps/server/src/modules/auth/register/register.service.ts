import { and, asc, eq } from 'drizzle-orm';
import { formatMessage, type Locale } from '@breedwise/contracts';
import { authTexts, type RegisterBody, type RegisterData, type RegisterInitData } from '@breedwise/contracts/auth';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@breedwise/contracts/system';
import type { z } from 'zod';
import type { Config } from '../../../config';
import type { Db } from '../../../db/client';
import { AppError, isUniqueViolation } from '../../../platform/errors';
import { hashPassword } from '../../../platform/password';
import { audit, type AuditSource } from '../../audit';
import { assertSeatAvailable } from '../../license';
import { sendMessage } from '../../message';
import { assertPasswordAllowed, sysCrop, sysOrg, sysRole, sysUser, sysUserCrop, sysUserOrg, sysUserRole } from '../../system';
import { requireCaptcha } from '../captcha/captcha.service';

/** The organisations that accept registrations (open, or with an administrator's approval). */
async function openOrgs(db: Db) {
  const orgs = await db.select({ code: sysOrg.code, name: sysOrg.name, settings: sysOrg.settings }).from(sysOrg).orderBy(asc(sysOrg.id));
  return orgs.filter((o) => o.settings.registration === 'open' || o.settings.registration === 'approval');
}

/** Whether any organisation accepts registrations: the login page links to the form only then. */
export async function registrationOpen(db: Db): Promise<boolean> {
  return (await openOrgs(db)).length > 0;
}

export async function registerInit(db: Db, config: Config): Promise<RegisterInitData> {
  const open = await openOrgs(db);
  return {
    enabled: open.length > 0,
    orgs: open.map((o) => ({ orgCode: o.code, orgName: o.name, approval: o.settings.registration === 'approval' })),
    captchaEnabled: config.captcha,
    passwordMinLength: PASSWORD_MIN_LENGTH,
    passwordMaxLength: PASSWORD_MAX_LENGTH,
  };
}

/**
 * A self-registered user joins the chosen organisation with the built-in "user" role and view-only
 * access to its crops; with approval on, the account waits (status pending) and the organisation's
 * administrators get a message.
 */
export async function registerSubmit(db: Db, config: Config, body: z.output<typeof RegisterBody>, locale: Locale, src: AuditSource): Promise<RegisterData> {
  await requireCaptcha(db, config, body);
  const [org] = await db.select().from(sysOrg).where(eq(sysOrg.code, body.orgCode));
  const mode = org?.settings.registration ?? 'off';
  if (!org || mode === 'off') throw new AppError(403, 'AUTH_REGISTER_CLOSED');
  assertPasswordAllowed(body.password, locale);
  const status = mode === 'approval' ? ('pending' as const) : ('enabled' as const);
  const passwordHash = await hashPassword(body.password);
  return db.transaction(async (tx) => {
    if (status === 'enabled') await assertSeatAvailable(tx, config, 1);
    let userId: number;
    try {
      const [u] = await tx
        .insert(sysUser)
        .values({
          username: body.username,
          nickName: body.nickName,
          email: body.email ?? null,
          phone: body.mobile ?? null,
          passwordHash,
          status,
          defaultOrgId: org.id,
          locale,
        })
        .returning({ id: sysUser.id });
      userId = u.id;
    } catch (err) {
      if (isUniqueViolation(err, 'sys_user_username_uq')) throw new AppError(409, 'SYS_USERNAME_TAKEN', { username: body.username });
      throw err;
    }
    await tx.insert(sysUserOrg).values({ userId, orgId: org.id });
    const [role] = await tx
      .select({ id: sysRole.id })
      .from(sysRole)
      .where(and(eq(sysRole.orgId, org.id), eq(sysRole.roleKey, 'user'), eq(sysRole.builtin, true)));
    if (role) await tx.insert(sysUserRole).values({ userId, roleId: role.id });
    const crops = await tx
      .select({ id: sysCrop.id })
      .from(sysCrop)
      .where(and(eq(sysCrop.orgId, org.id), eq(sysCrop.status, 'enabled')));
    if (crops.length) await tx.insert(sysUserCrop).values(crops.map((c) => ({ userId, cropId: c.id, access: 'view' as const })));
    if (status === 'pending') {
      const admins = await tx
        .select({ id: sysUserRole.userId })
        .from(sysUserRole)
        .innerJoin(sysRole, eq(sysRole.id, sysUserRole.roleId))
        .where(and(eq(sysRole.orgId, org.id), eq(sysRole.roleKey, 'admin'), eq(sysRole.builtin, true)));
      await sendMessage(
        tx,
        admins.map((a) => a.id),
        {
          orgId: org.id,
          type: 'approval',
          title: authTexts.registrationTitle,
          content: {
            'zh-CN': formatMessage(authTexts.registrationContent['zh-CN'], { nickName: body.nickName, username: body.username, org: org.name }),
            en: formatMessage(authTexts.registrationContent.en, { nickName: body.nickName, username: body.username, org: org.name }),
          },
          link: '/system/user?status=pending',
        },
      );
    }
    await audit(tx, src, { action: 'auth.register', userId, username: body.username, orgId: org.id, targetType: 'user', targetId: userId, detail: { status } });
    return { status };
  });
}
