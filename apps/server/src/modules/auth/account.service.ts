import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, gt, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import {
  PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, type BindPhoneBody, type ChangePasswordBody, type DeptNode, type ExpiredKeyData,
  type Locale, type ProfileData, type ProfileUpdate, type RegisterBody, type RegisterData, type RegisterInitData,
  type ResetPasswordBody, type RetrievePasswordBody, type SendResetEmailBody, type SessionRow, type ViewDeptData,
} from '@breedwise/contracts';
import type { z } from 'zod';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { RequestContext } from '../../platform/context';
import { AppError, isUniqueViolation } from '../../platform/errors';
import { audit, type AuditSource } from '../audit';
import { assertSeatAvailable } from '../license';
import { sendMessage } from '../message';
import { deptTree } from '../system/dept.service';
import {
  sysCrop, sysDept, sysOrg, sysRole, sysUser, sysUserCrop, sysUserOrg, sysUserRole,
} from '../system/system.tables';
import { loadAccess } from './access.service';
import { sysPasswordReset, sysSession } from './auth.tables';
import { consumeCaptcha } from './captcha';
import { consumeCode } from './code.service';
import { notifierFor } from './notify/notifier';
import { hashPassword, verifyPassword } from './password';
import { assertPasswordAllowed, setPassword } from './password-policy';
import { endSession, endUserSessions, hashToken } from './session.service';
import { recoveryCodesLeft, totpEnabled } from './totp.service';

const RESET_MINUTES = 30;
const RESET_PER_HOUR = 5;

async function requireCaptcha(db: Db, config: Config, body: { code?: string; uuid?: string }) {
  if (!config.captcha) return;
  if (!body.code || !body.uuid) throw new AppError(400, 'CAPTCHA_REQUIRED', {}, { errors: [] });
  if (!(await consumeCaptcha(db, body.uuid, body.code))) throw new AppError(400, 'CAPTCHA_INVALID');
}

const resetMail: Record<Locale, (name: string, link: string) => { subject: string; text: string }> = {
  'zh-CN': (name, link) => ({
    subject: '育种智汇：重置密码',
    text: `${name}，您好：\n\n请在 ${RESET_MINUTES} 分钟内打开以下链接设置新密码（仅可使用一次）：\n${link}\n\n如非本人操作，请忽略本邮件，您的密码不会改变。`,
  }),
  en: (name, link) => ({
    subject: 'Breedwise: reset your password',
    text: `Hello ${name},\n\nOpen this link within ${RESET_MINUTES} minutes to choose a new password (it works once):\n${link}\n\nIf you did not ask for this, ignore this e-mail; your password stays as it is.`,
  }),
};

/**
 * Sends a reset link to the account's e-mail address. The answer is the same whether or not the
 * account exists, so the form does not reveal who has an account.
 */
export async function sendResetPasswordEmail(db: Db, config: Config, body: SendResetEmailBody, origin: string, locale: Locale, src: AuditSource): Promise<void> {
  await requireCaptcha(db, config, body);
  const account = body.account.trim().toLowerCase();
  const [user] = await db
    .select()
    .from(sysUser)
    .where(and(or(sql`lower(${sysUser.username}) = ${account}`, sql`lower(${sysUser.email}) = ${account}`), eq(sysUser.status, 'enabled')))
    .limit(1);
  if (!user?.email) return;
  const recent = await db
    .select({ id: sysPasswordReset.id })
    .from(sysPasswordReset)
    .where(and(eq(sysPasswordReset.userId, user.id), gt(sysPasswordReset.createdAt, new Date(Date.now() - 3600_000))));
  if (recent.length >= RESET_PER_HOUR) return;
  const key = randomBytes(32).toString('base64url');
  await db.insert(sysPasswordReset).values({ userId: user.id, keyHash: hashToken(key), expiresAt: new Date(Date.now() + RESET_MINUTES * 60_000) });
  const mail = resetMail[locale](user.nickName, `${origin}/reset_password?key=${key}`);
  await notifierFor(config).mail(db, { to: user.email, subject: mail.subject, text: mail.text, purpose: 'password.reset', secret: key });
  await audit(db, src, { action: 'auth.password.resetRequested', userId: user.id, username: user.username, targetType: 'user', targetId: user.id });
}

