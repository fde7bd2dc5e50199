import { and, asc, count, eq } from 'drizzle-orm';
import type { BuildListData, CropCreate, CropRow, CropUpdate, GenomeBuildCreate, GenomeBuildRow, GenomeBuildUpdate } from '@breedwise/contracts/system';
import type { z } from 'zod';
import type { DbOrTx } from '../../../db/client';
import type { RequestContext } from '../../../platform/context';
import { requireOrg } from '../../../platform/context';
import { AppError, conflict, isUniqueViolation, notFound } from '../../../platform/errors';
import { inOrg } from '../../../platform/tenant';
import { audit, type AuditSource } from '../../audit';
import { sysCrop, sysGenomeBuild, sysUserCrop } from './crop.tables';

export async function listCrops(db: DbOrTx, ctx: RequestContext): Promise<CropRow[]> {
  const rows = await db
    .select({ c: sysCrop, builds: count(sysGenomeBuild.id) })
    .from(sysCrop)
    .leftJoin(sysGenomeBuild, eq(sysGenomeBuild.cropId, sysCrop.id))
    .where(inOrg(sysCrop, ctx))
    .groupBy(sysCrop.id)
    .orderBy(asc(sysCrop.sort), asc(sysCrop.id));
  const grants = await db.select({ cropId: sysUserCrop.cropId, access: sysUserCrop.access }).from(sysUserCrop).where(eq(sysUserCrop.userId, ctx.userId));
  return rows.map(({ c, builds }) => ({
    id: c.id,
    code: c.code,
    nameZh: c.nameZh,
    nameEn: c.nameEn,
    sort: c.sort,
    status: c.status,
    builds: Number(builds),
    access: grants.find((g) => g.cropId === c.id)?.access ?? null,
  }));
}

export async function createCrop(db: DbOrTx, ctx: RequestContext, input: z.output<typeof CropCreate>, src: AuditSource): Promise<void> {
  await db.transaction(async (tx) => {
    try {
      const [row] = await tx
        .insert(sysCrop)
        .values({ orgId: requireOrg(ctx), ...input })
        .returning({ id: sysCrop.id });
      // The creator may work with the crop right away.
      await tx.insert(sysUserCrop).values({ userId: ctx.userId, cropId: row.id, access: 'operate' }).onConflictDoNothing();
      await audit(tx, src, { action: 'system.crop.create', targetType: 'crop', targetId: row.id, detail: { code: input.code } });
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict('SYS_CROP_CODE_EXISTS', { code: input.code });
      throw err;
    }
  });
}

export async function updateCrop(db: DbOrTx, ctx: RequestContext, input: z.output<typeof CropUpdate>, src: AuditSource): Promise<void> {
  await db.transaction(async (tx) => {
    const rows = await tx
      .update(sysCrop)
      .set({ nameZh: input.nameZh, nameEn: input.nameEn, sort: input.sort, status: input.status })
      .where(and(inOrg(sysCrop, ctx), eq(sysCrop.id, input.id)))
      .returning({ id: sysCrop.id });
    if (!rows.length) throw notFound();
    await audit(tx, src, { action: 'system.crop.update', targetType: 'crop', targetId: input.id, detail: { status: input.status } });
  });
}

/**
 * Genome builds are crop-scoped data: writing them needs operate access to that crop (spec section 6),
 * and a crop of another organisation is simply not found.
 */
async function writableCrop(tx: DbOrTx, ctx: RequestContext, cropId: number): Promise<void> {
  const [crop] = await tx
    .select({ id: sysCrop.id })
    .from(sysCrop)
    .where(and(inOrg(sysCrop, ctx), eq(sysCrop.id, cropId)));
  if (!crop) throw notFound();
  const [grant] = await tx
    .select({ access: sysUserCrop.access })
    .from(sysUserCrop)
    .where(and(eq(sysUserCrop.userId, ctx.userId), eq(sysUserCrop.cropId, cropId)));
  if (!grant) throw new AppError(403, 'CROP_NOT_ALLOWED');
  if (grant.access !== 'operate') throw new AppError(403, 'CROP_READ_ONLY');
}

function presentBuild(b: typeof sysGenomeBuild.$inferSelect): GenomeBuildRow {
  return { id: b.id, cropId: b.cropId, code: b.code, name: b.name, description: b.description, sort: b.sort, createdAt: b.createdAt.toISOString() };
}

