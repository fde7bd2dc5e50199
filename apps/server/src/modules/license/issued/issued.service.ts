import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { LicenseRow, LicenseSave } from '@breedwise/contracts/license';
import type { z } from 'zod';
import type { Config } from '../../../config';
import type { DbOrTx } from '../../../db/client';
import type { RequestContext } from '../../../platform/context';
import { AppError, notFound } from '../../../platform/errors';
import { audit, type AuditSource } from '../../audit';
import { signingKey, signLicense, type LicensePayload } from '../keys';
import { getSubject } from '../subject/subject.service';
import { sysLicense } from './issued.tables';

function presentLicense(r: typeof sysLicense.$inferSelect): LicenseRow {
  return {
    id: r.id,
    subjectId: r.subjectId,
    name: r.name,
    activationDate: r.activationDate,
    expiryDate: r.expiryDate,
    consumerType: r.consumerType,
    consumerAmount: r.consumerAmount,
    description: r.description,
    updatedAt: r.updatedAt.toISOString(),
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
      name: input.name,
      activationDate: input.activationDate,
      expiryDate: input.expiryDate,
      consumerType: input.consumerType,
      consumerAmount: input.consumerAmount,
      description: input.description,
      updatedBy: ctx.userId,
      updatedAt: new Date(),
    };
    const [row] = await tx
      .insert(sysLicense)
      .values({ subjectId: input.subjectId, ...values })
      .onConflictDoUpdate({ target: sysLicense.subjectId, set: values })
      .returning();
    await audit(tx, src, {
      action: 'license.save',
      targetType: 'license',
      targetId: row.id,
      detail: { subjectId: input.subjectId, expiryDate: input.expiryDate, consumerAmount: input.consumerAmount },
    });
    return presentLicense(row);
  });
}

/** The signed licence file of a subject (needs BW_LICENSE_SIGNING_KEY). */
export async function exportLicense(
  db: DbOrTx,
  config: Pick<Config, 'license'>,
  subjectId: number,
  src: AuditSource,
): Promise<{ fileName: string; file: string }> {
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
