import { randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, gt } from 'drizzle-orm';
import QRCode from 'qrcode';
import type { CasBindData, CasQrcodeData, LoginData, QrCheckData, QrGenerateData, QrScanData, ScanIdentityRow } from '@breedwise/contracts';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { RequestContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { audit, type AuditSource } from '../audit';
import { sysUser } from '../system/system.tables';
import { sysCasBind, sysQrLogin, sysScanIdentity } from './auth.tables';
import { completeLogin, type Attempt } from './login.service';
import { hashToken } from './session.service';

const QR_SECONDS = 120;
const BIND_SECONDS = 300;
const qrImage = (content: string) => QRCode.toDataURL(content, { margin: 1, width: 220, errorCorrectionLevel: 'M' });

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
  if (!row || !secretOk) throw new AppError(404, 'QR_INVALID');
  const expired = row.expiresAt.getTime() <= Date.now();
  if (row.status === 'consumed' || (expired && row.status !== 'confirmed')) return { status: 'expired', token: null, expiresAt: null };
  if (row.status !== 'confirmed') return { status: row.status, token: null, expiresAt: null };
  const taken = await db.update(sysQrLogin).set({ status: 'consumed' }).where(and(eq(sysQrLogin.id, qrId), eq(sysQrLogin.status, 'confirmed'))).returning({ userId: sysQrLogin.userId });
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
  const [row] = await db.select().from(sysQrLogin).where(and(eq(sysQrLogin.id, qrId), gt(sysQrLogin.expiresAt, new Date())));
  if (!row || !['waiting', 'scanned'].includes(row.status)) throw new AppError(404, 'QR_INVALID');
  return row;
}

/** The phone opened the code: it is now reserved for that user, and the phone shows where it was made. */
export async function scanQr(db: Db, qrId: string, who: Confirmer): Promise<QrScanData> {
  const row = await liveQr(db, qrId);
  if (row.userId !== null && row.userId !== who.userId) throw new AppError(404, 'QR_INVALID');
  await db.update(sysQrLogin).set({ status: 'scanned', userId: who.userId }).where(eq(sysQrLogin.id, qrId));
  return { status: 'scanned', ip: row.ip, userAgent: row.userAgent, createdAt: row.createdAt.toISOString(), userName: who.username };
}

export async function confirmQr(db: Db, qrId: string, approve: boolean, who: Confirmer, src: AuditSource): Promise<void> {
  const row = await liveQr(db, qrId);
  if (row.status !== 'scanned' || row.userId !== who.userId) throw new AppError(404, 'QR_INVALID');
  await db.update(sysQrLogin).set({ status: approve ? 'confirmed' : 'cancelled' }).where(eq(sysQrLogin.id, qrId));
  await audit(db, src, { action: approve ? 'auth.qrcode.confirm' : 'auth.qrcode.cancel', userId: who.userId, username: who.username, targetType: 'qrcode', targetId: qrId });
}

// ---- CAS: binding a scan identity --------------------------------------------------------------

/** cas/getQrcode: a signed-in browser shows a binding code for a device to scan. */
export async function casQrcode(db: Db, ctx: RequestContext, origin: string): Promise<CasQrcodeData> {
  const code = randomBytes(24).toString('base64url');
  const expiresAt = new Date(Date.now() + BIND_SECONDS * 1000);
  await db.insert(sysCasBind).values({ codeHash: hashToken(code), userId: ctx.userId, expiresAt });
  const content = `${origin}/m/bind?code=${code}`;
  return { code, content, qrDataUrl: await qrImage(content), expiresAt: expiresAt.toISOString() };
}

/** cas/bindQrcode: the device redeems the code once and receives its key (kept on the device). */
export async function casBind(db: Db, code: string, deviceName: string | undefined, userAgent: string | undefined, src: AuditSource): Promise<CasBindData> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(sysCasBind)
      .set({ status: 'bound' })
      .where(and(eq(sysCasBind.codeHash, hashToken(code)), eq(sysCasBind.status, 'waiting'), gt(sysCasBind.expiresAt, new Date())))
      .returning();
    if (!row) throw new AppError(404, 'BIND_CODE_INVALID');
    const [user] = await tx.select({ username: sysUser.username, status: sysUser.status }).from(sysUser).where(eq(sysUser.id, row.userId));
    if (user.status !== 'enabled') throw new AppError(404, 'BIND_CODE_INVALID');
    const deviceKey = randomBytes(32).toString('base64url');
    const name = deviceName?.trim() || (userAgent ? userAgent.slice(0, 60) : 'device');
    const [identity] = await tx.insert(sysScanIdentity).values({ userId: row.userId, deviceName: name, keyHash: hashToken(deviceKey) }).returning({ id: sysScanIdentity.id });
    await tx.update(sysCasBind).set({ identityId: identity.id }).where(eq(sysCasBind.codeHash, row.codeHash));
    await audit(tx, src, { action: 'auth.scanIdentity.bind', userId: row.userId, username: user.username, targetType: 'scanIdentity', targetId: identity.id, detail: { deviceName: name } });
    return { deviceKey, userName: user.username, deviceName: name };
  });
}

/** cas/checkCode: one raw word for the polling browser: waiting, bound or expired. */
export async function casCheck(db: Db, ctx: RequestContext, code: string): Promise<'waiting' | 'bound' | 'expired'> {
  const [row] = await db.select().from(sysCasBind).where(and(eq(sysCasBind.codeHash, hashToken(code)), eq(sysCasBind.userId, ctx.userId)));
  if (!row) return 'expired';
  if (row.status === 'bound') return 'bound';
  return row.expiresAt.getTime() <= Date.now() ? 'expired' : 'waiting';
}

export async function listScanIdentities(db: Db, ctx: RequestContext): Promise<ScanIdentityRow[]> {
  const rows = await db.select().from(sysScanIdentity).where(eq(sysScanIdentity.userId, ctx.userId));
  return rows.map((r) => ({ id: r.id, deviceName: r.deviceName, createdAt: r.createdAt.toISOString(), lastUsedAt: r.lastUsedAt?.toISOString() ?? null }));
}

export async function removeScanIdentity(db: Db, ctx: RequestContext, id: number, src: AuditSource): Promise<void> {
  const rows = await db.delete(sysScanIdentity).where(and(eq(sysScanIdentity.id, id), eq(sysScanIdentity.userId, ctx.userId))).returning({ id: sysScanIdentity.id });
  if (!rows.length) throw new AppError(404, 'RECORD_NOT_FOUND');
  await audit(db, src, { action: 'auth.scanIdentity.remove', targetType: 'scanIdentity', targetId: id });
}
