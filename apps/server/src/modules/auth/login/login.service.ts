import { randomBytes } from 'node:crypto';
import { and, asc, count, eq, gte, isNull, sql } from 'drizzle-orm';
import { APP_NAME, APP_VERSION, DEFAULT_LOCALE, type Locale } from '@breedwise/contracts';
import type { EditPasswordBody, LoginBody, LoginData, LoginInfoData, LoginInitData, MfaLoginBody, MobileLoginBody } from '@breedwise/contracts/auth';
import type { Config } from '../../../config';
import type { Db } from '../../../db/client';
import type { RequestContext } from '../../../platform/context';
import { AppError } from '../../../platform/errors';
import { burnPasswordCheck, verifyPassword } from '../../../platform/password';
import { audit, type AuditSource } from '../../audit';
import { assertLoginLicensed } from '../../license';
import {
  assertPasswordAllowed,
  endUserSessions,
  isOrgMember,
  loadAccess,
  loadAccessAt,
  loadMenuTree,
  loadUserCrops,
  loginMethods,
  resolveBrand,
  setPassword,
  sysLoginAttempt,
  sysOrg,
  sysUser,
  sysUserOrg,
} from '../../system';
import { consumeCaptcha } from '../captcha/captcha.service';
import { registrationOpen } from '../register/register.service';
import { totpEnabled, verifySecondFactor } from '../mfa/totp.service';
import { consumeCode } from '../sms/code.service';
import { sysLoginChallenge } from './login.tables';
import { createSession, endSession, hashToken, updateSession } from './session.service';

/** Throttling windows (security.md item 2): a captcha after 5 failures, a pause after 10, per account. */
export const THROTTLE = {
  windowMinutes: 15,
  captchaAfterAccountFailures: 5,
  blockAfterAccountFailures: 10,
  captchaAfterIpFailures: 20,
  blockAfterIpFailures: 50,
} as const;

const MFA_CHALLENGE_MINUTES = 5;
const MFA_MAX_GUESSES = 5;

export async function loginInit(db: Db, config: Config, where: { host?: string; path?: string }): Promise<LoginInitData> {
  return {
    captchaEnabled: config.captcha,
    loginMethods: loginMethods(config),
    appName: APP_NAME,
    version: APP_VERSION,
    brand: await resolveBrand(db, where.host, where.path),
    defaultLocale: DEFAULT_LOCALE,
    registerEnabled: await registrationOpen(db),
  };
}

export interface Attempt {
  ip: string;
  userAgent?: string;
  preferredCropId?: number;
  locale: Locale;
  requestId?: string;
}

const sourceFor = (attempt: Attempt): AuditSource => ({
  orgId: null,
  userId: null,
  username: null,
  ip: attempt.ip,
  userAgent: attempt.userAgent?.slice(0, 300) ?? null,
  requestId: attempt.requestId ?? null,
});

async function failures(db: Db, where: ReturnType<typeof eq>): Promise<{ n: number; oldest: Date | null }> {
  const since = new Date(Date.now() - THROTTLE.windowMinutes * 60_000);
  const [row] = await db
    .select({ n: count(), oldest: sql<string | null>`min(${sysLoginAttempt.createdAt})` })
    .from(sysLoginAttempt)
    .where(and(where, eq(sysLoginAttempt.success, false), gte(sysLoginAttempt.createdAt, since)));
  return { n: Number(row?.n ?? 0), oldest: row?.oldest ? new Date(row.oldest) : null };
}

function retryAfterSeconds(oldest: Date | null): number {
  if (!oldest) return THROTTLE.windowMinutes * 60;
  return Math.max(1, Math.ceil((oldest.getTime() + THROTTLE.windowMinutes * 60_000 - Date.now()) / 1000));
}

function tooMany(seconds: number): AppError {
  return new AppError(429, 'TOO_MANY_REQUESTS', { seconds }, { headers: { 'retry-after': String(seconds) } });
}