async function liveReset(db: Db, key: string) {
  const [row] = await db
    .select({ r: sysPasswordReset, username: sysUser.username, status: sysUser.status })
    .from(sysPasswordReset)
    .innerJoin(sysUser, eq(sysUser.id, sysPasswordReset.userId))
    .where(and(eq(sysPasswordReset.keyHash, hashToken(key)), isNull(sysPasswordReset.usedAt), gt(sysPasswordReset.expiresAt, new Date())));
  if (!row || row.status !== 'enabled') throw new AppError(400, 'RESET_KEY_INVALID');
  return row;
}

export async function getUserIdByExpiredKey(db: Db, key: string): Promise<ExpiredKeyData> {
  const row = await liveReset(db, key);
  return { userId: row.r.userId, userName: row.username };
}

/** Sets the new password from a reset link: the link is used up and every session ends. */
export async function resetPassword(db: Db, body: ResetPasswordBody, locale: Locale, src: AuditSource): Promise<void> {
  assertPasswordAllowed(body.password, locale);
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(sysPasswordReset)
      .set({ usedAt: new Date() })
      .where(and(eq(sysPasswordReset.keyHash, hashToken(body.userExpiredKey)), isNull(sysPasswordReset.usedAt), gt(sysPasswordReset.expiresAt, new Date())))
      .returning({ userId: sysPasswordReset.userId });
    if (!row) throw new AppError(400, 'RESET_KEY_INVALID');
    const [user] = await tx.select().from(sysUser).where(eq(sysUser.id, row.userId));
    if (user.status !== 'enabled') throw new AppError(400, 'RESET_KEY_INVALID');
    // Other links of the same user stop working too.
    await tx.update(sysPasswordReset).set({ usedAt: new Date() }).where(and(eq(sysPasswordReset.userId, row.userId), isNull(sysPasswordReset.usedAt)));
    await setPassword(tx, row.userId, body.password, 'password');
    await audit(tx, src, { action: 'auth.password.reset', userId: user.id, username: user.username, targetType: 'user', targetId: user.id, detail: { via: 'email' } });
  });
}

/** retrievePasswrd: a new password through a code sent to the verified mobile number. */
export async function retrievePassword(db: Db, body: RetrievePasswordBody, locale: Locale, src: AuditSource): Promise<void> {
  assertPasswordAllowed(body.password, locale);
  const userId = await consumeCode(db, { attemptId: body.attemptId, purpose: 'reset', mobile: body.mobile, code: body.smsCode });
  await db.transaction(async (tx) => {
    const [user] = await tx.select().from(sysUser).where(eq(sysUser.id, userId));
    await setPassword(tx, userId, body.password, 'password');
    await audit(tx, src, { action: 'auth.password.reset', userId, username: user.username, targetType: 'user', targetId: userId, detail: { via: 'sms' } });
  });
}

// ---- registration --------------------------------------------------------------------------------

export async function registerInit(db: Db, config: Config): Promise<RegisterInitData> {
  const orgs = await db.select({ code: sysOrg.code, name: sysOrg.name, settings: sysOrg.settings }).from(sysOrg).orderBy(asc(sysOrg.id));
  const open = orgs.filter((o) => o.settings.registration === 'open' || o.settings.registration === 'approval');
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
  if (!org || mode === 'off') throw new AppError(403, 'REGISTER_CLOSED');
  assertPasswordAllowed(body.password, locale);
  const status = mode === 'approval' ? ('pending' as const) : ('enabled' as const);
  const passwordHash = await hashPassword(body.password);
  return db.transaction(async (tx) => {
    if (status === 'enabled') await assertSeatAvailable(tx, config, 1);
    let userId: number;
    try {
      const [u] = await tx
        .insert(sysUser)
        .values({ username: body.username, nickName: body.nickName, email: body.email ?? null, phone: body.mobile ?? null, passwordHash, status, defaultOrgId: org.id, locale })
        .returning({ id: sysUser.id });
      userId = u.id;
    } catch (err) {
      if (isUniqueViolation(err, 'sys_user_username_uq')) throw new AppError(409, 'USERNAME_TAKEN', { username: body.username });
      throw err;
    }
    await tx.insert(sysUserOrg).values({ userId, orgId: org.id });
    const [role] = await tx.select({ id: sysRole.id }).from(sysRole).where(and(eq(sysRole.orgId, org.id), eq(sysRole.roleKey, 'user'), eq(sysRole.builtin, true)));
    if (role) await tx.insert(sysUserRole).values({ userId, roleId: role.id });
    const crops = await tx.select({ id: sysCrop.id }).from(sysCrop).where(and(eq(sysCrop.orgId, org.id), eq(sysCrop.status, 'enabled')));
    if (crops.length) await tx.insert(sysUserCrop).values(crops.map((c) => ({ userId, cropId: c.id, access: 'view' as const })));
    if (status === 'pending') {
      const admins = await tx
        .select({ id: sysUserRole.userId })
        .from(sysUserRole)
        .innerJoin(sysRole, eq(sysRole.id, sysUserRole.roleId))
        .where(and(eq(sysRole.orgId, org.id), eq(sysRole.roleKey, 'admin'), eq(sysRole.builtin, true)));
      await sendMessage(tx, admins.map((a) => a.id), {
        orgId: org.id,
        type: 'approval',
        title: { 'zh-CN': '新用户注册待审核', en: 'A registration awaits approval' },
        content: { 'zh-CN': `${body.nickName}（${body.username}）申请加入 ${org.name}。`, en: `${body.nickName} (${body.username}) asks to join ${org.name}.` },
        link: '/system/user?status=pending',
      });
    }
    await audit(tx, src, { action: 'auth.register', userId, username: body.username, orgId: org.id, targetType: 'user', targetId: userId, detail: { status } });
    return { status };
  });
}

