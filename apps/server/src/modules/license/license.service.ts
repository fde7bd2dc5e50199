import { createPrivateKey, createPublicKey, randomUUID, sign, verify, type KeyObject } from 'node:crypto';
import { asc, count, desc, eq, ilike, or } from 'drizzle-orm';
import type {
  LicenseInfo, LicenseRow, LicenseSave, LicenseSubjectCreate, LicenseSubjectPageQuery, LicenseSubjectRow, LicenseSubjectUpdate,
} from '@breedwise/contracts';
import type { z } from 'zod';
import type { Config } from '../../config';
import type { DbOrTx } from '../../db/client';
import type { RequestContext } from '../../platform/context';
import { AppError, conflict, isUniqueViolation, notFound } from '../../platform/errors';
import { likePattern, pageWindow } from '../../platform/pagination';
import { audit, type AuditSource } from '../audit';
import { sysOrg, sysUser } from '../system/system.tables';
import { sysLicense, sysLicenseInstall, sysLicenseSubject } from './license.tables';

/** What a licence file carries; the file is `{format, payload, signature}` with an Ed25519 signature. */
export interface LicensePayload {
  licenseId: string;
  subject: { code: string; name: string };
  name: string;
  activationDate: string;
  expiryDate: string;
  consumerType: 'user' | 'organisation';
  consumerAmount: number;
  description: string | null;
  issuedAt: string;
}
const FORMAT = 'breedwise-license/1';

/** Keys come from the environment as PEM; `\n` written literally in an env file is accepted. */
const pem = (text: string) => text.replace(/\\n/g, '\n').trim();
const keyCache = new Map<string, KeyObject>();
function publicKey(config: Pick<Config, 'license'>): KeyObject | null {
  const text = config.license.publicKey;
  if (!text) return null;
  let key = keyCache.get(text);
  if (!key) {
    key = createPublicKey(pem(text));
    keyCache.set(text, key);
  }
  return key;
}
function signingKey(config: Pick<Config, 'license'>): KeyObject | null {
  const text = config.license.signingKey;
  if (!text) return null;
  let key = keyCache.get(text);
  if (!key) {
    key = createPrivateKey(pem(text));
    keyCache.set(text, key);
  }
  return key;
}

export function signLicense(key: KeyObject, payload: LicensePayload): string {
  const body = JSON.stringify(payload);
  const signature = sign(null, Buffer.from(body), key).toString('base64');
  return JSON.stringify({ format: FORMAT, payload: body, signature }, null, 2);
}

/** The payload of a licence file whose Ed25519 signature verifies, or null. */
export function verifyLicense(key: KeyObject, file: string): LicensePayload | null {
  try {
    const parsed = JSON.parse(file) as { format?: unknown; payload?: unknown; signature?: unknown };
    if (parsed.format !== FORMAT || typeof parsed.payload !== 'string' || typeof parsed.signature !== 'string') return null;
    if (!verify(null, Buffer.from(parsed.payload), key, Buffer.from(parsed.signature, 'base64'))) return null;
    const p = JSON.parse(parsed.payload) as LicensePayload;
    if (!p.licenseId || !/^\d{4}-\d{2}-\d{2}$/.test(p.activationDate) || !/^\d{4}-\d{2}-\d{2}$/.test(p.expiryDate)) return null;
    if (!['user', 'organisation'].includes(p.consumerType) || !Number.isInteger(p.consumerAmount)) return null;
    return p;
  } catch {
    return null;
  }
}

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
  const empty = { name: null, subjectName: null, activationDate: null, expiryDate: null, consumerType: null, consumerAmount: null, remainingDays: null, installedAt: null, licenseId: null };
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
  await audit(db, src, { action: 'license.install', targetType: 'license', targetId: payload.licenseId, detail: { name: payload.name, expiryDate: payload.expiryDate, consumerAmount: payload.consumerAmount } });
  return licenseInfo(db, config);
}

// ---- the gateway's subjects and licences ------------------------------------------------------------

function presentSubject(r: typeof sysLicenseSubject.$inferSelect, licenses: number): LicenseSubjectRow {
  return { id: r.id, code: r.code, name: r.name, contact: r.contact, description: r.description, licenses, createdAt: r.createdAt.toISOString(), updatedAt: r.updatedAt.toISOString() };
}

export async function listSubjects(db: DbOrTx, q: z.output<typeof LicenseSubjectPageQuery>) {
  const where = q.keyword ? or(ilike(sysLicenseSubject.name, likePattern(q.keyword)), ilike(sysLicenseSubject.code, likePattern(q.keyword))) : undefined;
  const { limit, offset } = pageWindow(q);
  const rows = await db
    .select({ s: sysLicenseSubject, licenses: count(sysLicense.id) })
    .from(sysLicenseSubject)
    .leftJoin(sysLicense, eq(sysLicense.subjectId, sysLicenseSubject.id))
    .where(where)
    .groupBy(sysLicenseSubject.id)
    .orderBy(asc(sysLicenseSubject.code))
    .limit(limit)
    .offset(offset);
  const [{ total }] = await db.select({ total: count() }).from(sysLicenseSubject).where(where);
  return { rows: rows.map((r) => presentSubject(r.s, Number(r.licenses))), total: Number(total) };
}

