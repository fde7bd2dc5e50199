import { createHash, createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { and, count, desc, eq, ilike, isNull, sql, sum } from 'drizzle-orm';
import { commonPermissions, type FileKind, type FileRow, type UploadResult } from '@breedwise/contracts/common';
import type { Config } from '../../../config';
import type { Db, DbOrTx } from '../../../db/client';
import type { RequestContext } from '../../../platform/context';
import { requireOrg } from '../../../platform/context';
import { AppError, notFound } from '../../../platform/errors';
import { screenZip, type ArchiveLimits, DEFAULT_ARCHIVE_LIMITS } from '../../../platform/files/archive';
import { reencodeImage } from '../../../platform/files/images';
import { receiveToTemp } from '../../../platform/files/receive';
import { detectFile } from '../../../platform/files/sniff';
import type { ObjectStorage } from '../../../platform/files/storage';
import { likePattern, pageWindow } from '../../../platform/pagination';
import { sysOrg, sysUser } from '../../system';
import { sysConfig, sysFile } from './file.tables';
import { toWellFormed } from '../../../platform/unicode';

export interface FileDeps {
  db: Db;
  storage: ObjectStorage;
  config: Pick<Config, 'dataDir' | 'orgQuotaBytes'>;
}

const ZIP_BASED = new Set(['zip', 'xlsx', 'docx', 'pptx']);
const KIND_ALLOWED_TEXT: Record<FileKind, string> = {
  image: 'gif, jpeg, png',
  document: 'pdf, docx, pptx, xlsx, xls, csv, txt',
  spreadsheet: 'xlsx, xls',
  archive: 'zip',
  text: 'csv, tsv, txt, json',
  sequence: 'fa, fasta, fna',
  any: 'gif, jpeg, png, pdf, docx, pptx, xlsx, xls, zip, csv, tsv, txt, json, fasta',
};

/**
 * Bidirectional controls (embeddings, overrides, isolates and marks): a right-to-left override makes
 * `invoice\u202Efdp.exe` read as `invoiceexe.pdf`. They have no place in a file name.
 */
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

/** A file name safe in headers and file systems: no paths, controls, bidirectional controls or quotes; at most 200 characters. */
export function safeFileName(name: string): string {
  const base = toWellFormed(name.replace(BIDI_CONTROLS, '')).split(/[\\/]/).pop() ?? '';
  // Control characters, then characters that mean something to shells, headers or file systems.
  const cleaned = [...base]
    .map((ch) => (ch.charCodeAt(0) < 32 || (ch.charCodeAt(0) >= 127 && ch.charCodeAt(0) < 160) ? '_' : ch))
    .join('')
    .replace(/["<>:|?*]/g, '_')
    .replace(/^\.+/, '')
    .trim();
  return (cleaned || 'file').slice(0, 200);
}

export function humanBytes(n: number): string {
  if (n >= 1024 ** 3) return `${(n / 1024 ** 3).toFixed(2)} GB`;
  if (n >= 1024 ** 2) return `${(n / 1024 ** 2).toFixed(1)} MB`;
  return `${Math.ceil(n / 1024)} KB`;
}

let linkSecret: Buffer | undefined;
/** The key signing download links, created once and shared by every API process through the database. */
async function secret(db: DbOrTx): Promise<Buffer> {
  if (linkSecret) return linkSecret;
  await db
    .insert(sysConfig)
    .values({ key: 'file_link_secret', value: randomBytes(32).toString('hex') })
    .onConflictDoNothing();
  const [row] = await db.select().from(sysConfig).where(eq(sysConfig.key, 'file_link_secret'));
  linkSecret = Buffer.from(row.value, 'hex');
  return linkSecret;
}

const sign = (key: Buffer, id: string, exp: number) => createHmac('sha256', key).update(`${id}.${exp}`).digest('base64url');

/** A download address that works without the token header (for <img src> and plain links), valid a day. */
export async function signedFileUrl(db: DbOrTx, fileId: string, name: string, ttlSeconds = 86_400): Promise<string> {
  const exp = Math.floor(Date.now() / 1000) + ttlSeconds;
  return `/api/common/download/${fileId}/${encodeURIComponent(safeFileName(name))}?exp=${exp}&sig=${sign(await secret(db), fileId, exp)}`;
}

export async function verifyFileSignature(db: DbOrTx, fileId: string, exp: number, sig: string): Promise<boolean> {
  if (!Number.isFinite(exp) || exp < Date.now() / 1000) return false;
  const expected = Buffer.from(sign(await secret(db), fileId, exp));
  const given = Buffer.from(sig);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

export interface SaveOptions {
  originalName: string;
  kind: FileKind;
  businessType: string;
  maxBytes: number;
  archiveLimits?: ArchiveLimits;
}

async function sha256File(p: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of fs.createReadStream(p)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/**
 * Receives one upload: streamed to a staging file under the size limit, its type taken from its bytes,
 * images re-encoded, archives screened, the organisation's quota checked, then stored. Whatever
 * fails, no staged or stored bytes are left behind.
 */
export async function saveUpload(deps: FileDeps, ctx: RequestContext, source: Readable, opts: SaveOptions): Promise<UploadResult> {
  const staged = await receiveToTemp(source, path.join(deps.config.dataDir, 'tmp'), opts.maxBytes);
  return storeStagedFile(deps, ctx, staged.path, opts);
}

/** The checks and storage of saveUpload, for a file already staged on disk (resumable uploads end here). */
export async function storeStagedFile(deps: FileDeps, ctx: RequestContext, stagedPath: string, opts: Omit<SaveOptions, 'maxBytes'>): Promise<UploadResult> {
  const orgId = requireOrg(ctx);
  const key = `org-${orgId}/${new Date().toISOString().slice(0, 7)}/${randomUUID()}`;
  let storedKey: string | null = null;
  try {
    const detected = await detectFile(stagedPath, opts.originalName);
    if (opts.kind === 'image' && !detected?.kinds.includes('image')) throw new AppError(400, 'FILE_NOT_IMAGE');
    if (!detected || (opts.kind !== 'any' && !detected.kinds.includes(opts.kind))) {
      throw new AppError(400, 'FILE_TYPE_NOT_ALLOWED', { detected: detected?.ext ?? '?', allowed: KIND_ALLOWED_TEXT[opts.kind] });
    }
    if (detected.kinds.includes('image')) await fsp.writeFile(stagedPath, await reencodeImage(stagedPath, detected.ext));
    if (ZIP_BASED.has(detected.ext)) await screenZip(stagedPath, opts.archiveLimits ?? DEFAULT_ARCHIVE_LIMITS);
    const { size } = await fsp.stat(stagedPath);
    const digest = await sha256File(stagedPath);
    const name = safeFileName(opts.originalName);
    const storageKey = `${key}.${detected.ext}`;

    await deps.storage.putFile(storageKey, stagedPath, detected.mime);
    storedKey = storageKey;
    const id = await deps.db.transaction(async (tx) => {
      // One upload at a time per organisation past this point, so two cannot both squeeze under the quota.
      await tx.select({ id: sysOrg.id }).from(sysOrg).where(eq(sysOrg.id, orgId)).for('update');
      const used = await usedBytes(tx, orgId);
      const quota = await quotaBytes(tx, orgId, deps.config.orgQuotaBytes);
      if (used + size > quota) throw new AppError(413, 'QUOTA_EXCEEDED', { used: humanBytes(used), total: humanBytes(quota) });
      const [row] = await tx
        .insert(sysFile)
        .values({
          orgId,
          storageKey,
          originalName: name,
          contentType: detected.mime,
          size,
          sha256: digest,
          businessType: opts.businessType,
          createdBy: ctx.userId,
        })
        .returning({ id: sysFile.id });
      return row.id;
    });
    return { fileId: id, fileName: name, src: await signedFileUrl(deps.db, id, name), size, contentType: detected.mime };
  } catch (err) {
    if (storedKey) await deps.storage.delete(storedKey).catch(() => undefined);
    throw err;
  } finally {
    await fsp.rm(stagedPath, { force: true });
  }
}

export async function usedBytes(db: DbOrTx, orgId: number): Promise<number> {
  const [row] = await db
    .select({ total: sum(sysFile.size) })
    .from(sysFile)
    .where(and(eq(sysFile.orgId, orgId), isNull(sysFile.deletedAt)));
  return Number(row?.total ?? 0);
}

/** The organisation's quota: its own setting, else the installation default (BW_ORG_QUOTA_GB). */
export async function quotaBytes(db: DbOrTx, orgId: number, fallback: number): Promise<number> {
  const [org] = await db.select({ settings: sysOrg.settings }).from(sysOrg).where(eq(sysOrg.id, orgId));
  const q = (org?.settings as { storageQuotaBytes?: number } | undefined)?.storageQuotaBytes;
  return typeof q === 'number' && q > 0 ? q : fallback;
}

export async function getFile(db: DbOrTx, orgId: number | null, fileId: string) {
  if (!/^[0-9a-f-]{36}$/i.test(fileId)) throw notFound();
  const [row] = await db
    .select()
    .from(sysFile)
    .where(and(eq(sysFile.id, fileId), isNull(sysFile.deletedAt), orgId === null ? undefined : eq(sysFile.orgId, orgId)));
  if (!row) throw notFound();
  return row;
}

/** Content-Disposition with an ASCII fallback and the UTF-8 name (RFC 6266 / 5987). */
export function contentDisposition(name: string, inline: boolean): string {
  const safe = safeFileName(name);
  const ascii = safe.replace(/[^\x20-\x7e]/g, '_').replace(/[\\%]/g, '_');
  return `${inline ? 'inline' : 'attachment'}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(safe)}`;
}

export async function listFiles(db: DbOrTx, ctx: RequestContext, q: { pageNum: number; pageSize: number; keyword?: string; businessType?: string }) {
  const orgId = requireOrg(ctx);
  const where = and(
    eq(sysFile.orgId, orgId),
    isNull(sysFile.deletedAt),
    q.businessType ? eq(sysFile.businessType, q.businessType) : undefined,
    q.keyword ? ilike(sysFile.originalName, likePattern(q.keyword)) : undefined,
  );
  const { limit, offset } = pageWindow(q);
  const rows = await db
    .select({ f: sysFile, createdBy: sysUser.nickName })
    .from(sysFile)
    .leftJoin(sysUser, eq(sysUser.id, sysFile.createdBy))
    .where(where)
    .orderBy(desc(sysFile.createdAt), desc(sysFile.id))
    .limit(limit)
    .offset(offset);
  const [{ total }] = await db.select({ total: count() }).from(sysFile).where(where);
  const out: FileRow[] = [];
  for (const { f, createdBy } of rows) {
    out.push({
      fileId: f.id,
      fileName: safeFileName(f.originalName),
      fileUrl: await signedFileUrl(db, f.id, f.originalName),
      size: f.size,
      contentType: f.contentType,
      businessType: f.businessType,
      createdBy,
      createdAt: f.createdAt.toISOString(),
    });
  }
  return { rows: out, total: Number(total) };
}

/** The business types files are filed under, with counts: the file library's menu. */
export async function fileMenu(db: DbOrTx, ctx: RequestContext) {
  const orgId = requireOrg(ctx);
  const rows = await db
    .select({ businessType: sysFile.businessType, files: count(), bytes: sql<string>`coalesce(sum(${sysFile.size}), 0)` })
    .from(sysFile)
    .where(and(eq(sysFile.orgId, orgId), isNull(sysFile.deletedAt)))
    .groupBy(sysFile.businessType)
    .orderBy(sysFile.businessType);
  return rows.map((r) => ({ businessType: r.businessType, files: Number(r.files), bytes: Number(r.bytes) }));
}

/** Soft delete (the bytes go too): frees quota. Only the uploader or a holder of common:file:remove. */
export async function deleteFile(deps: FileDeps, ctx: RequestContext, fileId: string, mayRemoveAny: boolean): Promise<void> {
  const row = await getFile(deps.db, requireOrg(ctx), fileId);
  if (row.createdBy !== ctx.userId && !mayRemoveAny) throw new AppError(403, 'FORBIDDEN', { permission: commonPermissions.fileRemove });
  await deps.db.update(sysFile).set({ deletedAt: new Date() }).where(eq(sysFile.id, row.id));
  await deps.storage.delete(row.storageKey).catch(() => undefined);
}