/** Records an attempt for throttling and the login log, and the audit trail. */
async function record(
  db: Db,
  attempt: Attempt,
  username: string,
  success: boolean,
  reason: string | null,
  method: string,
  user?: { id: number; orgId?: number | null },
) {
  await db.insert(sysLoginAttempt).values({ username, ip: attempt.ip, success, reason, userAgent: attempt.userAgent?.slice(0, 300) });
  await audit(db, sourceFor(attempt), {
    action: 'auth.login',
    result: success ? 'success' : 'failure',
    userId: user?.id ?? null,
    username,
    orgId: user?.orgId ?? null,
    detail: { method, reason },
  });
}

/**
 * The checks shared by password-like forms (login, edit password): throttling per account and per
 * address, and the captcha when it is on or after repeated failures.
 */
async function guardAttempt(db: Db, config: Config, key: string, attempt: Attempt, captcha: { code?: string; uuid?: string }, method: string) {
  const account = await failures(db, eq(sysLoginAttempt.username, key));
  const byIp = await failures(db, eq(sysLoginAttempt.ip, attempt.ip));
  if (account.n >= THROTTLE.blockAfterAccountFailures || byIp.n >= THROTTLE.blockAfterIpFailures) {
    throw tooMany(retryAfterSeconds(account.n >= THROTTLE.blockAfterAccountFailures ? account.oldest : byIp.oldest));
  }
  const captchaNeeded = config.captcha || account.n >= THROTTLE.captchaAfterAccountFailures || byIp.n >= THROTTLE.captchaAfterIpFailures;
  if (captchaNeeded) {
    if (!captcha.code || !captcha.uuid) throw new AppError(400, 'AUTH_CAPTCHA_REQUIRED', {}, { errors: [] });
    if (!(await consumeCaptcha(db, captcha.uuid, captcha.code))) {
      await record(db, attempt, key, false, 'captcha', method);
      throw new AppError(400, 'AUTH_CAPTCHA_INVALID');
    }
  }
}

/** Throttling by address only, for forms without a user name (mobile code, second step). */
async function guardAddress(db: Db, attempt: Attempt) {
  const byIp = await failures(db, eq(sysLoginAttempt.ip, attempt.ip));
  if (byIp.n >= THROTTLE.blockAfterIpFailures) throw tooMany(retryAfterSeconds(byIp.oldest));
}

type UserRow = typeof sysUser.$inferSelect;

async function findUser(db: Db, key: string): Promise<UserRow | undefined> {
  const [user] = await db
    .select()
    .from(sysUser)
    .where(sql`lower(${sysUser.username}) = ${key}`);
  return user;
}

/** Days left before the password expires under the organisation's policy; null without a policy. */
export function passwordDaysLeft(user: Pick<UserRow, 'passwordChangedAt'>, expiryDays: number | undefined): number | null {
  if (!expiryDays) return null;
  return Math.ceil((user.passwordChangedAt.getTime() + expiryDays * 86_400_000 - Date.now()) / 86_400_000);
}

async function orgSettings(db: Db, orgId: number | null) {
  if (orgId === null) return {};
  const [org] = await db.select({ settings: sysOrg.settings }).from(sysOrg).where(eq(sysOrg.id, orgId));
  return org?.settings ?? {};
}

/** Password login: throttled, captcha-checked, argon2id-verified; a session, or the second step. */
export async function login(db: Db, config: Config, body: LoginBody, attempt: Attempt): Promise<LoginData> {
  const key = body.username.trim().toLowerCase();
  await guardAttempt(db, config, key, attempt, body, 'password');
  const user = await findUser(db, key);
  if (!user) {
    await burnPasswordCheck(body.password);
    await record(db, attempt, key, false, 'unknown-user', 'password');
    throw new AppError(400, 'AUTH_LOGIN_FAILED');
  }
  if (!(await verifyPassword(user.passwordHash, body.password))) {
    await record(db, attempt, key, false, 'password', 'password', { id: user.id });
    throw new AppError(400, 'AUTH_LOGIN_FAILED');
  }
  return completeLogin(db, config, user, attempt, 'password');
}