export async function listBuilds(db: DbOrTx, ctx: RequestContext, cropId: number): Promise<GenomeBuildRow[]> {
  const [crop] = await db
    .select({ id: sysCrop.id })
    .from(sysCrop)
    .where(and(inOrg(sysCrop, ctx), eq(sysCrop.id, cropId)));
  if (!crop) throw notFound();
  const rows = await db.select().from(sysGenomeBuild).where(eq(sysGenomeBuild.cropId, cropId)).orderBy(asc(sysGenomeBuild.sort), asc(sysGenomeBuild.id));
  return rows.map(presentBuild);
}

export async function createBuild(db: DbOrTx, ctx: RequestContext, input: z.output<typeof GenomeBuildCreate>, src: AuditSource): Promise<GenomeBuildRow> {
  return db.transaction(async (tx) => {
    await writableCrop(tx, ctx, input.cropId);
    try {
      const [row] = await tx
        .insert(sysGenomeBuild)
        .values({
          orgId: requireOrg(ctx),
          cropId: input.cropId,
          code: input.code,
          name: input.name,
          description: input.description,
          sort: input.sort,
          createdBy: ctx.userId,
        })
        .returning();
      await audit(tx, src, { action: 'system.build.create', targetType: 'genomeBuild', targetId: row.id, detail: { cropId: input.cropId, code: input.code } });
      return presentBuild(row);
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict('SYS_BUILD_CODE_EXISTS', { code: input.code });
      throw err;
    }
  });
}

async function ownBuild(tx: DbOrTx, ctx: RequestContext, id: number) {
  const [row] = await tx
    .select()
    .from(sysGenomeBuild)
    .where(and(inOrg(sysGenomeBuild, ctx), eq(sysGenomeBuild.id, id)));
  if (!row) throw notFound();
  await writableCrop(tx, ctx, row.cropId);
  return row;
}

export async function updateBuild(db: DbOrTx, ctx: RequestContext, input: z.output<typeof GenomeBuildUpdate>, src: AuditSource): Promise<GenomeBuildRow> {
  return db.transaction(async (tx) => {
    await ownBuild(tx, ctx, input.id);
    const [row] = await tx
      .update(sysGenomeBuild)
      .set({ name: input.name, description: input.description, sort: input.sort, updatedAt: new Date() })
      .where(eq(sysGenomeBuild.id, input.id))
      .returning();
    await audit(tx, src, { action: 'system.build.update', targetType: 'genomeBuild', targetId: input.id, detail: { name: input.name } });
    return presentBuild(row);
  });
}

export async function deleteBuild(db: DbOrTx, ctx: RequestContext, id: number, src: AuditSource): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await ownBuild(tx, ctx, id);
    await tx.delete(sysGenomeBuild).where(eq(sysGenomeBuild.id, id));
    await audit(tx, src, { action: 'system.build.delete', targetType: 'genomeBuild', targetId: id, detail: { code: row.code } });
  });
}

/** gws getBuildList: the current crop's builds and the user's current one (the first when none was chosen). */
export async function buildList(db: DbOrTx, ctx: RequestContext): Promise<BuildListData> {
  if (ctx.cropId === null) return { cropId: null, currentBuildId: null, builds: [] };
  const rows = await db
    .select()
    .from(sysGenomeBuild)
    .where(and(inOrg(sysGenomeBuild, ctx), eq(sysGenomeBuild.cropId, ctx.cropId)))
    .orderBy(asc(sysGenomeBuild.sort), asc(sysGenomeBuild.id));
  const [grant] = await db
    .select({ current: sysUserCrop.currentBuildId })
    .from(sysUserCrop)
    .where(and(eq(sysUserCrop.userId, ctx.userId), eq(sysUserCrop.cropId, ctx.cropId)));
  const current = rows.find((r) => r.id === grant?.current) ?? rows[0];
  return { cropId: ctx.cropId, currentBuildId: current?.id ?? null, builds: rows.map((r) => ({ buildId: r.id, code: r.code, name: r.name })) };
}

/** changeBuild/setCurrentBuildId: remembered per user and crop. A crop without builds cannot choose one. */
export async function setCurrentBuild(db: DbOrTx, ctx: RequestContext, buildId: number): Promise<BuildListData> {
  if (ctx.cropId === null) throw new AppError(403, 'CROP_NOT_ALLOWED');
  const [build] = await db
    .select({ id: sysGenomeBuild.id })
    .from(sysGenomeBuild)
    .where(and(inOrg(sysGenomeBuild, ctx), eq(sysGenomeBuild.cropId, ctx.cropId), eq(sysGenomeBuild.id, buildId)));
  if (!build) throw notFound();
  await db
    .update(sysUserCrop)
    .set({ currentBuildId: buildId })
    .where(and(eq(sysUserCrop.userId, ctx.userId), eq(sysUserCrop.cropId, ctx.cropId)));
  return buildList(db, ctx);
}
