import { asc, eq } from 'drizzle-orm';
import { systemTexts, type Brand, type BrandCreate, type BrandRow, type BrandUpdate } from '@breedwise/contracts/system';
import type { z } from 'zod';
import type { DbOrTx } from '../../../db/client';
import type { RequestContext } from '../../../platform/context';
import { AppError, conflict, isUniqueViolation, notFound } from '../../../platform/errors';
import { audit, type AuditSource } from '../../audit';
import { systemHooks } from '../hooks';
import { sysBrand } from './brand.tables';

/** The product's own look, used when no brand row applies. */
export const DEFAULT_BRAND: Brand = {
  brandKey: 'breedwise',
  name: systemTexts.productName['zh-CN'],
  nameI18n: systemTexts.productName,
  logoUrl: null,
  primaryColor: '#1677ff',
  dashboardType: null,
  pathPrefix: null,
};

type Row = typeof sysBrand.$inferSelect;

/**
 * A logo uploaded through the uploader is stored as `/api/common/file/{id}` (a stable reference), and
 * given out as a signed download link: the login page shows it before anyone is signed in. Links are
 * signed until the end of the next UTC day, so they stay the same (and cacheable) within a day.
 */
const STORED_LOGO = /^\/api\/common\/(?:file|download)\/([0-9a-f-]{36})(?:[/?]|$)/i;

async function logoLink(db: DbOrTx, stored: string | null): Promise<string | null> {
  const id = stored ? STORED_LOGO.exec(stored)?.[1] : undefined;
  if (!stored || !id) return stored;
  const file = await systemHooks()
    .getFile(db, null, id)
    .catch(() => null);
  if (!file) return null;
  const now = Math.floor(Date.now() / 1000);
  return systemHooks().signedFileUrl(db, file.id, file.originalName, (Math.floor(now / 86_400) + 2) * 86_400 - now);
}

/** Our own file behind a logo must be an image of the caller's organisation; it is kept as its stable reference. */
async function storedLogo(db: DbOrTx, ctx: RequestContext, logoUrl: string | null | undefined): Promise<string | null> {
  const id = logoUrl ? STORED_LOGO.exec(logoUrl)?.[1] : undefined;
  if (!logoUrl || !id) return logoUrl ?? null;
  if (ctx.orgId === null) throw notFound();
  const file = await systemHooks().getFile(db, ctx.orgId, id);
  if (!/^image\/(png|jpeg|gif)$/.test(file.contentType)) throw new AppError(400, 'FILE_NOT_IMAGE');
  return `/api/common/file/${file.id}`;
}

async function toBrand(db: DbOrTx, b: Row): Promise<Brand> {
  return {
    brandKey: b.brandKey,
    name: b.nameZh,
    nameI18n: { 'zh-CN': b.nameZh, en: b.nameEn },
    logoUrl: await logoLink(db, b.logoUrl),
    primaryColor: b.primaryColor,
    dashboardType: b.dashboardType === 'default' ? null : b.dashboardType,
    pathPrefix: b.pathPrefix,
  };
}

function hostMatches(patterns: string[], host: string): boolean {
  const bare = host.replace(/:\d+$/, '');
  return patterns.some((p) => {
    const pattern = p.toLowerCase();
    if (pattern.startsWith('*.')) return bare.endsWith(pattern.slice(1)) || host.endsWith(pattern.slice(1));
    return pattern === host || pattern === bare;
  });
}

function pathMatches(prefix: string, path: string): boolean {
  return path === prefix || path.startsWith(`${prefix}/`);
}

/**
 * The brand of a request: among enabled brands whose hosts (if any) include the request's host and
 * whose path prefix (if any) starts the entry path, the most specific wins (host and path, then
 * host, then path); otherwise the brand marked default, otherwise the product's own.
 */