/** Login by a code sent to the user's verified mobile number. */
export async function loginMobile(db: Db, config: Config, body: MobileLoginBody, attempt: Attempt): Promise<LoginData> {
  if (!config.sms.login) throw new AppError(403, 'AUTH_SMS_LOGIN_DISABLED');
  await guardAddress(db, attempt);
  let userId: number;
  try {
    userId = await consumeCode(db, { attemptId: body.attemptId, purpose: 'login', mobile: body.mobile, code: body.smsCode });
  } catch (err) {
    await record(db, attempt, `mobile:${body.mobile}`, false, (err as AppError).errorCode ?? 'code', 'sms');
    throw err;
  }
  const [user] = await db.select().from(sysUser).where(eq(sysUser.id, userId));
  return completeLogin(db, config, user, attempt, 'sms');
}

/**
 * After the first factor: account state, password expiry (password logins), the licence, then either
 * a session or, for a user with an authenticator, a short-lived second-step token.
 */
export async function completeLogin(db: Db, config: Config, user: UserRow, attempt: Attempt, method: 'password' | 'sms' | 'qrcode'): Promise<LoginData> {
  const key = user.username.toLowerCase();
  if (user.status === 'pending') {
    await record(db, attempt, key, false, 'pending', method, { id: user.id });
    throw new AppError(403, 'AUTH_ACCOUNT_PENDING');
  }
  if (user.status !== 'enabled') {
    await record(db, attempt, key, false, 'disabled', method, { id: user.id });
    throw new AppError(403, 'AUTH_ACCOUNT_DISABLED');
  }
  const orgId = await chooseOrg(db, user.id, user.defaultOrgId);
  if (method === 'password') {
    const days = passwordDaysLeft(user, (await orgSettings(db, orgId)).passwordExpiryDays);
    if (days !== null && days <= 0) {
      await record(db, attempt, key, false, 'password-expired', method, { id: user.id, orgId });
      throw new AppError(403, 'AUTH_PASSWORD_EXPIRED');
    }
  }
  try {
    await assertLoginLicensed(db, config, user);
  } catch (err) {
    await record(db, attempt, key, false, 'license', method, { id: user.id, orgId });
    throw err;
  }
  if (method !== 'qrcode' && (await totpEnabled(db, user.id))) {
    const token = randomBytes(32).toString('base64url');
    await db.insert(sysLoginChallenge).values({
      tokenHash: hashToken(token),
      userId: user.id,
      method,
      context: { ip: attempt.ip, userAgent: attempt.userAgent?.slice(0, 300), preferredCropId: attempt.preferredCropId, locale: attempt.locale },
      expiresAt: new Date(Date.now() + MFA_CHALLENGE_MINUTES * 60_000),
    });
    return { mfaRequired: true, mfaToken: token };
  }
  return issueSession(db, config, user, orgId, attempt, method);
}

/** The second step: an authenticator code or a recovery code, at most 5 tries per challenge. */
export async function loginMfa(db: Db, config: Config, body: MfaLoginBody, attempt: Attempt): Promise<LoginData> {
  await guardAddress(db, attempt);
  const [challenge] = await db
    .select()
    .from(sysLoginChallenge)
    .where(eq(sysLoginChallenge.tokenHash, hashToken(body.mfaToken)));
  if (!challenge || challenge.consumedAt || challenge.expiresAt.getTime() <= Date.now() || challenge.guesses >= MFA_MAX_GUESSES) {
    throw new AppError(400, 'AUTH_MFA_CHALLENGE_EXPIRED');
  }
  const [user] = await db.select().from(sysUser).where(eq(sysUser.id, challenge.userId));
  const factor = await verifySecondFactor(db, user.id, body.code);
  if (!factor) {
    await db
      .update(sysLoginChallenge)
      .set({ guesses: sql`${sysLoginChallenge.guesses} + 1` })
      .where(eq(sysLoginChallenge.id, challenge.id));
    await record(db, attempt, user.username.toLowerCase(), false, 'mfa', `${challenge.method}+mfa`, { id: user.id });
    throw new AppError(400, 'AUTH_MFA_INVALID');
  }
  const consumed = await db
    .update(sysLoginChallenge)
    .set({ consumedAt: new Date() })
    .where(and(eq(sysLoginChallenge.id, challenge.id), isNull(sysLoginChallenge.consumedAt)))
    .returning({ id: sysLoginChallenge.id });
  if (!consumed.length) throw new AppError(400, 'AUTH_MFA_CHALLENGE_EXPIRED');
  if (user.status !== 'enabled') throw new AppError(403, 'AUTH_ACCOUNT_DISABLED');
  const orgId = await chooseOrg(db, user.id, user.defaultOrgId);
  const ctx = challenge.context;
  return issueSession(db, config, user, orgId, { ...attempt, preferredCropId: ctx.preferredCropId, locale: ctx.locale }, `${challenge.method}+${factor}`);
}