export async function getSubject(db: DbOrTx, id: number): Promise<LicenseSubjectRow> {
  const [row] = await db.select().from(sysLicenseSubject).where(eq(sysLicenseSubject.id, id));
  if (!row) throw notFound();
  const [{ n }] = await db.select({ n: count() }).from(sysLicense).where(eq(sysLicense.subjectId, id));
  return presentSubject(row, Number(n));
}

export async function createSubject(db: DbOrTx, ctx: RequestContext, input: z.output<typeof LicenseSubjectCreate>, src: AuditSource): Promise<LicenseSubjectRow> {
  return db.transaction(async (tx) => {
    try {
      const [row] = await tx.insert(sysLicenseSubject).values({ code: input.code, name: input.name, contact: input.contact, description: input.description, createdBy: ctx.userId }).returning();
      await audit(tx, src, { action: 'license.subject.create', targetType: 'licenseSubject', targetId: row.id, detail: { code: input.code, name: input.name } });
      return presentSubject(row, 0);
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict('LICENSE_SUBJECT_CODE_EXISTS', { code: input.code });
      throw err;
    }
  });
}

export async function updateSubject(db: DbOrTx, input: z.output<typeof LicenseSubjectUpdate>, src: AuditSource): Promise<LicenseSubjectRow> {
  return db.transaction(async (tx) => {
    const rows = await tx.update(sysLicenseSubject).set({ name: input.name, contact: input.contact, description: input.description, updatedAt: new Date() }).where(eq(sysLicenseSubject.id, input.id)).returning();
    if (!rows.length) throw notFound();
    await audit(tx, src, { action: 'license.subject.update', targetType: 'licenseSubject', targetId: input.id, detail: { name: input.name } });
    return getSubject(tx, input.id);
  });
}

export async function deleteSubject(db: DbOrTx, id: number, src: AuditSource): Promise<void> {
  await db.transaction(async (tx) => {
    const [{ n }] = await tx.select({ n: count() }).from(sysLicense).where(eq(sysLicense.subjectId, id));
    if (Number(n) > 0) throw conflict('LICENSE_SUBJECT_IN_USE');
    const rows = await tx.delete(sysLicenseSubject).where(eq(sysLicenseSubject.id, id)).returning({ id: sysLicenseSubject.id });
    if (!rows.length) throw notFound();
    await audit(tx, src, { action: 'license.subject.delete', targetType: 'licenseSubject', targetId: id });
  });
}

function presentLicense(r: typeof sysLicense.$inferSelect): LicenseRow {
  return {
    id: r.id, subjectId: r.subjectId, name: r.name, activationDate: r.activationDate, expiryDate: r.expiryDate,
    consumerType: r.consumerType, consumerAmount: r.consumerAmount, description: r.description, updatedAt: r.updatedAt.toISOString(),
  };
}

/** The subject's licence, or null when none was issued yet. */
export async function getLicense(db: DbOrTx, subjectId: number): Promise<LicenseRow | null> {
  await getSubject(db, subjectId);
  const [row] = await db.select().from(sysLicense).where(eq(sysLicense.subjectId, subjectId));
  return row ? presentLicense(row) : null;
}

export async function saveLicense(db: DbOrTx, ctx: RequestContext, input: z.output<typeof LicenseSave>, src: AuditSource): Promise<LicenseRow> {
  return db.transaction(async (tx) => {
    await getSubject(tx, input.subjectId);
    const values = {
      name: input.name, activationDate: input.activationDate, expiryDate: input.expiryDate, consumerType: input.consumerType,
      consumerAmount: input.consumerAmount, description: input.description, updatedBy: ctx.userId, updatedAt: new Date(),
    };
    const [row] = await tx
      .insert(sysLicense)
      .values({ subjectId: input.subjectId, ...values })
      .onConflictDoUpdate({ target: sysLicense.subjectId, set: values })
      .returning();
    await audit(tx, src, { action: 'license.save', targetType: 'license', targetId: row.id, detail: { subjectId: input.subjectId, expiryDate: input.expiryDate, consumerAmount: input.consumerAmount } });
    return presentLicense(row);
  });
}

/** The signed licence file of a subject (needs BW_LICENSE_SIGNING_KEY). */
export async function exportLicense(db: DbOrTx, config: Pick<Config, 'license'>, subjectId: number, src: AuditSource): Promise<{ fileName: string; file: string }> {
  const key = signingKey(config);
  if (!key) throw new AppError(400, 'LICENSE_SIGNING_DISABLED');
  const subject = await getSubject(db, subjectId);
  const [lic] = await db.select().from(sysLicense).where(eq(sysLicense.subjectId, subjectId));
  if (!lic) throw notFound();
  const payload: LicensePayload = {
    licenseId: randomUUID(),
    subject: { code: subject.code, name: subject.name },
    name: lic.name,
    activationDate: lic.activationDate,
    expiryDate: lic.expiryDate,
    consumerType: lic.consumerType,
    consumerAmount: lic.consumerAmount,
    description: lic.description,
    issuedAt: new Date().toISOString(),
  };
  await audit(db, src, { action: 'license.export', targetType: 'license', targetId: payload.licenseId, detail: { subjectId, expiryDate: lic.expiryDate } });
  return { fileName: `${subject.code}-${lic.expiryDate}.lic`, file: signLicense(key, payload) };
}
