import { asc, count, eq, ilike, or } from 'drizzle-orm';
import type { LicenseSubjectCreate, LicenseSubjectPageQuery, LicenseSubjectRow, LicenseSubjectUpdate } from '@breedwise/contracts/license';
import type { z } from 'zod';
import type { DbOrTx } from '../../../db/client';
import type { RequestContext } from '../../../platform/context';
import { conflict, isUniqueViolation, notFound } from '../../../platform/errors';
import { likePattern, pageWindow } from '../../../platform/pagination';
import { audit, type AuditSource } from '../../audit';
import { sysLicense } from '../issued/issued.tables';
import { sysLicenseSubject } from './subject.tables';

function presentSubject(r: typeof sysLicenseSubject.$inferSelect, licenses: number): LicenseSubjectRow {
  return {
    id: r.id,
    code: r.code,
    name: r.name,
    contact: r.contact,
    description: r.description,
    licenses,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
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

export async function createSubject(
  db: DbOrTx,
  ctx: RequestContext,
  input: z.output<typeof LicenseSubjectCreate>,
  src: AuditSource,
): Promise<LicenseSubjectRow> {
  return db.transaction(async (tx) => {
    try {
      const [row] = await tx
        .insert(sysLicenseSubject)
        .values({ code: input.code, name: input.name, contact: input.contact, description: input.description, createdBy: ctx.userId })
        .returning();
      await audit(tx, src, {
        action: 'license.subject.create',
        targetType: 'licenseSubject',
        targetId: row.id,
        detail: { code: input.code, name: input.name },
      });
      return presentSubject(row, 0);
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict('LICENSE_SUBJECT_CODE_EXISTS', { code: input.code });
      throw err;
    }
  });
}

export async function updateSubject(db: DbOrTx, input: z.output<typeof LicenseSubjectUpdate>, src: AuditSource): Promise<LicenseSubjectRow> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(sysLicenseSubject)
      .set({ name: input.name, contact: input.contact, description: input.description, updatedAt: new Date() })
      .where(eq(sysLicenseSubject.id, input.id))
      .returning();
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