/** Opens the session; in single-session mode the user's older sessions end (their next call: 9999). */
export async function issueSession(db: Db, config: Config, user: UserRow, orgId: number | null, attempt: Attempt, method: string): Promise<LoginData> {
  const crops = await loadUserCrops(db, user.id, orgId, user.locale);
  const crop = crops.find((c) => c.cropId === attempt.preferredCropId) ?? crops[0];
  const settings = await orgSettings(db, orgId);
  const session = await db.transaction(async (tx) => {
    if (settings.singleSession) await endUserSessions(tx, user.id, 'replaced');
    const s = await createSession(
      tx,
      { idleMinutes: config.sessionIdleMinutes, maxHours: config.sessionMaxHours },
      {
        userId: user.id,
        orgId,
        cropId: crop?.cropId ?? null,
        locale: attempt.locale,
        ip: attempt.ip,
        userAgent: attempt.userAgent,
      },
    );
    await tx.update(sysUser).set({ lastLoginAt: new Date() }).where(eq(sysUser.id, user.id));
    return s;
  });
  await record(db, attempt, user.username.toLowerCase(), true, null, method, { id: user.id, orgId });
  return { token: session.token, expiresAt: session.expiresAt.toISOString() };
}

async function chooseOrg(db: Db, userId: number, preferred: number | null): Promise<number | null> {
  if (preferred !== null && (await isOrgMember(db, userId, preferred))) return preferred;
  const [first] = await db.select({ orgId: sysUserOrg.orgId }).from(sysUserOrg).where(eq(sysUserOrg.userId, userId)).orderBy(asc(sysUserOrg.orgId)).limit(1);
  return first?.orgId ?? null;
}

/**
 * The login page's edit-password form: user name, current and new password, throttled like a login.
 * Every session of the user ends; the user then logs in with the new password.
 */
export async function editPassword(db: Db, config: Config, body: EditPasswordBody, attempt: Attempt): Promise<void> {
  const key = body.username.trim().toLowerCase();
  await guardAttempt(db, config, key, attempt, body, 'edit-password');
  const user = await findUser(db, key);
  if (!user) {
    await burnPasswordCheck(body.oldPassword);
    await record(db, attempt, key, false, 'unknown-user', 'edit-password');
    throw new AppError(400, 'AUTH_LOGIN_FAILED');
  }
  if (!(await verifyPassword(user.passwordHash, body.oldPassword))) {
    await record(db, attempt, key, false, 'password', 'edit-password', { id: user.id });
    throw new AppError(400, 'AUTH_LOGIN_FAILED');
  }
  if (user.status !== 'enabled') throw new AppError(403, user.status === 'pending' ? 'AUTH_ACCOUNT_PENDING' : 'AUTH_ACCOUNT_DISABLED');
  assertPasswordAllowed(body.newPassword, attempt.locale, 'newPassword');
  if (body.newPassword === body.oldPassword) throw new AppError(400, 'AUTH_PASSWORD_SAME_AS_OLD');
  await db.transaction(async (tx) => {
    await setPassword(tx, user.id, body.newPassword, 'password');
    await audit(tx, sourceFor(attempt), {
      action: 'auth.password.change',
      userId: user.id,
      username: user.username,
      targetType: 'user',
      targetId: user.id,
      detail: { via: 'login-form' },
    });
  });
}