// ---- sessions ------------------------------------------------------------------------------------

export async function listSessions(db: Db, ctx: RequestContext): Promise<SessionRow[]> {
  const rows = await db
    .select()
    .from(sysSession)
    .where(and(eq(sysSession.userId, ctx.userId), isNull(sysSession.endedAt), gt(sysSession.expiresAt, new Date())))
    .orderBy(desc(sysSession.lastSeenAt));
  return rows.map((s) => ({
    id: s.id,
    ip: s.ip,
    userAgent: s.userAgent,
    createdAt: s.createdAt.toISOString(),
    lastSeenAt: s.lastSeenAt.toISOString(),
    expiresAt: s.expiresAt.toISOString(),
    current: s.id === ctx.sessionId,
  }));
}

export async function endOwnSession(db: Db, ctx: RequestContext, id: string, src: AuditSource): Promise<void> {
  const [row] = await db.select({ id: sysSession.id }).from(sysSession).where(and(eq(sysSession.id, id), eq(sysSession.userId, ctx.userId), isNull(sysSession.endedAt)));
  if (!row) throw new AppError(404, 'SESSION_NOT_FOUND');
  await endSession(db, id, 'logout');
  await audit(db, src, { action: 'auth.session.end', targetType: 'session', targetId: id });
}

export async function endOtherSessions(db: Db, ctx: RequestContext, src: AuditSource): Promise<number> {
  const n = await endUserSessions(db, ctx.userId, 'logout', ctx.sessionId);
  await audit(db, src, { action: 'auth.session.endOthers', detail: { ended: n } });
  return n;
}

// ---- profile -------------------------------------------------------------------------------------

export async function profile(db: Db, config: Config, ctx: RequestContext): Promise<ProfileData> {
  const [row] = await db
    .select({ u: sysUser, deptName: sysDept.name })
    .from(sysUser)
    .leftJoin(sysDept, eq(sysDept.id, sysUser.deptId))
    .where(eq(sysUser.id, ctx.userId));
  const [org] = ctx.orgId === null ? [] : await db.select({ name: sysOrg.name }).from(sysOrg).where(eq(sysOrg.id, ctx.orgId));
  const access = await loadAccess(db, ctx.userId, ctx.orgId);
  const u = row.u;
  return {
    userId: u.id,
    userName: u.username,
    nickName: u.nickName,
    email: u.email,
    phone: u.phone,
    phoneVerified: u.phoneVerified,
    deptName: row.deptName,
    roles: access.roles,
    orgName: org?.name ?? null,
    createdAt: u.createdAt.toISOString(),
    passwordChangedAt: u.passwordChangedAt.toISOString(),
    totpEnabled: await totpEnabled(db, u.id),
    recoveryCodesLeft: await recoveryCodesLeft(db, u.id),
    smsLogin: config.sms.login && u.phoneVerified,
  };
}

export async function updateProfile(db: Db, ctx: RequestContext, body: z.output<typeof ProfileUpdate>, src: AuditSource): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(sysUser).set({ nickName: body.nickName, email: body.email ?? null, updatedAt: new Date() }).where(eq(sysUser.id, ctx.userId));
    await audit(tx, src, { action: 'account.profile.update', targetType: 'user', targetId: ctx.userId, detail: { nickName: body.nickName, email: body.email ?? null } });
  });
}

