import { and, desc, eq, gt, inArray, isNull, ne } from 'drizzle-orm';
import {
  authTexts,
  type BindPhoneBody,
  type ChangePasswordBody,
  type ProfileData,
  type ProfileUpdate,
  type SessionRow,
  type ViewDeptData,
} from '@breedwise/contracts/auth';
import type { DeptNode } from '@breedwise/contracts/system';
import type { z } from 'zod';
import type { Config } from '../../../config';
import type { Db } from '../../../db/client';
import type { RequestContext } from '../../../platform/context';
import { AppError } from '../../../platform/errors';
import { verifyPassword } from '../../../platform/password';
import { audit, type AuditSource } from '../../audit';
import { sendMessage } from '../../message';
import { assertPasswordAllowed, deptTree, endUserSessions, loadAccess, setPassword, sysDept, sysOrg, sysSession, sysUser, sysUserOrg } from '../../system';
import { endSession } from '../login/session.service';
import { recoveryCodesLeft, totpEnabled } from '../mfa/totp.service';
import { consumeCode } from '../sms/code.service';

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
  const [row] = await db
    .select({ id: sysSession.id })
    .from(sysSession)
    .where(and(eq(sysSession.id, id), eq(sysSession.userId, ctx.userId), isNull(sysSession.endedAt)));
  if (!row) throw new AppError(404, 'AUTH_SESSION_NOT_FOUND');
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
    await tx
      .update(sysUser)
      .set({ nickName: body.nickName, email: body.email ?? null, updatedAt: new Date() })
      .where(eq(sysUser.id, ctx.userId));
    await audit(tx, src, {
      action: 'account.profile.update',
      targetType: 'user',
      targetId: ctx.userId,
      detail: { nickName: body.nickName, email: body.email ?? null },
    });
  });
}

/** A signed-in user changes the password: the other sessions end, this one stays. */
export async function changePassword(db: Db, ctx: RequestContext, body: ChangePasswordBody, src: AuditSource): Promise<void> {
  const [user] = await db.select().from(sysUser).where(eq(sysUser.id, ctx.userId));
  if (!(await verifyPassword(user.passwordHash, body.oldPassword))) {
    await audit(db, src, { action: 'auth.password.change', result: 'failure', targetType: 'user', targetId: ctx.userId, detail: { reason: 'wrong-current' } });
    throw new AppError(400, 'AUTH_PASSWORD_WRONG', {}, { errors: [] });
  }
  assertPasswordAllowed(body.newPassword, ctx.locale, 'newPassword');
  if (body.newPassword === body.oldPassword) throw new AppError(400, 'AUTH_PASSWORD_SAME_AS_OLD');
  await db.transaction(async (tx) => {
    await setPassword(tx, ctx.userId, body.newPassword, 'password', ctx.sessionId);
    await audit(tx, src, { action: 'auth.password.change', targetType: 'user', targetId: ctx.userId, detail: { via: 'profile' } });
    await sendMessage(tx, [ctx.userId], {
      orgId: ctx.orgId,
      type: 'account',
      title: authTexts.passwordChangedTitle,
      content: authTexts.passwordChangedContent,
      link: '/system/user/profile',
    });
  });
}

/** Confirms a mobile number with a code sent to it; only then may it receive login codes. */
export async function bindPhone(db: Db, ctx: RequestContext, body: BindPhoneBody, src: AuditSource): Promise<void> {
  const userId = await consumeCode(db, { attemptId: body.attemptId, purpose: 'bind', mobile: body.mobile, code: body.smsCode });
  if (userId !== ctx.userId) throw new AppError(400, 'AUTH_CODE_INVALID');
  await db.transaction(async (tx) => {
    const [taken] = await tx
      .select({ id: sysUser.id })
      .from(sysUser)
      .where(and(eq(sysUser.phone, body.mobile), eq(sysUser.phoneVerified, true), ne(sysUser.id, ctx.userId)));
    if (taken) throw new AppError(409, 'AUTH_MOBILE_TAKEN');
    await tx.update(sysUser).set({ phone: body.mobile, phoneVerified: true, updatedAt: new Date() }).where(eq(sysUser.id, ctx.userId));
    await audit(tx, src, { action: 'account.phone.bind', targetType: 'user', targetId: ctx.userId, detail: { mobile: body.mobile } });
  });
}

// ---- department scope ----------------------------------------------------------------------------

export async function getViewDepts(db: Db, ctx: RequestContext): Promise<ViewDeptData> {
  if (ctx.orgId === null) return { deptIds: [], depts: [] };
  const [row] = await db
    .select({ ids: sysUserOrg.viewDeptIds })
    .from(sysUserOrg)
    .where(and(eq(sysUserOrg.userId, ctx.userId), eq(sysUserOrg.orgId, ctx.orgId)));
  const depts: DeptNode[] = await deptTree(db, ctx.orgId);
  return { deptIds: row?.ids ?? [], depts };
}

/** The departments whose data the user chose to see; every id must be a department of the organisation. */
export async function setViewDepts(db: Db, ctx: RequestContext, deptIds: number[], src: AuditSource): Promise<void> {
  if (ctx.orgId === null) throw new AppError(403, 'ORG_NOT_MEMBER');
  const ids = [...new Set(deptIds)];
  if (ids.length) {
    const found = await db
      .select({ id: sysDept.id })
      .from(sysDept)
      .where(and(eq(sysDept.orgId, ctx.orgId), inArray(sysDept.id, ids)));
    const missing = ids.filter((id) => !found.some((f) => f.id === id));
    if (missing.length) throw new AppError(400, 'SYS_DEPT_NOT_FOUND', { ids: missing.join(', ') });
  }
  await db.transaction(async (tx) => {
    await tx
      .update(sysUserOrg)
      .set({ viewDeptIds: ids })
      .where(and(eq(sysUserOrg.userId, ctx.userId), eq(sysUserOrg.orgId, ctx.orgId!)));
    await audit(tx, src, { action: 'account.viewDepts.set', detail: { deptIds: ids } });
  });
}