/** Everything the web needs after login (spec section 7, GET /api/login/info). */
export async function loginInfo(db: Db, config: Config, ctx: RequestContext, locale: Locale, where: { host?: string; path?: string }): Promise<LoginInfoData> {
  // Independent reads at once (each a round trip; on PostgreSQL they run on several pooled connections).
  const [[user], access, orgs, crops, brand] = await Promise.all([
    db.select().from(sysUser).where(eq(sysUser.id, ctx.userId)),
    ctx.authVersion === undefined ? loadAccess(db, ctx.userId, ctx.orgId) : loadAccessAt(db, ctx.userId, ctx.orgId, ctx.authVersion),
    db
      .select({ orgId: sysOrg.id, orgName: sysOrg.name, settings: sysOrg.settings })
      .from(sysUserOrg)
      .innerJoin(sysOrg, eq(sysOrg.id, sysUserOrg.orgId))
      .where(eq(sysUserOrg.userId, ctx.userId))
      .orderBy(asc(sysOrg.id)),
    loadUserCrops(db, ctx.userId, ctx.orgId, locale),
    resolveBrand(db, where.host, where.path),
  ]);
  const org = orgs.find((o) => o.orgId === ctx.orgId) ?? null;
  const menu = await loadMenuTree(db, access, locale, ctx.authVersion);
  return {
    userInfo: {
      userId: user.id,
      userName: user.username,
      nickName: user.nickName,
      avatar: user.avatar,
      role: access.isAdmin ? 'administrator' : 'user',
      roles: access.roles,
      passExpiredDateCount: passwordDaysLeft(user, org?.settings.passwordExpiryDays),
      // A branded installation (the germplasm bank) has its own dashboard; otherwise the role decides.
      dashboardType: brand.dashboardType ?? access.dashboardType,
      locale: ctx.locale,
      platformAdmin: user.platformAdmin,
    },
    permissions: access.permissions,
    orgInfo: org ? { orgId: org.orgId, orgName: org.orgName } : null,
    orgs: orgs.map((o) => ({ orgId: o.orgId, orgName: o.orgName })),
    cropInfo: crops.find((c) => c.cropId === ctx.cropId) ?? null,
    crops,
    menu,
    selectOrgUrl: '/select-org',
    selectCropUrl: '/select-org',
    authServerUrl: '/api/auth',
    helpUrlBase: config.helpUrlBase,
    chatAiEnable: config.chatAi,
    embedOrigins: config.embedOrigins,
    brand,
  };
}

export async function logout(db: Db, ctx: RequestContext | undefined, src: AuditSource): Promise<void> {
  if (!ctx) return;
  await endSession(db, ctx.sessionId, 'logout');
  await audit(db, src, { action: 'auth.logout' });
}

/** Switches the session to another organisation the user belongs to, with a crop of that organisation. */
export async function setOrg(db: Db, ctx: RequestContext, orgId: number): Promise<void> {
  if (!(await isOrgMember(db, ctx.userId, orgId))) throw new AppError(403, 'ORG_NOT_MEMBER');
  const crops = await loadUserCrops(db, ctx.userId, orgId, ctx.locale);
  await updateSession(db, ctx.sessionId, { orgId, cropId: crops[0]?.cropId ?? null });
  await db.update(sysUser).set({ defaultOrgId: orgId, updatedAt: new Date() }).where(eq(sysUser.id, ctx.userId));
}

export async function setCrop(db: Db, ctx: RequestContext, cropId: number): Promise<void> {
  const crops = await loadUserCrops(db, ctx.userId, ctx.orgId, ctx.locale);
  if (!crops.some((c) => c.cropId === cropId)) throw new AppError(403, 'CROP_NOT_ALLOWED');
  await updateSession(db, ctx.sessionId, { cropId });
}

export async function changeLocale(db: Db, ctx: RequestContext, locale: Locale): Promise<void> {
  await updateSession(db, ctx.sessionId, { locale });
  await db.update(sysUser).set({ locale }).where(eq(sysUser.id, ctx.userId));
}
