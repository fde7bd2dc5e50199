import { count, desc, eq } from 'drizzle-orm';
import type { LicenseInfo } from '@breedwise/contracts/license';
import type { Config } from '../../../config';
import type { DbOrTx } from '../../../db/client';
import type { RequestContext } from '../../../platform/context';
import { AppError } from '../../../platform/errors';
import { audit, type AuditSource } from '../../audit';
import { sysOrg, sysUser } from '../../system';
import { publicKey, verifyLicense } from '../keys';
import { sysLicenseInstall } from './installed.tables';

const today = () => new Date().toISOString().slice(0, 10);

async function consumed(db: DbOrTx, type: 'user' | 'organisation'): Promise<number> {
  if (type === 'organisation') return Number((await db.select({ n: count() }).from(sysOrg))[0].n);
  return Number((await db.select({ n: count() }).from(sysUser).where(eq(sysUser.status, 'enabled')))[0].n);
}

async function installed(db: DbOrTx, config: Pick<Config, 'license'>) {
  const key = publicKey(config);
  if (!key) return null;
  const [row] = await db.select().from(sysLicenseInstall).orderBy(desc(sysLicenseInstall.installedAt), desc(sysLicenseInstall.id)).limit(1);
  if (!row) return { payload: null, installedAt: null };
  return { payload: verifyLicense(key, row.file), installedAt: row.installedAt };
}

/** GET license/info: the licence in force here, how much of it is used, and what that means. */
export async function licenseInfo(db: DbOrTx, config: Pick<Config, 'license'>): Promise<LicenseInfo> {
  const current = await installed(db, config);
  const empty = {
    name: null,
    subjectName: null,
    activationDate: null,
    expiryDate: null,
    consumerType: null,
    consumerAmount: null,
    remainingDays: null,
    installedAt: null,
    licenseId: null,
  };
  if (!current) return { status: 'unenforced', enforced: false, used: await consumed(db, 'user'), ...empty };
  const p = current.payload;
  if (!p) return { status: 'missing', enforced: true, used: await consumed(db, 'user'), ...empty, installedAt: current.installedAt?.toISOString() ?? null };
  const used = await consumed(db, p.consumerType);
  const now = today();
  const status = now < p.activationDate ? 'notYetActive' : now > p.expiryDate ? 'expired' : used > p.consumerAmount ? 'exceeded' : 'valid';
  return {
    status,
    enforced: true,
    name: p.name,
    subjectName: p.subject.name,
    activationDate: p.activationDate,
    expiryDate: p.expiryDate,
    consumerType: p.consumerType,
    consumerAmount: p.consumerAmount,
    used,
    remainingDays: Math.floor((Date.parse(`${p.expiryDate}T23:59:59Z`) - Date.now()) / 86_400_000),
    installedAt: current.installedAt?.toISOString() ?? null,
    licenseId: p.licenseId,
  };
}

/**
 * Logins need a licence in force when licences are enforced (BW_LICENSE_PUBLIC_KEY set). Platform
 * administrators may always log in, so that they can install a new one.
 */
export async function assertLoginLicensed(db: DbOrTx, config: Pick<Config, 'license'>, user: { platformAdmin: boolean }): Promise<void> {
  if (!publicKey(config) || user.platformAdmin) return;
  const info = await licenseInfo(db, config);
  if (info.status === 'missing') throw new AppError(403, 'LICENSE_MISSING');
  if (info.status === 'expired') throw new AppError(403, 'LICENSE_EXPIRED', { expiryDate: info.expiryDate });
  if (info.status === 'notYetActive') throw new AppError(403, 'LICENSE_NOT_ACTIVE', { activationDate: info.activationDate });
}

/** Before enabling `adding` more users (or organisations): the licence's consumer amount holds. */
export async function assertSeatAvailable(db: DbOrTx, config: Pick<Config, 'license'>, adding: number, type: 'user' | 'organisation' = 'user'): Promise<void> {
  const current = await installed(db, config);
  if (!current?.payload || current.payload.consumerType !== type || adding <= 0) return;
  const used = await consumed(db, type);
  if (used + adding > current.payload.consumerAmount) {
    throw new AppError(403, 'LICENSE_LIMIT', { used, amount: current.payload.consumerAmount });
  }
}

export async function installLicense(db: DbOrTx, config: Pick<Config, 'license'>, file: string, ctx: RequestContext, src: AuditSource): Promise<LicenseInfo> {
  const key = publicKey(config);
  if (!key) throw new AppError(400, 'LICENSE_VERIFY_DISABLED');
  const payload = verifyLicense(key, file);
  if (!payload) {
    await audit(db, src, { action: 'license.install', result: 'failure', detail: { reason: 'signature' } });
    throw new AppError(400, 'LICENSE_INVALID');
  }
  await db.insert(sysLicenseInstall).values({ licenseId: payload.licenseId, file, installedBy: ctx.userId });
  await audit(db, src, {
    action: 'license.install',
    targetType: 'license',
    targetId: payload.licenseId,
    detail: { name: payload.name, expiryDate: payload.expiryDate, consumerAmount: payload.consumerAmount },
  });
  return licenseInfo(db, config);
}
