import { randomBytes } from 'node:crypto';
import { and, eq, gt } from 'drizzle-orm';
import type { CasBindData, CasQrcodeData, ScanIdentityRow } from '@breedwise/contracts/auth';
import type { Db } from '../../../db/client';
import type { RequestContext } from '../../../platform/context';
import { AppError } from '../../../platform/errors';
import { audit, type AuditSource } from '../../audit';
import { sysUser } from '../../system';
import { hashToken } from '../login/session.service';
import { qrImage } from '../qr/qr.service';
import { sysCasBind, sysScanIdentity } from './cas.tables';

const BIND_SECONDS = 300;

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
    if (!row) throw new AppError(404, 'AUTH_BIND_CODE_INVALID');
    const [user] = await tx.select({ username: sysUser.username, status: sysUser.status }).from(sysUser).where(eq(sysUser.id, row.userId));
    if (user.status !== 'enabled') throw new AppError(404, 'AUTH_BIND_CODE_INVALID');
    const deviceKey = randomBytes(32).toString('base64url');
    const name = deviceName?.trim() || (userAgent ? userAgent.slice(0, 60) : 'device');
    const [identity] = await tx
      .insert(sysScanIdentity)
      .values({ userId: row.userId, deviceName: name, keyHash: hashToken(deviceKey) })
      .returning({ id: sysScanIdentity.id });
    await tx.update(sysCasBind).set({ identityId: identity.id }).where(eq(sysCasBind.codeHash, row.codeHash));
    await audit(tx, src, {
      action: 'auth.scanIdentity.bind',
      userId: row.userId,
      username: user.username,
      targetType: 'scanIdentity',
      targetId: identity.id,
      detail: { deviceName: name },
    });
    return { deviceKey, userName: user.username, deviceName: name };
  });
}

/** cas/checkCode: one raw word for the polling browser: waiting, bound or expired. */
export async function casCheck(db: Db, ctx: RequestContext, code: string): Promise<'waiting' | 'bound' | 'expired'> {
  const [row] = await db
    .select()
    .from(sysCasBind)
    .where(and(eq(sysCasBind.codeHash, hashToken(code)), eq(sysCasBind.userId, ctx.userId)));
  if (!row) return 'expired';
  if (row.status === 'bound') return 'bound';
  return row.expiresAt.getTime() <= Date.now() ? 'expired' : 'waiting';
}

export async function listScanIdentities(db: Db, ctx: RequestContext): Promise<ScanIdentityRow[]> {
  const rows = await db.select().from(sysScanIdentity).where(eq(sysScanIdentity.userId, ctx.userId));
  return rows.map((r) => ({ id: r.id, deviceName: r.deviceName, createdAt: r.createdAt.toISOString(), lastUsedAt: r.lastUsedAt?.toISOString() ?? null }));
}

export async function removeScanIdentity(db: Db, ctx: RequestContext, id: number, src: AuditSource): Promise<void> {
  const rows = await db
    .delete(sysScanIdentity)
    .where(and(eq(sysScanIdentity.id, id), eq(sysScanIdentity.userId, ctx.userId)))
    .returning({ id: sysScanIdentity.id });
  if (!rows.length) throw new AppError(404, 'RECORD_NOT_FOUND');
  await audit(db, src, { action: 'auth.scanIdentity.remove', targetType: 'scanIdentity', targetId: id });
}
