import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { and, eq, lt } from 'drizzle-orm';
import { commonApi, FILE_KINDS, TUS_VERSION, type FileKind } from '@breedwise/contracts/common';
import { requireOrg } from '../../../platform/context';
import { registerEndpoints } from '../../../platform/endpoints';
import { AppError } from '../../../platform/errors';
import { sysFile } from '../file/file.tables';
import { humanBytes, quotaBytes, signedFileUrl, storeStagedFile, usedBytes } from '../file/file.service';
import { sysUpload } from './tus.tables';

const EXPIRES_MS = 24 * 3600_000;

/** Upload-Metadata: comma-separated `key base64value` pairs (tus 1.0). */
export function parseTusMetadata(header: string | undefined): Record<string, string> {
  const out: Record<string, string> = Object.create(null);
  for (const pair of (header ?? '').split(',')) {
    const [key, value] = pair.trim().split(' ');
    if (key) out[key] = value ? Buffer.from(value, 'base64').toString('utf8') : '';
  }
  return out;
}

/** One PATCH at a time per upload in this process; the offset check in the database covers the rest. */
const busy = new Set<string>();

/**
 * Resumable uploads following the tus 1.0 protocol (creation, termination, expiration). Bytes are
 * staged under DATA_DIR/uploads until complete, then checked and stored like any upload.
 */
