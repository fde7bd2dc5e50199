import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { and, count, desc, eq, gte, isNull, sql } from 'drizzle-orm';
import { formatMessage, type Locale } from '@breedwise/contracts';
import { authTexts, OTP_CODE_LENGTH, OTP_MAX_GUESSES, OTP_TTL_MINUTES, type SmsPurpose, type SmsSendData } from '@breedwise/contracts/auth';
import type { Config } from '../../../config';
import type { Db } from '../../../db/client';
import { AppError } from '../../../platform/errors';
import { notifierFor, sysUser } from '../../system';
import { sysVerifyCode } from './sms.tables';

/** A new code for the same number waits this long (spec: sends capped per phone and per day). */
export const RESEND_SECONDS = 60;

const digest = (attemptId: string, code: string) => createHash('sha256').update(`${attemptId}:${code}`).digest();

const texts: Record<SmsPurpose, Record<Locale, (code: string) => string>> = {
  login: {
    'zh-CN': (c) => formatMessage(authTexts.smsLogin['zh-CN'], { code: c, minutes: OTP_TTL_MINUTES }),
    en: (c) => formatMessage(authTexts.smsLogin.en, { code: c, minutes: OTP_TTL_MINUTES }),
  },
  reset: {
    'zh-CN': (c) => formatMessage(authTexts.smsReset['zh-CN'], { code: c, minutes: OTP_TTL_MINUTES }),
    en: (c) => formatMessage(authTexts.smsReset.en, { code: c, minutes: OTP_TTL_MINUTES }),
  },
  bind: {
    'zh-CN': (c) => formatMessage(authTexts.smsBind['zh-CN'], { code: c, minutes: OTP_TTL_MINUTES }),
    en: (c) => formatMessage(authTexts.smsBind.en, { code: c, minutes: OTP_TTL_MINUTES }),
  },
};

/** Only a number some enabled account verified may receive login and reset codes. */
async function ownerOf(db: Db, mobile: string): Promise<number | null> {
  const [u] = await db
    .select({ id: sysUser.id })
    .from(sysUser)
    .where(and(eq(sysUser.phone, mobile), eq(sysUser.phoneVerified, true), eq(sysUser.status, 'enabled')));
  return u?.id ?? null;
}

/**
 * Sends a six-digit code bound to a new attempt id. Limits (security.md, API4 SMS pumping): one send per
 * number per minute, `BW_SMS_DAILY_LIMIT` per number and `BW_SMS_IP_DAILY_LIMIT` per address per day.
 * For login and reset, a number no account verified gets the same answer and no message, so the
 * answer does not tell which numbers are registered.
 */
export async function sendCode(
  db: Db,
  config: Pick<Config, 'sms' | 'mail'>,
  req: { purpose: SmsPurpose; mobile: string; ip: string; locale: Locale; userId?: number },
): Promise<SmsSendData> {
  const dayAgo = new Date(Date.now() - 86_400_000);
  const [last] = await db
    .select({ at: sysVerifyCode.createdAt })
    .from(sysVerifyCode)
    .where(eq(sysVerifyCode.target, req.mobile))
    .orderBy(desc(sysVerifyCode.createdAt))
    .limit(1);
  if (last) {
    const wait = Math.ceil((last.at.getTime() + RESEND_SECONDS * 1000 - Date.now()) / 1000);
    if (wait > 0) throw new AppError(429, 'AUTH_SMS_TOO_SOON', { seconds: wait }, { headers: { 'retry-after': String(wait) } });
  }
  const [{ perTarget }] = await db
    .select({ perTarget: count() })
    .from(sysVerifyCode)
    .where(and(eq(sysVerifyCode.target, req.mobile), gte(sysVerifyCode.createdAt, dayAgo)));
  if (Number(perTarget) >= config.sms.dailyLimit) throw new AppError(429, 'AUTH_SMS_DAILY_LIMIT', {}, { headers: { 'retry-after': '3600' } });
  const [{ perIp }] = await db
    .select({ perIp: count() })
    .from(sysVerifyCode)
    .where(and(eq(sysVerifyCode.ip, req.ip), gte(sysVerifyCode.createdAt, dayAgo)));
  if (Number(perIp) >= config.sms.ipDailyLimit) throw new AppError(429, 'TOO_MANY_REQUESTS', { seconds: 3600 }, { headers: { 'retry-after': '3600' } });

  const owner = req.purpose === 'bind' ? (req.userId ?? null) : await ownerOf(db, req.mobile);
  const code = String(randomInt(0, 10 ** OTP_CODE_LENGTH)).padStart(OTP_CODE_LENGTH, '0');
  const [row] = await db
    .insert(sysVerifyCode)
    .values({
      purpose: req.purpose,
      channel: 'sms',
      target: req.mobile,
      userId: owner,
      // A number nobody verified gets an attempt that no code can satisfy.
      codeHash: owner === null ? 'none' : 'pending',
      ip: req.ip,
      expiresAt: new Date(Date.now() + OTP_TTL_MINUTES * 60_000),
    })
    .returning({ id: sysVerifyCode.id });
  if (owner !== null) {
    await db
      .update(sysVerifyCode)
      .set({ codeHash: digest(row.id, code).toString('hex') })
      .where(eq(sysVerifyCode.id, row.id));
    await notifierFor(config).sms(db, { to: req.mobile, text: texts[req.purpose][req.locale](code), purpose: `code.${req.purpose}`, secret: code });
  }
  return { attemptId: row.id, expiresInSeconds: OTP_TTL_MINUTES * 60, resendAfterSeconds: RESEND_SECONDS };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Checks a code against its attempt: right purpose and number, unexpired, unused, fewer than five
 * wrong guesses. Success consumes it; the answer is the user it was sent for.
 */
export async function consumeCode(db: Db, req: { attemptId: string; purpose: SmsPurpose; mobile: string; code: string }): Promise<number> {
  if (!UUID.test(req.attemptId)) throw new AppError(400, 'AUTH_CODE_INVALID');
  const [row] = await db
    .select()
    .from(sysVerifyCode)
    .where(and(eq(sysVerifyCode.id, req.attemptId), eq(sysVerifyCode.purpose, req.purpose), eq(sysVerifyCode.target, req.mobile)));
  if (!row || row.consumedAt || row.expiresAt.getTime() <= Date.now()) throw new AppError(400, 'AUTH_CODE_INVALID');
  if (row.guesses >= OTP_MAX_GUESSES) throw new AppError(400, 'AUTH_CODE_TOO_MANY_GUESSES');
  const expected = row.codeHash.length === 64 ? Buffer.from(row.codeHash, 'hex') : null;
  const given = digest(row.id, req.code);
  if (!expected || !timingSafeEqual(expected, given) || row.userId === null) {
    const [after] = await db
      .update(sysVerifyCode)
      .set({ guesses: sql`${sysVerifyCode.guesses} + 1` })
      .where(eq(sysVerifyCode.id, row.id))
      .returning({ guesses: sysVerifyCode.guesses });
    throw new AppError(400, after.guesses >= OTP_MAX_GUESSES ? 'AUTH_CODE_TOO_MANY_GUESSES' : 'AUTH_CODE_INVALID');
  }
  // Conditional: of two concurrent uses of one code, one wins.
  const used = await db
    .update(sysVerifyCode)
    .set({ consumedAt: new Date() })
    .where(and(eq(sysVerifyCode.id, row.id), isNull(sysVerifyCode.consumedAt)))
    .returning({ id: sysVerifyCode.id });
  if (used.length === 0) throw new AppError(400, 'AUTH_CODE_INVALID');
  return row.userId;
}