/** A signed-in user changes the password: the other sessions end, this one stays. */
export async function changePassword(db: Db, ctx: RequestContext, body: ChangePasswordBody, src: AuditSource): Promise<void> {
  const [user] = await db.select().from(sysUser).where(eq(sysUser.id, ctx.userId));
  if (!(await verifyPassword(user.passwordHash, body.oldPassword))) {
    await audit(db, src, { action: 'auth.password.change', result: 'failure', targetType: 'user', targetId: ctx.userId, detail: { reason: 'wrong-current' } });
    throw new AppError(400, 'PASSWORD_WRONG', {}, { errors: [] });
  }
  assertPasswordAllowed(body.newPassword, ctx.locale, 'newPassword');
  if (body.newPassword === body.oldPassword) throw new AppError(400, 'PASSWORD_SAME_AS_OLD');
  await db.transaction(async (tx) => {
    await setPassword(tx, ctx.userId, body.newPassword, 'password', ctx.sessionId);
    await audit(tx, src, { action: 'auth.password.change', targetType: 'user', targetId: ctx.userId, detail: { via: 'profile' } });
    await sendMessage(tx, [ctx.userId], {
      orgId: ctx.orgId,
      type: 'account',
      title: { 'zh-CN': '密码已修改', en: 'Your password was changed' },
      content: { 'zh-CN': '您的密码已修改，其他设备上的登录已退出。如非本人操作，请立即联系管理员。', en: 'Your password was changed and your other sessions were ended. If this was not you, contact your administrator now.' },
      link: '/system/user/profile',
    });
  });
}

/** Confirms a mobile number with a code sent to it; only then may it receive login codes. */
export async function bindPhone(db: Db, ctx: RequestContext, body: BindPhoneBody, src: AuditSource): Promise<void> {
  const userId = await consumeCode(db, { attemptId: body.attemptId, purpose: 'bind', mobile: body.mobile, code: body.smsCode });
  if (userId !== ctx.userId) throw new AppError(400, 'CODE_INVALID');
  await db.transaction(async (tx) => {
    const [taken] = await tx.select({ id: sysUser.id }).from(sysUser).where(and(eq(sysUser.phone, body.mobile), eq(sysUser.phoneVerified, true), ne(sysUser.id, ctx.userId)));
    if (taken) throw new AppError(409, 'MOBILE_TAKEN');
    await tx.update(sysUser).set({ phone: body.mobile, phoneVerified: true, updatedAt: new Date() }).where(eq(sysUser.id, ctx.userId));
    await audit(tx, src, { action: 'account.phone.bind', targetType: 'user', targetId: ctx.userId, detail: { mobile: body.mobile } });
  });
}

// ---- department scope ----------------------------------------------------------------------------

export async function getViewDepts(db: Db, ctx: RequestContext): Promise<ViewDeptData> {
  if (ctx.orgId === null) return { deptIds: [], depts: [] };
  const [row] = await db.select({ ids: sysUserOrg.viewDeptIds }).from(sysUserOrg).where(and(eq(sysUserOrg.userId, ctx.userId), eq(sysUserOrg.orgId, ctx.orgId)));
  const depts: DeptNode[] = await deptTree(db, ctx.orgId);
  return { deptIds: row?.ids ?? [], depts };
}

/** The departments whose data the user chose to see; every id must be a department of the organisation. */
export async function setViewDepts(db: Db, ctx: RequestContext, deptIds: number[], src: AuditSource): Promise<void> {
  if (ctx.orgId === null) throw new AppError(403, 'ORG_NOT_MEMBER');
  const ids = [...new Set(deptIds)];
  if (ids.length) {
    const found = await db.select({ id: sysDept.id }).from(sysDept).where(and(eq(sysDept.orgId, ctx.orgId), inArray(sysDept.id, ids)));
    const missing = ids.filter((id) => !found.some((f) => f.id === id));
    if (missing.length) throw new AppError(400, 'DEPT_NOT_FOUND', { ids: missing.join(', ') });
  }
  await db.transaction(async (tx) => {
    await tx.update(sysUserOrg).set({ viewDeptIds: ids }).where(and(eq(sysUserOrg.userId, ctx.userId), eq(sysUserOrg.orgId, ctx.orgId!)));
    await audit(tx, src, { action: 'account.viewDepts.set', detail: { deptIds: ids } });
  });
}