export function tusRoutes(app: FastifyInstance) {
  // A scope of its own (no prefix: the paths are the definitions'): its hook and body parser concern tus only.
  return app.register(async (scope) => {
    const { db } = app.database;
    const dir = path.join(app.config.dataDir, 'uploads');
    const staged = (id: string) => path.join(dir, `${id}.part`);

    // PATCH bodies are streamed straight to disk, never parsed.
    scope.addContentTypeParser('application/offset+octet-stream', (_req, _payload, done) => done(null));

    const tusHeaders = (reply: FastifyReply) => reply.header('tus-resumable', TUS_VERSION).header('cache-control', 'no-store');
    scope.addHook('onRequest', async (req, reply) => {
      tusHeaders(reply);
      // This hook belongs to this scope only: every route here speaks tus.
      if (req.method !== 'OPTIONS' && req.headers['tus-resumable'] !== TUS_VERSION) {
        reply.header('tus-version', TUS_VERSION);
        throw new AppError(412, 'BAD_REQUEST', { detail: `Tus-Resumable ${TUS_VERSION} required` });
      }
    });

    const load = async (orgId: number, userId: number, id: string) => {
      const [row] = await db
        .select()
        .from(sysUpload)
        .where(and(eq(sysUpload.id, id), eq(sysUpload.orgId, orgId), eq(sysUpload.userId, userId)));
      if (!row || row.expiresAt < new Date()) throw new AppError(404, 'UPLOAD_NOT_FOUND');
      return row;
    };

    registerEndpoints(scope, commonApi.resources.tus, {
      capabilities: async (_req, reply) =>
        reply
          .status(204)
          .header('tus-version', TUS_VERSION)
          .header('tus-extension', 'creation,termination,expiration')
          .header('tus-max-size', String(app.config.resumableMaxBytes))
          .send(),

      create: async (req, reply) => {
        const orgId = requireOrg(req.ctx);
        const length = Number(req.headers['upload-length']);
        if (!Number.isSafeInteger(length) || length <= 0) throw new AppError(400, 'BAD_REQUEST', { detail: 'Upload-Length must be a positive integer' });
        if (length > app.config.resumableMaxBytes) throw new AppError(413, 'FILE_TOO_LARGE', { limit: Math.round(app.config.resumableMaxBytes / 1024 / 1024) });
        const meta = parseTusMetadata(req.headers['upload-metadata'] as string | undefined);
        const kind = (FILE_KINDS as readonly string[]).includes(meta.kind) ? (meta.kind as FileKind) : 'any';
        const businessType = /^[A-Za-z0-9_.-]{1,50}$/.test(meta.businessType ?? '') ? meta.businessType : 'common';
        const fileName = (meta.filename || meta.name || 'upload').slice(0, 255);
        const used = await usedBytes(db, orgId);
        const quota = await quotaBytes(db, orgId, app.config.orgQuotaBytes);
        if (used + length > quota) throw new AppError(413, 'QUOTA_EXCEEDED', { used: humanBytes(used), total: humanBytes(quota) });
        // Expired uploads of the organisation go when a new one starts.
        const expired = await db
          .delete(sysUpload)
          .where(and(eq(sysUpload.orgId, orgId), lt(sysUpload.expiresAt, new Date())))
          .returning({ id: sysUpload.id });
        await Promise.all(expired.map((e) => fsp.rm(staged(e.id), { force: true })));
        const expiresAt = new Date(Date.now() + EXPIRES_MS);
        const [row] = await db
          .insert(sysUpload)
          .values({ orgId, userId: req.ctx.userId, length, fileName, kind, businessType, expiresAt })
          .returning({ id: sysUpload.id });
        await fsp.mkdir(dir, { recursive: true });
        await fsp.writeFile(staged(row.id), '');
        return reply
          .status(201)
          .header('location', commonApi.resources.tus.append.url.replace(':id', row.id))
          .header('upload-expires', expiresAt.toUTCString())
          .send();
      },

      offset: async (req, reply) => {
        const row = await load(requireOrg(req.ctx), req.ctx.userId, req.params.id);
        return reply
          .status(200)
          .header('upload-offset', String(row.offset))
          .header('upload-length', String(row.length))
          .header('upload-expires', row.expiresAt.toUTCString())
          .send();
      },

      append: async (req, reply) => {
        if (req.headers['content-type'] !== 'application/offset+octet-stream')
          throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', { type: req.headers['content-type'] ?? '' });
        const row = await load(requireOrg(req.ctx), req.ctx.userId, req.params.id);
        const offset = Number(req.headers['upload-offset']);
        if (offset !== row.offset) throw new AppError(409, 'UPLOAD_OFFSET_MISMATCH');
        if (row.fileId || busy.has(row.id)) throw new AppError(409, 'UPLOAD_OFFSET_MISMATCH');
        busy.add(row.id);
        try {
          // An interrupted PATCH may have left bytes past the recorded offset: drop them first.
          await fsp.truncate(staged(row.id), row.offset).catch(async () => fsp.writeFile(staged(row.id), ''));
          let received = 0;
          const room = row.length - row.offset;
          const guard = new Transform({
            transform(chunk: Buffer, _e, done) {
              received += chunk.length;
              if (received > room) done(new AppError(413, 'FILE_TOO_LARGE', { limit: Math.round(row.length / 1024 / 1024) }));
              else done(null, chunk);
            },
          });
          let streamError: unknown;
          await pipeline(req.raw, guard, fs.createWriteStream(staged(row.id), { flags: 'a' })).catch((e) => (streamError = e));
          // What arrived before a dropped connection counts: the client resumes from there.
          const newOffset = row.offset + Math.min(received, room);
          if (streamError instanceof AppError) throw streamError;
          await fsp.truncate(staged(row.id), newOffset);
          await db
            .update(sysUpload)
            .set({ offset: newOffset })
            .where(and(eq(sysUpload.id, row.id), eq(sysUpload.offset, row.offset)));
          if (newOffset === row.length) {
            const result = await storeStagedFile({ db, storage: app.storage, config: app.config }, req.ctx, staged(row.id), {
              originalName: row.fileName,
              kind: row.kind as FileKind,
              businessType: row.businessType,
              archiveLimits: { maxEntries: 100_000, maxTotalBytes: 200 * 1024 ** 3, maxRatio: 200 },
            }).catch(async (err) => {
              // A finished upload that fails its checks is gone: the client must start again.
              await db.delete(sysUpload).where(eq(sysUpload.id, row.id));
              throw err;
            });
            await db.update(sysUpload).set({ fileId: result.fileId }).where(eq(sysUpload.id, row.id));
          }
          return reply.status(204).header('upload-offset', String(newOffset)).header('upload-expires', row.expiresAt.toUTCString()).send();
        } finally {
          busy.delete(row.id);
        }
      },

      terminate: async (req, reply) => {
        const row = await load(requireOrg(req.ctx), req.ctx.userId, req.params.id);
        await db.delete(sysUpload).where(eq(sysUpload.id, row.id));
        await fsp.rm(staged(row.id), { force: true });
        return reply.status(204).send();
      },

      result: async (req) => {
        const row = await load(requireOrg(req.ctx), req.ctx.userId, req.params.id);
        if (!row.fileId) throw new AppError(409, 'TASK_NOT_FINISHED');
        const [file] = await db.select().from(sysFile).where(eq(sysFile.id, row.fileId));
        return {
          fileId: file.id,
          fileName: file.originalName,
          src: await signedFileUrl(db, file.id, file.originalName),
          size: file.size,
          contentType: file.contentType,
        };
      },
    });
  });
}
