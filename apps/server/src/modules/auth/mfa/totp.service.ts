import { createHash, randomBytes } from 'node:crypto';
import { and, count, eq, isNull } from 'drizzle-orm';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import type { RecoveryCodesData, TotpSetupData } from '@breedwise/contracts/auth';
import type { DbOrTx } from '../../../db/client';
import { AppError } from '../../../platform/errors';
import { sysUserTotp } from '../../system';
import { sysRecoveryCode } from './mfa.tables';

const ISSUER = 'Breedwise';
const RECOVERY_CODES = 10;
const hashRecovery = (code: string) => createHash('sha256').update(code.replace(/[\s-]/g, '').toUpperCase()).digest('hex');

/** Ten single-use codes of 10 base32 characters (50 bits each), shown once. */
function newRecoveryCodes(): string[] {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  return Array.from({ length: RECOVERY_CODES }, () => {
    const bytes = randomBytes(10);
    const s = [...bytes].map((b) => alphabet[b % alphabet.length]).join('');
    return `${s.slice(0, 5)}-${s.slice(5)}`;
  });
}

export async function totpEnabled(db: DbOrTx, userId: number): Promise<boolean> {
  const [row] = await db.select({ enabledAt: sysUserTotp.enabledAt }).from(sysUserTotp).where(eq(sysUserTotp.userId, userId));
  return !!row?.enabledAt;
}

/** Starts enrolment: a new secret (not yet in force) as an otpauth URI and its QR code. */
export async function setupTotp(db: DbOrTx, userId: number, label: string): Promise<TotpSetupData> {
  if (await totpEnabled(db, userId)) throw new AppError(409, 'AUTH_MFA_ALREADY_ENABLED');
  const secret = generateSecret();
  await db
    .insert(sysUserTotp)
    .values({ userId, secret })
    .onConflictDoUpdate({ target: sysUserTotp.userId, set: { secret, enabledAt: null, lastTimeStep: null, createdAt: new Date() } });
  const otpauthUrl = generateURI({ issuer: ISSUER, label, secret });
  return { otpauthUrl, qrDataUrl: await QRCode.toDataURL(otpauthUrl, { margin: 1, width: 220 }), secret };
}

/** Checks a TOTP code (one step of clock drift either way) and never accepts the same step twice. */
async function checkCode(db: DbOrTx, row: typeof sysUserTotp.$inferSelect, code: string): Promise<boolean> {
  if (!/^[0-9]{6}$/.test(code)) return false;
  const result = await verify({
    secret: row.secret,
    token: code,
    epochTolerance: 30,
    ...(row.lastTimeStep !== null ? { afterTimeStep: row.lastTimeStep } : {}),
  });
  if (!result.valid) return false;
  const step = (result as { timeStep: number }).timeStep;
  await db.update(sysUserTotp).set({ lastTimeStep: step }).where(eq(sysUserTotp.userId, row.userId));
  return true;
}

/** Finishes enrolment with the first code; answers the recovery codes, shown once. */
export async function enableTotp(db: DbOrTx, userId: number, code: string): Promise<RecoveryCodesData> {
  const [row] = await db.select().from(sysUserTotp).where(eq(sysUserTotp.userId, userId));
  if (!row) throw new AppError(400, 'AUTH_MFA_SETUP_MISSING');
  if (row.enabledAt) throw new AppError(409, 'AUTH_MFA_ALREADY_ENABLED');
  if (!(await checkCode(db, row, code))) throw new AppError(400, 'AUTH_MFA_INVALID');
  await db.update(sysUserTotp).set({ enabledAt: new Date() }).where(eq(sysUserTotp.userId, userId));
  return { recoveryCodes: await replaceRecoveryCodes(db, userId) };
}

export async function replaceRecoveryCodes(db: DbOrTx, userId: number): Promise<string[]> {
  const codes = newRecoveryCodes();
  await db.delete(sysRecoveryCode).where(eq(sysRecoveryCode.userId, userId));
  await db.insert(sysRecoveryCode).values(codes.map((c) => ({ userId, codeHash: hashRecovery(c) })));
  return codes;
}

export async function disableTotp(db: DbOrTx, userId: number): Promise<void> {
  await db.delete(sysUserTotp).where(eq(sysUserTotp.userId, userId));
  await db.delete(sysRecoveryCode).where(eq(sysRecoveryCode.userId, userId));
}

export async function recoveryCodesLeft(db: DbOrTx, userId: number): Promise<number> {
  const [{ n }] = await db
    .select({ n: count() })
    .from(sysRecoveryCode)
    .where(and(eq(sysRecoveryCode.userId, userId), isNull(sysRecoveryCode.usedAt)));
  return Number(n);
}

/** The second factor at login: an authenticator code, or one unused recovery code (then used up). */
export async function verifySecondFactor(db: DbOrTx, userId: number, code: string): Promise<'totp' | 'recovery' | null> {
  const [row] = await db.select().from(sysUserTotp).where(eq(sysUserTotp.userId, userId));
  if (!row?.enabledAt) return null;
  const trimmed = code.trim();
  if (/^[0-9]{6}$/.test(trimmed)) return (await checkCode(db, row, trimmed)) ? 'totp' : null;
  const used = await db
    .update(sysRecoveryCode)
    .set({ usedAt: new Date() })
    .where(and(eq(sysRecoveryCode.userId, userId), eq(sysRecoveryCode.codeHash, hashRecovery(trimmed)), isNull(sysRecoveryCode.usedAt)))
    .returning({ id: sysRecoveryCode.id });
  return used.length ? 'recovery' : null;
}

/** A code for the authenticator of a signed-in user (confirming sensitive changes). */
export async function verifyTotpOnly(db: DbOrTx, userId: number, code: string): Promise<boolean> {
  const [row] = await db.select().from(sysUserTotp).where(eq(sysUserTotp.userId, userId));
  return !!row?.enabledAt && (await checkCode(db, row, code));
}
