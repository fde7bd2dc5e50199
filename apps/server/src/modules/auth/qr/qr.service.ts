import { randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, gt } from 'drizzle-orm';
import QRCode from 'qrcode';
import type { LoginData, QrCheckData, QrGenerateData, QrScanData } from '@breedwise/contracts/auth';
import type { Config } from '../../../config';
import type { Db } from '../../../db/client';
import { AppError } from '../../../platform/errors';
import { audit, type AuditSource } from '../../audit';
import { sysUser } from '../../system';
import { sysScanIdentity } from '../cas/cas.tables';
import { completeLogin, type Attempt } from '../login/login.service';
import { hashToken } from '../login/session.service';
import { sysQrLogin } from './qr.tables';

const QR_SECONDS = 120;
export const qrImage = (content: string) => QRCode.toDataURL(content, { margin: 1, width: 220, errorCorrectionLevel: 'M' });

/** A new login QR code for this browser; only the holder of the poll secret can collect the session. */
export async function generateQr(db: Db, origin: string, attempt: Attempt): Promise<QrGenerateData> {
  const pollSecret = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + QR_SECONDS * 1000);
  const [row] = await db
    .insert(sysQrLogin)
    .values({ pollSecretHash: hashToken(pollSecret), ip: attempt.ip, userAgent: attempt.userAgent?.slice(0, 300), locale: attempt.locale, expiresAt })
    .returning({ id: sysQrLogin.id });
  const content = `${origin}/m/qrcode?id=${row.id}`;
  return { qrId: row.id, pollSecret, content, qrDataUrl: await qrImage(content), expiresAt: expiresAt.toISOString() };
}

/**
 * The desktop polls. Once a phone confirmed, the first poll with the right secret receives the
 * session; later polls see the code as used.
 */
export async function checkQr(db: Db, config: Config, qrId: string, pollSecret: string, attempt: Attempt): Promise<QrCheckData> {
  const [row] = await db.select().from(sysQrLogin).where(eq(sysQrLogin.id, qrId));
  const secretOk = !!row && timingSafeEqual(Buffer.from(row.pollSecretHash, 'hex'), Buffer.from(hashToken(pollSecret), 'hex'));
  if (!row || !secretOk) throw new AppError(404, 'AUTH_QR_INVALID');
  const expired = row.expiresAt.getTime() <= Date.now();
  if (row.status === 'consumed' || (expired && row.status !== 'confirmed')) return { status: 'expired', token: null, expiresAt: null };
  if (row.status !== 'confirmed') return { status: row.status, token: null, expiresAt: null };
  const taken = await db
    .update(sysQrLogin)
    .set({ status: 'consumed' })
    .where(and(eq(sysQrLogin.id, qrId), eq(sysQrLogin.status, 'confirmed')))
    .returning({ userId: sysQrLogin.userId });
  if (!taken.length || taken[0].userId === null) return { status: 'expired', token: null, expiresAt: null };
  const [user] = await db.select().from(sysUser).where(eq(sysUser.id, taken[0].userId));
  const data: LoginData = await completeLogin(db, config, user, attempt, 'qrcode');
  return { status: 'confirmed', token: data.token ?? null, expiresAt: data.expiresAt ?? null };
}

/** Who confirms a code: a signed-in session, or a bound scan identity (device key). */
export interface Confirmer {
  userId: number;
  username: string;
}

export async function confirmerFromDeviceKey(db: Db, key: string | undefined): Promise<Confirmer | null> {
  if (!key || key.length > 200) return null;
  const [row] = await db
    .select({ id: sysScanIdentity.id, userId: sysScanIdentity.userId, username: sysUser.username, status: sysUser.status })
    .from(sysScanIdentity)
    .innerJoin(sysUser, eq(sysUser.id, sysScanIdentity.userId))
    .where(eq(sysScanIdentity.keyHash, hashToken(key)));
  if (!row || row.status !== 'enabled') return null;
  await db.update(sysScanIdentity).set({ lastUsedAt: new Date() }).where(eq(sysScanIdentity.id, row.id));
  return { userId: row.userId, username: row.username };
}

async function liveQr(db: Db, qrId: string) {
  const [row] = await db
    .select()
    .from(sysQrLogin)
    .where(and(eq(sysQrLogin.id, qrId), gt(sysQrLogin.expiresAt, new Date())));
  if (!row || !['waiting', 'scanned'].includes(row.status)) throw new AppError(404, 'AUTH_QR_INVALID');
  return row;
}

/** The phone opened the code: it is now reserved for that user, and the phone shows where it was made. */
export async function scanQr(db: Db, qrId: string, who: Confirmer): Promise<QrScanData> {
  const row = await liveQr(db, qrId);
  if (row.userId !== null && row.userId !== who.userId) throw new AppError(404, 'AUTH_QR_INVALID');
  await db.update(sysQrLogin).set({ status: 'scanned', userId: who.userId }).where(eq(sysQrLogin.id, qrId));
  return { status: 'scanned', ip: row.ip, userAgent: row.userAgent, createdAt: row.createdAt.toISOString(), userName: who.username };
}

export async function confirmQr(db: Db, qrId: string, approve: boolean, who: Confirmer, src: AuditSource): Promise<void> {
  const row = await liveQr(db, qrId);
  if (row.status !== 'scanned' || row.userId !== who.userId) throw new AppError(404, 'AUTH_QR_INVALID');
  await db
    .update(sysQrLogin)
    .set({ status: approve ? 'confirmed' : 'cancelled' })
    .where(eq(sysQrLogin.id, qrId));
  await audit(db, src, {
    action: approve ? 'auth.qrcode.confirm' : 'auth.qrcode.cancel',
    userId: who.userId,
    username: who.username,
    targetType: 'qrcode',
    targetId: qrId,
  });
}
