import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { formatMessage, type Locale } from '@breedwise/contracts';
import { authTexts, type ExpiredKeyData, type ResetPasswordBody, type RetrievePasswordBody, type SendResetEmailBody } from '@breedwise/contracts/auth';
import type { Config } from '../../../config';
import type { Db } from '../../../db/client';
import { AppError } from '../../../platform/errors';
import { audit, type AuditSource } from '../../audit';
import { assertPasswordAllowed, notifierFor, setPassword, sysUser } from '../../system';
import { requireCaptcha } from '../captcha/captcha.service';
import { hashToken } from '../login/session.service';
import { consumeCode } from '../sms/code.service';
import { sysPasswordReset } from './password.tables';

const RESET_MINUTES = 30;
const RESET_PER_HOUR = 5;

const resetMail: Record<Locale, (name: string, link: string) => { subject: string; text: string }> = {
  'zh-CN': (name, link) => ({
    subject: authTexts.resetMailSubject['zh-CN'],
    text: formatMessage(authTexts.resetMailText['zh-CN'], { name, link, minutes: RESET_MINUTES }),
  }),
  en: (name, link) => ({
    subject: authTexts.resetMailSubject.en,
    text: formatMessage(authTexts.resetMailText.en, { name, link, minutes: RESET_MINUTES }),
  }),
};

/**
 * Sends a reset link to the account's e-mail address. The answer is the same whether or not the
 * account exists, so the form does not reveal who has an account.
 */
export async function sendResetPasswordEmail(
  db: Db,
  config: Config,
  body: SendResetEmailBody,
  origin: string,
  locale: Locale,
  src: AuditSource,
): Promise<void> {
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
  if (!row || row.status !== 'enabled') throw new AppError(400, 'AUTH_RESET_KEY_INVALID');
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
    if (!row) throw new AppError(400, 'AUTH_RESET_KEY_INVALID');
    const [user] = await tx.select().from(sysUser).where(eq(sysUser.id, row.userId));
    if (user.status !== 'enabled') throw new AppError(400, 'AUTH_RESET_KEY_INVALID');
    // Other links of the same user stop working too.
    await tx
      .update(sysPasswordReset)
      .set({ usedAt: new Date() })
      .where(and(eq(sysPasswordReset.userId, row.userId), isNull(sysPasswordReset.usedAt)));
    await setPassword(tx, row.userId, body.password, 'password');
    await audit(tx, src, {
      action: 'auth.password.reset',
      userId: user.id,
      username: user.username,
      targetType: 'user',
      targetId: user.id,
      detail: { via: 'email' },
    });
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