export async function resolveBrand(db: DbOrTx, host: string | undefined, path: string | undefined): Promise<Brand> {
  const rows = await db.select().from(sysBrand).where(eq(sysBrand.status, 'enabled')).orderBy(asc(sysBrand.id));
  const h = (host ?? '').toLowerCase();
  const p = path ?? '';
  let best: { row: Row; score: number } | null = null;
  for (const row of rows) {
    if (row.hosts.length && !hostMatches(row.hosts, h)) continue;
    if (row.pathPrefix && !pathMatches(row.pathPrefix, p)) continue;
    const score = (row.hosts.length ? 2 : 0) + (row.pathPrefix ? 1 : 0);
    if (score === 0) continue;
    if (!best || score > best.score) best = { row, score };
  }
  if (best) return toBrand(db, best.row);
  const fallback = rows.find((r) => r.isDefault && !r.hosts.length && !r.pathPrefix) ?? rows.find((r) => r.isDefault);
  return fallback ? toBrand(db, fallback) : DEFAULT_BRAND;
}

async function present(db: DbOrTx, b: Row): Promise<BrandRow> {
  return {
    id: b.id,
    brandKey: b.brandKey,
    nameZh: b.nameZh,
    nameEn: b.nameEn,
    logoUrl: await logoLink(db, b.logoUrl),
    primaryColor: b.primaryColor,
    hosts: b.hosts,
    pathPrefix: b.pathPrefix,
    dashboardType: b.dashboardType as BrandRow['dashboardType'],
    isDefault: b.isDefault,
    status: b.status,
  };
}

export async function listBrands(db: DbOrTx): Promise<BrandRow[]> {
  return Promise.all((await db.select().from(sysBrand).orderBy(asc(sysBrand.id))).map((b) => present(db, b)));
}

function fields(input: z.output<typeof BrandUpdate> | z.output<typeof BrandCreate>, logoUrl: string | null) {
  return {
    nameZh: input.nameZh,
    nameEn: input.nameEn,
    logoUrl,
    primaryColor: input.primaryColor,
    hosts: input.hosts.map((h) => h.toLowerCase()),
    pathPrefix: input.pathPrefix ?? null,
    dashboardType: input.dashboardType,
    isDefault: input.isDefault,
    status: input.status,
  };
}

async function onlyOneDefault(tx: DbOrTx, id: number, isDefault: boolean) {
  if (!isDefault) return;
  const rows = await tx.select({ id: sysBrand.id }).from(sysBrand).where(eq(sysBrand.isDefault, true));
  for (const r of rows) if (r.id !== id) await tx.update(sysBrand).set({ isDefault: false }).where(eq(sysBrand.id, r.id));
}

export async function createBrand(db: DbOrTx, ctx: RequestContext, input: z.output<typeof BrandCreate>, src: AuditSource): Promise<BrandRow> {
  const logoUrl = await storedLogo(db, ctx, input.logoUrl);
  return db.transaction(async (tx) => {
    try {
      const [row] = await tx
        .insert(sysBrand)
        .values({ brandKey: input.brandKey, ...fields(input, logoUrl) })
        .returning();
      await onlyOneDefault(tx, row.id, input.isDefault);
      await audit(tx, src, {
        action: 'system.brand.create',
        targetType: 'brand',
        targetId: row.id,
        detail: { brandKey: input.brandKey, hosts: input.hosts, pathPrefix: input.pathPrefix },
      });
      return present(tx, row);
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict('SYS_BRAND_KEY_EXISTS', { brandKey: input.brandKey });
      throw err;
    }
  });
}

export async function updateBrand(db: DbOrTx, ctx: RequestContext, input: z.output<typeof BrandUpdate>, src: AuditSource): Promise<BrandRow> {
  const logoUrl = await storedLogo(db, ctx, input.logoUrl);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(sysBrand)
      .set({ ...fields(input, logoUrl), updatedAt: new Date() })
      .where(eq(sysBrand.id, input.id))
      .returning();
    if (!row) throw notFound();
    await onlyOneDefault(tx, row.id, input.isDefault);
    await audit(tx, src, {
      action: 'system.brand.update',
      targetType: 'brand',
      targetId: row.id,
      detail: { hosts: input.hosts, pathPrefix: input.pathPrefix, status: input.status },
    });
    return present(tx, row);
  });
}

export async function deleteBrand(db: DbOrTx, id: number, src: AuditSource): Promise<void> {
  await db.transaction(async (tx) => {
    const rows = await tx.delete(sysBrand).where(eq(sysBrand.id, id)).returning({ id: sysBrand.id });
    if (!rows.length) throw notFound();
    await audit(tx, src, { action: 'system.brand.delete', targetType: 'brand', targetId: id });
  });
}
